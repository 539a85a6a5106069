// The manifest model: the seed reads as the page describes it, and every kind of bad input
// gives the exact located message (file, JSON path, what was expected).
#include "ManifestParser.h"
#include "TestSupport.h"

#include <QTest>

using kixtest::edited;
using kixtest::seedJson;

class TestManifestParser : public QObject {
    Q_OBJECT
private slots:
    void seedFields() {
        const auto m = kix::loadManifestFile(kixtest::seedPath());
        QVERIFY2(m->problems.isEmpty(), qPrintable(m->problems.value(0).toString()));
        QVERIFY(m->isBundle);
        QCOMPARE(m->runSpec.status, QStringLiteral("passed"));
        QCOMPARE(*m->runSpec.latencyNs.mean, 45344.0);
        QCOMPARE(m->runSpec.benchmark, QStringLiteral("013_fused_residual_rms_norm_backward"));
        QCOMPARE(m->implementationLabel(), QStringLiteral("ac4k"));
        QCOMPARE(m->gpuLabel(), QStringLiteral("NVIDIA B200"));
        QCOMPARE(m->environmentSpec.architecture, QStringLiteral("sm_100"));
        QCOMPARE(m->protocolSpec.family, QStringLiteral("sol_execbench_leaderboard"));
        QCOMPARE(m->protocolSpec.harnessVersion, QStringLiteral("v1.0"));
        QCOMPARE(*m->runSpec.metric(QStringLiteral("sol_score")), 0.80802);
        QCOMPARE(*m->runSpec.metric(QStringLiteral("avg_speedup")), 5.4683);
        QVERIFY(m->runSpec.cases.isEmpty());
    }

    void singleResources() {
        const auto suite = kix::loadManifestFile(kixtest::suitePath());
        QVERIFY(!suite->hasErrors());
        QCOMPARE(suite->supporting.size(), 1);
        QCOMPARE(suite->supporting.first().kind, kix::ResourceKind::WorkloadSuite);
        QVERIFY(!suite->hasRun());
    }

    void badInput_data() {
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QByteArray>("value"); // empty: remove the field
        QTest::addColumn<QString>("expected");
        QTest::newRow("wrong type") << "/run/spec/status" << QByteArray("3")
                                    << "t.json: run.spec.status: expected a string, got a number";
        QTest::newRow("missing status")
            << "/run/spec/status" << QByteArray()
            << "t.json: run.spec.status: required field is missing (expected a string)";
        QTest::newRow("missing mean")
            << "/run/spec/timing/latencyNs/mean" << QByteArray()
            << "t.json: run.spec.timing.latencyNs: expected at least one of mean, median, min, max";
        QTest::newRow("negative latency") << "/run/spec/timing/latencyNs/mean" << QByteArray("-5")
                                          << "t.json: run.spec.timing.latencyNs.mean: expected a "
                                             "non-negative number of nanoseconds, got -5";
        QTest::newRow("latency as string") << "/run/spec/timing/latencyNs/mean" << QByteArray("\"NaN\"")
                                           << "t.json: run.spec.timing.latencyNs.mean: expected a "
                                              "non-negative number of nanoseconds, got a string";
        QTest::newRow("unknown apiVersion")
            << "/protocol/apiVersion" << QByteArray("\"kernelindex.dev/v2\"")
            << "t.json: protocol.apiVersion: unknown apiVersion \"kernelindex.dev/v2\": expected "
               "\"kernelindex.dev/v1alpha1\"";
        QTest::newRow("unknown kind") << "/environment/kind" << QByteArray("\"GpuBox\"")
                                      << "t.json: environment.kind: unknown kind \"GpuBox\": expected one of "
                                         "BenchmarkRun, BenchmarkProtocol, ExecutionEnvironment, "
                                         "WorkloadSuite, WorkloadCase, ImplementationRevision, OperationSpec";
        QTest::newRow("kind in wrong slot")
            << "/run/kind" << QByteArray("\"BenchmarkProtocol\"")
            << "t.json: run.kind: expected kind \"BenchmarkRun\" under run, got \"BenchmarkProtocol\"";
        QTest::newRow("malformed digest") << "/run/spec/protocolDigest" << QByteArray("\"sha256:1234\"")
                                          << "t.json: run.spec.protocolDigest: expected a digest of the form "
                                             "sha256:<64 lowercase hex digits>, got \"sha256:1234\"";
        QTest::newRow("missing metadata name")
            << "/environment/metadata/name" << QByteArray()
            << "t.json: environment.metadata.name: required field is missing (expected a string)";
        QTest::newRow("spec not object") << "/protocol/spec" << QByteArray("[]")
                                         << "t.json: protocol.spec: expected an object, got an array";
        QTest::newRow("bad timestamp") << "/run/spec/observedAt" << QByteArray("\"yesterday\"")
                                       << "t.json: run.spec.observedAt: expected an RFC 3339 timestamp such "
                                          "as 2026-06-26T09:16:50.948Z, got \"yesterday\"";
        QTest::newRow("missing family")
            << "/protocol/spec/comparability/family" << QByteArray()
            << "t.json: protocol.spec.comparability.family: required field is missing (expected a string)";
        QTest::newRow("missing product")
            << "/environment/spec/hardware/product" << QByteArray()
            << "t.json: environment.spec.hardware.product: required field is missing (expected a string)";
        QTest::newRow("bad primary statistic")
            << "/run/spec/timing/primaryStatistic" << QByteArray("\"p99\"")
            << "t.json: run.spec.timing.primaryStatistic: expected one of mean, median, min, got \"p99\"";
        QTest::newRow("min above max")
            << "/run/spec/timing/latencyNs" << QByteArray(R"({"mean": 5, "min": 9, "max": 3})")
            << "t.json: run.spec.timing.latencyNs.min: min (9) is greater than max (3)";
        QTest::newRow("duplicate case id")
            << "/run/spec/cases"
            << QByteArray(R"([{"id": "a", "latencyNs": {"mean": 1}}, {"id": "a", "latencyNs": {"mean": 2}}])")
            << "t.json: run.spec.cases[1].id: duplicate case id \"a\" (first at run.spec.cases[0])";
        QTest::newRow("case without id")
            << "/run/spec/cases" << QByteArray(R"([{"latencyNs": {"mean": 1}}])")
            << "t.json: run.spec.cases[0].id: required field is missing (expected a string)";
        QTest::newRow("case negative error")
            << "/run/spec/cases"
            << QByteArray(
                   R"([{"id": "a", "latencyNs": {"mean": 1}, "correctness": {"outputs": [{"name": "x", "maxAbsError": -1}]}}])")
            << "t.json: run.spec.cases[0].correctness.outputs[0].maxAbsError: expected a non-negative "
               "number, got -1";
        QTest::newRow("samples not integer")
            << "/run/spec/timing/latencyNs/samples" << QByteArray("2.5")
            << "t.json: run.spec.timing.latencyNs.samples: expected a non-negative integer, got 2.5";
        QTest::newRow("top-level array")
            << "" << QByteArray("[]") << "t.json: expected a JSON object at the top level, got an array";
        QTest::newRow("no run in bundle")
            << "/run" << QByteArray()
            << "t.json: run: required field is missing (expected a BenchmarkRun resource)";
    }
    void badInput() {
        QFETCH(QString, pointer);
        QFETCH(QByteArray, value);
        QFETCH(QString, expected);
        const QByteArray bytes = pointer.isEmpty() ? value : edited(seedJson(), pointer, value);
        const auto m = kix::parseManifest(bytes, QStringLiteral("t.json"));
        QVERIFY(m->hasErrors());
        QStringList all;
        for (const auto& p : m->problems)
            if (p.isError())
                all << p.toString();
        QCOMPARE(all.first(), expected);
        QVERIFY(!m->hasRun());
    }

