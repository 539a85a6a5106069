// Signing what a rerun wrote, without a GPU: the predicate's facts read back from the written files, the
// key created on first use, a key with loose permissions refused with its message and nothing written;
// and the envelope index that `kix verify` and the explorer use agreeing with verifyEnvelopesBeside().
#include "KeyStore.h"
#include "Signing.h"
#include "SigningRerun.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QCryptographicHash>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <sys/stat.h>

using Json = nlohmann::json;
using kix::SignatureState;

namespace {

void writeFile(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        qFatal("cannot write %s", qPrintable(path));
    f.write(bytes);
}

void writeJson(const QString& path, const Json& value) {
    writeFile(path, QByteArray::fromStdString(value.dump(2)) + '\n');
}

void chmodTo(const QString& path, mode_t mode) {
    if (::chmod(QFile::encodeName(path).constData(), mode) != 0)
        qFatal("chmod failed for %s", qPrintable(path));
}

// What kix's GPU runner writes, in the parts the predicate reads.
const Json kEnvironment = {
    {"kind", "ExecutionEnvironment"},
    {"spec",
     {{"hardware", {{"product", "NVIDIA H200"}, {"architecture", "sm_90"}}},
      {"software", {{"driver", "580.159.04"}, {"kix", "0.1.0"}}},
      {"clocks", {{"smMHz", "1980"}, {"memoryMHz", "3201"}, {"readBy", "nvidia-smi, before the run"}}}}}};
const Json kImplementation = {
    {"kind", "ImplementationRevision"},
    {"spec", {{"source", {{"files", {"kernels/rmsnorm_backward.cu"}}, {"sha256", std::string(64, 'a')}}}}}};

struct Written {
    QTemporaryDir dir;
    QString manifest = dir.filePath(QStringLiteral("kix-run-1.manifest.json"));
    QString implementation = dir.filePath(QStringLiteral("impl.json"));
    Written() {
        writeJson(manifest, {{"run", {{"kind", "BenchmarkRun"}}}, {"environment", kEnvironment}});
        writeJson(implementation, kImplementation);
    }
    kix::RerunSignRequest request() const {
        kix::RerunSignRequest r;
        r.manifestFile = manifest;
        r.otherFiles = {implementation};
        r.commandLine = {QStringLiteral("kix"), QStringLiteral("run"), QStringLiteral("--quick")};
        r.startedAt = QDateTime(QDate(2026, 12, 2), QTime(15, 38, 24), Qt::UTC);
        r.finishedAt = QDateTime(QDate(2026, 12, 2), QTime(15, 39, 1), Qt::UTC);
        return r;
    }
};

QString describe(const QList<kix::SignatureCheck>& checks) {
    QStringList out;
    for (const kix::SignatureCheck& c : checks)
        out << QStringLiteral("%1:%2 %3 %4").arg(c.envelopeFile).arg(c.line).arg(c.summary, c.detail);
    return out.join(u'\n');
}

} // namespace

class TestSigningRerun : public QObject {
    Q_OBJECT
    QTemporaryDir m_config;

private slots:
    void factsComeFromTheWrittenFiles() {
        const Written w;
        kix::RerunSignRequest r = w.request();
        r.executable = QCoreApplication::applicationFilePath();
        QString error;
        const auto facts = kix::rerunFactsFromFiles(r, error);
        QVERIFY2(facts, qPrintable(error));
        QCOMPARE(facts->gpu, QStringLiteral("NVIDIA H200"));
        QCOMPARE(facts->driver, QStringLiteral("580.159.04"));
        QCOMPARE(facts->kixVersion, QStringLiteral("0.1.0"));
        QCOMPARE(facts->kernelSourceDigest, QStringLiteral("sha256:") + QString(64, u'a'));
        QCOMPARE(QString::fromStdString(facts->clocks["smMHz"].get<std::string>()), QStringLiteral("1980"));
        QCOMPARE(facts->commandLine, r.commandLine);
        QCOMPARE(facts->kixExecutableDigest,
                 QStringLiteral("sha256:") +
                     QString::fromLatin1(
                         QCryptographicHash::hash(kixtest::readAll(r.executable), QCryptographicHash::Sha256)
                             .toHex()));
        QVERIFY(facts->kixSourceDigest.isEmpty()); // kix's build records none; the executable stands for it
        const Json p = kix::rerunPredicate(*facts);
        QCOMPARE(QString::fromStdString(p["finishedAt"].get<std::string>()),
                 QStringLiteral("2026-12-02T15:39:01.000Z"));
        QVERIFY(!p.contains("kixSourceDigest"));
    }

    void factsErrors_data() {
        QTest::addColumn<QByteArray>("manifest");
        QTest::addColumn<QString>("expected"); // %1: the manifest's path
        QTest::newRow("no environment")
            << QByteArray("{\"run\": {}}")
            << QStringLiteral("%1: not a run manifest with its environment (run, environment)");
        QTest::newRow("not an object") << QByteArray("[1]") << QStringLiteral("%1: not a JSON object");
    }
    void factsErrors() {
        QFETCH(QByteArray, manifest);
        QFETCH(QString, expected);
        const Written w;
        writeFile(w.manifest, manifest);
        QString error;
        QVERIFY(!kix::rerunFactsFromFiles(w.request(), error));
        QCOMPARE(error, expected.arg(w.manifest));
    }

