// SOL-ExecBench traces JSONL → a KernelIndex-shaped set per solution: the mapping of every status,
// null fields, workload-only lines, medians, untimed references, NaN/Inf flags, timestamps without a
// zone and the harness version; the set read back through the record store with every digest and the
// raw-samples evidence verified; the OperationSpec's arguments from kix's problem file, or each one
// named as KernelIndex-invalid without it (issue 26); and the two real trace files in ../shared.
#include "Digest.h"
#include "ManifestSet.h"
#include "ProblemTexts.h"
#include "RunStore.h"
#include "TestMain.h"
#include "TestSupport.h"
#include "TraceImport.h"
#include "UpstreamCheck.h"
#include "Verification.h"

#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace kix;
using Json = nlohmann::json;

namespace {

Json document(const TraceImportResult& r, const QString& name) {
    const SetFile* f = r.files.find(name);
    if (!f)
        qFatal("no %s in the set", qPrintable(name));
    return Json::parse(f->bytes.toStdString());
}

QStringList fileNames(const TraceImportResult& r) {
    QStringList out;
    for (const auto& f : r.files.files())
        out << f.name;
    out.sort();
    return out;
}

// Writes the set, loads the folder and returns the store (every file read back as kix reads it).
struct Loaded {
    QTemporaryDir dir;
    RunStore store;
    ManifestPtr run(const QString& file) const {
        const int i = store.indexOfFile(dir.filePath(file));
        if (i < 0)
            qFatal("%s was not loaded as a run", qPrintable(file));
        return store.at(i);
    }
    void allVerified(const QString& file) const {
        const int i = store.indexOfFile(dir.filePath(file));
        const auto m = store.at(i);
        QVERIFY2(!m->hasErrors(), qPrintable(m->problems.value(0).toString()));
        const auto checks = store.verify(i);
        QCOMPARE(checks.size(), 4);
        for (const auto& c : checks)
            QVERIFY2(c.state == DigestCheck::State::Verified,
                     qPrintable(file + u' ' + c.field + u' ' + c.reason));
    }
};

// kix's problem file for 013 (resources/problems), read from the source tree once.
const ProblemDefinition& problem013() {
    static const ProblemDefinition d = [] {
        ProblemDefinitionRead read = readProblemDefinition(kixtest::repoPath(
            QStringLiteral("resources/problems/013-fused-residual-rms-norm-backward.json")));
        if (!read.definition)
            qFatal("the bundled problem file does not read");
        return *read.definition;
    }();
    return d;
}

TraceImportOptions withProblem013() {
    TraceImportOptions o;
    o.definitions << &problem013();
    return o;
}

// The trace.argument warnings of a definition without a problem file: one per input (at `line`), then the
// stand-in output.
QStringList argumentWarnings(const QString& file, qint64 line, const QString& definition,
                             const QStringList& inputs) {
    QStringList out;
    for (const QString& input : inputs)
        out << QStringLiteral("%1:%2: workload.inputs.%3: warning: input \"%3\" of definition \"%4\" has no "
                              "dtype or shape (the trace gives none, and kix has no problem definition of "
                              "\"%4\"): the OperationSpec lists it as neither a tensor nor a scalar, which "
                              "KernelIndex's parser rejects")
                   .arg(file)
                   .arg(line)
                   .arg(input, definition);
    out << QStringLiteral(
               "%1:%2: definition: warning: definition \"%3\" has no known output (the trace names "
               "none, and kix has no problem definition of it): the OperationSpec's stand-in "
               "output \"output\" is neither a tensor nor a scalar, which KernelIndex's parser "
               "rejects")
               .arg(file)
               .arg(line)
               .arg(definition);
    return out;
}

// kix's model of KernelIndex's rules (UpstreamCheck.h) on a written resource: the findings' codes and paths.
QStringList upstreamFindings(const Json& resource) {
    QStringList out;
    for (const Problem& p : checkUpstreamAcceptance(resource, QStringLiteral("f"), QString(), 0))
        out << QString(p.code + u' ' + p.path);
    return out;
}

std::unique_ptr<Loaded> load(const TraceImportResult& r) {
    auto out = std::make_unique<Loaded>();
    const SetWriteResult w = writeManifestSet(out->dir.path(), r.files, false);
    if (!w.ok())
        qFatal("%s", qPrintable(w.errors.join(u'\n')));
    out->store.add(RunStore::loadBlocking({out->dir.path()}));
    return out;
}

} // namespace

