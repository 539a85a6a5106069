// "KernelIndex would reject this": valid resources of the 13 kinds (fixtures written here) give no finding,
// every rule has a fixture that breaks exactly it, with the exact finding, and where ../shared has them,
// KernelIndex's 17 examples give the verdicts their comments state.
#include "TestMain.h"
#include "UpstreamCheck.h"

#include "JsonReader.h"
#include "KernelIndexFixtures.h"
#include "LineSource.h"
#include "SharedData.h"
#include "YamlReader.h"

#include <QDir>
#include <QTest>

namespace {

using kix::Json;

// (URLs in the raw JSON below are written https:\/\/ so that moc, which reads this file, never sees a
// comment.)
Json baseRun() {
    return Json::parse(R"({
      "apiVersion": "kernelindex.dev/v1alpha1", "kind": "BenchmarkRun",
      "metadata": {"name": "run-1", "title": "A run", "labels": {"suite": "x"},
                   "sourceRefs": [{"url": "https:\/\/example.com/runs/1"}]},
      "spec": {
        "implementationDigest": "sha256:4444444444444444444444444444444444444444444444444444444444444444",
        "workloadDigest": "sha256:1111111111111111111111111111111111111111111111111111111111111111",
        "protocolDigest": "sha256:2222222222222222222222222222222222222222222222222222222222222222",
        "environmentDigest": "sha256:3333333333333333333333333333333333333333333333333333333333333333",
        "status": "passed",
        "correctness": {"comparator": "elementwise_close", "matchedRatio": 1.0},
        "timing": {"primaryStatistic": "median", "samples": 200,
                   "latencyNs": {"median": 8120, "p95": "8.2 us", "confidence95": [8095, 8151]}},
        "measurements": [{"metric": "latency", "unit": "ns", "statistic": "median", "value": 8120}],
        "sourceNative": {"source": "gpu-mode", "metrics": {"score": 1.5}},
        "evidence": {"harness": {"repository": "https:\/\/example.com/h", "commit": "0123456789abcdef0123456789abcdef01234567"}},
        "observedAt": "2026-08-01T12:00:00Z"}})");
}

Json baseOperation() {
    return Json::parse(R"({
      "apiVersion": "kernelindex.dev/v1alpha1", "kind": "OperationSpec", "metadata": {"name": "op"},
      "spec": {"family": "rmsnorm",
               "axes": {"tokens": {"role": "variable", "type": "integer", "minimum": 1},
                        "hidden": {"role": "constant", "type": "integer", "value": 4096},
                        "half": {"role": "derived", "type": "integer", "expression": "hidden / 2"}},
               "inputs": [{"name": "input", "tensor": {"shape": ["tokens", "hidden"], "dtype": "bf16", "layout": "row_major"}},
                          {"name": "epsilon", "scalar": {"dtype": "fp32"}}],
               "outputs": [{"name": "output", "tensor": {"shape": ["tokens", 4096], "dtype": "bf16"}}],
               "semantics": {"mutation": "none", "determinism": "deterministic"}}})");
}

Json baseServingRun() {
    return Json::parse(R"({
      "apiVersion": "kernelindex.dev/v1alpha1", "kind": "ServingRun", "metadata": {"name": "serve"},
      "spec": {"modelDigest": "sha256:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
               "configurationDigest": "sha256:bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
               "workloadDigest": "sha256:cccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccc",
               "topology": {"acceleratorModel": "B200", "acceleratorsPerNode": 2, "nodeCount": 1},
               "harness": {"name": "loadgen", "version": "1"}, "qualityPolicy": "exact_model", "status": "valid",
               "measurements": [{"metric": "ttft_ms", "unit": "ms", "statistic": "p99", "value": 1480}],
               "sourceNative": {"source": "mlperf", "benchmark": "b", "scenario": "server", "division": "closed",
                                "category": "available", "externalId": "1", "metrics": {"note": "text", "n": 3}},
               "observedAt": "2026-08-01T12:00:00.5Z"}})");
}

QStringList findings(const Json& resource, qint64 bytes = 1000, const QString& path = QString()) {
    QStringList out;
    for (const kix::Problem& p :
         kix::checkUpstreamAcceptance(resource, QStringLiteral("m.json"), path, bytes)) {
        if (p.severity != kix::Problem::Severity::Warning || p.file != QStringLiteral("m.json"))
            return {QStringLiteral("not a located warning: ") + p.toString()};
        out.append(p.code + u' ' + p.path + QStringLiteral(": ") + p.message);
    }
    return out;
}

