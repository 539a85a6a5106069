#include "BundleView.h"
#include "CommandSupport.h"
#include "Digest.h"
#include "Format.h"
#include "RejectedLinks.h"
#include "TrustSupport.h"

#include <algorithm>
#include <functional>

namespace kix::cli {

namespace {

// One case: its latency in the run's primary statistic (a SOL-ExecBench case holds a median, so the
// statistic is named where it is another), the reference's central value, the speedup, the status, and
// whether an output held NaN or Inf.
void printCase(const CaseResult& c, const QString& primary, Io io) {
    const auto latency = c.namedLatency(primary);
    QString text = latency ? formatLatency(latency->second) : formatLatency(std::nullopt);
    if (latency && latency->first != primary)
        text += QStringLiteral(" (%1)").arg(terminalLine(latency->first)); // a statistic named by the file
    io.out << "  " << terminalLine(c.axesLabel()).leftJustified(36) << " " << text.rightJustified(10)
           << "  ref " << formatLatency(c.referenceLatencyNs.central(primary)).rightJustified(10) << "  "
           << formatRatio(c.effectiveSpeedup()).rightJustified(7) << "  " << terminalLine(c.status);
    if (const QString flags = c.nonFiniteLabel(); !flags.isEmpty())
        io.out << "  " << flags;
    io.out << "\n";
}

QString onOff(const std::optional<bool>& v) {
    return !v ? QStringLiteral("?") : *v ? QStringLiteral("on") : QStringLiteral("off");
}

// The run's GPU facts (GpuState.h): identity, lock, calibration, A/A floor, and the run's flags.
void printGpuRunState(const GpuRunState& g, Io io, const QString& head, const QString& indent) {
    if (!g.unavailable.isEmpty()) {
        io.out << head << "not recorded: " << terminalLine(g.unavailable) << "\n";
        return;
    }
    io.out << head << terminalLine(g.uuid) << " at " << terminalLine(g.pciBusId) << ", VBIOS "
           << terminalLine(g.vbios) << ", driver " << terminalLine(g.driver) << ", ECC "
           << onOff(g.eccEnabled) << ", persistence " << onOff(g.persistenceMode);
    if (g.powerLimitW)
        io.out << ", power limit " << QString::number(*g.powerLimitW, 'f', 0) << " W";
    io.out << "\n"
           << indent
           << (g.lockedSmClockMHz
                   ? QStringLiteral("SM clocks locked at %1 MHz").arg(*g.lockedSmClockMHz, 0, 'f', 0)
                   : QStringLiteral("SM clocks not locked"));
    if (g.calibrationNs)
        io.out << "; calibration copy " << QString::number(*g.calibrationNs / 1e3, 'f', 1) << " µs"
               << (g.calibrationUsualNs ? QStringLiteral(" (usual %1 µs over %2 earlier boots)")
                                              .arg(*g.calibrationUsualNs / 1e3, 0, 'f', 1)
                                              .arg(g.calibrationEarlierBoots)
                                        : QStringLiteral(" (no earlier boot recorded)"));
    if (g.noiseFloor)
        io.out << "; A/A noise floor " << QString::number(*g.noiseFloor * 100, 'f', 2) << "%";
    io.out << "\n";
    for (const QString& flag : runGpuFlags(g))
        io.out << indent << "FLAG " << terminalLine(flag) << "\n";
}

// The GPU's state a kix run recorded: the run's facts, the suite value scaled to the GPU's maximum SM
// clock (labelled as a scaling, never a measurement), then each case's window, flagged where throttled,
// below the run's typical SM clock or shared with other processes.
void printGpuState(const RunSpec& r, Io io, const std::function<QString(const QString&)>& pad) {
    const bool anyCase = std::any_of(r.cases.cbegin(), r.cases.cend(),
                                     [](const CaseResult& c) { return c.gpuState.has_value(); });
    if (!r.gpu && !anyCase)
        return;
    const QString indent = pad(QString());
    if (r.gpu)
        printGpuRunState(*r.gpu, io, pad(QStringLiteral("GPU state")), indent);
    QList<std::optional<CaseGpuState>> states;
    for (const CaseResult& c : r.cases)
        states << c.gpuState;
    const auto typical = typicalSmClockOf(states);
    const auto suite = r.primaryLatencyNs();
    if (r.gpu && r.gpu->maxSmClockMHz && typical && *typical > 0 && suite)
        io.out
            << indent << "normalized to " << QString::number(*r.gpu->maxSmClockMHz, 'f', 0)
            << " MHz (the GPU's maximum SM clock): "
            << formatLatency(*suite * *typical / *r.gpu->maxSmClockMHz) << " — measured × typical SM clock "
            << QString::number(*typical, 'f', 0)
            << " MHz ÷ reference; assumes time ∝ 1 / SM clock, which a memory-bound case does not follow\n";
    for (const CaseResult& c : r.cases) {
        if (!c.gpuState)
            continue;
        io.out << "  " << terminalLine(c.axesLabel()).leftJustified(36) << " "
               << terminalLine(caseGpuStateLine(*c.gpuState)) << "\n";
        for (const QString& flag : caseGpuFlags(*c.gpuState, typical))
            io.out << "  " << QString().leftJustified(36) << " FLAG " << terminalLine(flag) << "\n";
    }
}

// Runs listed in full up to this many; beyond, one line each (choose one with --run).
constexpr int kFullRuns = 10;

QString pad(const QString& label) {
    return column(label, 16);
}

QString primaryText(const Manifest& m) {
    const RunSpec& r = m.runSpec;
    const auto& p = m.policy.primary;
    if (r.hasTiming && !r.latencyNs.isEmpty())
        return formatLatency(r.primaryLatencyNs()) + QStringLiteral(" (") + r.primaryStatistic +
               (r.aggregation.isEmpty() ? QString() : QStringLiteral("; ") + r.aggregation) + u')';
    if (p) {
        const auto ns = p->nanoseconds();
        return (ns ? formatLatency(ns) : formatNumber(p->value, 6) + u' ' + p->unit) +
               QStringLiteral(" (%1, %2)").arg(p->metric, p->statistic);
    }
    return QStringLiteral("— (no primary measurement)");
}

void printRun(const Manifest& m, const RunTrustFacts& trust, Io io) {
    const RunSpec& r = m.runSpec;
    io.out << terminalLine(m.title()) << "\n";
    for (const auto& o : m.origins)
        io.out << pad(QStringLiteral("read from")) << terminalLine(o.toString()) << "\n";
    io.out << pad(QStringLiteral("run")) << terminalLine(m.run->name) << "  " << m.run->digest << "\n";
    io.out << pad(QStringLiteral("status")) << terminalLine(r.status) << ", observed "
           << terminalLine(r.observedAt) << "\n";
    io.out << pad(QStringLiteral("benchmark")) << terminalLine(r.benchmark) << "\n";
    io.out << pad(QStringLiteral("implementation")) << terminalLine(m.implementationLabel()) << "\n";
    if (m.environment)
        io.out << pad(QStringLiteral("GPU")) << terminalLine(m.environmentSpec.product)
               << (m.environmentSpec.architecture.isEmpty()
                       ? QString()
                       : QStringLiteral(" (%1)").arg(terminalLine(m.environmentSpec.architecture)))
               << "\n";
    io.out << pad(QStringLiteral("latency")) << terminalLine(primaryText(m)) << "\n";
    if (m.protocol)
        io.out << pad(QStringLiteral("protocol")) << terminalLine(m.protocolSpec.label())
               << (m.protocolSpec.family.isEmpty()
                       ? QString()
                       : QStringLiteral(", family ") + terminalLine(m.protocolSpec.family))
               << "\n";
    for (const auto& [name, value] : r.metrics)
        io.out << pad(QStringLiteral("metric")) << terminalLine(name) << " = " << formatNumber(value, 6)
               << "\n";
    if (m.published)
        io.out << pad(QStringLiteral("catalog row")) << terminalLine(m.published->id) << ", published "
               << terminalLine(m.published->publishedAt.left(10))
               << (m.published->retractedAt.isEmpty()
                       ? QString()
                       : QStringLiteral(", RETRACTED ") + terminalLine(m.published->retractedAt))
               << ", " << m.publishedMeasurements.size() << " measurement row(s)\n";
    if (r.cases.isEmpty()) {
        io.out << pad(QStringLiteral("cases")) << "none published (suite value only)\n";
    } else {
        io.out << pad(QStringLiteral("cases")) << r.cases.size() << "\n";
        for (const auto& c : r.cases)
            printCase(c, r.primaryStatistic, io);
    }
    printGpuState(r, io, pad);
    const int findings = int(std::count_if(m.problems.begin(), m.problems.end(), isUpstreamFinding));
    const QString links =
        rejectedLinksPhrase(m.rejectedLinks, [](const QString& n) { return terminalLine(n); });
    io.out << pad(QStringLiteral("upstream")) << "accepted by KernelIndex: "
           << (m.acceptedUpstream() ? QStringLiteral("yes")
                                    : QStringLiteral("no (%1 finding(s), %2 error(s)%3)")
                                          .arg(findings)
                                          .arg(errorCount(m.problems))
                                          .arg(links.isEmpty() ? QString() : QStringLiteral("; ") + links))
           << "\n";
    io.out << pad(QStringLiteral("cohort"))
           << (m.policy.comparisonKey.isEmpty() ? QStringLiteral("comparison key unknown")
                                                : terminalLine(m.policy.comparisonKey))
           << (m.policy.eligible() ? QString()
                                   : QStringLiteral(" (not eligible: %1)")
                                         .arg(terminalLine(m.policy.ineligible.join(
                                             QStringLiteral(", "))))) // names the status
           << "\n";
    io.out << "digests\n";
    for (const auto& c : m.checks)
        io.out << "  " << column(terminalLine(c.field), 22) << column(stateName(c.state), 16)
               << terminalLine(shortDigest(c.expected)) << "  " << terminalLine(c.reason) << "\n";
    io.out << "trust\n";
    printTrust(trust, io);
    if (!m.problems.isEmpty()) {
        io.out << "problems\n";
        for (const auto& p : m.problems)
            io.out << "  " << terminalLine(p.toString())
                   << (p.code.isEmpty() ? QString() : QStringLiteral("  [%1]").arg(p.code)) << "\n";
    }
}

void printRunLine(const Manifest& m, Io io) {
    io.out << m.run->digest.left(19) << "  " << terminalLine(m.runSpec.status).leftJustified(14) << " "
           << terminalLine(primaryText(m)).leftJustified(28) << " "
           << terminalLine(m.gpuLabel()).leftJustified(16) << " " << terminalLine(m.title()) << "\n";
}

} // namespace

int showCommand(const QStringList& args, Io io) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Show runs: identity, protocol, environment, cases, digests, problems and whether KernelIndex would "
        "accept them. Inputs are read as one set: manifests (.json, .yaml), folders and catalog exports "
        "(.jsonl, .jsonl.zst). One run, or up to 10, is shown in full; more are listed one per line. A run "
        "shown in full also has its evidence level, the signed envelopes beside it and the speed-of-light "
        "check (docs/trust.md)."));
    addExitStatuses(parser, protocol::UsedByShow);
    parser.addPositionalArgument(QStringLiteral("inputs"),
                                 QStringLiteral("Files, folders or catalog exports."),
                                 QStringLiteral("INPUT..."));
    parser.addOption(
        {QStringLiteral("run"),
         QStringLiteral("Show only this run: a digest (or its first 6+ hex digits), a metadata.name or a "
                        "catalog id."),
         QStringLiteral("run")});
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print JSON for scripts.")});
    int code = ExitOk;
    if (!parseSubcommand(parser, QStringLiteral("show"), args, io, 1, -1, code))
        return code;
    const Loaded l = loadInputs(parser.positionalArguments());
    printProblems(l.problems, io);
    const QString selector = parser.value(QStringLiteral("run"));
    const QList<int> runs = selectRuns(l.index, selector);
    if (!selector.isEmpty() && runs.isEmpty()) {
        io.err << "kix show: no loaded run matches \"" << terminalLine(selector) << "\"\n";
        return ExitInput;
    }
    TrustReport trust(l.index);
    if (parser.isSet(QStringLiteral("json"))) {
        Json j = {
            {"runs", Json::array()}, {"resources", Json::array()}, {"problems", problemsJson(l.problems)}};
        for (int i : runs) {
            Json run = runJson(l.index, i);
            addTrustJson(run, trust.factsOf(i, verifyRun(l.index, l.index.run(i))));
            j["runs"].push_back(run);
        }
        if (selector.isEmpty())
            for (const auto& entry : l.index.resources())
                if (entry.resource->kind != ResourceKind::BenchmarkRun)
                    j["resources"].push_back(resourceJson(l.index, entry));
        writeJson(j, io);
    } else if (runs.size() <= kFullRuns) {
        for (int k = 0; k < runs.size(); ++k) {
            if (k > 0)
                io.out << "\n";
            const ManifestPtr m = bundleView(l.index, l.index.rowOfRun(runs[k]));
            printRun(*m, trust.factsOf(runs[k], m->checks), io);
        }
    } else {
        for (int i : runs)
            printRunLine(*bundleView(l.index, l.index.rowOfRun(i)), io);
        io.out << runs.size() << " runs; kix show INPUT --run NAME|DIGEST shows one in full\n";
    }
    if (!parser.isSet(QStringLiteral("json")) && runs.isEmpty() && selector.isEmpty()) {
        for (const auto& entry : l.index.resources())
            io.out << kindName(entry.resource->kind) << " " << terminalLine(entry.resource->name) << "  "
                   << entry.resource->digest << "\n";
    }
    return l.anyErrors() ? ExitInput : ExitOk;
}

} // namespace kix::cli