class TestTraceImport : public QObject {
    Q_OBJECT
private slots:
    void everyStatusAndField() {
        const QString file = kixtest::dataPath(QStringLiteral("traces/statuses.traces.jsonl"));
        const auto r = importTraceFile(file);
        QCOMPARE(
            kixtest::problemTexts(r.problems),
            (QStringList{
                 file +
                     QStringLiteral(":1: evaluation.timestamp: warning: 10 timestamp(s) without a zone "
                                    "(SOL-ExecBench writes local time): observedAt holds each as if it were "
                                    "UTC, and the runs' labels keep the text as given (--utc-offset states "
                                    "the zone)"),
                 file + QStringLiteral(":11: warning: skipped 1 workload-only line(s) (no evaluation), the "
                                       "first at line 11")} +
             argumentWarnings(file, 1, QStringLiteral("rmsnorm_h4096"),
                              {QStringLiteral("hidden_states"), QStringLiteral("weight")})));
        QCOMPARE(r.rejectedArguments, 3);
        QCOMPARE(r.traces, 10);
        QCOMPARE(r.workloadOnly, 1);
        QCOMPARE(r.solutions, (QStringList{"every_status", "untimed_reference"}));

        // One line per SOL-ExecBench status, each to KernelIndex's name; null correctness and performance
        // absent.
        const QStringList expected = {"passed",
                                      "invalid_reference",
                                      "incorrect_shape",
                                      "incorrect_numerical",
                                      "incorrect_dtype",
                                      "runtime_error",
                                      "compile_error",
                                      "timeout",
                                      "suspected_reward_hack"};
        for (int i = 0; i < expected.size(); ++i) {
            const Json b = document(
                r,
                QStringLiteral("every_status--00000000-0000-0000-0000-00000000000%1.manifest.json").arg(i));
            const Json& spec = b["run"]["spec"];
            QCOMPARE(QString::fromStdString(spec["status"].get<std::string>()), expected[i]);
            QCOMPARE(spec.contains("timing"), i == 0);
            QCOMPARE(spec.contains("correctness"), i == 0 || i == 3);
            QCOMPARE(QString::fromStdString(spec["observedAt"].get<std::string>()),
                     QStringLiteral("2026-07-06T10:00:0%1Z").arg(i));
            QCOMPARE(QString::fromStdString(
                         b["run"]["metadata"]["labels"]["observed_at_as_given"].get<std::string>()),
                     QStringLiteral("2026-07-06T10:00:0%1").arg(i));
        }
        // The median stays a median, in integer nanoseconds; a timed reference is kept as reported.
        const Json passed =
            document(r, QStringLiteral("every_status--00000000-0000-0000-0000-000000000000.manifest.json"));
        QCOMPARE(passed["run"]["spec"]["timing"].dump(),
                 std::string(R"({"latencyNs":{"median":8000},"primaryStatistic":"median"})"));
        QCOMPARE(passed["run"]["spec"]["sourceNative"]["metrics"].dump(),
                 std::string(R"({"latency_ms":0.008,"reference_latency_ms":0.019,"speedup_factor":2.375})"));
        QCOMPARE(
            passed["run"]["spec"]["correctness"].dump(),
            std::string(
                R"({"comparator":"sol_execbench_eval","maximumAbsoluteError":8.9e-06,"maximumRelativeError":1.15e-05})"));
        // NaN/Inf: the 0.0 errors SOL-ExecBench writes then are not shown as exact.
        const Json nan =
            document(r, QStringLiteral("every_status--00000000-0000-0000-0000-000000000003.manifest.json"));
        QCOMPARE(nan["run"]["spec"]["correctness"].dump(),
                 std::string(R"({"comparator":"sol_execbench_eval"})"));
        // The suite run: the first failing status, no suite value, the latest time.
        const Json suite = document(r, QStringLiteral("every_status.manifest.json"));
        QCOMPARE(suite["run"]["spec"]["status"].get<std::string>(), std::string("invalid_reference"));
        QVERIFY(!suite["run"]["spec"].contains("measurements"));
        QCOMPARE(suite["run"]["spec"]["observedAt"].get<std::string>(), std::string("2026-07-06T10:00:08Z"));
        // An untimed reference (0.0) is no reference and no speedup.
        const Json untimed = document(
            r, QStringLiteral("untimed_reference--00000000-0000-0000-0000-000000000010.manifest.json"));
        QCOMPARE(untimed["run"]["spec"]["sourceNative"]["metrics"].dump(),
                 std::string(R"({"latency_ms":0.15288000000000002})"));
        QCOMPARE(untimed["run"]["spec"]["timing"]["latencyNs"]["median"].get<qint64>(), qint64(152880));
        const Json untimedSuite = document(r, QStringLiteral("untimed_reference.manifest.json"));
        QCOMPARE(
            untimedSuite["run"]["spec"]["measurements"].dump(),
            std::string(
                R"([{"metric":"latency","sampleCount":1,"statistic":"geomean","unit":"ns","value":152880}])"));
        // Version unknown: the protocol says so, and its digest differs from any known version's.
        QCOMPARE(suite["protocol"]["spec"]["harness"]["version"].get<std::string>(), std::string("unknown"));
        QCOMPARE(suite["environment"]["spec"]["hardware"].dump(),
                 std::string(R"({"architecture":"sm_90","product":"NVIDIA H100","vendor":"nvidia"})"));

        // Read back as kix reads a folder: every digest verifies, the evidence fills the cases.
        auto loaded = load(r);
        loaded->allVerified(QStringLiteral("every_status.manifest.json"));
        loaded->allVerified(
            QStringLiteral("every_status--00000000-0000-0000-0000-000000000003.manifest.json"));
        const auto m = loaded->run(QStringLiteral("every_status.manifest.json"));
        QCOMPARE(m->runSpec.cases.size(), 9);
        const CaseResult& p = m->runSpec.cases[0];
        QCOMPARE(*p.latencyNs.median, 8000.0);
        QVERIFY(!p.latencyNs.mean);
        QCOMPARE(*p.referenceLatencyNs.median, 19000.0);
        QCOMPARE(*p.speedup, 2.375);
        QCOMPARE(p.namedLatency(QStringLiteral("mean"))->first, QStringLiteral("median"));
        const CaseResult& n = m->runSpec.cases[3];
        QCOMPARE(n.status, QStringLiteral("incorrect_numerical"));
        QCOMPARE(n.nonFiniteLabel(), QStringLiteral("NaN and Inf in output"));
        QVERIFY(!n.errors.first().maxAbsError);
        QVERIFY(!n.latencyNs.median);
        const auto one = loaded->run(
            QStringLiteral("untimed_reference--00000000-0000-0000-0000-000000000010.manifest.json"));
        QCOMPARE(one->runSpec.cases.size(), 1);
        QVERIFY(one->runSpec.cases[0].referenceLatencyNs.isEmpty());
        QVERIFY(!one->runSpec.cases[0].effectiveSpeedup());
        QCOMPARE(one->runSpec.primaryStatistic, QStringLiteral("median"));
        const auto untimedRun = loaded->run(QStringLiteral("untimed_reference.manifest.json"));
        QCOMPARE(untimedRun->runSpec.primary()->key(), QStringLiteral("latency:geomean:ns"));
    }