    void otherDigestSchemeIsAWarning() {
        const auto m = kix::parseManifest(edited(seedJson(), QStringLiteral("/run/spec/implementationDigest"),
                                                 QByteArray("\"sha512:abcd\"")),
                                          QStringLiteral("t.json"));
        QVERIFY(!m->hasErrors());
        QCOMPARE(m->problems.size(), 1);
        QCOMPARE(m->problems.first().toString(),
                 QStringLiteral("t.json: run.spec.implementationDigest: warning: digest scheme \"sha512\" is "
                                "not one kix can recompute"));
    }

    void notAManifest() {
        const auto m = kix::parseManifest(QByteArray(R"({"hello": 1})"), QStringLiteral("t.json"));
        QCOMPARE(m->problems.first().toString(),
                 QStringLiteral("t.json: not a kernelindex manifest: expected a bundle with \"run\", "
                                "\"protocol\" and \"environment\", or a resource with \"kind\""));
    }

    void perCaseExtension() {
        const QByteArray cases =
            R"([{"id": "c1", "axes": {"batch_size": 4, "seq_len": 1973}, "status": "passed",
            "latencyNs": {"mean": 60000, "median": 59000, "min": 58000, "max": 70000, "stddev": 900, "samples": 100},
            "referenceLatencyNs": {"mean": 500000}, "bytes": 202000000, "bandwidthGBps": 3300, "copyBandwidthFraction": 0.78,
            "correctness": {"outputs": [{"name": "grad_weight", "maxAbsError": 1e-6, "maxRelError": 1e-4, "atol": 1e-5, "rtol": 0.05, "passed": true}]}}])";
        const auto m = kix::parseManifest(edited(seedJson(), QStringLiteral("/run/spec/cases"), cases),
                                          QStringLiteral("t.json"));
        QVERIFY2(!m->hasErrors(), qPrintable(m->problems.value(0).toString()));
        QCOMPARE(m->runSpec.cases.size(), 1);
        const auto& c = m->runSpec.cases.first();
        QCOMPARE(c.axesLabel(), QStringLiteral("batch_size=4 seq_len=1973"));
        QCOMPARE(*c.latencyNs.samples, qint64(100));
        QCOMPARE(*c.effectiveSpeedup(), 500000.0 / 60000.0);
        QCOMPARE(c.errors.first().output, QStringLiteral("grad_weight"));
        QCOMPARE(*c.errors.first().passed, true);
    }
};

QTEST_GUILESS_MAIN(TestManifestParser)
#include "tst_manifest_parser.moc"