// KernelIndex's examples: YAML in examples/, JSON in examples-json/ (this suite links no reader of
// sources, which would pick the format by the suffix the same way).
kix::JsonReadResult readExample(const QString& path) {
    return path.endsWith(QStringLiteral(".yaml")) ? kix::readYamlFile(path) : kix::readJsonFile(path);
}

// Applies "set" (value given) or "remove" (value empty) at a JSON pointer.
Json edited(Json doc, const char* pointer, const char* value) {
    const Json::json_pointer p{std::string(pointer)};
    if (!value)
        doc[p.parent_pointer()].erase(p.back());
    else
        doc[p] = Json::parse(value);
    return doc;
}

} // namespace

class TestUpstreamCheck : public QObject {
    Q_OBJECT
private slots:
    void fixturesAreAccepted() {
        QCOMPARE(findings(baseRun()), QStringList());
        QCOMPARE(findings(baseOperation()), QStringList());
        QCOMPARE(findings(baseServingRun()), QStringList());
    }

    // One edit of a valid fixture, and the one finding it must give.
    void rules_data() {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("value"); // JSON; empty removes the member
        QTest::addColumn<QString>("expected");
        auto row = [](const char* name, const char* fixture, const char* pointer, const char* value,
                      const char* expected) {
            QTest::newRow(name) << QString::fromLatin1(fixture) << QString::fromLatin1(pointer)
                                << (value ? QString::fromUtf8(value) : QString())
                                << QString::fromUtf8(expected);
        };
        row("unknown top-level member", "run", "/extra", "1",
            "upstream.unknown_member extra: KernelIndex does not allow the member \"extra\" here (allowed: "
            "apiVersion, "
            "kind, metadata, spec)");
        row("unknown spec member", "run", "/spec/popularity", "9001",
            "upstream.unknown_member spec.popularity: KernelIndex does not allow the member \"popularity\" "
            "here "
            "(allowed: implementationDigest, workloadDigest, protocolDigest, environmentDigest, status, "
            "correctness, "
            "timing, measurements, sourceNative, evidence, observedAt)");
        row("unknown metadata member", "run", "/metadata/owner", "\"me\"",
            "upstream.unknown_member metadata.owner: KernelIndex does not allow the member \"owner\" here "
            "(allowed: "
            "name, title, description, labels, authors, sourceRefs)");
        row("missing spec", "run", "/spec", nullptr,
            "upstream.required spec: KernelIndex requires this member");
        row("missing metadata.name", "run", "/metadata/name", nullptr,
            "upstream.required metadata.name: KernelIndex requires this member");
        row("missing status", "run", "/spec/status", nullptr,
            "upstream.required spec.status: KernelIndex requires this member");
        row("api version", "run", "/apiVersion", "\"kernelindex.dev/v1\"",
            "upstream.api_version apiVersion: KernelIndex expects \"kernelindex.dev/v1alpha1\", found "
            "\"kernelindex.dev/v1\"");
        row("unknown kind", "run", "/kind", "\"BenchmarkResult\"",
            "upstream.unknown_kind kind: KernelIndex knows no kind \"BenchmarkResult\" (its kinds: "
            "OperationSpec, "
            "WorkloadCase, WorkloadSuite, SoftwareProject, ImplementationRevision, BenchmarkProtocol, "
            "ExecutionEnvironment, BenchmarkRun, ModelRevision, ServingStackRevision, ServingConfiguration, "
            "ServingWorkload, ServingRun)");
        row("name pattern", "run", "/metadata/name", "\"My Run\"",
            "upstream.name metadata.name: KernelIndex expects a lowercase name (^[a-z0-9][a-z0-9._-]*$), "
            "found \"My Run\"");
        row("name starting with a dot", "run", "/metadata/name", "\".run\"",
            "upstream.name metadata.name: KernelIndex expects a lowercase name (^[a-z0-9][a-z0-9._-]*$), "
            "found \".run\"");
        row("title too long", "run", "/metadata/title", ("\"" + std::string(201, 't') + "\"").c_str(),
            "upstream.too_long metadata.title: KernelIndex allows at most 200 characters here, found 201");
        row("label key", "run", "/metadata/labels/Suite", "\"x\"",
            "upstream.key metadata.labels.Suite: KernelIndex expects each key here to be a lowercase token "
            "(^[a-z][a-z0-9_]*$), found \"Suite\"");
        row("label value type", "run", "/metadata/labels/suite", "3",
            "upstream.type metadata.labels.suite: KernelIndex expects a string here, not a number");
        row("http source ref", "run", "/metadata/sourceRefs/0/url", "\"http://example.com\"",
            "upstream.https_url metadata.sourceRefs[0].url: KernelIndex expects an https URL, found "
            "\"http://example.com\"");
        row("status enum", "run", "/spec/status", "\"great\"",
            "upstream.enum spec.status: \"great\" is not one of KernelIndex's run statuses: passed, "
            "incorrect_shape, "
            "incorrect_dtype, incorrect_numerical, compile_error, runtime_error, timeout, resource_exceeded, "
            "invalid_reference, policy_violation, suspected_reward_hack, incomplete_evidence, revoked");
        row("observedAt with an offset", "run", "/spec/observedAt", "\"2026-08-01T12:00:00+02:00\"",
            "upstream.utc_instant spec.observedAt: KernelIndex expects a UTC instant such as "
            "2026-08-01T12:00:00Z (RFC "
            "3339 ending in Z, no offset), found \"2026-08-01T12:00:00+02:00\"");
        row("observedAt a date", "run", "/spec/observedAt", "\"2026-08-01\"",
            "upstream.utc_instant spec.observedAt: KernelIndex expects a UTC instant such as "
            "2026-08-01T12:00:00Z (RFC "
            "3339 ending in Z, no offset), found \"2026-08-01\"");
        row("uppercase digest", "run", "/spec/workloadDigest",
            "\"sha256:ABCDEF0000000000000000000000000000000000000000000000000000000000\"",
            "upstream.digest spec.workloadDigest: KernelIndex expects a digest sha256:<64 lowercase hex>, "
            "found "
            "\"sha256:ABCDEF00000000000000000000000000000000000000000000000…\"");
        row("md5 digest", "run", "/spec/protocolDigest", "\"md5:abc123\"",
            "upstream.digest spec.protocolDigest: KernelIndex expects a digest sha256:<64 lowercase hex>, "
            "found \"md5:abc123\"");
        row("ratio above 1", "run", "/spec/correctness/matchedRatio", "1.5",
            "upstream.range spec.correctness.matchedRatio: KernelIndex expects a ratio from 0 to 1 here, "
            "found 1.5");
        row("negative error", "run", "/spec/correctness/maximumAbsoluteError", "-0.1",
            "upstream.range spec.correctness.maximumAbsoluteError: KernelIndex expects a number of at least "
            "0 here, found -0.1");
        row("comparator token", "run", "/spec/correctness/comparator", "\"Close\"",
            "upstream.pattern spec.correctness.comparator: KernelIndex expects a lowercase token "
            "(^[a-z][a-z0-9_]*$), "
            "found \"Close\"");
        row("fractional samples", "run", "/spec/timing/samples", "1.5",
            "upstream.integer spec.timing.samples: KernelIndex expects an integer here, found 1.5");
        row("zero samples", "run", "/spec/timing/samples", "0",
            "upstream.range spec.timing.samples: KernelIndex expects an integer above 0 here, found 0");
        row("unsafe integer", "run", "/spec/timing/samples", "9007199254740992",
            "upstream.integer spec.timing.samples: KernelIndex expects an integer from -9007199254740991 to "
            "9007199254740991 (a safe JavaScript integer), found 9007199254740992");
        row("samples as text", "run", "/spec/timing/samples", "\"200\"",
            "upstream.type spec.timing.samples: KernelIndex expects an integer here, not a string");
        row("timing null", "run", "/spec/timing", "null",
            "upstream.type spec.timing: KernelIndex expects an object here, not null");
        row("no central latency", "run", "/spec/timing/latencyNs", "{\"p95\": 9000}",
            "upstream.latency_central spec.timing.latencyNs: KernelIndex requires a median or a mean "
            "latency");
        row("negative latency", "run", "/spec/timing/latencyNs/median", "-5",
            "upstream.range spec.timing.latencyNs.median: KernelIndex expects an integer of at least 0 here, "
            "found -5");
        row("fractional latency", "run", "/spec/timing/latencyNs/median", "8120.5",
            "upstream.integer spec.timing.latencyNs.median: KernelIndex expects an integer here, found "
            "8120.5");
        row("latency text", "run", "/spec/timing/latencyNs/median", "\"fast\"",
            "upstream.duration spec.timing.latencyNs.median: KernelIndex expects an integer count of "
            "nanoseconds or a "
            "duration such as \"0.008 ms\" (units ns, us, µs, ms, s), found \"fast\"");
        row("ambiguous latency", "run", "/spec/timing/latencyNs/median", "\"0.0000005 ms\"",
            "upstream.ambiguous_duration spec.timing.latencyNs.median: \"0.0000005 ms\" is 0.5 ns, not a "
            "whole "
            "number of nanoseconds: KernelIndex rejects this duration as ambiguous");
        row("double arithmetic misses a whole number", "run", "/spec/timing/latencyNs/median", "\"8.12 us\"",
            "upstream.ambiguous_duration spec.timing.latencyNs.median: \"8.12 us\" is 8119.999999999999 ns, "
            "not a "
            "whole number of nanoseconds: KernelIndex rejects this duration as ambiguous");
        row("latency boolean", "run", "/spec/timing/latencyNs/median", "true",
            "upstream.type spec.timing.latencyNs.median: KernelIndex expects an integer count of nanoseconds "
            "or a "
            "duration string such as \"0.008 ms\" here, not a boolean");
        row("unknown statistic", "run", "/spec/timing/latencyNs/p99", "9000",
            "upstream.unknown_member spec.timing.latencyNs.p99: KernelIndex does not allow the member "
            "\"p99\" here "
            "(allowed: median, mean, p05, p95, minimum, maximum, mad, confidence95)");
        row("interval of one", "run", "/spec/timing/latencyNs/confidence95", "[8095]",
            "upstream.items spec.timing.latencyNs.confidence95: KernelIndex expects exactly 2 items here, "
            "found 1");
        row("interval of three", "run", "/spec/timing/latencyNs/confidence95", "[1, 2, 3]",
            "upstream.items spec.timing.latencyNs.confidence95: KernelIndex expects exactly 2 items here, "
            "found 3");
        row("measurement without value", "run", "/spec/measurements/0/value", nullptr,
            "upstream.required spec.measurements[0].value: KernelIndex requires this member");
        row("measurement value text", "run", "/spec/measurements/0/value", "\"8120\"",
            "upstream.type spec.measurements[0].value: KernelIndex expects a number here, not a string");
        row("short commit", "run", "/spec/evidence/harness/commit", "\"abc123\"",
            "upstream.commit spec.evidence.harness.commit: KernelIndex expects a full lowercase git commit "
            "(40 hex "
            "digits), found \"abc123\"");
        row("source slug", "run", "/spec/sourceNative/source", "\"GPU_MODE\"",
            "upstream.pattern spec.sourceNative.source: KernelIndex expects a lowercase kebab-case slug "
            "(^[a-z0-9][a-z0-9-]*$), found \"GPU_MODE\"");
        row("source metric text", "run", "/spec/sourceNative/metrics/score", "\"1.5\"",
            "upstream.type spec.sourceNative.metrics.score: KernelIndex expects a number here, not a string");
        row("measurements not a list", "run", "/spec/measurements", "{}",
            "upstream.type spec.measurements: KernelIndex expects an array here, not an object");
        row("constant axis without value", "op", "/spec/axes/hidden/value", nullptr,
            "upstream.constant_axis spec.axes.hidden: KernelIndex requires a value for a constant axis");
        row("derived axis without expression", "op", "/spec/axes/half/expression", nullptr,
            "upstream.derived_axis spec.axes.half: KernelIndex requires an expression for a derived axis");
        row("axis expression", "op", "/spec/axes/half/expression", "\"hidden ^ 2\"",
            "upstream.pattern spec.axes.half.expression: KernelIndex expects an expression of integers, axis "
            "names, + - "
            "* %, floor division / and parentheses (^[a-z0-9_+\\-*%/() ]+$), found \"hidden ^ 2\"");
        row("axis role", "op", "/spec/axes/tokens/role", "\"free\"",
            "upstream.enum spec.axes.tokens.role: \"free\" is not one of KernelIndex's axis roles: variable, "
            "constant, derived");
        row("axis type", "op", "/spec/axes/tokens/type", "\"float\"",
            "upstream.const spec.axes.tokens.type: KernelIndex expects \"integer\" here, found \"float\"");
        row("axis name", "op", "/spec/axes/Tokens", "{\"role\": \"variable\", \"type\": \"integer\"}",
            "upstream.key spec.axes.Tokens: KernelIndex expects each key here to be a lowercase token "
            "(^[a-z][a-z0-9_]*$), found \"Tokens\"");
        row("tensor and scalar", "op", "/spec/inputs/1/tensor", "{\"shape\": [1], \"dtype\": \"fp32\"}",
            "upstream.argument spec.inputs[1]: KernelIndex expects an argument to be exactly one of tensor "
            "or scalar");
        row("neither tensor nor scalar", "op", "/spec/inputs/1/scalar", nullptr,
            "upstream.argument spec.inputs[1]: KernelIndex expects an argument to be exactly one of tensor "
            "or scalar");
        row("no inputs", "op", "/spec/inputs", "[]",
            "upstream.items spec.inputs: KernelIndex requires at least 1 item here, found 0");
        row("shape axis name", "op", "/spec/inputs/0/tensor/shape/0", "\"Tokens\"",
            "upstream.pattern spec.inputs[0].tensor.shape[0]: KernelIndex expects an axis name "
            "(^[a-z][a-z0-9_]*$) or "
            "a non-negative integer, found \"Tokens\"");
        row("negative dimension", "op", "/spec/outputs/0/tensor/shape/1", "-1",
            "upstream.range spec.outputs[0].tensor.shape[1]: KernelIndex expects an integer of at least 0 "
            "here, found -1");
        row("layout", "op", "/spec/inputs/0/tensor/layout", "\"tiled\"",
            "upstream.enum spec.inputs[0].tensor.layout: \"tiled\" is not one of KernelIndex's layouts: "
            "row_major, "
            "col_major, contiguous, strided");
        row("family slug", "op", "/spec/family", "\"rms_norm\"",
            "upstream.pattern spec.family: KernelIndex expects a lowercase kebab-case slug "
            "(^[a-z0-9][a-z0-9-]*$), "
            "found \"rms_norm\"");
        row("serving status", "serve", "/spec/status", "\"passed\"",
            "upstream.enum spec.status: \"passed\" is not one of KernelIndex's serving run statuses: valid, "
            "invalid, "
            "incomplete_evidence");
        row("no serving measurements", "serve", "/spec/measurements", "[]",
            "upstream.items spec.measurements: KernelIndex requires at least 1 item here, found 0");
        row("too many caveats", "serve", "/spec/caveats",
            "[\"a\",\"b\",\"c\",\"d\",\"e\",\"f\",\"g\",\"h\",\"i\",\"j\",\"k\",\"l\",\"m\",\"n\",\"o\","
            "\"p\",\"q\"]",
            "upstream.items spec.caveats: KernelIndex allows at most 16 items here, found 17");
        row("serving metric object", "serve", "/spec/sourceNative/metrics/n", "{}",
            "upstream.type spec.sourceNative.metrics.n: KernelIndex expects a number or a string here, not "
            "an object");
        row("serving metric text too long", "serve", "/spec/sourceNative/metrics/note",
            ("\"" + std::string(501, 'x') + "\"").c_str(),
            "upstream.too_long spec.sourceNative.metrics.note: KernelIndex allows at most 500 characters "
            "here, found 501");
        row("serving harness name", "serve", "/spec/harness/name", "\"LoadGen\"",
            "upstream.pattern spec.harness.name: KernelIndex expects a lowercase token (^[a-z][a-z0-9_]*$), "
            "found \"LoadGen\"");
        row("observedAt lowercase z", "serve", "/spec/observedAt", "\"2026-08-01T12:00:00z\"",
            "upstream.utc_instant spec.observedAt: KernelIndex expects a UTC instant such as "
            "2026-08-01T12:00:00Z (RFC "
            "3339 ending in Z, no offset), found \"2026-08-01T12:00:00z\"");
    }
    void rules() {
        QFETCH(QString, fixture);
        QFETCH(QString, pointer);
        QFETCH(QString, value);
        QFETCH(QString, expected);
        const Json base = fixture == u"run"  ? baseRun()
                          : fixture == u"op" ? baseOperation()
                                             : baseServingRun();
        const std::string v = value.toStdString();
        const Json doc = edited(base, pointer.toLatin1().constData(), value.isEmpty() ? nullptr : v.c_str());
        QCOMPARE(findings(doc), QStringList{expected});
    }