    void versionAndZoneFromOptions() {
        TraceImportOptions o;
        o.harnessVersion = QStringLiteral("1.1.0");
        o.utcOffset = QStringLiteral("+02:00");
        const auto r = importTraceFile(kixtest::dataPath(QStringLiteral("traces/statuses.traces.jsonl")), o);
        QVERIFY(!hasErrors(r.problems));
        QCOMPARE(r.problems.first().message,
                 QStringLiteral("10 timestamp(s) without a zone, read at UTC offset +02:00 as asked"));
        const Json b =
            document(r, QStringLiteral("every_status--00000000-0000-0000-0000-000000000001.manifest.json"));
        QCOMPARE(b["run"]["spec"]["observedAt"].get<std::string>(), std::string("2026-07-06T08:00:01Z"));
        QVERIFY(!b["run"]["metadata"].contains("labels"));
        QCOMPARE(b["protocol"]["spec"]["harness"]["version"].get<std::string>(), std::string("1.1.0"));
        QCOMPARE(b["protocol"]["metadata"]["name"].get<std::string>(),
                 std::string("sol-execbench-trace-1.1.0"));
    }

    void versionFromTheTrace() {
        const auto r = importTraceFile(kixtest::dataPath(QStringLiteral("traces/synthetic-013.traces.jsonl")),
                                       withProblem013());
        QCOMPARE(
            kixtest::problemTexts(r.problems),
            QStringList{kixtest::dataPath(QStringLiteral("traces/synthetic-013.traces.jsonl")) +
                        QStringLiteral(":4: warning: skipped 1 workload-only line(s) (no evaluation), the "
                                       "first at line 4")});
        const Json b = document(r, QStringLiteral("demo_cuda.manifest.json"));
        QCOMPARE(b["protocol"]["spec"]["harness"]["version"].get<std::string>(), std::string("1.1.0"));
        QCOMPARE(b["environment"]["spec"]["software"]["libraries"].dump(),
                 std::string(R"({"sol_execbench":"1.1.0","torch":"2.9.0"})"));
        QCOMPARE(b["environment"]["spec"]["software"]["framework"].dump(),
                 std::string(R"({"name":"pytorch","version":"2.9.0"})"));
        // "NaN" strings are no numbers; the flags are absent, so nothing claims the output was finite.
        auto loaded = load(r);
        const auto t = loaded->run(QStringLiteral("demo_triton.manifest.json"));
        QCOMPARE(t->runSpec.status, QStringLiteral("incorrect_numerical"));
        QVERIFY(!t->runSpec.cases.first().errors.first().maxAbsError);
        QVERIFY(t->runSpec.cases.first().nonFiniteLabel().isEmpty());
    }

