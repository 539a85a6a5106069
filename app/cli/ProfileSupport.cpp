#include "ProfileSupport.h"

#include "BundleView.h"
#include "CommandSupport.h"
#include "GpuBandwidth.h"
#include "NcuInvocation.h"
#include "ProfileChecks.h"
#include "ProfileComparison.h"
#include "ProfileRunner.h"
#include "ProfileSidecar.h"
#include "RooflineRun.h"

#include "kix/workloads.h"

#include <QCoreApplication>

namespace kix::cli {

profile::ProfileTarget profileTargetOf(const Manifest& m) {
    profile::ProfileTarget t;
    if (m.run) {
        t.run = {m.run->name, m.run->digest};
        if (m.run->name.startsWith(QLatin1String("kix-run-")))
            t.entryFunctions = profile::bundledEntryFunctions();
    }
    t.device = m.gpuLabel();
    for (const CaseResult& c : m.runSpec.cases)
        t.cases << profile::CaseSlot{c.id, c.axes.isEmpty() ? c.id : c.axesLabel()};
    if (t.cases.isEmpty() && m.run)
        t.cases << profile::CaseSlot{m.run->name, m.title()};
    return t;
}

QHash<QString, double> rooflineBytesOf(const Manifest& m) {
    return caseRooflineBytes(m, GpuBandwidthTable::bundled());
}

QStringList profileSummaryLines(const profile::ProfileSet& set, const QHash<QString, double>& rooflineBytes) {
    QStringList lines;
    const auto metric = [](const profile::CaseProfile& c, const char* key) {
        const profile::MetricSpec* spec = profile::metricSpec(QLatin1String(key));
        const auto v = profile::caseMetric(c, *spec);
        return v ? profile::formatMetric(*spec, *v) : QStringLiteral("n/a");
    };
    for (const profile::CaseProfile& c : set.cases) {
        QStringList functions;
        for (const profile::KernelProfile& k : c.kernels)
            functions << k.function;
        const auto roof = rooflineBytes.constFind(c.caseId);
        const profile::RooflineConsistency check = profile::rooflineConsistency(
            c, roof == rooflineBytes.constEnd() ? std::nullopt : std::optional<double>(*roof), set.l2Bytes);
        lines << QStringLiteral("%1 [%2]: %3, DRAM throughput %4 of peak; %5")
                     .arg(c.label, functions.join(QStringLiteral(" + ")), metric(c, "durationNs"),
                          metric(c, "dramThroughputPct"), check.text);
    }
    return lines;
}

void printProfileComparison(const Manifest& a, const Manifest& b, const CaseComparison& cases, Io io) {
    const ProfileComparison p = compareRunProfiles(a, b, cases);
    for (const auto& [side, profile] : {std::pair{"A", &p.a}, std::pair{"B", &p.b}})
        for (const Problem& problem : profile->problems)
            io.err << "kix diff: the profile beside " << side
                   << " is not used: " << terminalLine(problem.toString()) << "\n";
    if (!p.any())
        return;
    io.out << "\nNsight Compute profiles (docs/profiles.md), per case: the verdict and the metric that moved "
              "most\n";
    for (const CaseProfileComparison& c : p.cases)
        if (c.inA || c.inB)
            io.out << "  " << terminalLine(c.label) << ": " << terminalLine(c.line()) << "\n";
}

void profileWrittenRun(const QString& manifestFile, QList<int> caseIndices, bool keepReports,
                       const runner::ProgressSink& progress, const std::function<bool()>& cancelled, Io io) {
    const auto say = [&io](const QString& line) {
        io.err << "kix run: " << terminalLine(line) << "\n"; // ncu's words, file names
    };
    if (manifestFile.isEmpty())
        return;                // no run was written (it failed or was cancelled): nothing to profile
    if (caseIndices.isEmpty()) // none chosen: the run ran all of them, in order
        for (int i = 0; i < int(kernels::kWorkloads.size()); ++i)
            caseIndices << i;
    runner::ProfileRunRequest request;
    request.ncu = profile::findNcu();
    if (request.ncu.isEmpty()) {
        say(QStringLiteral(
            "no profile: ncu (Nsight Compute) is not on PATH, in $CUDA_HOME/bin, $CUDA_PATH/bin "
            "or /usr/local/cuda/bin; the run is written without one"));
        return;
    }
    const Loaded l = loadInputs({manifestFile});
    const QList<int> runs = selectRuns(l.index, QString(), manifestFile);
    if (runs.size() != 1) {
        say(QStringLiteral("no profile: %1 could not be read back as one run").arg(manifestFile));
        return;
    }
    const ManifestPtr m = bundleView(l.index, l.index.rowOfRun(runs.first()));
    request.manifestFile = manifestFile;
    request.target = profileTargetOf(*m);
    request.caseIndices = caseIndices;
    request.keepReports = keepReports;
    request.launcher = {QCoreApplication::applicationFilePath(), QStringLiteral("profile"),
                        QStringLiteral("launch")};
    if (request.target.cases.size() != caseIndices.size()) {
        say(QStringLiteral("no profile: the run records %1 cases, %2 were run")
                .arg(request.target.cases.size())
                .arg(caseIndices.size()));
        return;
    }
    const runner::ProfileRunOutcome out = runner::profileCases(request, progress, cancelled);
    for (const QString& note : out.notes)
        say(QStringLiteral("profile: %1").arg(note));
    if (out.sidecarFile.isEmpty()) {
        say(QStringLiteral("no profile was written; the run is kept"));
        return;
    }
    // What was written, read back as the explorer will read it (with --progress jsonl, as "log" events).
    const auto tell = [&progress](const QString& line) {
        protocol::RunnerEvent e;
        e.kind = protocol::EventKind::Log;
        e.message = line;
        progress(e);
    };
    const profile::ProfileSidecarRead back =
        profile::readProfileSidecar(out.sidecarFile, request.target.run.digest);
    if (!back.artifact) {
        for (const Problem& p : back.problems)
            say(QStringLiteral("the profile written does not read back: %1").arg(p.toString()));
        return;
    }
    for (const QString& line : profileSummaryLines(back.artifact->set, rooflineBytesOf(*m)))
        tell(QStringLiteral("profile: %1").arg(line));
    tell(QStringLiteral("profiled %1 of %2 cases under ncu; wrote %3 (%4)")
             .arg(out.profiledCases)
             .arg(caseIndices.size())
             .arg(out.sidecarFile, back.digest));
}

} // namespace kix::cli