    // Accepted by KernelIndex, so no finding: the edges of each rule on the accepting side.
    void accepted_data() {
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("value");
        auto row = [](const char* name, const char* pointer, const char* value) {
            QTest::newRow(name) << QString::fromLatin1(pointer) << QString::fromUtf8(value);
        };
        row("integral float for an integer", "/spec/timing/samples", "200.0");
        row("exponent integer", "/spec/timing/samples", "2e2");
        row("largest safe integer", "/spec/timing/samples", "9007199254740991");
        row("ratio 0", "/spec/correctness/matchedRatio", "0");
        row("ratio 1", "/spec/correctness/matchedRatio", "1");
        row("mean instead of median", "/spec/timing/latencyNs", "{\"mean\": 100}");
        row("duration string", "/spec/timing/latencyNs/median", "\"8.5 us\"");
        row("observedAt without seconds", "/spec/observedAt", "\"2026-08-01T12:00Z\"");
        row("observedAt with nanoseconds", "/spec/observedAt", "\"2026-08-01T12:00:00.123456789Z\"");
        row("leap day", "/spec/observedAt", "\"2024-02-29T00:00:00Z\"");
        row("title of 100 astral characters (200 UTF-16 units)", "/metadata/title",
            "null"); // value made below
        row("https upper case", "/metadata/sourceRefs/0/url", "\"HTTPS://Example.COM/a\"");
        row("https without slashes", "/metadata/sourceRefs/0/url", "\"https:example.com\"");
        row("https with port and user", "/metadata/sourceRefs/0/url",
            "\"https://user:pw@example.com:8443/x?q#f\"");
        row("https ipv4", "/metadata/sourceRefs/0/url", "\"https://192.168.0.1/\"");
        row("https ipv6", "/metadata/sourceRefs/0/url", "\"https://[::1]:443/\"");
        row("https with three slashes (WHATWG)", "/metadata/sourceRefs/0/url", "\"https:///path\"");
        row("https percent-encoded host", "/metadata/sourceRefs/0/url", "\"https://x%41y/\"");
        row("https backslashes", "/metadata/sourceRefs/0/url", "\"https:\\\\\\\\x.com\"");
        row("https hex ipv4", "/metadata/sourceRefs/0/url", "\"https://0x7f.1/\"");
        row("name with dots", "/metadata/name", "\"run.v1_2-3\"");
        row("name of 200", "/metadata/name", ("\"" + std::string(200, 'a') + "\"").c_str());
        row("unknown-free empty labels", "/metadata/labels", "{}");
        row("empty measurements", "/spec/measurements", "[]");
    }
    void accepted() {
        QFETCH(QString, pointer);
        QFETCH(QString, value);
        std::string v = value.toStdString();
        if (QString::fromLatin1(QTest::currentDataTag()).startsWith(QStringLiteral("title of 100 astral"))) {
            std::string grin;
            for (int i = 0; i < 100; ++i)
                grin += "\xF0\x9F\x98\x80";
            v = "\"" + grin + "\"";
        }
        QCOMPARE(findings(edited(baseRun(), pointer.toLatin1().constData(), v.c_str())), QStringList());
    }

