#include "TraceBuild.h"

#include "ComparabilityFamilies.h"
#include "Digest.h"
#include "FileSuffixes.h"
#include "JsonPath.h"
#include "JsonReader.h"
#include "KernelIndexRules.h"
#include "ManifestWriter.h"
#include "OutputName.h"
#include "ProblemCodes.h"
#include "QuotedForMessage.h"
#include "RawSamples.h"
#include "Statistics.h"
#include "Timestamp.h"
#include "TraceAxes.h"
#include "TraceMapping.h"
#include "WorkloadSuiteBuilder.h"

#include <QSet>
#include <cmath>

namespace kix::trace {

using namespace codes;

namespace {

constexpr char kSource[] = "sol-execbench";

// A field's text within KernelIndex's length limit (titles, labels): data, not a message.
QString boundedText(const QString& text, qsizetype limit) {
    return text.size() <= limit ? text : text.left(limit - 1) + QChar(0x2026);
}

std::string utf8(const QString& s) {
    return s.toStdString();
}

qint64 nanoseconds(double ms) {
    return std::llround(ms * 1e6);
}

// What the steps of building one solution's set hand each other.
// NOLINTNEXTLINE(bugprone-exception-escape): implicit move of nlohmann::json members, as TraceLine
struct Built {
    std::string operationDigest;
    QList<std::string> caseDigests; // per line of the group
    QString suiteDigest;
    GpuFacts gpu;
    Json environment, protocol;
    std::string implementationDigest;
    QString samplesFile;
    QByteArray samplesBytes;
};

Json evidenceCase(const TraceLine& t) {

    Json c = {{"id", utf8(t.uuid)}, {"status", utf8(t.status)}, {"observedAt", utf8(t.timestampGiven)}};
    Json axes = Json::object();
    for (const auto& [axis, value] : t.axes)
        axes[utf8(axis)] = value;
    c["axes"] = axes;
    if (t.latencyMs)
        c["latencyNs"] = Json{{"median", nanoseconds(*t.latencyMs)}};
    // 0.0 is SOL-ExecBench's "the reference was not timed" (its default), not a 0 ns reference.
    if (t.referenceMs && *t.referenceMs > 0) {
        c["referenceLatencyNs"] = Json{{"median", nanoseconds(*t.referenceMs)}};
        if (t.speedup && *t.speedup > 0)
            c["speedup"] = *t.speedup;
    }
    if (t.hasCorrectness) {
        Json output = {{"name", "all outputs"}, {"passed", t.status == QLatin1String("passed")}};
        const bool nonFinite = t.hasNan.value_or(false) || t.hasInf.value_or(false);
        if (t.maxAbs && !nonFinite)
            output["maxAbsError"] = *t.maxAbs;
        if (t.maxRel && !nonFinite)
            output["maxRelError"] = *t.maxRel;
        if (t.hasNan)
            output["hasNan"] = *t.hasNan;
        if (t.hasInf)
            output["hasInf"] = *t.hasInf;
        c["correctness"] = Json{{"outputs", Json::array({output})}};
    }
    if (!t.log.isEmpty())
        c["error"] = utf8(t.log);
    return c;
}

// A case run's spec, less what links it to its workload and evidence.
Json caseRunSpec(const TraceLine& t, const Built& b) {

    Json spec = {{"implementationDigest", b.implementationDigest},
                 {"status", utf8(t.status)},
                 {"observedAt", utf8(t.observedAt)}};
    Json metrics = Json::object();
    if (t.latencyMs) {
        spec["timing"] =
            Json{{"primaryStatistic", "median"}, {"latencyNs", Json{{"median", nanoseconds(*t.latencyMs)}}}};
        metrics["latency_ms"] = *t.latencyMs;
    }
    if (t.referenceMs && *t.referenceMs > 0)
        metrics["reference_latency_ms"] = *t.referenceMs;
    if (t.referenceMs && *t.referenceMs > 0 && t.speedup && *t.speedup > 0)
        metrics["speedup_factor"] = *t.speedup;
    spec["sourceNative"] = Json{{"source", kSource},
                                {"benchmark", utf8(boundedText(t.definition, 200))},
                                {"externalId", utf8(t.uuid)},
                                {"metrics", metrics}};
    if (t.hasCorrectness) {
        Json correctness = {{"comparator", kComparator}};
        // With NaN or Inf in the output SOL-ExecBench writes 0.0 errors, which would read as exact.
        const bool nonFinite = t.hasNan.value_or(false) || t.hasInf.value_or(false);
        if (t.maxAbs && !nonFinite)
            correctness["maximumAbsoluteError"] = *t.maxAbs;
        if (t.maxRel && !nonFinite)
            correctness["maximumRelativeError"] = *t.maxRel;
        spec["correctness"] = correctness;
    }
    return spec;
}

class Builder {
public:
    Builder(const TraceGroups& read, const TraceImportOptions& options, const QString& file,
            Problems& problems)
        : definitions(read.definitions)
        , options(options)
        , file(file)
        , problems(problems) {}