    // Issue 26 item 1: a trace of a definition kix has a problem file for gets that file's OperationSpec,
    // every argument a tensor with dtype and shape (what KernelIndex's parser requires), with the digest
    // KernelIndex publishes for it; the runs and the implementation name it.
    void argumentsFromTheProblemFile() {
        const auto r = importTraceFile(kixtest::dataPath(QStringLiteral("traces/synthetic-013.traces.jsonl")),
                                       withProblem013());
        QVERIFY(!hasErrors(r.problems));
        QCOMPARE(r.rejectedArguments, 0);
        const Json op = document(r, QStringLiteral("013_fused_residual_rms_norm_backward.operation.json"));
        QCOMPARE(resourceDigest(op), problem013().kernelIndex->operationDigest);
        QCOMPARE(op["spec"]["inputs"].size(), std::size_t(5));
        QCOMPARE(op["spec"]["outputs"].size(), std::size_t(3));
        QCOMPARE(
            op["spec"]["inputs"][3].dump(),
            std::string(R"({"name":"rstd","tensor":{"dtype":"fp32","shape":["batch_size","seq_len",1]}})"));
        QCOMPARE(op["spec"]["outputs"][0].dump(),
                 std::string(R"({"name":"grad_hidden_states","tensor":{"dtype":"bf16","shape":["batch_size",)"
                             R"("seq_len","hidden_size"]}})"));
        QCOMPARE(upstreamFindings(op), QStringList());
        QCOMPARE(
            document(r, QStringLiteral("demo_cuda.implementation.json"))["spec"]["operation"]["specDigest"]
                .get<std::string>(),
            problem013().kernelIndex->operationDigest.toStdString());
        auto loaded = load(r);
        loaded->allVerified(QStringLiteral("demo_cuda.manifest.json"));
    }

    // Issue 37 item 4: a trace of the seed's own problem imports to the WorkloadCases kix's problem file
    // builds (every axis, hidden_size included; every input a tensor), so each case's digest equals the
    // catalog's (and kix run's, which builds the same); they were "tensors": {} without hidden_size.
    void traceOfTheSeedProblemNamesTheCatalogsCases() {
        const auto r = importTraceFile(kixtest::dataPath(QStringLiteral("traces/synthetic-013.traces.jsonl")),
                                       withProblem013());
        QVERIFY(!hasErrors(r.problems));
        QSet<QString> published;
        for (const ProblemWorkload& w : problem013().workloads)
            published.insert(w.kernelIndex->digest);
        int cases = 0;
        for (const auto& f : r.files.files()) {
            const Json doc = Json::parse(f.bytes.toStdString());
            if (!doc.is_object() || doc.value("kind", "") != "WorkloadCase")
                continue;
            ++cases;
            QVERIFY2(published.contains(resourceDigest(doc)), qPrintable(f.name));
            QCOMPARE(doc["spec"]["axes"]["hidden_size"].get<int>(), 2560);
            QCOMPARE(doc["spec"]["tensors"].size(), std::size_t(5));
        }
        QCOMPARE(cases, 3); // the trace's three workloads, each once
        // The runs name those cases: workload 0's digest is the catalog's case c72202f7.
        const Json run = document(r, QStringLiteral("demo_cuda.manifest.json"));
        QVERIFY(run.is_object());
        QVERIFY(fileNames(r).contains(
            QStringLiteral("013-fused-residual-rms-norm-backward-c72202f7.workload.json")));
    }