    void astralCharactersCountTwice() {
        std::string title;
        for (int i = 0; i < 101; ++i)
            title += "\xF0\x9F\x98\x80";
        Json doc = baseRun();
        doc["metadata"]["title"] = title;
        QCOMPARE(findings(doc), QStringList{QStringLiteral("upstream.too_long metadata.title: KernelIndex "
                                                           "allows at most 200 characters here, found 202")});
    }

    void httpsRejected_data() {
        QTest::addColumn<QString>("url");
        QTest::newRow("http") << QStringLiteral("http://example.com");
        QTest::newRow("ftp") << QStringLiteral("ftp://example.com");
        QTest::newRow("no host") << QStringLiteral("https://");
        QTest::newRow("percent-encoded space in host") << QStringLiteral("https://ex%20ample.com/");
        QTest::newRow("a number past IPv4") << QStringLiteral("https://999999999999/");
        QTest::newRow("space in host") << QStringLiteral("https://exa mple.com/");
        QTest::newRow("bad port") << QStringLiteral("https://example.com:99999/");
        QTest::newRow("port not a number") << QStringLiteral("https://example.com:http/");
        QTest::newRow("ipv4 out of range") << QStringLiteral("https://1.2.3.999/");
        QTest::newRow("relative") << QStringLiteral("/runs/1");
        QTest::newRow("empty") << QString();
    }
    void httpsRejected() {
        QFETCH(QString, url);
        Json doc = baseRun();
        doc["metadata"]["sourceRefs"][0]["url"] = url.toStdString();
        const QStringList f = findings(doc);
        QCOMPARE(f.size(), 1);
        QVERIFY2(f.first().startsWith(QStringLiteral("upstream.https_url metadata.sourceRefs[0].url: ")),
                 qPrintable(f.first()));
    }

