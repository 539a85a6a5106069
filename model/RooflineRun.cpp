#include "RooflineRun.h"

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

RunRoofline rooflineOfRun(const Manifest& m, const GpuBandwidthTable& table) {
    RunRoofline out;
    const auto noFloor = [&out](const QString& why) {
        out.overall.noFloorReason = why;
        return out;
    };
    if (!m.run)
        return noFloor(QStringLiteral("no run"));
    // As in the catalog report (docs/roofline-report.md): the latency of a run that did not pass is not a
    // claim anyone makes about the kernel.
    if (!m.runSpec.passed())
        return noFloor(QStringLiteral("its status is %1, not passed").arg(m.runSpec.status));
    if (!m.environment)
        return noFloor(QStringLiteral("its environment is not loaded, so its GPU is unknown"));
    QString why;
    const auto gpu = gpuFromEnvironment(m.environment->json, table, why);
    if (!gpu)
        return noFloor(why);
    if (!m.workload)
        return noFloor(
            QStringLiteral("the workload it names (%1) is not loaded").arg(m.runSpec.workloadDigest));
    if (!m.operation)
        return noFloor(QStringLiteral("the OperationSpec its workload names is not loaded"));
    const ProtocolFacts facts = protocolFactsFrom(m.protocol ? m.protocol->json : Json());
    QString aggregation;
    const auto ns = measuredNs(m.runSpec, aggregation);
    if (ns)
        out.overall = rooflineFor(m.operation->json, m.workload->json, *ns, suiteAggregationFrom(aggregation),
                                  *gpu, facts);
    else
        out.overall.noFloorReason = QStringLiteral("no latency or time score to compare");
    for (const CaseResult& c : m.runSpec.cases) {
        const double latency = c.latencyNs.value(m.runSpec.primaryStatistic).value_or(0);
        out.cases.append(
            {c.axes.isEmpty() ? c.id : c.axesLabel(),
             rooflineForCase(m.operation->json, axesJson(c.axes), Json(), latency, *gpu, facts)});
    }
    return out;
}

} // namespace kix