    void signsWithAKeyCreatedOnFirstUse() {
        const Written w;
        const kix::KeyStore store(m_config.filePath(QStringLiteral("first")));
        const kix::RerunSignOutcome out = kix::signRerun(w.request(), store);
        QVERIFY2(out.error.isEmpty(), qPrintable(out.error));
        QVERIFY(out.keyCreated);
        QCOMPARE(out.envelopeFile, w.manifest + QStringLiteral(".intoto.jsonl"));
        QString error;
        const auto key = store.existingSigningKey(error);
        QVERIFY(key);
        QCOMPARE(out.fingerprint, key->fingerprint());
        const auto trust = store.trustStore(error);
        QVERIFY2(trust, qPrintable(error));
        const auto checks = kix::verifyEnvelopesBeside(w.manifest, *trust);
        QCOMPARE(checks.size(), 1);
        QCOMPARE(checks.first().state, SignatureState::Trusted);
        QCOMPARE(checks.first().subjects,
                 (QStringList{QStringLiteral("kix-run-1.manifest.json"), QStringLiteral("impl.json")}));
        QCOMPARE(QString::fromStdString(checks.first().predicate["gpu"].get<std::string>()),
                 QStringLiteral("NVIDIA H200"));
        QVERIFY(checks.first().predicate["commandLine"] == Json({"kix", "run", "--quick"}));
        // A second run reuses the key and never replaces an envelope.
        const kix::RerunSignOutcome again = kix::signRerun(w.request(), store);
        QVERIFY(!again.keyCreated);
        QCOMPARE(again.error,
                 QStringLiteral("%1: already exists; kix never replaces an envelope").arg(out.envelopeFile));
    }

    void looseKeyIsRefusedAndNothingIsWritten() {
        const Written w;
        const kix::KeyStore store(m_config.filePath(QStringLiteral("loose")));
        QString error;
        QVERIFY(store.signingKey(error));
        chmodTo(store.keyFile(), 0644); // mode bits, not access(): the tests may run as root
        const kix::RerunSignOutcome out = kix::signRerun(w.request(), store);
        QCOMPARE(
            out.error,
            QStringLiteral("%1: the signing key can be read or written by other users (permissions "
                           "0644); kix refuses to sign with it. Make it private (chmod 600 %1), or delete "
                           "it to have kix create a new key")
                .arg(store.keyFile()));
        QVERIFY(out.envelopeFile.isEmpty());
        QVERIFY(!QFileInfo::exists(w.manifest + QStringLiteral(".intoto.jsonl")));
    }

    // One folder, every kind of envelope: each manifest's own (trusted, tampered, truncated), a third
    // party's file naming two manifests, and one naming neither. The index must say exactly what
    // verifyEnvelopesBeside says, for every manifest.
    void envelopeIndexAgreesWithTheOneByOneCheck() {
        QTemporaryDir dir;
        QString error;
        const auto mine = kix::SigningKey::generate(error);
        const auto theirs = kix::SigningKey::generate(error);
        QVERIFY(mine && theirs);
        kix::TrustStore trust;
        trust.add({mine->publicKey(), QStringLiteral("me"), QString(), true});
        QStringList manifests;
        for (const char* name : {"a.json", "b.json", "c.json", "d.json", "unsigned.json"}) {
            manifests << dir.filePath(QString::fromLatin1(name));
            writeJson(manifests.last(), {{"name", name}});
        }
        const Json predicate = {{"gpu", "NVIDIA H200"}};
        for (int i = 0; i < 4; ++i)
            QVERIFY(kix::signWrittenResources({manifests[i]}, predicate, *mine).error.isEmpty());
        // A third party signs a file of its own together with a, in an envelope named after its file.
        const QString third = dir.filePath(QStringLiteral("other.intoto.jsonl"));
        writeJson(dir.filePath(QStringLiteral("other")), {{"x", 1}});
        QVERIFY(kix::signWrittenResources({dir.filePath(QStringLiteral("other")), manifests[0]}, predicate,
                                          *theirs)
                    .error.isEmpty());
        QVERIFY(QFileInfo::exists(third));
        writeFile(manifests[1], "{\"name\": \"B\"}\n"); // b edited after signing
        const QString cEnvelope = manifests[2] + QStringLiteral(".intoto.jsonl");
        writeFile(cEnvelope, kixtest::readAll(cEnvelope).left(40)); // c's envelope truncated
        writeFile(dir.filePath(QStringLiteral("junk.intoto.jsonl")), "not json\n");

        kix::EnvelopeIndex index(trust);
        for (const QString& m : manifests) {
            const QString expected = describe(kix::verifyEnvelopesBeside(m, trust));
            QCOMPARE(describe(index.beside(m)), expected);
            QCOMPARE(describe(index.beside(m)), expected); // asked twice: the same, from the index
        }
        const auto a = index.beside(manifests[0]);
        QCOMPARE(a.size(), 2);
        QCOMPARE(a[0].state, SignatureState::Trusted);
        QCOMPARE(a[1].state, SignatureState::UnknownKey);
        QCOMPARE(a[1].envelopeFile, third);
        const auto b = index.beside(manifests[1]);
        QCOMPARE(b.size(), 1);
        QCOMPARE(b[0].state, SignatureState::SubjectMismatch);
        QCOMPARE(index.beside(manifests[2]).first().state, SignatureState::Malformed);
        QCOMPARE(index.beside(manifests[3]).first().state, SignatureState::Trusted);
        QVERIFY(index.beside(manifests[4]).isEmpty());
    }
};

KIX_TEST_GUILESS_MAIN(TestSigningRerun)
#include "tst_signing_rerun.moc"
