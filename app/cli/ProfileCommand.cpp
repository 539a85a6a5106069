// `kix profile`: Nsight Compute evidence beside a run (docs/profiles.md). `import` attaches a report the
// user has (an .ncu-rep, read through `ncu --import … --csv --page raw`, or that CSV) to a run, matched to
// its cases; `launch` is the program `kix run --profile` starts under ncu: one case of the bundled kernel,
// launched a few times, untimed.
#include "BundleView.h"
#include "CommandSupport.h"
#include "JsonReader.h"
#include "NcuInvocation.h"
#include "ProfileSidecar.h"
#include "ProfileSupport.h"
#include "kix_config.h"

#if KIX_HAVE_CUDA
#include "kix/harness.h"
#endif
#include "kix/workloads.h"

#include <QFileInfo>
#include <QProcess>

namespace kix::cli {

namespace {

void profileUsage(QTextStream& s) {
    s << "Usage: kix profile SUBCOMMAND [options]   (kix profile SUBCOMMAND --help for each)\n\n"
         "  import REPORT --run RUN [--case ID]   attach an Nsight Compute report (.ncu-rep or its raw-page\n"
         "                                        CSV) to a run, matched to its cases\n"
         "  launch --case N                       one case of the bundled kernel, for ncu to profile (what\n"
         "                                        kix run --profile starts under ncu)\n";
    s << "\n" << protocol::exitStatusHelp(protocol::UsedByProfile);
}

// The report's raw page: the CSV as it is, or an .ncu-rep exported by ncu. Returns the error, if any.
QString readReport(const QString& path, QByteArray& csv) {
    if (path.endsWith(QLatin1String(".ncu-rep"), Qt::CaseInsensitive)) {
        if (!QFileInfo(path).isFile())
            return QStringLiteral("%1: no such file").arg(path);
        const QString ncu = profile::findNcu();
        if (ncu.isEmpty())
            return QStringLiteral(
                       "%1 is an Nsight Compute report, and reading it needs ncu, which is not on "
                       "PATH, in $CUDA_HOME/bin, $CUDA_PATH/bin or /usr/local/cuda/bin; where ncu "
                       "is, export its raw page (ncu --import REPORT --csv --page raw > REPORT.csv) "
                       "and import that")
                .arg(path);
        QProcess p;
        p.start(ncu, profile::ncuImportArguments(path));
        if (!p.waitForFinished(5 * 60 * 1000) || p.exitStatus() != QProcess::NormalExit ||
            p.exitCode() != 0) {
            const profile::NcuRefusal why =
                profile::ncuRefusal(QString::fromLocal8Bit(p.readAllStandardError()), p.exitCode());
            return QStringLiteral("%1: ncu could not export it: %2")
                .arg(path, why.message.isEmpty() ? p.errorString() : why.message);
        }
        csv = p.readAllStandardOutput();
        return {};
    }
    JsonLimits limits;
    limits.maxBytes = profile::NcuLimits::kMaxBytes;
    if (const auto problem = readLimitedFile(path, limits, csv))
        return problem->toString();
    return {};
}

int importReport(const QStringList& args, Io io) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Attach an Nsight Compute report to a run: REPORT is an .ncu-rep (exported through ncu --import "
        "REPORT --csv --page raw, so ncu must be here) or that raw-page CSV. Its launches go to the run's "
        "cases in launch order (a launch starts at each launch of the report's first kernel), or the first "
        "to the case --case names; what cannot be matched is said. A report of another GPU, or whose first "
        "kernel is not one the run's implementation starts with, is refused. The profile is written beside "
        "the run as <stem>.profile.json, naming the run by digest (docs/profiles.md); the run is not "
        "changed."));
    addExitStatuses(parser, protocol::UsedByProfile);
    parser.addPositionalArgument(QStringLiteral("REPORT"),
                                 QStringLiteral("An .ncu-rep or its raw-page CSV."));
    parser.addOption(
        {QStringLiteral("run"), QStringLiteral("The run's manifest file."), QStringLiteral("RUN")});
    parser.addOption({QStringLiteral("case"),
                      QStringLiteral("The report is this case's (a case id, as kix show lists them)."),
                      QStringLiteral("ID")});
    int code = ExitOk;
    if (!parseSubcommand(parser, QStringLiteral("profile import"), args, io, 1, 1, code))
        return code;
    const QString report = parser.positionalArguments().first();
    const QString runFile = parser.value(QStringLiteral("run"));
    if (runFile.isEmpty()) {
        io.err << "kix profile import: --run RUN names the run's manifest file the report belongs to\n";
        return ExitUsage;
    }
    const Loaded l = loadInputs({runFile});
    printProblems(l.problems, io);
    const QList<int> runs = selectRuns(l.index, QString(), runFile);
    if (l.anyErrors() || runs.size() != 1) {
        io.err << "kix profile import: " << terminalLine(runFile)
               << (l.anyErrors() ? QStringLiteral(" cannot be read")
                                 : QStringLiteral(" holds %1 runs, not one").arg(runs.size()))
               << "\n";
        return ExitInput;
    }
    const ManifestPtr m = bundleView(l.index, l.index.rowOfRun(runs.first()));
    QByteArray csv;
    if (const QString err = readReport(report, csv); !err.isEmpty()) {
        io.err << "kix profile import: " << terminalLine(err) << "\n";
        return ExitInput;
    }
    const profile::ProfileTarget target = profileTargetOf(*m);
    const profile::ProfileImport imported = profile::importNcuReport(
        csv, QFileInfo(report).fileName(), target, parser.value(QStringLiteral("case")));
    printProblems(imported.problems, io);
    if (!imported.artifact) {
        io.err << "kix profile import: nothing was attached to " << terminalLine(runFile) << "\n";
        return ExitInput;
    }
    if (const QString err = profile::writeProfileSidecar(runFile, *imported.artifact); !err.isEmpty()) {
        io.err << "kix profile import: " << terminalLine(err) << "\n";
        return ExitInput;
    }
    const QString sidecar = profile::profileSidecarPath(runFile);
    for (const QString& line : profileSummaryLines(imported.artifact->set, rooflineBytesOf(*m)))
        io.out << terminalLine(line) << "\n";
    io.out << "kix profile import: " << imported.artifact->set.cases.size() << " of " << target.cases.size()
           << " cases profiled; wrote " << terminalLine(sidecar) << "\n";
    return ExitOk;
}