    void documentSize() {
        QCOMPARE(findings(baseRun(), 1048576), QStringList());
        QCOMPARE(findings(baseRun(), 1048577),
                 QStringList{
                     QStringLiteral("upstream.too_large : the document is 1048577 bytes: KernelIndex rejects "
                                    "manifests over 1048576 bytes (1 MiB)")});
        QCOMPARE(findings(baseRun(), 0), QStringList());
        QCOMPARE(findings(baseRun(), -1), QStringList());
    }

    void notAnObject() {
        QCOMPARE(findings(Json::array()),
                 QStringList{QStringLiteral(
                     "upstream.not_object : KernelIndex expects a manifest object, not an array")});
        QCOMPARE(findings(Json::parse(R"({"apiVersion": "kernelindex.dev/v1alpha1"})")),
                 QStringList{QStringLiteral(
                     "upstream.unknown_kind kind: KernelIndex requires a kind, one of OperationSpec, "
                     "WorkloadCase, WorkloadSuite, SoftwareProject, ImplementationRevision, "
                     "BenchmarkProtocol, ExecutionEnvironment, BenchmarkRun, ModelRevision, "
                     "ServingStackRevision, ServingConfiguration, ServingWorkload, ServingRun")});
    }

    // Findings sit below the resource's own path in a bundle.
    void locatedInABundle() {
        Json run = baseRun();
        run["spec"]["status"] = "great";
        const auto p =
            kix::checkUpstreamAcceptance(run, QStringLiteral("b.json"), QStringLiteral("run"), 100);
        QCOMPARE(p.size(), 1);
        QCOMPARE(p.first().path, QStringLiteral("run.spec.status"));
        QCOMPARE(p.first().code, QStringLiteral("upstream.enum"));
    }