    // A trace of every workload of the problem names the catalog's WorkloadSuite, the seed's workloadDigest.
    void traceOfEveryWorkloadNamesTheCatalogsSuite() {
        QByteArray text;
        const ProblemDefinition& d = problem013();
        for (int i = 0; i < d.workloads.size(); ++i) {
            const Json line = {{"definition", "013_fused_residual_rms_norm_backward"},
                               {"workload",
                                {{"uuid", "w-" + std::to_string(i)},
                                 {"axes",
                                  {{"batch_size", d.workloads[i].axes.value(QStringLiteral("batch_size"))},
                                   {"seq_len", d.workloads[i].axes.value(QStringLiteral("seq_len"))}}},
                                 {"inputs", {{"grad_output", {{"type", "random"}}}}}}},
                               {"solution", "every"},
                               {"evaluation",
                                {{"status", "PASSED"},
                                 {"timestamp", "2026-11-30T10:00:00Z"},
                                 {"environment", {{"hardware", "NVIDIA B200"}}},
                                 {"performance", {{"latency_ms", 0.05}}}}}};
            text += QByteArray::fromStdString(line.dump()) + '\n';
        }
        const auto r = importTraces(text, QStringLiteral("every.jsonl"), withProblem013());
        QVERIFY2(!hasErrors(r.problems), qPrintable(kixtest::problemTexts(r.problems).join(u'\n')));
        const Json suite = document(r, QStringLiteral("every.manifest.json"));
        QCOMPARE(QString::fromStdString(suite["run"]["spec"]["workloadDigest"].get<std::string>()),
                 d.kernelIndex->suiteDigest);
    }

    // Without a problem file the trace gives no dtype or shape: each argument KernelIndex's parser will
    // reject is a located warning, counted, and is exactly what kix's own check of the spec flags.
    void argumentsWithoutAProblemFile() {
        const QString file = kixtest::dataPath(QStringLiteral("traces/synthetic-013.traces.jsonl"));
        const auto r = importTraceFile(file);
        QCOMPARE(kixtest::problemTexts(r.problems),
                 QStringList{file + QStringLiteral(":4: warning: skipped 1 workload-only line(s) (no "
                                                   "evaluation), the first at line 4")} +
                     argumentWarnings(file, 1, QStringLiteral("013_fused_residual_rms_norm_backward"),
                                      {QStringLiteral("grad_output"), QStringLiteral("weight")}));
        QCOMPARE(r.rejectedArguments, 3);
        const Json op = document(r, QStringLiteral("013_fused_residual_rms_norm_backward.operation.json"));
        QCOMPARE(upstreamFindings(op),
                 (QStringList{"upstream.argument spec.inputs[0]", "upstream.argument spec.inputs[1]",
                              "upstream.argument spec.outputs[0]"}));
    }

    // A trace naming an axis or input the problem file does not have is not of that problem: an error
    // each, located, and nothing is built.
    void traceContradictsTheProblemFile() {
        const QByteArray line =
            R"({"definition": "013_fused_residual_rms_norm_backward", "solution": "s", "workload": {"uuid": "u1",)"
            R"( "axes": {"batch_size": 4, "warps": 2}, "inputs": {"grad_output": {"type": "random"}, "bias":)"
            R"( {"type": "random"}}}, "evaluation": {"status": "PASSED", "environment": {"hardware":)"
            R"( "NVIDIA_H100", "libs": {}}, "timestamp": "2026-11-30T10:00:00Z", "log": "", "performance":)"
            R"( {"latency_ms": 0.08, "reference_latency_ms": 0.0, "speedup_factor": 0.0}}})";
        const auto r = importTraces(line, QStringLiteral("t.jsonl"), withProblem013());
        QCOMPARE(
            kixtest::problemTexts(r.problems),
            (QStringList{
                "t.jsonl:1: workload.axes.warps: axis \"warps\" is not an axis of definition "
                "\"013_fused_residual_rms_norm_backward\" as kix's problem file states it",
                "t.jsonl:1: workload.inputs.bias: input \"bias\" is not an input of definition "
                "\"013_fused_residual_rms_norm_backward\" as kix's problem file states it (grad_output, x, "
                "normalized, rstd, weight)"}));
        QCOMPARE(r.files.size(), 0);
        QCOMPARE(r.rejectedArguments, 0);
    }

