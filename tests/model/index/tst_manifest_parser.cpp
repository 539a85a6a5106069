// One document read on its own: the seed reads as the format page describes it, KernelIndex's forms
// (its statistic names, duration strings, measurements without timing, all 13 kinds) are accepted, and
// every kind of bad input gives the exact located message (file, JSON path, what was expected) and code.
#include "FieldReader.h"
#include "ManifestParser.h"
#include "RecordFixtures.h"
#include "TestMain.h"
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
        QCOMPARE(m->origins.size(), 1);
        QCOMPARE(m->origins.first().pointer, QStringLiteral("/run"));
        QVERIFY(m->acceptedUpstream());
    }

    void singleResources() {
        const auto op = kixfix::operation();
        const auto m = kix::parseManifest(QByteArray::fromStdString(op.dump()), QStringLiteral("op.json"));
        QVERIFY(!m->hasErrors());
        QCOMPARE(m->supporting.size(), 1);
        QCOMPARE(m->supporting.first().kind, kix::ResourceKind::OperationSpec);
        QCOMPARE(m->supporting.first().digest, QString::fromStdString(kixfix::digest(op)));
        QVERIFY(!m->hasRun());
    }

    // Every one of KernelIndex's 13 kinds is a known resource with a digest, never an error.
    void allThirteenKinds_data() {
        QTest::addColumn<QString>("kind");
        for (const char* kind :
             {"BenchmarkRun", "BenchmarkProtocol", "ExecutionEnvironment", "WorkloadSuite", "WorkloadCase",
              "ImplementationRevision", "OperationSpec", "SoftwareProject", "ModelRevision",
              "ServingStackRevision", "ServingConfiguration", "ServingWorkload", "ServingRun"})
            QTest::newRow(kind) << QString::fromLatin1(kind);
    }
    void allThirteenKinds() {
        QFETCH(QString, kind);
        QVERIFY(kix::kindFromName(kind));
        kixfix::Json r = kixfix::resource(kind.toLatin1().constData(), "one", {{"anything", 1}});
        if (kind == QLatin1String("BenchmarkRun"))
            r = kixfix::run("one", kixfix::workloadCase(kixfix::operation(), 1), kixfix::operation(),
                            kixfix::protocol(), kixfix::environment());
        if (kind == QLatin1String("BenchmarkProtocol"))
            r = kixfix::protocol();
        if (kind == QLatin1String("ExecutionEnvironment"))
            r = kixfix::environment();
        const auto m = kix::parseManifest(QByteArray::fromStdString(r.dump()), QStringLiteral("k.json"));
        QVERIFY2(!m->hasErrors(), qPrintable(m->problems.value(0).toString()));
        const auto resources = m->resources();
        QCOMPARE(resources.size(), 1);
        QCOMPARE(kix::kindName(resources.first()->kind), kind);
        QCOMPARE(resources.first()->digest, QString::fromStdString(kixfix::digest(r)));
    }

    void badInput_data() {
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QByteArray>("value"); // empty: remove the field
        QTest::addColumn<QString>("expected");
        QTest::addColumn<QString>("code");
        QTest::newRow("wrong type") << "/run/spec/status" << QByteArray("3")
                                    << "t.json: run.spec.status: expected a string, got a number"
                                    << "field.type";
        QTest::newRow("missing status")
            << "/run/spec/status" << QByteArray()
            << "t.json: run.spec.status: required field is missing (expected a string)"
            << "field.missing";
        QTest::newRow("empty statistics") << "/run/spec/timing/latencyNs/mean" << QByteArray()
                                          << "t.json: run.spec.timing.latencyNs: expected at least one of "
                                             "mean, median, minimum, maximum, p05, p95"
                                          << "field.empty_statistics";
        QTest::newRow("negative latency") << "/run/spec/timing/latencyNs/mean" << QByteArray("-5")
                                          << "t.json: run.spec.timing.latencyNs.mean: expected a "
                                             "non-negative number of nanoseconds, got -5"
                                          << "field.range";
        QTest::newRow("latency not a duration") << "/run/spec/timing/latencyNs/mean" << QByteArray("\"NaN\"")
                                                << "t.json: run.spec.timing.latencyNs.mean: expected a "
                                                   "duration such as \"8120 ns\" or \"0.008 ms\" "
                                                   "(units ns, us, µs, ms, s), got \"NaN\""
                                                << "field.duration";
        QTest::newRow("latency boolean") << "/run/spec/timing/latencyNs/mean" << QByteArray("true")
                                         << "t.json: run.spec.timing.latencyNs.mean: expected a non-negative "
                                            "number of nanoseconds, got a boolean"
                                         << "field.type";
        QTest::newRow("unknown apiVersion")
            << "/protocol/apiVersion" << QByteArray("\"kernelindex.dev/v2\"")
            << "t.json: protocol.apiVersion: unknown apiVersion \"kernelindex.dev/v2\": expected "
               "\"kernelindex.dev/v1alpha1\""
            << "resource.api_version";
        QTest::newRow("unknown kind")
            << "/environment/kind" << QByteArray("\"GpuBox\"")
            << "t.json: environment.kind: unknown kind \"GpuBox\": expected one of BenchmarkRun, "
               "BenchmarkProtocol, "
               "ExecutionEnvironment, WorkloadSuite, WorkloadCase, ImplementationRevision, OperationSpec, "
               "SoftwareProject, ModelRevision, ServingStackRevision, ServingConfiguration, ServingWorkload, "
               "ServingRun"
            << "resource.unknown_kind";
        QTest::newRow("kind in wrong slot")
            << "/run/kind" << QByteArray("\"BenchmarkProtocol\"")
            << "t.json: run.kind: expected kind \"BenchmarkRun\" under run, got \"BenchmarkProtocol\""
            << "resource.wrong_kind";
        QTest::newRow("malformed digest") << "/run/spec/protocolDigest" << QByteArray("\"sha256:1234\"")
                                          << "t.json: run.spec.protocolDigest: expected a digest of the form "
                                             "sha256:<64 lowercase hex digits>, got \"sha256:1234\""
                                          << "field.digest";
        QTest::newRow("missing metadata name")
            << "/environment/metadata/name" << QByteArray()
            << "t.json: environment.metadata.name: required field is missing (expected a string)"
            << "field.missing";
        QTest::newRow("spec not object") << "/protocol/spec" << QByteArray("[]")
                                         << "t.json: protocol.spec: expected an object, got an array"
                                         << "field.type";
        QTest::newRow("bad timestamp") << "/run/spec/observedAt" << QByteArray("\"yesterday\"")
                                       << "t.json: run.spec.observedAt: expected an RFC 3339 timestamp such "
                                          "as 2026-06-26T09:16:50.948Z, got \"yesterday\""
                                       << "field.timestamp";
        QTest::newRow("missing harness name")
            << "/protocol/spec/harness/name" << QByteArray()
            << "t.json: protocol.spec.harness.name: required field is missing (expected a string)"
            << "field.missing";
        QTest::newRow("missing product")
            << "/environment/spec/hardware/product" << QByteArray()
            << "t.json: environment.spec.hardware.product: required field is missing (expected a string)"
            << "field.missing";
        QTest::newRow("statistic not lowercase")
            << "/run/spec/timing/primaryStatistic" << QByteArray("\"P99\"")
            << "t.json: run.spec.timing.primaryStatistic: expected a lowercase statistic name such as "
               "median, mean "
               "or p95, got \"P99\""
            << "field.statistic";
        QTest::newRow("confidence interval reversed")
            << "/run/spec/timing/latencyNs" << QByteArray(R"({"median": 5, "confidence95": [9, 3]})")
            << "t.json: run.spec.timing.latencyNs.confidence95: the low bound (9) is above the high bound (3)"
            << "field.order";
        QTest::newRow("confidence interval shape")
            << "/run/spec/timing/latencyNs" << QByteArray(R"({"median": 5, "confidence95": [9]})")
            << "t.json: run.spec.timing.latencyNs.confidence95: expected [low, high] in nanoseconds, got an "
               "array"
            << "field.type";
        QTest::newRow("passed without timing or measurements")
            << "/run/spec/timing" << QByteArray()
            << "t.json: run.spec.timing: a passed run needs timing (with latencyNs) or at least one entry in "
               "measurements"
            << "field.no_primary";
        QTest::newRow("measurement without value")
            << "/run/spec/measurements"
            << QByteArray(R"([{"metric": "score", "unit": "s", "statistic": "geomean"}])")
            << "t.json: run.spec.measurements[0].value: required field is missing (expected a number)"
            << "field.missing";
        QTest::newRow("duplicate case id")
            << "/run/spec/cases"
            << QByteArray(R"([{"id": "a", "latencyNs": {"mean": 1}}, {"id": "a", "latencyNs": {"mean": 2}}])")
            << "t.json: run.spec.cases[1].id: duplicate case id \"a\" (first at run.spec.cases[0])"
            << "field.duplicate_id";
        QTest::newRow("case without id")
            << "/run/spec/cases" << QByteArray(R"([{"latencyNs": {"mean": 1}}])")
            << "t.json: run.spec.cases[0].id: required field is missing (expected a string)"
            << "field.missing";
        QTest::newRow("case negative error")
            << "/run/spec/cases"
            << QByteArray(
                   R"([{"id": "a", "latencyNs": {"mean": 1}, "correctness": {"outputs": [{"name": "x", "maxAbsError": -1}]}}])")
            << "t.json: run.spec.cases[0].correctness.outputs[0].maxAbsError: expected a non-negative "
               "number, got -1"
            << "field.range";
        QTest::newRow("case samples not an array")
            << "/run/spec/cases" << QByteArray(R"([{"id": "a", "latencyNs": {"mean": 1}, "samplesNs": 5}])")
            << "t.json: run.spec.cases[0].samplesNs: expected an array, got a number"
            << "field.type";
        QTest::newRow("case sample not a number")
            << "/run/spec/cases"
            << QByteArray(R"([{"id": "a", "latencyNs": {"mean": 1}, "samplesNs": [5, "6"]}])")
            << "t.json: run.spec.cases[0].samplesNs[1]: expected a positive number of nanoseconds, got a "
               "string"
            << "field.type";
        QTest::newRow("case sample zero")
            << "/run/spec/cases"
            << QByteArray(R"([{"id": "a", "latencyNs": {"mean": 1}, "cupti": {"samplesNs": [5, 0]}}])")
            << "t.json: run.spec.cases[0].cupti.samplesNs[1]: expected a positive number of nanoseconds, got "
               "0"
            << "field.range";
        QTest::newRow("samples not integer")
            << "/run/spec/timing/latencyNs/samples" << QByteArray("2.5")
            << "t.json: run.spec.timing.latencyNs.samples: expected a non-negative integer, got 2.5"
            << "field.range";
        QTest::newRow("top-level array")
            << "" << QByteArray("[]") << "t.json: expected a JSON object at the top level, got an array"
            << "resource.not_object";
        QTest::newRow("no run in bundle")
            << "/run" << QByteArray()
            << "t.json: run: required field is missing (expected a BenchmarkRun resource)"
            << "resource.no_run";
    }
    void badInput() {
        QFETCH(QString, pointer);
        QFETCH(QByteArray, value);
        QFETCH(QString, expected);
        QFETCH(QString, code);
        const QByteArray bytes = pointer.isEmpty() ? value : edited(seedJson(), pointer, value);
        const auto m = kix::parseManifest(bytes, QStringLiteral("t.json"));
        QVERIFY(m->hasErrors());
        QList<kix::Problem> errors;
        for (const auto& p : m->problems)
            if (p.isError())
                errors << p;
        QCOMPARE(errors.first().toString(), expected);
        QCOMPARE(errors.first().code, code);
        QVERIFY(!m->hasRun());
        QVERIFY(!m->acceptedUpstream());
    }

    // Issue 26, item 2: KernelIndex accepts a latency minimum above its maximum, so kix warns and the run
    // stays accepted upstream.
    void minimumAboveMaximumIsAWarning_data() {
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<QString>("expected");
        QTest::addColumn<bool>("upstream"); // legacy min/max are not KernelIndex's member names anyway
        QTest::newRow("minimum above maximum")
            << QByteArray(R"({"mean": 5, "minimum": 9, "maximum": 3})")
            << "t.json: run.spec.timing.latencyNs.minimum: warning: the minimum (9) is greater than the "
               "maximum (3) (KernelIndex accepts this)"
            << true;
        QTest::newRow("legacy min above max")
            << QByteArray(R"({"mean": 5, "min": 9, "max": 3})")
            << "t.json: run.spec.timing.latencyNs.min: warning: the minimum (9) is greater than the maximum "
               "(3) (KernelIndex accepts this)"
            << false;
    }
    void minimumAboveMaximumIsAWarning() {
        QFETCH(QByteArray, value);
        QFETCH(QString, expected);
        QFETCH(bool, upstream);
        const auto m =
            kix::parseManifest(edited(seedJson(), QStringLiteral("/run/spec/timing/latencyNs"), value),
                               QStringLiteral("t.json"));
        QVERIFY(!m->hasErrors());
        QVERIFY(m->hasRun());
        QStringList order;
        for (const auto& p : m->problems)
            if (p.code == QLatin1String("field.order"))
                order << p.toString();
        QCOMPARE(order, QStringList{expected});
        QCOMPARE(m->acceptedUpstream(), upstream);
    }

    void otherDigestSchemeIsAWarning() {
        const auto m = kix::parseManifest(edited(seedJson(), QStringLiteral("/run/spec/implementationDigest"),
                                                 QByteArray("\"sha512:abcd\"")),
                                          QStringLiteral("t.json"));
        QVERIFY(!m->hasErrors());
        QCOMPARE(m->problems.first().toString(),
                 QStringLiteral("t.json: run.spec.implementationDigest: warning: digest scheme \"sha512\" is "
                                "not one kix can recompute"));
        QCOMPARE(m->problems.first().code, QStringLiteral("field.digest_scheme"));
    }

    void notAManifest() {
        const auto m = kix::parseManifest(QByteArray(R"({"hello": 1})"), QStringLiteral("t.json"));
        QCOMPARE(m->problems.first().toString(),
                 QStringLiteral("t.json: not a kernelindex manifest: expected a bundle with \"run\", "
                                "\"protocol\" and \"environment\", or a resource with \"kind\""));
        QCOMPARE(m->problems.first().code, QStringLiteral("resource.not_manifest"));
    }

    // KernelIndex's statistic names, duration strings and timing.samples are read into the same fields.
    void kernelIndexTiming() {
        const QByteArray timing =
            R"({"primaryStatistic": "p95", "samples": 200, "latencyNs": {"median": "8.12 us",
            "p05": 8072, "p95": "8151ns", "minimum": "0.008054 ms", "maximum": 8390, "mad": 24,
            "confidence95": [8095, "8151 ns"]}})";
        const auto m = kix::parseManifest(edited(seedJson(), QStringLiteral("/run/spec/timing"), timing),
                                          QStringLiteral("t.json"));
        QVERIFY2(!m->hasErrors(), qPrintable(m->problems.value(0).toString()));
        const kix::LatencyStats& s = m->runSpec.latencyNs;
        QCOMPARE(*s.median, 8120.0);
        QCOMPARE(*s.p05, 8072.0);
        QCOMPARE(*s.p95, 8151.0);
        QVERIFY(qAbs(*s.min - 8054.0) < 1e-6);
        QCOMPARE(*s.max, 8390.0);
        QCOMPARE(*s.mad, 24.0);
        QCOMPARE(*s.ciLow, 8095.0);
        QCOMPARE(*s.ciHigh, 8151.0);
        QCOMPARE(*s.samples, qint64(200));
        QCOMPARE(m->runSpec.primaryStatistic, QStringLiteral("p95"));
        QCOMPARE(*m->runSpec.primaryLatencyNs(), 8151.0); // the declared statistic
        // KernelIndex's primary value for any statistic but the mean is the median.
        const auto primary = m->runSpec.primary();
        QVERIFY(primary);
        QCOMPARE(primary->key(), QStringLiteral("latency:p95:ns"));
        QCOMPARE(primary->value, 8120.0);
    }

    // GPU MODE runs carry measurements and no timing: accepted, with the first measurement as primary.
    void measurementsWithoutTiming() {
        auto doc = seedJson();
        doc["run"]["spec"].erase("timing");
        doc["run"]["spec"]["measurements"] = kixfix::Json::parse(
            R"([{"metric": "score", "unit": "s", "statistic": "geomean", "value": 1.0048658277929109e-05}])");
        const auto m = kix::parseManifest(QByteArray::fromStdString(doc.dump()), QStringLiteral("t.json"));
        QVERIFY2(!m->hasErrors(), qPrintable(m->problems.value(0).toString()));
        QVERIFY(!m->runSpec.hasTiming);
        QCOMPARE(m->runSpec.measurements.size(), 1);
        const auto primary = m->runSpec.primary();
        QCOMPARE(primary->key(), QStringLiteral("score:geomean:s"));
        QVERIFY(qAbs(*primary->nanoseconds() - 10048.658277929109) < 1e-6);
        QCOMPARE(m->policy.metric.value, QStringLiteral("score:geomean:s"));
    }

    void failedRunNeedsNoTiming() {
        auto doc = seedJson();
        doc["run"]["spec"].erase("timing");
        doc["run"]["spec"]["status"] = "compile_error";
        const auto m = kix::parseManifest(QByteArray::fromStdString(doc.dump()), QStringLiteral("t.json"));
        QVERIFY2(!m->hasErrors(), qPrintable(m->problems.value(0).toString()));
        QVERIFY(!m->runSpec.primary());
        QCOMPARE(m->policy.metric.value, QStringLiteral("none"));
        QCOMPARE(m->policy.ineligible, (QStringList{QStringLiteral("STATUS_COMPILE_ERROR"),
                                                    QStringLiteral("MISSING_PRIMARY_METRIC")}));
    }

    void durations_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<double>("ns");
        QTest::newRow("ns") << "8120 ns" << 8120.0;
        QTest::newRow("no space") << "8120ns" << 8120.0;
        QTest::newRow("us") << "8.12 us" << 8120.0;
        QTest::newRow("µs") << QStringLiteral("8.12 µs") << 8120.0;
        QTest::newRow("ms") << "0.008 ms" << 8000.0;
        QTest::newRow("s") << "2 s" << 2e9;
        QTest::newRow("fraction of ns") << "0.5 ns" << 0.5;
    }
    void durations() {
        QFETCH(QString, text);
        QFETCH(double, ns);
        const auto v = kix::parseDurationNs(text);
        QVERIFY(v);
        QVERIFY2(qAbs(*v - ns) < 1e-9 * ns, qPrintable(QString::number(*v)));
    }
    void notDurations() {
        for (const char* text : {"", "ms", "8 ks", "8  ms", "-8 ns", "8.ms", ".5 ms", "8e3 ns", "8 MS"})
            QVERIFY2(!kix::parseDurationNs(QString::fromUtf8(text)), text);
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
        QCOMPARE(*c.latencyNs.min, 58000.0);
        QCOMPARE(*c.effectiveSpeedup(), 500000.0 / 60000.0);
        QCOMPARE(c.errors.first().output, QStringLiteral("grad_weight"));
        QCOMPARE(*c.errors.first().passed, true);
    }

    // The raw samples of a case: every launch by its timer, and by CUPTI where it could time them.
    void perCaseSamples() {
        const QByteArray cases =
            R"([{"id": "c1", "latencyNs": {"mean": 3}, "timer": "cuda_events", "samplesNs": [2, 3, 4.5],
                 "cupti": {"latencyNs": {"median": 2}, "samplesNs": [1, 2, 3]}},
                {"id": "c2", "latencyNs": {"mean": 3}, "cupti": {"unavailable": "no CUPTI"}}])";
        const auto m = kix::parseManifest(edited(seedJson(), QStringLiteral("/run/spec/cases"), cases),
                                          QStringLiteral("t.json"));
        QVERIFY2(!m->hasErrors(), qPrintable(m->problems.value(0).toString()));
        const auto& c1 = m->runSpec.cases[0];
        QCOMPARE(c1.timer, QStringLiteral("cuda_events"));
        QCOMPARE(c1.samplesNs, (std::vector<double>{2, 3, 4.5}));
        QCOMPARE(c1.cuptiSamplesNs, (std::vector<double>{1, 2, 3}));
        const auto& c2 = m->runSpec.cases[1];
        QVERIFY(c2.timer.isEmpty() && c2.samplesNs.empty() && c2.cuptiSamplesNs.empty());
    }

    // The bundled kix runs carry every timed launch in their raw-samples file (CUDA events, the protocol's
    // timer; these runs predate CUPTI), as many per case as its statistics count.
    void bundledRunCarriesSamples() {
        const auto m = kix::loadManifestFile(kixtest::repoPath(
            QStringLiteral("resources/samples/kix/kix-run-20261204T053602Z-nvidia-h200.manifest.json")));
        QVERIFY2(!m->hasErrors(), qPrintable(m->problems.value(0).toString()));
        QCOMPARE(m->protocolSpec.timer, QStringLiteral("cuda_events"));
        QCOMPARE(m->runSpec.cases.size(), 16);
        for (const auto& c : m->runSpec.cases) {
            QCOMPARE(qint64(c.samplesNs.size()), *c.latencyNs.samples);
            QVERIFY(c.samplesNs.size() >= 50);
            QVERIFY(c.cuptiSamplesNs.empty() && c.timer.isEmpty());
        }
    }

    // The raw view shows the bundle as JSON; metadata is kept though the digest leaves it out.
    void rawTextKeepsMetadata() {
        const auto m = kix::loadManifestFile(kixtest::seedPath());
        QVERIFY(m->rawText.contains("\"externalId\": \"14917\""));
        QVERIFY(m->rawText.contains("\"title\": \"ac4k"));
    }
};

KIX_TEST_GUILESS_MAIN(TestManifestParser)
#include "tst_manifest_parser.moc"