    TraceSet out;

    void buildSolution(const QString& solution, const Group& group);
    void checkSizes();

private:
    const std::map<QString, DefinitionFacts>& definitions;
    const TraceImportOptions& options;
    const QString& file;
    Problems& problems;

    void error(const char* code, qint64 line, const QString& path, const QString& message) {
        problems.append(makeProblem(Problem::Severity::Error, code, file, path, message, line));
    }
    void warning(const char* code, qint64 line, const QString& path, const QString& message) {
        problems.append(makeProblem(Problem::Severity::Warning, code, file, path, message, line));
    }
    std::map<QString, Json> operations; // by definition, built once
    const Json& operationSpec(const QString& definition);
    const ProblemDefinition* knownDefinition(const QString& definition) const;
    bool matchesDefinition(const QString& definition, const DefinitionFacts& facts,
                           const ProblemDefinition& known);
    Json traceOnlyOperationSpec(const QString& definition, const DefinitionFacts& facts);
    void addFile(const QString& name, const Json& doc);
    void buildWorkloads(const Group& g, Built& b);
    void buildKnownWorkloads(const Group& g, const ProblemDefinition& known, Built& b);
    void buildTraceOnlyWorkloads(const Group& g, Built& b);
    void addSuite(const Group& g, const Json& suiteCases, Built& b);
    bool buildEnvironment(const Group& g, Built& b);
    void buildImplementation(const QString& solution, Built& b);
    void buildEvidence(const QString& solution, const Group& g, Built& b);
    void buildRuns(const QString& solution, const Group& g, const Built& b);
};

// The definition's OperationSpec, built once: the problem definition kix has for it (its published
// identity, every argument a tensor with dtype and shape), else what the trace tells. Null JSON when
// the trace contradicts the definition (the error is reported).
const Json& Builder::operationSpec(const QString& definition) {
    if (const auto it = operations.find(definition); it != operations.end())
        return it->second;
    const DefinitionFacts& facts = definitions.at(definition);
    Json op;
    if (const ProblemDefinition* known = knownDefinition(definition)) {
        if (matchesDefinition(definition, facts, *known))
            op = buildOperationSpec(*known);
    } else {
        op = traceOnlyOperationSpec(definition, facts);
    }
    return operations.emplace(definition, std::move(op)).first->second;
}

const ProblemDefinition* Builder::knownDefinition(const QString& definition) const {
    for (const ProblemDefinition* d : options.definitions)
        if (d && d->id == definition && d->kernelIndex)
            return d;
    return nullptr;
}

// Every axis and input the trace names must be the definition's: else the trace is of another problem
// of the same name, and its spec is not the definition's.
bool Builder::matchesDefinition(const QString& definition, const DefinitionFacts& facts,
                                const ProblemDefinition& known) {
    bool ok = true;
    for (const QString& axis : facts.axes)
        if (!known.axis(axis)) {
            error(traceConflict, facts.axisLine.value(axis),
                  jsonPathKey(QStringLiteral("workload.axes"), axis),
                  QStringLiteral("axis %1 is not an axis of definition %2 as kix's problem file states it")
                      .arg(quotedForMessage(axis, 80), quotedForMessage(definition, 80)));
            ok = false;
        }
    QStringList inputs;
    for (const ProblemTensor& t : known.inputs)
        inputs << t.name;
    for (const QString& input : facts.inputs)
        if (!inputs.contains(input)) {
            error(traceConflict, facts.inputLine.value(input),
                  jsonPathKey(QStringLiteral("workload.inputs"), input),
                  QStringLiteral("input %1 is not an input of definition %2 as kix's problem file states it "
                                 "(%3)")
                      .arg(quotedForMessage(input, 80), quotedForMessage(definition, 80),
                           inputs.join(QStringLiteral(", "))));
            ok = false;
        }
    return ok;
}

// The OperationSpec as far as the traces tell it: the family from the definition's name, the axes
// and inputs the workloads name. The trace names no outputs, dtypes, shapes or semantics; KernelIndex
// requires outputs and semantics, so one output named "output", mutation "none" and determinism
// "unspecified" stand in, and the description says so. No argument has a tensor or a scalar, which
// KernelIndex's parser requires: one warning per argument says so, and the set is not KernelIndex-valid.
Json Builder::traceOnlyOperationSpec(const QString& definition, const DefinitionFacts& facts) {
    Json axes = Json::object();
    for (const auto& axis : facts.axes)
        axes[utf8(axis)] = Json{{"role", "variable"}, {"type", "integer"}};
    Json inputs = Json::array();
    const QString quoted = quotedForMessage(definition, 80);
    for (const auto& input : facts.inputs) {
        inputs.push_back(Json{{"name", utf8(input)}});
        warning(
            traceArgument, facts.inputLine.value(input),
            jsonPathKey(QStringLiteral("workload.inputs"), input),
            QStringLiteral("input %1 of definition %2 has no dtype or shape (the trace gives none, and "
                           "kix has no problem definition of %2): the OperationSpec lists it as neither a "
                           "tensor nor a scalar, which KernelIndex's parser rejects")
                .arg(quotedForMessage(input, 80), quoted));
    }
    warning(traceArgument, facts.firstLine, QStringLiteral("definition"),
            QStringLiteral("definition %1 has no known output (the trace names none, and kix has no problem "
                           "definition of it): the OperationSpec's stand-in output \"output\" is neither a "
                           "tensor nor a scalar, which KernelIndex's parser rejects")
                .arg(quoted));
    out.rejectedArguments += int(facts.inputs.size()) + 1;
    Json spec = {{"family", utf8(familyName(definition))},
                 {"axes", axes},
                 {"inputs", inputs},
                 {"outputs", Json::array({Json{{"name", "output"}}})},
                 {"semantics", Json{{"mutation", "none"}, {"determinism", "unspecified"}}}};
    Json op = makeResource(ResourceKind::OperationSpec, boundedName(definition), boundedText(definition, 200),
                           spec);
    op["metadata"]["description"] = "Rebuilt by kix import-trace from a SOL-ExecBench trace, which names the "
                                    "definition, its axes and its inputs only. The output named \"output\", "
                                    "mutation \"none\" and determinism \"unspecified\" stand in for what the "
                                    "definition file says; dtypes and shapes are unknown, so KernelIndex's "
                                    "parser rejects these arguments.";
    return op;
}

void Builder::buildSolution(const QString& solution, const Group& group) {
    Built b;
    buildWorkloads(group, b);
    if (b.operationDigest.empty() || !buildEnvironment(group, b))
        return;
    buildImplementation(solution, b);
    buildEvidence(solution, group, b);
    buildRuns(solution, group, b);
    out.solutions << solution;
}

void Builder::checkSizes() {
    for (const auto& f : out.files.files()) {
        const bool manifest = !f.name.endsWith(QLatin1String(kSamplesSuffix));
        const qint64 limit = manifest ? kernelindex::kMaxManifestBytes : JsonLimits::defaults().maxBytes;
        if (f.bytes.size() > limit)
            error(traceTooLarge, 0, QString(),
                  manifest ? QStringLiteral(
                                 "%1 would be %2 bytes, over KernelIndex's limit of %3 bytes for a manifest")
                                 .arg(f.name)
                                 .arg(f.bytes.size())
                                 .arg(limit)
                           : tooLargeMessage(f.name, f.bytes.size(), limit));
    }
}

void Builder::addFile(const QString& name, const Json& doc) {
    if (const QString err = out.files.add(name, doc); !err.isEmpty())
        error(traceConflict, 0, QString(), err);
}

void Builder::buildWorkloads(const Group& g, Built& b) {
    const TraceLine& first = g.lines.first();
    const QString definitionName = boundedName(first.definition);

    // Operation, workload cases and the suite of this solution's cases.
    const Json& operation = operationSpec(first.definition);
    if (operation.is_null() || !traceAxesAgree(g, definitions.at(first.definition),
                                               knownDefinition(first.definition), file, problems))
        return; // the trace contradicts the definition: reported, nothing is written
    b.operationDigest = utf8(resourceDigest(operation));
    addFile(definitionName + QStringLiteral(".operation.json"), operation);
    if (const ProblemDefinition* known = knownDefinition(first.definition))
        buildKnownWorkloads(g, *known, b);
    else
        buildTraceOnlyWorkloads(g, b);
}

// The definition kix has a problem file for: each line's WorkloadCase is the one that file builds (and
// KernelIndex publishes) for the workload of the line's axes — constants included, every input a tensor —
// so a trace of the problem's own cases names the catalog's case digests, and, when it has them all, the
// catalog's WorkloadSuite (issue 37: they were "tensors": {} without hidden_size, 0 of 16 equal).
void Builder::buildKnownWorkloads(const Group& g, const ProblemDefinition& known, Built& b) {
    const QString operationDigest = QString::fromStdString(b.operationDigest);
    const QString definitionName = boundedName(g.lines.first().definition);
    QSet<int> matched;
    Json suiteCases = Json::array();
    for (const auto& t : g.lines) {
        QMap<QString, qint64> variable;
        for (const auto& [axis, value] : t.axes)
            if (const ProblemAxis* a = known.axis(axis); a && !a->constant)
                variable.insert(axis, value);
        const int index = known.workloadIndexByAxes(variable);
        Json workloadCase;
        if (index >= 0 && known.workloads[index].kernelIndex) {
            matched.insert(index);
            workloadCase = buildWorkloadCase(known, index, operationDigest);
        } else {
            ProblemWorkload w;
            w.axes = variable;
            workloadCase = buildWorkloadCase(
                known, w, definitionName + QStringLiteral("--") + boundedName(t.uuid, 48),
                boundedText(QStringLiteral("%1, %2").arg(t.definition, t.uuid), 200), operationDigest);
        }
        b.caseDigests << utf8(resourceDigest(workloadCase));
        addFile(QString::fromStdString(workloadCase["metadata"]["name"].get<std::string>()) +
                    QLatin1String(kWorkloadSuffix),
                workloadCase);
        const QString externalId = index >= 0 && known.workloads[index].kernelIndex
                                       ? known.workloads[index].kernelIndex->externalId
                                       : t.uuid;
        suiteCases.push_back(Json{{"externalId", utf8(externalId)}, {"axes", workloadCase["spec"]["axes"]}});
    }
    if (matched.size() == known.workloads.size()) {
        const Json suite = buildWorkloadSuite(known, operationDigest);
        b.suiteDigest = resourceDigest(suite);
        addFile(QString::fromStdString(suite["metadata"]["name"].get<std::string>()) +
                    QLatin1String(kWorkloadSuffix),
                suite);
        return;
    }
    addSuite(g, suiteCases, b);
}

// A definition known only from the trace: its cases as the lines give them (no tensors: the trace gives
// no dtype or shape).
void Builder::buildTraceOnlyWorkloads(const Group& g, Built& b) {
    const TraceLine& first = g.lines.first();
    const QString definitionName = boundedName(first.definition);
    Json suiteCases = Json::array();
    for (const auto& t : g.lines) {
        Json axes = Json::object();
        for (const auto& [axis, value] : t.axes)
            axes[utf8(axis)] = value;
        const QString name = definitionName + QStringLiteral("--") + boundedName(t.uuid, 48);
        const Json workloadCase =
            makeResource(ResourceKind::WorkloadCase, name,
                         boundedText(QStringLiteral("%1, %2").arg(first.definition, t.uuid), 200),
                         Json{{"operationSpecDigest", b.operationDigest},
                              {"axes", axes},
                              {"tensors", Json::object()},
                              {"correctness", t.workloadCorrectness}});
        b.caseDigests << utf8(resourceDigest(workloadCase));
        addFile(name + QLatin1String(kWorkloadSuffix), workloadCase);
        suiteCases.push_back(Json{{"externalId", utf8(t.uuid)}, {"axes", axes}});
    }
    addSuite(g, suiteCases, b);
}

// The suite of this solution's cases, as kix names it (its digest in the name).
void Builder::addSuite(const Group& g, const Json& suiteCases, Built& b) {
    const TraceLine& first = g.lines.first();
    const QString definitionName = boundedName(first.definition);
    Json suiteSpec = {
        {"operationSpecDigest", b.operationDigest},
        {"cases", suiteCases},
        {"correctness",
         Json{{"comparator", kComparator},
              {"description", "Each case is checked against the definition's reference within its "
                              "tolerance by SOL-ExecBench."}}},
        {"aggregation", Json{{"metric", "latency"}, {"statistic", "geomean"}}}};
    Json suite = makeResource(ResourceKind::WorkloadSuite, QString(), QString(), suiteSpec);
    b.suiteDigest = resourceDigest(suite);
    const QString suiteName = definitionName + QStringLiteral("--suite-") + b.suiteDigest.mid(7, 10);
    suite["metadata"] = Json{
        {"name", utf8(suiteName)},
        {"title",
         utf8(boundedText(QStringLiteral("%1, %2 cases").arg(first.definition).arg(g.lines.size()), 200))}};
    addFile(suiteName + QLatin1String(kWorkloadSuffix), suite);
}

// Where it ran and how it was measured; false (with the error) when the GPU cannot be told.
bool Builder::buildEnvironment(const Group& g, Built& b) {
    const TraceLine& first = g.lines.first();
    GpuFacts& gpu = b.gpu;
    gpu = gpuFacts(first.hardware);
    if (!options.architecture.isEmpty()) {
        gpu.architecture = options.architecture;
        if (gpu.vendor.isEmpty())
            gpu.vendor = QStringLiteral("nvidia"); // SOL-ExecBench runs on NVIDIA GPUs only
    }
    if (gpu.vendor.isEmpty() || gpu.architecture.isEmpty()) {
        error(traceArchitecture, first.line, QStringLiteral("evaluation.environment.hardware"),
              QStringLiteral("cannot tell the vendor and architecture of GPU %1, which KernelIndex requires: "
                             "pass --architecture (for example sm_90)")
                  .arg(quotedForMessage(first.hardware, 80)));
        return false;
    }
    Json libraries = Json::object();
    QString version = options.harnessVersion;
    for (const auto& [key, value] : first.libs) {
        const QString name = identifierName(QString::fromStdString(key));
        const QString text = QString::fromStdString(value);
        if (name == QLatin1String("sol_execbench") && version.isEmpty())
            version = text;
        if (!name.isEmpty() && !text.isEmpty() && text.size() <= 100)
            libraries[utf8(name)] = value;
        else
            warning(fieldIgnored, first.line, QStringLiteral("evaluation.environment.libs"),
                    QStringLiteral("library %1 = %2 has no KernelIndex form (a name and a version of at most "
                                   "100 characters); left out")
                        .arg(quotedForMessage(key, 80), quotedForMessage(text, 80)));
    }
    const bool versionKnown = !version.isEmpty();
    if (!versionKnown)
        version = QStringLiteral("unknown");
    Json software = {{"libraries", libraries}};
    if (libraries.contains("cuda"))
        software["cudaToolkit"] = libraries["cuda"];
    if (libraries.contains("torch"))
        software["framework"] = Json{{"name", "pytorch"}, {"version", libraries["torch"]}};
    b.environment =
        makeResource(ResourceKind::ExecutionEnvironment,
                     boundedName(QStringLiteral("sol-execbench-%1").arg(gpu.product.toLower())),
                     boundedText(QStringLiteral("%1 (SOL-ExecBench trace)").arg(gpu.product), 200),
                     Json{{"hardware", Json{{"vendor", utf8(gpu.vendor)},
                                            {"product", utf8(boundedText(gpu.product, 200))},
                                            {"architecture", utf8(gpu.architecture)}}},
                          {"software", software}});
    const QString notes =
        versionKnown
            ? QStringLiteral("Imported from a SOL-ExecBench traces file by kix. Per-case latency is the "
                             "median of the timed iterations. Comparable only within one definition, GPU "
                             "type and SOL-ExecBench version.")
            : QStringLiteral("Imported from a SOL-ExecBench traces file by kix. Per-case latency is the "
                             "median of the timed iterations. The trace did not record the SOL-ExecBench "
                             "version: not comparable with runs of any known version.");
    b.protocol = makeResource(
        ResourceKind::BenchmarkProtocol, boundedName(QStringLiteral("sol-execbench-trace-%1").arg(version)),
        boundedText(QStringLiteral("SOL-ExecBench %1 local evaluation (imported trace)").arg(version), 200),
        Json{{"harness", Json{{"name", "SOL-ExecBench"}, {"version", utf8(version)}}},
             {"measurement", Json{{"timer", "cupti"}, {"primaryStatistic", "median"}}},
             {"correctness",
              Json{{"reference", "definition reference implementation"}, {"comparator", kComparator}}},
             {"comparability", Json{{"family", families::kSolExecBenchLocal}, {"notes", utf8(notes)}}}});
    return true;
}

// The implementation: the trace names the solution and nothing else about it.
void Builder::buildImplementation(const QString& solution, Built& b) {
    const GpuFacts& gpu = b.gpu;
    Json implementation = makeResource(
        ResourceKind::ImplementationRevision, boundedName(solution), boundedText(solution, 200),
        Json{{"projectRevision", Json::object()},
             {"operation", Json{{"specDigest", b.operationDigest}}},
             {"callable", Json{{"language", "unknown"}}},
             {"support", Json{{"hardwareArchitectures", Json::array({utf8(gpu.architecture)})},
                              {"productsTested", Json::array({utf8(boundedText(gpu.product, 100))})},
                              {"dtypes", Json::array()}}},
             {"licensing", Json::object()}});
    implementation["metadata"]["description"] = "A SOL-ExecBench solution as a trace names it; the trace "
                                                "records neither its source, its language nor its "
                                                "license.";
    b.implementationDigest = utf8(resourceDigest(implementation));
    addFile(boundedName(solution) + QStringLiteral(".implementation.json"), implementation);
}

// The evidence: what KernelIndex's run has no field for, per case.
void Builder::buildEvidence(const QString& solution, const Group& g, Built& b) {
    Json evidenceCases = Json::array();
    for (const auto& t : g.lines)
        evidenceCases.push_back(evidenceCase(t));
    const QString runName = boundedName(solution);
    b.samplesFile = runName + QLatin1String(kSamplesSuffix);
    b.samplesBytes = jsonFileBytes(rawSamplesDocument(runName, evidenceCases));
    if (const QString err = out.files.addBytes(b.samplesFile, b.samplesBytes); !err.isEmpty())
        error(traceConflict, 0, QString(), err);
}

// One run per case, then the suite run.
void Builder::buildRuns(const QString& solution, const Group& g, const Built& b) {
    const TraceLine& first = g.lines.first();
    const QString runName = boundedName(solution);
    const QString product = boundedText(b.gpu.product, 60);
    QString suiteStatus = QStringLiteral("passed");
    QString latest;
    std::vector<double> medians;
    for (qsizetype i = 0; i < g.lines.size(); ++i) {
        const TraceLine& t = g.lines[i];
        if (suiteStatus == QLatin1String("passed") && t.status != QLatin1String("passed"))
            suiteStatus = t.status;
        if (latest.isEmpty() || instantLaterThan(t.observedAt, latest))
            latest = t.observedAt;
        if (t.latencyMs)
            medians.push_back(double(nanoseconds(*t.latencyMs)));
        Json spec = caseRunSpec(t, b);
        spec["workloadDigest"] = b.caseDigests[i];
        spec["evidence"] = Json{{"rawSamples", rawSamplesReference(b.samplesFile, b.samplesBytes, i)}};
        const QString name = runName + QStringLiteral("--") + boundedName(t.uuid, 48);
        Json run = makeResource(
            ResourceKind::BenchmarkRun, name,
            boundedText(QStringLiteral("%1 · %2 · %3 · %4").arg(solution, first.definition, t.uuid, product),
                        200),
            spec);
        if (t.naive && options.utcOffset.isEmpty())
            run["metadata"]["labels"] =
                Json{{"observed_at_as_given", utf8(boundedText(t.timestampGiven, 200))},
                     {"observed_at_zone", "unknown"}};
        addFile(name + QLatin1String(kManifestSuffix), makeBundle(run, b.protocol, b.environment));
    }
    Json spec = {
        {"implementationDigest", b.implementationDigest},
        {"workloadDigest", utf8(b.suiteDigest)},
        {"status", utf8(suiteStatus)},
        {"observedAt", utf8(latest)},
        {"sourceNative", Json{{"source", kSource}, {"benchmark", utf8(boundedText(first.definition, 200))}}},
        {"evidence", Json{{"rawSamples", rawSamplesReference(b.samplesFile, b.samplesBytes)}}}};
    if (suiteStatus == QLatin1String("passed") && qsizetype(medians.size()) == g.lines.size()) {
        if (const auto mean = geometricMean(medians))
            spec["measurements"] = Json::array({Json{{"metric", "latency"},
                                                     {"unit", "ns"},
                                                     {"statistic", "geomean"},
                                                     {"value", std::llround(*mean)},
                                                     {"sampleCount", medians.size()}}});
    }
    Json run = makeResource(
        ResourceKind::BenchmarkRun, runName,
        boundedText(QStringLiteral("%1 · %2 · %3").arg(solution, first.definition, product), 200), spec);
    if (first.naive && options.utcOffset.isEmpty())
        run["metadata"]["labels"] = Json{{"observed_at_zone", "unknown"}};
    addFile(runName + QLatin1String(kManifestSuffix), makeBundle(run, b.protocol, b.environment));
}

} // namespace

TraceSet buildTraceSet(const TraceGroups& read, const TraceImportOptions& options, const QString& file,
                       Problems& problems) {
    Builder builder(read, options, file, problems);
    for (const auto& [solution, group] : read.groups)
        builder.buildSolution(solution, group);
    builder.checkSizes();
    return std::move(builder.out);
}

} // namespace kix::trace