    void brokenLines() {
        const auto r =
            importTraces(kixtest::readAll(kixtest::dataPath(QStringLiteral("traces/broken.traces.jsonl"))),
                         QStringLiteral("b.jsonl"));
        QCOMPARE(
            kixtest::problemTexts(r.problems),
            (QStringList{
                QString("b.jsonl:1: evaluation.performance: warning: a PASSED evaluation without "
                        "performance; imported as incomplete_evidence"),
                "b.jsonl:2: definition: expected a string, got a number",
                "b.jsonl:2: workload: required field is missing (expected an object)",
                QString("b.jsonl:3: not valid JSON (line 1, column 2): syntax error while parsing value - "
                        "invalid literal; last read: 'no'"),
                QString("b.jsonl: the traces name no input of definition "
                        "\"013_fused_residual_rms_norm_backward\" (workload.inputs); KernelIndex's "
                        "OperationSpec needs at least one")}));
        QCOMPARE(r.files.size(), 0);
    }

    void badValues_data() {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QString>("message");
        const QByteArray ok =
            R"({"definition": "d", "workload": {"uuid": "u", "axes": {"n": 1}, "inputs": {"x": {}}}, "solution": "s", "evaluation": {"status": "PASSED", "timestamp": "2026-01-01T00:00:00Z", "environment": {"hardware": "NVIDIA H100"}, "performance": {"latency_ms": 1}}})";
        const auto with = [&](const char* from, const char* to) { return QByteArray(ok).replace(from, to); };
        QTest::newRow("status")
            << with("\"PASSED\"", "\"passed\"")
            << "t.jsonl:1: evaluation.status: unknown status \"passed\": expected one of PASSED, "
               "INVALID_REFERENCE, INCORRECT_SHAPE, INCORRECT_NUMERICAL, INCORRECT_DTYPE, "
               "RUNTIME_ERROR, COMPILE_ERROR, TIMEOUT, REWARD_HACK";
        QTest::newRow("timestamp")
            << with("2026-01-01T00:00:00Z", "yesterday")
            << "t.jsonl:1: evaluation.timestamp: expected an ISO 8601 date and time such as "
               "2026-07-06T23:01:48.730752, got \"yesterday\"";
        QTest::newRow("axis value") << with("\"n\": 1", "\"n\": 1.5")
                                    << "t.jsonl:1: workload.axes.n: expected an integer, got a number";
        QTest::newRow("axis name")
            << with("\"n\": 1", "\"Batch Size\": 1")
            << "t.jsonl:1: workload.axes[\"Batch Size\"]: axis name \"Batch Size\" cannot be "
               "a KernelIndex axis (expected lowercase letters, digits and _)";
        QTest::newRow("gpu") << with("NVIDIA H100", "Mystery GPU 9")
                             << "t.jsonl:1: evaluation.environment.hardware: cannot tell the vendor and "
                                "architecture of GPU \"Mystery GPU 9\", which KernelIndex requires: pass "
                                "--architecture (for example sm_90)";
        QTest::newRow("no inputs")
            << with("\"inputs\": {\"x\": {}}", "\"inputs\": {}")
            << "t.jsonl: the traces name no input of definition \"d\" (workload.inputs); "
               "KernelIndex's OperationSpec needs at least one";
        QTest::newRow("latency")
            << with("\"latency_ms\": 1", "\"latency_ms\": -1")
            << "t.jsonl:1: evaluation.performance.latency_ms: expected a non-negative number "
               "of milliseconds, got -1";
        QTest::newRow("not an object")
            << QByteArray("[1]") << "t.jsonl:1: expected a trace object, got an array";
        QTest::newRow("duplicate")
            << ok + "\n" + ok
            << "t.jsonl:2: workload.uuid: workload \"u\" of solution \"s\" was already "
               "evaluated at line 1";
        QTest::newRow("two definitions")
            << ok + "\n" + with("\"d\"", "\"e\"").replace("\"u\"", "\"v\"")
            << "t.jsonl:2: definition: solution \"s\" appears with two definitions "
               "(\"d\" at line 1 and \"e\")";
        QTest::newRow("empty") << QByteArray("\n \n")
                               << "t.jsonl: nothing to import: no evaluated trace (expected one JSON trace "
                                  "per line)";
        // Issue 37 item 4: one rule for nothing to import, an empty file and workload-only lines alike.
        QTest::newRow("workload-only")
            << QByteArray(R"({"definition": "d", "workload": {"uuid": "u", "axes": {"n": 1}}})"
                          "\n"
                          R"({"definition": "d", "workload": {"uuid": "v", "axes": {"n": 2}}})")
            << "t.jsonl:1: nothing to import: the 2 line(s) are workload-only (no evaluation)";
        // A catalog export given as a trace is called one, once, not "definition: required field is missing".
        QTest::newRow("catalog lines")
            << QByteArray(R"({"table": "sources", "row": {"id": "src-1"}})"
                          "\n"
                          R"({"table": "operations", "row": {"id": "op-1"}})")
            << "t.jsonl:1: this is a KernelIndex catalog export (2 {\"table\", \"row\"} line(s), the first "
               "here), not a SOL-ExecBench trace: open it with kix verify, kix show or the explorer";
    }
    void badValues() {
        QFETCH(QByteArray, line);
        QFETCH(QString, message);
        const auto r = importTraces(line, QStringLiteral("t.jsonl"));
        QVERIFY(hasErrors(r.problems));
        QCOMPARE(kixtest::problemTexts(r.problems).last(), message);
        QCOMPARE(r.files.size(), 0);
    }

