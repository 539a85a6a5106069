// Digest verification against everything loaded: verified only when recomputed and equal; a present
// resource that hashes differently is a mismatch with both values; not verifiable with the reason
// otherwise. Never a false "verified".
#include "CatalogFixture.h"
#include "ManifestParser.h"
#include "ManifestWriter.h"
#include "RecordIndexFixtures.h"
#include "RunStore.h"
#include "SourceReader.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QTemporaryDir>
#include <QTest>

using State = kix::DigestCheck::State;
using namespace kix;
using kixfix::indexOf;
using kixfix::Json;

namespace {
QList<DigestCheck> checksOfFirstRun(const RecordIndex& index) {
    return verifyRun(index, index.run(0));
}
// The catalog written to `path` and loaded as the explorer loads it.
RecordIndex indexOfCatalog(const kixfix::Catalog& c, const QString& path) {
    RecordIndex index;
    if (!kixfix::writeFile(path, c.text()))
        return index;
    for (ParsedDocument& d : RunStore::loadBlocking({path}))
        index.add(std::move(d));
    return index;
}
} // namespace

class TestVerification : public QObject {
    Q_OBJECT
private slots:
    void seedAlone() {
        const auto m = loadManifestFile(kixtest::seedPath());
        const auto checks = verifyRunDigests(*m);
        QCOMPARE(checks.size(), 4);
        QCOMPARE(checks[0].field, QStringLiteral("protocolDigest"));
        QCOMPARE(checks[0].state, State::Verified);
        QCOMPARE(checks[0].reason,
                 QStringLiteral("recomputed from the BenchmarkProtocol at /protocol in this file"));
        QCOMPARE(checks[1].state, State::Verified);
        QCOMPARE(checks[2].state, State::NotVerifiable);
        QCOMPARE(checks[2].reason,
                 QStringLiteral("no loaded WorkloadSuite or WorkloadCase has this digest (load its "
                                "manifest beside the run to verify it)"));
        QCOMPARE(checks[3].state, State::NotVerifiable);
        QCOMPARE(summarize(checks).text(), QStringLiteral("2 verified · 2 not verifiable"));
    }

    void resolvedFromOtherSources() {
        const kixfix::Catalog c;
        const Json b = c.runBundle("a", c.w1, 8120);
        const RecordIndex index = indexOf({b, c.w1, c.impl});
        const auto checks = checksOfFirstRun(index);
        for (const auto& check : checks)
            QVERIFY2(check.state == State::Verified, qPrintable(check.field + u' ' + check.reason));
        QCOMPARE(checks[2].kind, QStringLiteral("WorkloadCase"));
        QCOMPARE(checks[2].reason, QStringLiteral("recomputed from the WorkloadCase at doc1.json"));
        QCOMPARE(checks[3].reason, QStringLiteral("recomputed from the ImplementationRevision at doc2.json"));
    }

    void tamperedBundleMemberIsMismatch() {
        auto doc = kixtest::seedJson();
        doc["protocol"]["spec"]["harness"]["version"] = "v1.1";
        const auto m = parseManifest(QByteArray::fromStdString(doc.dump()), QStringLiteral("t.json"));
        const auto checks = verifyRunDigests(*m);
        QCOMPARE(checks[0].state, State::Mismatch);
        QCOMPARE(checks[0].expected,
                 QStringLiteral("sha256:2964c5c4ed9cb0dcdc0f74674035bc71bf5e66620939e38441060f76434ed3e5"));
        QCOMPARE(checks[0].computed, resourceDigest(doc["protocol"]));
        QCOMPARE(
            checks[0].reason,
            QStringLiteral("the BenchmarkProtocol at /protocol in this file hashes to a different digest"));
        QCOMPARE(summarize(checks).text(), QStringLiteral("1 mismatch · 1 verified · 2 not verifiable"));
    }

    // A digest that names a loaded resource of another kind is a mismatch, not "not verifiable".
    void digestOfTheWrongKind() {
        const kixfix::Catalog c;
        Json b = c.runBundle("a", c.w1, 8120);
        b["run"]["spec"]["workloadDigest"] = kixfix::digest(c.impl);
        const RecordIndex index = indexOf({b, c.impl});
        const auto checks = checksOfFirstRun(index);
        QCOMPARE(checks[2].state, State::Mismatch);
        QCOMPARE(checks[2].reason,
                 QStringLiteral("the ImplementationRevision at doc1.json has this digest but is of kind "
                                "ImplementationRevision, not WorkloadSuite or WorkloadCase"));
    }

