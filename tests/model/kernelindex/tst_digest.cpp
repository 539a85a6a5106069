// SHA-256 through OpenSSL and KernelIndex's digest scheme, checked against the seed's published digests.
#include "Digest.h"
#include "ManifestParser.h"
#include "Sha256.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QTest>
#include <algorithm>

class TestDigest : public QObject {
    Q_OBJECT
private slots:
    void sha256Vectors_data() {
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<QByteArray>("hex");
        QTest::newRow("empty") << QByteArray("")
                               << QByteArray(
                                      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
        QTest::newRow("abc") << QByteArray("abc")
                             << QByteArray(
                                    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        QTest::newRow("two blocks")
            << QByteArray("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
            << QByteArray("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    }
    void sha256Vectors() {
        QFETCH(QByteArray, input);
        QFETCH(QByteArray, hex);
        QCOMPARE(kix::sha256Hex(input.toStdString()), hex);
    }

    void seedDigests() {
        const auto m = kix::loadManifestFile(kixtest::seedPath());
        QVERIFY(!m->hasErrors());
        QCOMPARE(m->run->digest,
                 QStringLiteral("sha256:486a757a54ba25c8de2165e2dd2b9696c234d1147241426c430e6334870d0e2b"));
        QCOMPARE(m->protocol->digest,
                 QStringLiteral("sha256:2964c5c4ed9cb0dcdc0f74674035bc71bf5e66620939e38441060f76434ed3e5"));
        QCOMPARE(m->environment->digest,
                 QStringLiteral("sha256:5296c820e166474e590abb1beaf7728cdfe0a4bde9bf55f8966a40f4f5401621"));
        // The WorkloadSuite the seed names is the one kix builds from its own problem file.
        const auto problem = kix::loadManifestFile(kixtest::problemPath());
        QVERIFY(
            std::any_of(problem->supporting.begin(), problem->supporting.end(), [&](const kix::Resource& r) {
                return r.kind == kix::ResourceKind::WorkloadSuite && r.digest == m->runSpec.workloadDigest;
            }));
    }

    void metadataIsNotDigested() {
        auto doc = kixtest::seedJson();
        const QString before = kix::resourceDigest(doc["protocol"]);
        doc["protocol"]["metadata"]["title"] = "renamed";
        QCOMPARE(kix::resourceDigest(doc["protocol"]), before);
        doc["protocol"]["spec"]["harness"]["version"] = "v1.1";
        QVERIFY(kix::resourceDigest(doc["protocol"]) != before);
    }

    void classify_data() {
        QTest::addColumn<QString>("digest");
        QTest::addColumn<int>("form");
        QTest::newRow("sha256")
            << QStringLiteral("sha256:2964c5c4ed9cb0dcdc0f74674035bc71bf5e66620939e38441060f76434ed3e5")
            << int(kix::DigestForm::Sha256);
        QTest::newRow("uppercase hex")
            << QStringLiteral("sha256:2964C5C4ED9CB0DCDC0F74674035BC71BF5E66620939E38441060F76434ED3E5")
            << int(kix::DigestForm::Malformed);
        QTest::newRow("short") << QStringLiteral("sha256:2964c5c4") << int(kix::DigestForm::Malformed);
        QTest::newRow("no scheme") << QStringLiteral(
                                          "2964c5c4ed9cb0dcdc0f74674035bc71bf5e66620939e38441060f76434ed3e5")
                                   << int(kix::DigestForm::Malformed);
        QTest::newRow("sha512") << QStringLiteral("sha512:abcdef") << int(kix::DigestForm::OtherScheme);
        QTest::newRow("empty") << QString() << int(kix::DigestForm::Malformed);
    }
    void classify() {
        QFETCH(QString, digest);
        QFETCH(int, form);
        QCOMPARE(int(kix::classifyDigest(digest)), form);
    }

    void shortForm() {
        QCOMPARE(kix::shortDigest(QStringLiteral(
                     "sha256:2964c5c4ed9cb0dcdc0f74674035bc71bf5e66620939e38441060f76434ed3e5")),
                 QStringLiteral("sha256:2964c5c4ed9c…"));
    }
};

KIX_TEST_GUILESS_MAIN(TestDigest)
#include "tst_digest.moc"