    void passedWithoutPerformance() {
        const QByteArray line =
            R"({"definition": "d", "workload": {"uuid": "u", "axes": {}, "inputs": {"x": {}}}, "solution": "s", "evaluation": {"status": "PASSED", "timestamp": "2026-01-01T00:00:00Z", "environment": {"hardware": "NVIDIA B200"}, "performance": null, "correctness": null}})";
        const auto r = importTraces(line, QStringLiteral("t.jsonl"));
        // Definition "d" is not one kix has a problem file of: its bare arguments are warned about too.
        QCOMPARE(
            kixtest::problemTexts(r.problems),
            (QStringList{
                "t.jsonl:1: evaluation.performance: warning: a PASSED evaluation without performance; "
                "imported as incomplete_evidence",
                "t.jsonl:1: workload.inputs.x: warning: input \"x\" of definition \"d\" has no dtype or "
                "shape "
                "(the trace gives none, and kix has no problem definition of \"d\"): the OperationSpec "
                "lists it as neither a tensor nor a scalar, which KernelIndex's parser rejects",
                "t.jsonl:1: definition: warning: definition \"d\" has no known output (the trace names none, "
                "and kix has no problem definition of it): the OperationSpec's stand-in output "
                "\"output\" is neither a tensor nor a scalar, which KernelIndex's parser rejects"}));
        const Json b = document(r, QStringLiteral("s--u.manifest.json"));
        QCOMPARE(b["run"]["spec"]["status"].get<std::string>(), std::string("incomplete_evidence"));
        QCOMPARE(b["environment"]["spec"]["hardware"]["architecture"].get<std::string>(),
                 std::string("sm_100"));
    }

    void namesAreBoundedAndDistinct() {
        // Solutions that one slug would merge, and one of 300 characters: every file written, none shared.
        QByteArray text;
        const QStringList solutions = {"a/b", "a b", "a?b", "a_b", QString(300, u'x')};
        for (int i = 0; i < solutions.size(); ++i)
            text +=
                QByteArray(
                    R"({"definition": "d", "workload": {"uuid": "u", "axes": {}, "inputs": {"x": {}}}, "solution": )") +
                QByteArray::fromStdString(Json(solutions[i].toStdString()).dump()) +
                R"(, "evaluation": {"status": "TIMEOUT", "timestamp": "2026-01-01T00:00:00Z", "environment": {"hardware": "NVIDIA B200"}}})" +
                "\n";
        const auto r = importTraces(text, QStringLiteral("t.jsonl"));
        QVERIFY2(!hasErrors(r.problems), qPrintable(kixtest::problemTexts(r.problems).join(u'\n')));
        QStringList suites;
        for (const auto& name : fileNames(r)) {
            QVERIFY2(name.size() < 160, qPrintable(name));
            if (name.endsWith(QLatin1String(".manifest.json")) && !name.contains(QLatin1String("--")))
                suites << name;
        }
        QCOMPARE(suites.size(), 5);
        QVERIFY(suites.contains(QStringLiteral("a_b.manifest.json")));
        auto loaded = load(r);
        QCOMPARE(loaded->store.size(), 10);
    }