    // In a catalog the row says which workload the run was published with: when it hashes differently, that
    // is a mismatch with both values.
    void catalogLinkedResourceThatDiffers() {
        kixfix::Catalog c;
        Json& runLine = c.lines[c.lineOf("benchmark_runs") - 1];
        const std::string other = "sha256:" + std::string(64, 'a');
        runLine["row"]["manifest"]["run"]["spec"]["workloadDigest"] = other;
        runLine["row"]["runDigest"] = kixfix::digest(runLine["row"]["manifest"]["run"]);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("c.jsonl"));
        const RecordIndex index = indexOfCatalog(c, path);
        QCOMPARE(index.runCount(), 4);
        const auto checks = checksOfFirstRun(index);
        const DigestCheck& w = checks[3];
        QCOMPARE(w.field, QStringLiteral("workloadDigest"));
        QCOMPARE(w.state, State::Mismatch);
        QCOMPARE(w.expected, QString::fromStdString(other));
        QCOMPARE(w.computed, QString::fromStdString(kixfix::digest(c.w1)));
        QCOMPARE(
            w.reason,
            QStringLiteral("the WorkloadCase at %1:3 /row/manifest (the row the catalog links to this run) "
                           "hashes to a different digest")
                .arg(path));
    }

    // A row that publishes no value (null) for its runDigest or a key leaves nothing to check: no check
    // for that field, never a mismatch against an empty value; the other published fields still verify.
    void nullPublishedValueIsNotChecked_data() {
        QTest::addColumn<QString>("field");
        for (const char* f :
             {"runDigest", "protocolKey", "environmentKey", "correctnessKey", "comparisonKey"})
            QTest::newRow(f) << QString::fromLatin1(f);
    }
    void nullPublishedValueIsNotChecked() {
        QFETCH(QString, field);
        kixfix::Catalog c;
        c.lines[c.lineOf("benchmark_runs") - 1]["row"][field.toStdString()] = nullptr;
        QTemporaryDir dir;
        const RecordIndex index = indexOfCatalog(c, dir.filePath(QStringLiteral("c.jsonl")));
        QCOMPARE(index.runCount(), 4);
        QStringList published;
        for (const DigestCheck& check : checksOfFirstRun(index)) {
            QVERIFY2(check.state != State::Mismatch, qPrintable(check.field + u' ' + check.reason));
            if (check.published())
                published << check.field.mid(10); // after "published "
        }
        QStringList expected{QStringLiteral("runDigest"), QStringLiteral("protocolKey"),
                             QStringLiteral("environmentKey"), QStringLiteral("correctnessKey"),
                             QStringLiteral("comparisonKey")};
        expected.removeOne(field);
        QCOMPARE(published, expected);
    }

    void unknownSchemeIsNotVerifiable() {
        auto doc = kixtest::seedJson();
        doc["run"]["spec"]["environmentDigest"] = "blake3:abcdef0123";
        const auto m = parseManifest(QByteArray::fromStdString(doc.dump()), QStringLiteral("t.json"));
        const auto checks = verifyRunDigests(*m);
        QCOMPARE(checks[1].state, State::NotVerifiable);
        QVERIFY(checks[1].reason.startsWith(QStringLiteral("digest scheme \"blake3\" is unknown to kix")));
    }

    void writeVerifyTamperRoundTrip() {
        const auto seed = kixtest::seedJson();
        auto run = seed["run"];
        run["spec"]["protocolDigest"] = "sha256:" + std::string(64, '0'); // replaced by makeBundle
        const auto bundle = makeBundle(run, seed["protocol"], seed["environment"]);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("written.manifest.json"));
        QCOMPARE(writeJsonAtomically(path, bundle), QString());
        const auto written = loadManifestFile(path);
        for (const auto& c : verifyRunDigests(*written).mid(0, 2))
            QCOMPARE(c.state, State::Verified);

        // Change one byte inside the environment's spec: "B200" -> "B201".
        QByteArray bytes = kixtest::readAll(path);
        const qsizetype at = bytes.indexOf("\"NVIDIA B200\"");
        QVERIFY(at > 0);
        bytes[at + 11] = '1';
        const auto tampered = parseManifest(bytes, path);
        QVERIFY(!tampered->hasErrors());
        const auto checks = verifyRunDigests(*tampered);
        QCOMPARE(checks[1].field, QStringLiteral("environmentDigest"));
        QCOMPARE(checks[1].state, State::Mismatch);
        QCOMPARE(checks[0].state, State::Verified);
    }

    void referencesOfSupportingResources() {
        const kixfix::Catalog c;
        const RecordIndex index = indexOf({c.w1, c.impl});
        for (const auto& entry : index.resources()) {
            const auto checks = verifyResource(index, entry);
            QCOMPARE(checks.size(), 1);
            QCOMPARE(checks.first().state, State::NotVerifiable);
            QCOMPARE(checks.first().reason, QStringLiteral("no loaded OperationSpec has this digest"));
        }
        const RecordIndex withOp = indexOf({c.w1, c.op});
        const ResourceEntry* w = withOp.resource(QString::fromStdString(kixfix::digest(c.w1)));
        QCOMPARE(verifyResource(withOp, *w).first().state, State::Verified);
    }
};

KIX_TEST_GUILESS_MAIN(TestVerification)
#include "tst_verification.moc"
