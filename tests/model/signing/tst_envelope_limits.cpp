// Hostile envelopes (issue 40): an envelope copied beside a file it does not name, subjects that lead out
// of the folder or are not regular files, a statement of 25,000 subjects, a sparse 20 GB subject. Each is
// refused with its exact reason, quickly, and a genuine envelope still verifies as trusted.
#include "EnvelopeFixtures.h"
#include "EnvelopeLimits.h"
#include "FileHashes.h"
#include "InToto.h"
#include "Signing.h"
#include "SigningKey.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <sys/stat.h>

using kix::SignatureState;

namespace {

using kixsign::newKey;
using kixsign::trusting;
using kixsign::writeFile;

// Run A, signed: its manifest and implementation, and the envelope beside them.
struct SignedRun {
    QTemporaryDir dir;
    kix::SigningKey key = newKey();
    QString manifest = dir.filePath(QStringLiteral("A.manifest.json"));
    QString implementation = dir.filePath(QStringLiteral("A.impl.json"));
    QString envelope;
    SignedRun() {
        writeFile(manifest, kixtest::readAll(kixtest::seedPath()));
        writeFile(implementation, QByteArrayLiteral("{\"kind\": \"ImplementationRevision\"}\n"));
        const auto out = kix::signWrittenResources({manifest, implementation}, {{"gpu", "NVIDIA H200"}}, key);
        if (out.envelopeFile.isEmpty())
            qFatal("signing failed: %s", qPrintable(out.error));
        envelope = out.envelopeFile;
    }
};

} // namespace

class TestEnvelopeLimits : public QObject {
    Q_OBJECT
private slots:
    void aGenuineRunStaysTrusted() {
        const SignedRun a;
        const auto checks = kix::verifyEnvelopesBeside(a.manifest, trusting(a.key));
        QCOMPARE(checks.size(), 1);
        QCOMPARE(checks.first().state, SignatureState::Trusted);
        kix::EnvelopeIndex index(trusting(a.key));
        QCOMPARE(index.beside(a.manifest).first().state, SignatureState::Trusted);
    }

    // Issue 40, finding 1: A's envelope copied beside a forged manifest vouched for it.
    void anEnvelopeCopiedBesideAnotherFileDoesNotVouchForIt() {
        const SignedRun a;
        const QString forged = a.dir.filePath(QStringLiteral("forged.manifest.json"));
        QByteArray bytes = kixtest::readAll(a.manifest);
        bytes.replace("45344", "4534"); // its latency divided by 10
        writeFile(forged, bytes);
        QVERIFY(QFile::copy(a.envelope, forged + QStringLiteral(".intoto.jsonl")));
        const QString detail = QStringLiteral(
            "forged.manifest.json is not a subject of the envelope's statement, which names A.manifest.json, "
            "A.impl.json: the envelope signs other files and says nothing about this one");
        const auto checks = kix::verifyEnvelopesBeside(forged, trusting(a.key));
        QCOMPARE(checks.size(), 1);
        QCOMPARE(checks.first().state, SignatureState::SubjectMismatch);
        QCOMPARE(checks.first().summary, QStringLiteral("the envelope does not name this file"));
        QCOMPARE(checks.first().detail, detail);
        QVERIFY(checks.first().predicate.is_null());
        kix::EnvelopeIndex index(trusting(a.key));
        const auto fromIndex = index.beside(forged);
        QCOMPARE(fromIndex.size(), 1);
        QCOMPARE(fromIndex.first().detail, detail);
        QCOMPARE(index.beside(a.manifest).first().state, SignatureState::Trusted); // A itself still is
        // Checked on its own, without a file to bind to, the copied envelope is A's and verifies.
        QCOMPARE(
            kix::verifyEnvelopeFile(forged + QStringLiteral(".intoto.jsonl"), trusting(a.key)).first().state,
            SignatureState::Trusted);
    }

