#include "RooflineRun.h"

#include "Digest.h"
#include "ProblemDefinition.h"
#include "WorkloadSuiteBuilder.h"

#include <algorithm>

namespace kix {

namespace {

// The run's primary value in ns and the text that says how a suite's cases were combined: timing's
// declared statistic (and kix's timing.aggregation), else a latency or time score among the measurements.
std::optional<double> measuredNs(const RunSpec& r, QString& aggregation) {
    if (r.hasTiming) {
        aggregation = r.aggregation.isEmpty() ? r.primaryStatistic : r.aggregation;
        return r.primaryLatencyNs();
    }
    const auto p = r.primary();
    if (!p || (p->metric != QLatin1String("latency") && p->metric != QLatin1String("score")))
        return std::nullopt;
    aggregation = p->statistic;
    return p->nanoseconds();
}

Json axesJson(const QList<QPair<QString, double>>& axes) {
    Json out = Json::object();
    for (const auto& [name, value] : axes)
        out[name.toStdString()] = value;
    return out;
}

// kix's bundled problems as the KernelIndex resources they stand for (WorkloadSuiteBuilder.h), built once:
// a run of problem 013 (kix's own reruns, the leaderboard's runs) names them by digest, and they describe
// the tensors without any file beside the run. Empty when kix's resources are not registered.
struct BundledResource {
    QString digest;
    Json json;
    QString problem; // the problem file it was built from
};
const QList<BundledResource>& bundledResources() {
    static const QList<BundledResource> all = [] {
        QList<BundledResource> out;
        const ProblemDefinitionRead read = readProblemDefinition(QString::fromLatin1(kBundledProblem013));
        if (!read.definition)
            return out;
        const KernelIndexResources built = buildKernelIndexResources(*read.definition);
        const QString file = QStringLiteral("resources/problems/013-fused-residual-rms-norm-backward.json");
        for (const Json& r : QList<Json>{built.operationSpec, built.suite} + built.cases)
            if (r.is_object())
                out.append({resourceDigest(r), r, file});
        return out;
    }();
    return all;
}

const BundledResource* bundled(const QString& digest) {
    for (const BundledResource& r : bundledResources())
        if (!digest.isEmpty() && r.digest == digest)
            return &r;
    return nullptr;
}

QString operationDigestOf(const Json& workload) {
    const Json& spec = workload.is_object() && workload.contains("spec") ? workload["spec"] : workload;
    return spec.is_object() && spec.contains("operationSpecDigest") && spec["operationSpecDigest"].is_string()
               ? QString::fromStdString(spec["operationSpecDigest"].get<std::string>())
               : QString();
}

int countKind(const RunRoofline& r, RooflineVerdict::Kind kind) {
    int n = r.overall.verdict && r.overall.verdict->kind == kind ? 1 : 0;
    for (const CaseRoofline& c : r.cases)
        n += c.outcome.verdict && c.outcome.verdict->kind == kind ? 1 : 0;
    return n;
}

bool flagged(const RooflineOutcome& o) {
    return o.verdict && (o.verdict->kind == RooflineVerdict::Kind::Suspicious ||
                         o.verdict->kind == RooflineVerdict::Kind::AtRoofline);
}

} // namespace

bool RunRoofline::hasFloor() const {
    return overall.verdict ||
           std::any_of(cases.begin(), cases.end(), [](const CaseRoofline& c) { return c.outcome.verdict; });
}

int RunRoofline::suspiciousCount() const {
    return countKind(*this, RooflineVerdict::Kind::Suspicious);
}

int RunRoofline::atRooflineCount() const {
    return countKind(*this, RooflineVerdict::Kind::AtRoofline);
}

QStringList RunRoofline::warnings() const {
    QStringList out;
    if (flagged(overall))
        out << overall.verdict->text();
    for (const CaseRoofline& c : cases)
        if (flagged(c.outcome))
            out << QStringLiteral("case %1: %2").arg(c.label, c.outcome.verdict->text());
    return out;
}

QString RunRoofline::summary() const {
    if (overall.verdict)
        return overall.verdict->label() + QStringLiteral(" floor");
    const auto withFloor =
        std::count_if(cases.begin(), cases.end(), [](const CaseRoofline& c) { return c.outcome.verdict; });
    if (withFloor > 0)
        return QStringLiteral("%1 of %2 case(s) with a floor; %3 suspicious, %4 at the roofline")
            .arg(withFloor)
            .arg(cases.size())
            .arg(suspiciousCount())
            .arg(atRooflineCount());
    return QStringLiteral("no floor: ") + overall.noFloorReason;
}

namespace {

// What the check reads of a run; null where the index has nothing loaded.
struct RunParts {
    const RunSpec* spec = nullptr;
    const Json* environment = nullptr;
    const Json* protocol = nullptr;
    const Json* workload = nullptr;
    const Json* operation = nullptr;
};

RunRoofline rooflineOfParts(const RunParts& p, const GpuBandwidthTable& table) {
    RunRoofline out;
    const auto noFloor = [&out](const QString& why) {
        out.overall.noFloorReason = why;
        return out;
    };
    const RunSpec& spec = *p.spec;
    // As in the catalog report (docs/roofline-report.md): the latency of a run that did not pass is not a
    // claim anyone makes about the kernel.
    if (!spec.passed())
        return noFloor(QStringLiteral("its status is %1, not passed").arg(spec.status));
    if (!p.environment)
        return noFloor(QStringLiteral("its environment is not loaded, so its GPU is unknown"));
    QString why;
    const auto gpu = gpuFromEnvironment(*p.environment, table, why);
    if (!gpu)
        return noFloor(why);
    // What is not loaded may be one of kix's bundled problems, known by its digest.
    const Json* workload = p.workload;
    if (!workload)
        if (const BundledResource* b = bundled(spec.workloadDigest)) {
            workload = &b->json;
            out.sources << QStringLiteral("its workload from kix's %1").arg(b->problem);
        }
    if (!workload)
        return noFloor(QStringLiteral("the workload it names (%1) is not loaded").arg(spec.workloadDigest));
    const Json* operation = p.operation;
    if (!operation)
        if (const BundledResource* b = bundled(operationDigestOf(*workload))) {
            operation = &b->json;
            out.sources << QStringLiteral("its operation from kix's %1").arg(b->problem);
        }
    if (!operation)
        return noFloor(QStringLiteral("the OperationSpec its workload names is not loaded"));
    const ProtocolFacts facts = protocolFactsFrom(p.protocol ? *p.protocol : Json());
    QString aggregation;
    const auto ns = measuredNs(spec, aggregation);
    if (ns)
        out.overall = rooflineFor(*operation, *workload, *ns, suiteAggregationFrom(aggregation), *gpu, facts);
    else
        out.overall.noFloorReason = QStringLiteral("no latency or time score to compare");
    for (const CaseResult& c : spec.cases) {
        const double latency = c.latencyNs.value(spec.primaryStatistic).value_or(0);
        out.cases.append({c.axes.isEmpty() ? c.id : c.axesLabel(),
                          rooflineForCase(*operation, axesJson(c.axes), Json(), latency, *gpu, facts)});
    }
    return out;
}

} // namespace

RunRoofline rooflineOfRun(const Manifest& m, const GpuBandwidthTable& table) {
    if (!m.run) {
        RunRoofline out;
        out.overall.noFloorReason = QStringLiteral("no run");
        return out;
    }
    const auto json = [](const std::optional<Resource>& r) { return r ? &r->json : nullptr; };
    return rooflineOfParts(
        {&m.runSpec, json(m.environment), json(m.protocol), json(m.workload), json(m.operation)}, table);
}

QHash<QString, double> caseRooflineBytes(const Manifest& m, const GpuBandwidthTable& table) {
    QHash<QString, double> bytes;
    const RunRoofline roofline = rooflineOfRun(m, table);
    for (qsizetype i = 0; i < m.runSpec.cases.size(); ++i) {
        const CaseResult& c = m.runSpec.cases[i];
        if (i < roofline.cases.size() && roofline.cases[i].outcome.verdict)
            bytes.insert(c.id, roofline.cases[i].outcome.verdict->bytes);
        else if (c.bytes)
            bytes.insert(c.id, *c.bytes);
    }
    return bytes;
}

RunRooflines::RunRooflines(const RecordIndex& index, const GpuBandwidthTable& table)
    : m_index(index)
    , m_table(table) {}

const Json* RunRooflines::parsed(const ResourceEntry* entry) {
    if (!entry)
        return nullptr;
    std::shared_ptr<const Json>& json = m_parsed[entry->resource->digest];
    if (!json)
        json = std::make_shared<const Json>(entry->resource->json());
    return json.get(); // shared: stays put when the hash grows
}

RunRoofline RunRooflines::of(int runIndex) {
    const RunEntry& e = m_index.run(runIndex);
    return rooflineOfParts({&e.run->spec, parsed(m_index.environmentOf(e)), parsed(m_index.protocolOf(e)),
                            parsed(m_index.workloadOf(e)), parsed(m_index.operationOf(e))},
                           m_table);
}

} // namespace kix