int launchCase(const QStringList& args, Io io) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Launch one case of the bundled kernel: its check launch, a short warm-up and two launches, untimed "
        "(no CUPTI, no reference, no copy floor). kix run --profile starts this under ncu, which profiles "
        "the launches after the first few; it is not a benchmark."));
    addExitStatuses(parser, protocol::UsedByProfile);
    parser.addOption(
        {QStringLiteral("case"), QStringLiteral("The workload number, 0-15."), QStringLiteral("N")});
    int code = ExitOk;
    if (!parseSubcommand(parser, QStringLiteral("profile launch"), args, io, 0, 0, code))
        return code;
    bool ok = false;
    const int index = parser.value(QStringLiteral("case")).toInt(&ok);
    if (!ok || index < 0 || index >= int(kernels::kWorkloads.size())) {
        io.err << "kix profile launch: --case expects a number from 0 to " << kernels::kWorkloads.size() - 1
               << ", got \"" << terminalLine(parser.value(QStringLiteral("case"))) << "\"\n";
        return ExitUsage;
    }
#if KIX_HAVE_CUDA
    kernels::HarnessOptions options;
    options.useCupti = false; // ncu and CUPTI cannot both own the counters
    options.timeReference = false;
    options.timeCopyFloor = false;
    options.warmup = 4;
    options.settleMilliseconds = 20;
    options.minIterations = options.maxIterations = 2;
    kernels::Harness harness(options);
    if (const std::string err = harness.init(); !err.empty()) {
        io.err << "kix profile launch: " << terminalLine(QString::fromStdString(err)) << "\n";
        return harness.device().available ? protocol::RunFailed : protocol::RunUnavailable;
    }
    const kernels::CaseReport report =
        harness.runCase(kernels::kWorkloads.at(std::size_t(index)), index, [] { return false; });
    if (!report.error.empty()) {
        io.err << "kix profile launch: case " << index << ": "
               << terminalLine(QString::fromStdString(report.error)) << "\n";
        return protocol::RunFailed;
    }
    io.out << "kix profile launch: case " << index << " launched\n";
    return ExitOk;
#else
    io.err << "kix profile launch: this kix was built without CUDA (nvcc was not found when it was built)\n";
    return protocol::RunUnavailable;
#endif
}

} // namespace

int profileCommand(const QStringList& args, Io io) {
    const QString sub = args.value(0);
    if (sub.isEmpty()) {
        profileUsage(io.err);
        return ExitUsage;
    }
    if (sub == QLatin1String("-h") || sub == QLatin1String("--help") || sub == QLatin1String("help")) {
        profileUsage(io.out);
        return ExitOk;
    }
    if (sub == QLatin1String("import"))
        return importReport(args.mid(1), io);
    if (sub == QLatin1String("launch"))
        return launchCase(args.mid(1), io);
    io.err << "kix profile: unknown subcommand \"" << terminalLine(sub) << "\"\n\n";
    profileUsage(io.err);
    return ExitUsage;
}

} // namespace kix::cli