    void subjectsThatAreNotRegularFilesOfTheFolder_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("detail"); // %1: the outside file
        QTest::newRow("symlink out")
            << "symlink out"
            << "A.impl.json: named in the statement but \"A.impl.json\" is a symbolic "
               "link out of the set's folder (to \"%1\")";
        QTest::newRow("fifo") << "fifo"
                              << "A.impl.json: named in the statement but \"A.impl.json\" is a FIFO (named "
                                 "pipe), not a regular file";
        QTest::newRow("folder")
            << "folder"
            << "A.impl.json: named in the statement but \"A.impl.json\" is a folder, not a "
               "regular file";
    }
    void subjectsThatAreNotRegularFilesOfTheFolder() {
        QFETCH(QString, kind);
        QFETCH(QString, detail);
        const SignedRun a;
        QTemporaryDir outside;
        const QString target = QDir(outside.path()).canonicalPath() + QStringLiteral("/impl.json");
        QFile::copy(a.implementation, target); // the same bytes: only where it lies is wrong
        QVERIFY(QFile::remove(a.implementation));
        if (kind == QLatin1String("symlink out"))
            QVERIFY(QFile::link(target, a.implementation));
        else if (kind == QLatin1String("fifo"))
            QCOMPARE(::mkfifo(QFile::encodeName(a.implementation).constData(), 0600), 0);
        else
            QVERIFY(QDir().mkdir(a.implementation));
        QElapsedTimer clock;
        clock.start();
        const auto checks = kix::verifyEnvelopesBeside(a.manifest, trusting(a.key));
        QVERIFY(clock.elapsed() < 5000); // a FIFO is never opened for reading
        QCOMPARE(checks.first().state, SignatureState::SubjectMismatch);
        QCOMPARE(checks.first().detail, detail.arg(target));
    }

    void anEnvelopeThatIsALinkOutIsNotRead() {
        const SignedRun a;
        QTemporaryDir outside;
        const QString target = QDir(outside.path()).canonicalPath() + QStringLiteral("/e.intoto.jsonl");
        QVERIFY(QFile::rename(a.envelope, target));
        QVERIFY(QFile::link(target, a.envelope));
        const auto checks = kix::verifyEnvelopesBeside(a.manifest, trusting(a.key));
        QCOMPARE(checks.size(), 1);
        QCOMPARE(checks.first().state, SignatureState::Malformed);
        QCOMPARE(checks.first().detail,
                 QStringLiteral("\"A.manifest.json.intoto.jsonl\" is a symbolic link out of the set's folder "
                                "(to \"%1\")")
                     .arg(target));
    }

    // Issue 40, finding 5: a planted envelope of 25,000 subjects naming one 64 MB file ran past 120 s.
    void aStatementOfTooManySubjectsIsRefusedUnread() {
        QTemporaryDir dir;
        const QString manifest = dir.filePath(QStringLiteral("m.json"));
        writeFile(manifest, "{}");
        QFile big(dir.filePath(QStringLiteral("big.json")));
        QVERIFY(big.open(QIODevice::WriteOnly));
        QVERIFY(big.resize(qint64{64} * 1024 * 1024));
        big.close();
        writeFile(manifest + QStringLiteral(".intoto.jsonl"),
                  kixsign::plantedEnvelope(QList<QPair<QString, QString>>(
                      25000, {QStringLiteral("big.json"), QString(64, u'0')})));
        QElapsedTimer clock;
        clock.start();
        const auto checks = kix::verifyEnvelopesBeside(manifest, kix::TrustStore());
        QVERIFY2(clock.elapsed() < 5000, qPrintable(QString::number(clock.elapsed())));
        QCOMPARE(checks.size(), 1);
        QCOMPARE(checks.first().state, SignatureState::Malformed);
        QCOMPARE(
            checks.first().detail,
            QStringLiteral("statement subject: names 25000 subjects, over the limit of 1000 per statement "
                           "(a kix rerun names 2; docs/trust.md, \"Limits\")"));
    }

    // At the limit, every subject naming one file: that file is hashed once.
    void eachFileIsHashedOnce() {
        QTemporaryDir dir;
        writeFile(dir.filePath(QStringLiteral("x.json")), QByteArray(1 << 20, 'x'));
        kix::FileHashes hashes;
        for (int i = 0; i < kix::kMaxSubjectsPerStatement; ++i)
            QCOMPARE(hashes.of(dir.path(), QStringLiteral("x.json")).hex.size(), 64);
        QCOMPARE(hashes.hashedCount(), 1);
    }

    void aSubjectOverTheRecordLimitIsNotHashed() {
        const SignedRun a;
        QFile impl(a.implementation);
        QVERIFY(impl.open(QIODevice::ReadWrite));
        QVERIFY(impl.resize(qint64{20} * 1024 * 1024 * 1024)); // sparse: nothing is written
        impl.close();
        QElapsedTimer clock;
        clock.start();
        const auto checks = kix::verifyEnvelopesBeside(a.manifest, trusting(a.key));
        QVERIFY2(clock.elapsed() < 5000, qPrintable(QString::number(clock.elapsed())));
        QCOMPARE(checks.first().state, SignatureState::SubjectMismatch);
        QCOMPARE(
            checks.first().detail,
            QStringLiteral("A.impl.json: named in the statement but the file is 21474836480 bytes, over "
                           "the limit of 16777216 bytes per record (raise it with the environment variable "
                           "KIX_MAX_RECORD_BYTES, for example KIX_MAX_RECORD_BYTES=%1): not hashed")
                .arg(QStringLiteral("20480M")));
    }
};

KIX_TEST_GUILESS_MAIN(TestEnvelopeLimits)
#include "tst_envelope_limits.moc"