    void manyFindingsAtOnce() {
        Json run = baseRun();
        run["spec"]["status"] = "great";
        run["spec"]["extra"] = 1;
        run["spec"].erase("observedAt");
        run["metadata"]["name"] = "X";
        const QStringList f = findings(run);
        QCOMPARE(f.size(), 4);
        QVERIFY(f[0].startsWith(QStringLiteral("upstream.name metadata.name")));
        QVERIFY(f[1].startsWith(QStringLiteral("upstream.unknown_member spec.extra")));
        QVERIFY(f[2].startsWith(QStringLiteral("upstream.enum spec.status")));
        QVERIFY(f[3].startsWith(QStringLiteral("upstream.required spec.observedAt")));
    }

    // Valid resources of the 13 kinds written here, read from YAML and from their JSON twins, and a bundle
    // of three of them: no finding. (The same on KernelIndex's own examples below, where ../shared is.)
    void validFixtures_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<bool>("yaml");
        for (const kixfix::KindFixture& f : kixfix::validKindFixtures()) {
            QTest::newRow(qPrintable(QStringLiteral("%1.yaml").arg(QLatin1String(f.kind)))) << f.yaml << true;
            QTest::newRow(qPrintable(QStringLiteral("%1.json").arg(QLatin1String(f.kind))))
                << f.json << false;
        }
    }
    void validFixtures() {
        QFETCH(QByteArray, text);
        QFETCH(bool, yaml);
        const auto r = yaml ? kix::parseYaml(text, QStringLiteral("f.yaml"))
                            : kix::parseJson(text, QStringLiteral("f.json"));
        QVERIFY2(r.value, qPrintable(r.error.toString()));
        QCOMPARE(findings(*r.value, text.size()), QStringList());
    }
    void validFixtureBundle() {
        Json bundle;
        for (const kixfix::KindFixture& f : kixfix::validKindFixtures()) {
            const Json resource = Json::parse(f.json.toStdString());
            const QLatin1String kind(f.kind);
            if (kind == QLatin1String("BenchmarkRun"))
                bundle["run"] = resource;
            else if (kind == QLatin1String("BenchmarkProtocol"))
                bundle["protocol"] = resource;
            else if (kind == QLatin1String("ExecutionEnvironment"))
                bundle["environment"] = resource;
        }
        QCOMPARE(bundle.size(), std::size_t(3));
        QStringList shown;
        for (const char* part : {"run", "protocol", "environment"})
            shown += findings(bundle.at(part), qint64(bundle.dump().size()), QString::fromLatin1(part));
        QCOMPARE(shown, QStringList());
        QCOMPARE(kixfix::validKindFixtures().size(), 13);
    }

    // KernelIndex's 13 valid examples (YAML and their JSON twins) and its example bundle give no finding.
    // Without ../shared the data function adds no row, and the test skips with the reason.
    void validExamples_data() {
        QTest::addColumn<QString>("path");
        const QString yaml = kixtest::sharedPath(QStringLiteral("kernelindex/examples"));
        const QString json = kixtest::sharedPath(QStringLiteral("kernelindex/examples-json"));
        if (yaml.isEmpty() || json.isEmpty())
            return;
        for (const QString& f : QDir(yaml).entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name))
            QTest::newRow(qPrintable(f)) << QDir(yaml).filePath(f);
        for (const QString& f : QDir(json).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
            QTest::newRow(qPrintable(f)) << QDir(json).filePath(f);
    }
    void validExamples() {
        KIX_SKIP_WITHOUT_SHARED(QStringLiteral("kernelindex/examples"));
        KIX_SKIP_WITHOUT_SHARED(QStringLiteral("kernelindex/examples-json"));
        QFETCH(QString, path);
        const auto r = readExample(path);
        QVERIFY2(r.value, qPrintable(r.error.toString()));
        const qint64 bytes = QFileInfo(path).size();
        kix::Problems all;
        if (path.endsWith(QStringLiteral("example-bundle.json"))) {
            for (const char* part : {"run", "protocol", "environment"})
                all +=
                    kix::checkUpstreamAcceptance(r.value->at(part), path, QString::fromLatin1(part), bytes);
        } else {
            all = kix::checkUpstreamAcceptance(*r.value, path, QString(), bytes);
        }
        QStringList shown;
        for (const auto& p : all)
            shown.append(p.toString());
        QCOMPARE(shown, QStringList());
    }
    void exampleCounts() {
        KIX_REQUIRE_SHARED(examples, QStringLiteral("kernelindex/examples"));
        const QDir dir(examples);
        QCOMPARE(dir.entryList({QStringLiteral("*.yaml")}, QDir::Files).size(), 13);
        QCOMPARE(QDir(dir.filePath(QStringLiteral("invalid"))).entryList(QDir::Files).size(), 4);
    }

    // The 4 invalid examples, YAML and JSON: each refused for the reason its comment gives.
    void invalidExamples_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("expected");
        QTest::newRow("ambiguous-duration")
            << QStringLiteral("ambiguous-duration")
            << QStringLiteral(
                   "upstream.ambiguous_duration spec.timing.latencyNs.median: \"0.0000005 ms\" is 0.5 ns, "
                   "not a whole number of nanoseconds: KernelIndex rejects this duration as ambiguous");
        QTest::newRow("bad-digest")
            << QStringLiteral("bad-digest")
            << QStringLiteral("upstream.digest spec.operationSpecDigest: KernelIndex expects a digest "
                              "sha256:<64 lowercase hex>, found \"md5:abc123\"");
        QTest::newRow("unknown-field")
            << QStringLiteral("unknown-field")
            << QStringLiteral("upstream.unknown_member spec.popularity: KernelIndex does not "
                              "allow the member \"popularity\" here (allowed: name, kind, "
                              "repository, homepage, host, packages)");
        QTest::newRow("duplicate-key")
            << QStringLiteral("duplicate-key") << QStringLiteral("duplicate_key spec.name");
    }
    void invalidExamples() {
        QFETCH(QString, name);
        QFETCH(QString, expected);
        KIX_REQUIRE_SHARED(yamlPath, QStringLiteral("kernelindex/examples/invalid/%1.yaml").arg(name));
        KIX_REQUIRE_SHARED(jsonPath, QStringLiteral("kernelindex/examples-json/invalid/%1.json").arg(name));
        for (const QString& path : {yamlPath, jsonPath}) {
            const auto r = readExample(path);
            if (name == u"duplicate-key") {
                // Refused by the reader itself, before any check: KernelIndex rejects it at parse time too.
                QVERIFY(!r.value);
                QCOMPARE(r.error.code.section(u'.', 1) + u' ' + r.error.path, expected);
                continue;
            }
            QVERIFY2(r.value, qPrintable(r.error.toString()));
            QStringList shown;
            for (const auto& p :
                 kix::checkUpstreamAcceptance(*r.value, path, QString(), QFileInfo(path).size()))
                shown.append(p.code + u' ' + p.path + QStringLiteral(": ") + p.message);
            QCOMPARE(shown, QStringList{expected});
        }
    }

    // Every resource of the public catalog was accepted by KernelIndex: no finding for any of them.
    void catalogAccepted() {
        KIX_REQUIRE_SHARED(folder, QStringLiteral("kernelindex"));
        const QDir dir(folder);
        const QStringList found = dir.entryList({QStringLiteral("catalog-*.jsonl.zst")}, QDir::Files);
        if (found.isEmpty())
            QSKIP(
                qPrintable(kixtest::sharedMissingReason(QStringLiteral("kernelindex/catalog-*.jsonl.zst"))));
        kix::LineSource source(dir.filePath(found.first()));
        QVERIFY(!source.open());
        kix::SourceLine line;
        int resources = 0;
        QStringList bad;
        auto check = [&](const Json& resource, qint64 number, const char* part) {
            ++resources;
            for (const auto& p : kix::checkUpstreamAcceptance(resource, QStringLiteral("catalog"),
                                                              QString::fromLatin1(part), -1))
                if (bad.size() < 10)
                    bad.append(QStringLiteral("line %1: ").arg(number) + p.toString());
        };
        while (source.next(line)) {
            const Json record = Json::parse(line.text.constData(), line.text.constData() + line.text.size());
            const std::string table = record.at("table").get<std::string>();
            const Json& row = record.at("row");
            if (table == "benchmark_runs") {
                for (const char* part : {"run", "protocol", "environment"})
                    check(row.at("manifest").at(part), line.number, part);
            } else if (row.contains("manifest") && row.at("manifest").is_object()) {
                check(row.at("manifest"), line.number, "");
            }
        }
        QCOMPARE(bad, QStringList());
        QCOMPARE(resources, 7857 * 3 + 449 + 5627 + 4250 + 588);
    }
};

KIX_TEST_GUILESS_MAIN(TestUpstreamCheck)
#include "tst_upstream_check.moc"
