// `kix show`: one run's fields, cases and digests, as text and as --json.
#include "CliFixtures.h"
#include "Commands.h"
#include "KixResources.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QTemporaryDir>
#include <QTest>

using namespace kixcli;

class TestShowCommand : public QObject {
    Q_OBJECT
    SuiteConfig m_config; // resources and this suite's own XDG_CONFIG_HOME

private slots:
    void initTestCase() { QVERIFY(m_config.setUp()); }

    void showSeed() {
        const Result r = run({QStringLiteral("show"), kixtest::seedPath()});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.startsWith(QStringLiteral("ac4k · 013_fused_residual_rms_norm_backward · B200\n")));
        QVERIFY(r.out.contains(QStringLiteral("latency         45.3 µs (mean)\n")));
        QVERIFY(r.out.contains(
            QStringLiteral("  protocolDigest        verified        sha256:2964c5c4ed9c…  "
                           "recomputed from the BenchmarkProtocol at /protocol in this file\n")));
        QVERIFY(r.out.contains(QStringLiteral("  workloadDigest        not verifiable  ")));
        QVERIFY(r.out.contains(QStringLiteral("upstream        accepted by KernelIndex: yes\n")));
    }

    void showJson() {
        const Result r = run({QStringLiteral("show"), QStringLiteral("--json"), kixtest::seedPath()});
        QCOMPARE(r.code, 0);
        const auto j = Json::parse(r.out.toStdString());
        const Json& first = j["runs"][0];
        QCOMPARE(QString::fromStdString(first["digest"].get<std::string>()),
                 QStringLiteral("sha256:486a757a54ba25c8de2165e2dd2b9696c234d1147241426c430e6334870d0e2b"));
        QCOMPARE(QString::fromStdString(first["digests"][0]["state"].get<std::string>()),
                 QStringLiteral("verified"));
        QCOMPARE(first["latencyNs"].get<double>(), 45344.0);
        QCOMPARE(first["acceptedUpstream"].get<bool>(), true);
        QCOMPARE(QString::fromStdString(first["primary"]["metric"].get<std::string>()),
                 QStringLiteral("latency"));
        QVERIFY(first["policy"]["comparisonKey"].is_null()); // the workload is not loaded
    }
};

KIX_TEST_GUILESS_MAIN(TestShowCommand)
#include "tst_show_command.moc"
