// Digest verification: verified only when recomputed and equal; mismatch shows both values;
// not verifiable says why. Write → verify → tamper one byte → mismatch.
#include "Digest.h"
#include "ManifestParser.h"
#include "ManifestWriter.h"
#include "TestSupport.h"
#include "Verification.h"

#include <QTemporaryDir>
#include <QTest>

using State = kix::DigestCheck::State;

class TestVerification : public QObject {
    Q_OBJECT
private slots:
    void seedAlone() {
        const auto m = kix::loadManifestFile(kixtest::seedPath());
        const auto checks = kix::verifyRunDigests(*m);
        QCOMPARE(checks.size(), 4);
        QCOMPARE(checks[0].field, QStringLiteral("protocolDigest"));
        QCOMPARE(checks[0].state, State::Verified);
        QCOMPARE(checks[1].state, State::Verified);
        QCOMPARE(checks[2].field, QStringLiteral("workloadDigest"));
        QCOMPARE(checks[2].state, State::NotVerifiable);
        QVERIFY(checks[2].computed.isEmpty());
        QCOMPARE(checks[2].reason,
                 QStringLiteral("content not published in this file: no loaded WorkloadSuite or WorkloadCase "
                                "has this digest (load its manifest beside the run to verify it)"));
        QCOMPARE(checks[3].state, State::NotVerifiable);
        QCOMPARE(kix::summarize(checks).text(), QStringLiteral("2 verified · 2 not verifiable"));
    }

    void seedWithSuiteLoaded() {
        const auto m = kix::loadManifestFile(kixtest::seedPath());
        const auto suite = kix::loadManifestFile(kixtest::suitePath());
        kix::ResourceIndex index;
        index.add(*m);
        index.add(*suite);
        const auto checks = kix::verifyRunDigests(*m, &index);
        QCOMPARE(checks[2].state, State::Verified);
        QCOMPARE(checks[2].kind, QStringLiteral("WorkloadSuite"));
        QVERIFY(checks[2].reason.startsWith(QStringLiteral("recomputed from the WorkloadSuite in ")));
        QCOMPARE(checks[3].state, State::NotVerifiable);
    }

    void tamperedProtocolIsMismatch() {
        auto doc = kixtest::seedJson();
        doc["protocol"]["spec"]["harness"]["version"] = "v1.1";
        const auto m = kix::parseManifest(QByteArray::fromStdString(doc.dump()), QStringLiteral("t.json"));
        const auto checks = kix::verifyRunDigests(*m);
        QCOMPARE(checks[0].state, State::Mismatch);
        QCOMPARE(checks[0].expected,
                 QStringLiteral("sha256:2964c5c4ed9cb0dcdc0f74674035bc71bf5e66620939e38441060f76434ed3e5"));
        QCOMPARE(checks[0].computed, kix::resourceDigest(doc["protocol"]));
        QVERIFY(checks[0].expected != checks[0].computed);
        QCOMPARE(kix::summarize(checks).text(), QStringLiteral("1 mismatch · 1 verified · 2 not verifiable"));
    }

    void unknownSchemeIsNotVerifiable() {
        auto doc = kixtest::seedJson();
        doc["run"]["spec"]["environmentDigest"] = "blake3:abcdef0123";
        const auto m = kix::parseManifest(QByteArray::fromStdString(doc.dump()), QStringLiteral("t.json"));
        const auto checks = kix::verifyRunDigests(*m);
        QCOMPARE(checks[1].state, State::NotVerifiable);
        QVERIFY(checks[1].reason.startsWith(QStringLiteral("digest scheme \"blake3\" is unknown to kix")));
    }

    void writeVerifyTamperRoundTrip() {
        const auto seed = kixtest::seedJson();
        auto run = seed["run"];
        run["spec"]["protocolDigest"] = "sha256:" + std::string(64, '0'); // replaced by makeBundle
        const auto bundle = kix::makeBundle(run, seed["protocol"], seed["environment"]);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("written.manifest.json"));
        QCOMPARE(kix::writeJsonAtomically(path, bundle), QString());
        const auto written = kix::loadManifestFile(path);
        for (const auto& c : kix::verifyRunDigests(*written).mid(0, 2))
            QCOMPARE(c.state, State::Verified);

        // Change one byte inside the environment's spec: "B200" -> "B201".
        QByteArray bytes = kixtest::readAll(path);
        const qsizetype at = bytes.indexOf("\"NVIDIA B200\"");
        QVERIFY(at > 0);
        bytes[at + 11] = '1';
        const auto tampered = kix::parseManifest(bytes, path);
        QVERIFY(!tampered->hasErrors());
        const auto checks = kix::verifyRunDigests(*tampered);
        QCOMPARE(checks[1].field, QStringLiteral("environmentDigest"));
        QCOMPARE(checks[1].state, State::Mismatch);
        QCOMPARE(checks[0].state, State::Verified);
    }
};

QTEST_GUILESS_MAIN(TestVerification)
#include "tst_verification.moc"