    void realKernelIndexFixture() {
        KIX_REQUIRE_SHARED(file, QStringLiteral("sol-execbench/traces/ki-fixture-rmsnorm-trace.jsonl"));
        const auto r = importTraceFile(file);
        // kix has no problem file of rmsnorm_h4096: its arguments are named as KernelIndex-invalid.
        QCOMPARE(kixtest::problemTexts(r.problems),
                 argumentWarnings(file, 1, QStringLiteral("rmsnorm_h4096"),
                                  {QStringLiteral("hidden_states"), QStringLiteral("weight")}));
        QCOMPARE(r.rejectedArguments, 3);
        QCOMPARE(fileNames(r),
                 (QStringList{
                     "gemini-2.5-pro_cuda_aaf481--33bf737d-3b37-4e38-be80-ea39b4b46ae6.manifest.json",
                     "gemini-2.5-pro_cuda_aaf481--864d596c-a930-4fc4-b241-02e6a06e92cb.manifest.json",
                     "gemini-2.5-pro_cuda_aaf481.implementation.json",
                     "gemini-2.5-pro_cuda_aaf481.manifest.json", "gemini-2.5-pro_cuda_aaf481.samples.json",
                     "rmsnorm_h4096--33bf737d-3b37-4e38-be80-ea39b4b46ae6.workload.json",
                     "rmsnorm_h4096--864d596c-a930-4fc4-b241-02e6a06e92cb.workload.json",
                     QStringLiteral("rmsnorm_h4096--suite-%1.workload.json")
                         .arg(QString::fromStdString(
                                  document(r, QStringLiteral("gemini-2.5-pro_cuda_aaf481.manifest.json"))
                                      ["run"]["spec"]["workloadDigest"]
                                          .get<std::string>())
                                  .mid(7, 10)),
                     "rmsnorm_h4096.operation.json"}));
        auto loaded = load(r);
        for (const auto& f : r.files.files())
            if (f.name.endsWith(QLatin1String(".manifest.json")))
                loaded->allVerified(f.name);
        const auto suite = loaded->run(QStringLiteral("gemini-2.5-pro_cuda_aaf481.manifest.json"));
        QCOMPARE(suite->runSpec.status, QStringLiteral("incorrect_numerical"));
        QCOMPARE(suite->runSpec.observedAt, QStringLiteral("2025-06-27T12:47:00Z"));
        QCOMPARE(suite->runSpec.cases.size(), 2);
        QCOMPARE(*suite->runSpec.cases[0].latencyNs.median, 8000.0);
        QCOMPARE(*suite->runSpec.cases[0].referenceLatencyNs.median, 19000.0);
        QCOMPARE(*suite->runSpec.cases[1].errors.first().maxRelError, 0.31);
        QVERIFY(suite->runSpec.cases[1].latencyNs.isEmpty());
        QCOMPARE(suite->gpuLabel(), QStringLiteral("NVIDIA H100"));
        QCOMPARE(suite->protocolSpec.harnessVersion, QStringLiteral("unknown"));
    }

    void realSolverTrace() {
        KIX_REQUIRE_SHARED(file, QStringLiteral("sol-execbench/traces/bras-trace_230.jsonl"));
        const auto r = importTraceFile(file);
        QCOMPARE(kixtest::problemTexts(r.problems),
                 QStringList{
                     file + QStringLiteral(":1: evaluation.timestamp: warning: 14 timestamp(s) without a "
                                           "zone (SOL-ExecBench writes local time): observedAt holds each as "
                                           "if it were UTC, and the runs' labels keep the text as given "
                                           "(--utc-offset states the zone)")} +
                     argumentWarnings(file, 1, QStringLiteral("021_rmsnorm_h128"),
                                      {QStringLiteral("hidden_states"), QStringLiteral("weight")}));
        QCOMPARE(r.rejectedArguments, 3);
        QCOMPARE(r.traces, 14);
        QCOMPARE(r.files.size(), 14 * 2 + 5);
        auto loaded = load(r);
        const auto suite = loaded->run(QStringLiteral("021_rmsnorm_h128_reference.manifest.json"));
        loaded->allVerified(QStringLiteral("021_rmsnorm_h128_reference.manifest.json"));
        QCOMPARE(suite->runSpec.status, QStringLiteral("passed"));
        QCOMPARE(suite->runSpec.cases.size(), 14);
        QCOMPARE(*suite->runSpec.cases[0].latencyNs.median, 152880.0);
        QCOMPARE(suite->runSpec.cases[0].axesLabel(), QStringLiteral("batch_size=192"));
        for (const auto& c : suite->runSpec.cases) {
            QVERIFY(c.referenceLatencyNs.isEmpty()); // 0.0: the reference was not timed
            QVERIFY(!c.effectiveSpeedup());
            QCOMPARE(*c.errors.first().hasNan, false);
        }
        QCOMPARE(suite->gpuLabel(), QStringLiteral("NVIDIA B200"));
        QCOMPARE(suite->environmentSpec.architecture, QStringLiteral("sm_100"));
        QCOMPARE(suite->runSpec.primary()->key(), QStringLiteral("latency:geomean:ns"));
    }
};

KIX_TEST_GUILESS_MAIN(TestTraceImport)
#include "tst_trace_import.moc"
