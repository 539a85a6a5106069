#include "CommandSupport.h"
#include "CpuRunner.h"
#include "NcuInvocation.h"
#include "OutputFolder.h"
#include "ProfileSupport.h"
#include "RunSupport.h"
#include "SigningRerun.h"
#include "BundledProblem.h"
#include "TextSanitizer.h"
#include "kix/rmsnorm_backward.h"
#include "kix/workloads.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QStandardPaths>
#include <atomic>
#include <csignal>
#include <optional>

namespace kix::cli {

namespace {

using protocol::EventKind;
using protocol::RunnerEvent;

std::atomic<bool> g_stopRequested{false};

extern "C" void requestStop(int /*signal*/) {
    g_stopRequested = true;
}

// `solution`: a solution's workloads, numbered from 0 and checked against their count once they are read.
std::optional<QList<int>> parseCases(const QString& text, bool cpu, bool solution, QString& error) {
    QList<int> cases;
    for (const QString& part : text.split(u',', Qt::SkipEmptyParts)) {
        bool ok = false;
        const int v = part.trimmed().toInt(&ok);
        if (!ok || v < 0 || (!solution && v >= int(kernels::kWorkloads.size()))) {
            error = solution
                        ? QStringLiteral("case \"%1\" is not a workload number (0, 1, …)").arg(part.trimmed())
                        : QStringLiteral("case \"%1\" is not a number from 0 to %2")
                              .arg(part.trimmed())
                              .arg(kernels::kWorkloads.size() - 1);
            return std::nullopt;
        }
        if (cpu && !solution && !runner::cpuCaseRefusal(v).isEmpty()) {
            error = runner::cpuCaseRefusal(v);
            return std::nullopt;
        }
        if (!cases.contains(v))
            cases << v;
    }
    if (cases.isEmpty()) {
        error = QStringLiteral("--cases needs at least one case number");
        return std::nullopt;
    }
    return cases;
}

void printEvent(const RunnerEvent& e, Io io) {
    switch (e.kind) {
    case EventKind::Failed:
    case EventKind::Unavailable:
        break; // the caller prints the outcome once, on stderr
    case EventKind::CaseStarted:
    case EventKind::Written:
        if (e.task < 0)
            break; // a local run reports each case once, when it is done, and its file at the end
        [[fallthrough]];
    default:
        io.out << protocol::describeEvent(e) << "\n";
        for (const QString& line : e.logTail)
            io.out << "    | " << protocol::printable(line) << "\n";
    }
}

// --problem DIR: the user's own copy of the dataset (its uuids and tolerances, which kix does not bundle);
// the usage error, if any.
std::optional<QString> readDatasetCopyOption(const QCommandLineParser& parser, runner::RunOptions& options) {
    if (!parser.isSet(QStringLiteral("problem")) || parser.isSet(QStringLiteral("solution")))
        return std::nullopt; // with --solution it is the solution's problem (RunSolutionCommand.cpp)
    const ProblemDefinition* bundled = bundledProblemDefinition();
    if (!bundled)
        return QStringLiteral("--problem: kix's bundled problem file does not read");
    DatasetCopyRead copy = readDatasetCopy(parser.value(QStringLiteral("problem")), *bundled);
    if (!copy.copy)
        return QStringLiteral("--problem: %1").arg(copy.problems.first().toString());
    options.dataset = std::move(copy.copy);
    return std::nullopt;
}

// --profile and --keep-ncu-reports; the usage error, if any.
std::optional<QString> readProfileOptions(const QCommandLineParser& parser, RunRequest& request) {
    request.profile = parser.isSet(QStringLiteral("profile"));
    request.keepReports = parser.isSet(QStringLiteral("keep-ncu-reports"));
    if (request.profile && parser.value(QStringLiteral("device")) == QLatin1String("cpu"))
        return QStringLiteral("--profile profiles GPU kernels with Nsight Compute; it has no meaning with "
                              "--device cpu");
    if (request.keepReports && !request.profile)
        return QStringLiteral("--keep-ncu-reports keeps the reports of --profile; give --profile too");
    if (request.profile && parser.isSet(QStringLiteral("slurm")))
        return QStringLiteral("--profile runs ncu on this machine; it cannot be combined with --slurm");
    return std::nullopt;
}

// kix run --check --profile: where ncu is, or that a run would be written without a profile.
void printNcuCheck(Io io) {
    const QString ncu = profile::findNcu();
    io.out << "kix run: --profile: "
           << (ncu.isEmpty()
                   ? QStringLiteral("ncu is not on PATH, in $CUDA_HOME/bin, $CUDA_PATH/bin or "
                                    "/usr/local/cuda/bin: the run would be written without a profile")
                   : QStringLiteral("ncu is %1").arg(terminalLine(ncu)))
           << "\n";
}

// The run's options from the command line; the usage error, if any, in words (raw: usage() sanitizes).
std::optional<QString> readRunRequest(const QCommandLineParser& parser, RunRequest& request) {
    request.jsonl = parser.value(QStringLiteral("progress")) == QLatin1String("jsonl");
    if (!request.jsonl && parser.value(QStringLiteral("progress")) != QLatin1String("text"))
        return QStringLiteral("--progress expects text or jsonl");
    runner::RunOptions& options = request.options;
    if (auto error = readDeviceCasesRepeat(parser, options))
        return error;
    const bool cpu = options.device == runner::Device::Cpu;
    request.quick = parser.isSet(QStringLiteral("quick"));
    if (cpu) {
        options.harness = runner::cpuHarnessOptions(request.quick);
    } else if (request.quick) {
        options.harness.minIterations = 5;
        options.harness.maxIterations = 20;
        options.harness.targetMillisecondsPerCase = 20;
        options.harness.referenceIterations = 3;
    }
    options.lockClocks = parser.isSet(QStringLiteral("lock-clocks"));
    if (options.lockClocks && cpu)
        return QStringLiteral("--lock-clocks locks a GPU's clocks; it has no meaning with --device cpu");
    if (parser.isSet(QStringLiteral("plan"))) {
        const QString plan = parser.value(QStringLiteral("plan"));
        if (cpu)
            return QStringLiteral("--plan chooses the GPU kernel's launch plan; it has no meaning with "
                                  "--device cpu");
        if (const std::string why = kernels::parseLaunchOverrides(plan.toStdString(), options.harness.launch);
            !why.empty())
            return QStringLiteral("--plan \"%1\": %2").arg(plan, QString::fromStdString(why));
    }
    if (auto error = readProfileOptions(parser, request))
        return error;
    options.fileTag = parser.value(QStringLiteral("file-tag"));
    static const QRegularExpression tagForm(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$"));
    if (parser.isSet(QStringLiteral("file-tag")) && !tagForm.match(options.fileTag).hasMatch())
        return QStringLiteral("--file-tag expects up to 64 letters, digits, - and _, got \"%1\"")
            .arg(options.fileTag);
    if (auto error = readDatasetCopyOption(parser, options))
        return error;
    options.outputDir = parser.isSet(QStringLiteral("output"))
                            ? parser.value(QStringLiteral("output"))
                            : QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) +
                                  QStringLiteral("/runs");
    return std::nullopt;
}

} // namespace

std::optional<QString> readDeviceCasesRepeat(const QCommandLineParser& parser, runner::RunOptions& options) {
    const QString device = parser.value(QStringLiteral("device"));
    if (device != QLatin1String("gpu") && device != QLatin1String("cpu"))
        return QStringLiteral("--device expects gpu or cpu, got \"%1\"").arg(device);
    options.device = device == QLatin1String("cpu") ? runner::Device::Cpu : runner::Device::Gpu;
    const bool cpu = options.device == runner::Device::Cpu;
    if (parser.isSet(QStringLiteral("cases"))) {
        QString error;
        // calibrate shares this and has no --solution: optionNames() lists only what was given.
        const bool solution = parser.optionNames().contains(QStringLiteral("solution"));
        const auto cases = parseCases(parser.value(QStringLiteral("cases")), cpu, solution, error);
        if (!cases)
            return error;
        options.cases = *cases;
    }
    bool ok = false;
    options.repeat = parser.value(QStringLiteral("repeat")).toInt(&ok);
    if (!ok || options.repeat < 1 || options.repeat > runner::kMaxRepeat)
        return QStringLiteral("--repeat expects a number from 1 to %1, got \"%2\"")
            .arg(runner::kMaxRepeat)
            .arg(parser.value(QStringLiteral("repeat")));
    if (options.repeat > 1 && cpu)
        return QStringLiteral(
                   "--repeat %1 measures a GPU's A/A noise floors; the CPU mode does not record them")
            .arg(options.repeat);
    return std::nullopt;
}

std::function<void(const RunnerEvent&)> progressPrinter(bool jsonl, Io io) {
    return [jsonl, io](const RunnerEvent& e) {
        if (jsonl)
            writeJsonLine(e.toJson(), io);
        else
            printEvent(e, io);
        io.out.flush();
    };
}

bool signRunOutput(const runner::RunOutcome& outcome, const QStringList& commandLine,
                   const QDateTime& startedAt, const QDateTime& finishedAt, const KeyStore& keys, bool jsonl,
                   Io io) {
    if (outcome.manifestFile.isEmpty())
        return false;
    RerunSignRequest request;
    request.manifestFile = outcome.manifestFile;
    request.otherFiles = outcome.resourceFiles;
    request.commandLine = commandLine;
    request.startedAt = startedAt;
    request.finishedAt = finishedAt;
    request.executable = QCoreApplication::applicationFilePath();
    const RerunSignOutcome signedRun = signRerun(request, keys);
    if (signedRun.keyCreated)
        io.err << "kix run: created a new signing key in " << terminalLine(keys.keyFile())
               << " (kix key show prints its public half)\n";
    if (!signedRun.error.isEmpty()) {
        io.err << "kix run: the run's files are written but not signed: " << terminalLine(signedRun.error)
               << "\n";
        return false;
    }
    const QString message =
        QStringLiteral("signed by %1: %2").arg(signedRun.fingerprint, signedRun.envelopeFile);
    if (jsonl) {
        RunnerEvent e;
        e.kind = EventKind::Log;
        e.message = message;
        writeJsonLine(e.toJson(), io);
    } else {
        io.out << "kix run: " << terminalLine(message) << "\n"; // names the envelope file
    }
    io.out.flush();
    return true;
}

namespace {
// --gpus (every card in turn), --solution and --slurm each run elsewhere, and their options are a usage
// error without them; nullopt when the run is the plain local one.
std::optional<int> runElsewhere(const QCommandLineParser& parser, const RunRequest& request,
                                const QStringList& args, Io io) {
    const auto usage = [&io](const QString& message) {
        io.err << "kix run: " << terminalLine(message) << "\n";
        return int(protocol::RunUsage);
    };
    if (parser.isSet(QStringLiteral("gpus")))
        return runOnGpus(parser, request, args, io);
    if (parser.isSet(QStringLiteral("solution")))
        return runSolutionCommand(parser, request, args, io);
    if (solutionOptionsUsed(parser))
        return usage(QStringLiteral("--definition, --workloads, --python, --case-timeout, "
                                    "--cupti-lib, --harness and --sol-execbench need --solution"));
    if (parser.isSet(QStringLiteral("slurm")))
        return runOnSlurm(parser, request, io);
    if (slurmOptionsUsed(parser))
        return usage(
            QStringLiteral("--partition, --account, --print-script and the other cluster options need "
                           "--slurm"));
    return std::nullopt;
}
} // namespace

int runCommand(const QStringList& args, Io io) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Run the bundled fused RMSNorm-backward kernel on this machine's GPU over the 16 workloads of "
        "SOL-ExecBench 013, check every output against an fp64 reference, time it against the unfused "
        "reference, and write a new manifest. --device cpu runs the CPU mode instead: the kernel's math on "
        "one CPU thread over the small workloads, labelled as a CPU result and never compared with GPU runs. "
        "--slurm submits the rerun to a Slurm cluster (see docs/cluster.md)."));
    addExitStatuses(parser, protocol::UsedByRun);
    parser.addOption({QStringLiteral("output"),
                      QStringLiteral("Folder for the manifest (default: the explorer's runs folder)."),
                      QStringLiteral("dir")});
    parser.addOption(
        {QStringLiteral("cases"),
         QStringLiteral("Comma-separated workload numbers 0-15 (default: all; CPU mode: all with at "
                        "most %1 rows).")
             .arg(runner::kCpuMaxRows),
         QStringLiteral("list")});
    parser.addOption({QStringLiteral("device"), QStringLiteral("gpu (default) or cpu (CPU mode, see above)."),
                      QStringLiteral("device"), QStringLiteral("gpu")});
    parser.addOption(
        {QStringLiteral("progress"),
         QStringLiteral("Progress format: text (default) or jsonl (one JSON event per line on stdout)."),
         QStringLiteral("format"), QStringLiteral("text")});
    parser.addOption(
        {QStringLiteral("check"), QStringLiteral("Only report whether a run is possible here.")});
    parser.addOption({QStringLiteral("quick"), QStringLiteral("Fewer timed iterations (for a smoke test).")});
    parser.addOption(
        {QStringLiteral("lock-clocks"),
         QStringLiteral("Lock the GPU's SM clocks at its base (default applications) clock for the "
                        "run and reset them afterwards, also on failure, Ctrl+C or SIGTERM (needs "
                        "root; where the driver refuses, the run says why and goes on unlocked).")});
    parser.addOption(
        {QStringLiteral("repeat"),
         QStringLiteral("2 to %1: time every case N times in a row and record each case's and the suite's "
                        "A/A noise floor (CUPTI and CUDA events), which kix diff uses as a case's minimum "
                        "effect when larger (docs/verdicts.md).")
             .arg(runner::kMaxRepeat),
         QStringLiteral("n"), QStringLiteral("1")});
    parser.addOption(
        {QStringLiteral("plan"),
         QStringLiteral(
             "Developer option: force launch-plan fields (the tokens of kix-kernel-bench --plan, "
             "e.g. \"pf0\"), for a known-slower kernel; the manifest's launch.plan names the plan."),
         QStringLiteral("text")});
    parser.addOption(
        {QStringLiteral("problem"),
         QStringLiteral(
             "A SOL-ExecBench problem folder (its definition.json and workload.jsonl). With "
             "--solution: the problem the solution is run on. Without: your own copy of problem 013, "
             "so that each case is named by the copy's workload uuid and checked with its "
             "tolerance, which kix does not bundle (the dataset's licence allows no "
             "redistribution); without it, KernelIndex's case ids and kix's own rule "
             "(kernels/PROBLEM.md)."),
         QStringLiteral("dir")});
    parser.addOption(
        {QStringLiteral("file-tag"),
         QStringLiteral("Appended to the manifest's file name (letters, digits, - and _); the Slurm "
                        "batch script passes the job and task id."),
         QStringLiteral("tag")});
    parser.addOption(
        {QStringLiteral("profile"),
         QStringLiteral("After the run is written, launch each case once more under Nsight Compute (ncu, on "
                        "PATH or under the CUDA toolkit) and write kix's metric set per case beside the "
                        "manifest as <stem>.profile.json (docs/profiles.md). No timed number comes from a "
                        "profiled launch; a profile that fails is said and the run is kept.")});
    parser.addOption({QStringLiteral("keep-ncu-reports"),
                      QStringLiteral("With --profile: keep each case's .ncu-rep beside the manifest.")});
    parser.addOption(
        {QStringLiteral("gpus"),
         QStringLiteral("all, or a comma-separated list of card indexes and UUIDs (0,2,3 or GPU-…): the run "
                        "once per card, in turn, each card's a normal signed set in a folder naming the card "
                        "under --output's fleet-<time>/, for kix fleet (docs/fleet.md)."),
         QStringLiteral("list")});
    addSlurmOptions(parser);
    addSolutionOptions(parser);
    int code = ExitOk;
    if (!parseSubcommand(parser, QStringLiteral("run"), args, io, 0, 0, code))
        return code;
    const auto usage = [&io](const QString& message) {
        io.err << "kix run: " << terminalLine(message) << "\n"; // may echo a typed value or path
        return int(protocol::RunUsage);
    };

    RunRequest request;
    if (const auto error = readRunRequest(parser, request))
        return usage(*error);
    const runner::RunOptions& options = request.options;
    const bool cpu = options.device == runner::Device::Cpu;
    if (options.dataset)
        printProblems(options.dataset->warnings, io);
    request.stopRequested = [] { return g_stopRequested.load(); };
    std::signal(SIGINT, requestStop);
    std::signal(SIGTERM, requestStop);

    if (const auto elsewhere = runElsewhere(parser, request, args, io))
        return *elsewhere;

    const QString unavailable = cpu ? QString() : runner::localRunUnavailableReason();
    if (parser.isSet(QStringLiteral("check")) || !unavailable.isEmpty()) {
        if (request.jsonl) {
            RunnerEvent e;
            e.kind = unavailable.isEmpty() ? EventKind::Available : EventKind::Unavailable;
            e.message = unavailable;
            writeJsonLine(e.toJson(), io);
        }
        if (!unavailable.isEmpty()) {
            io.err << "kix run: cannot run locally: " << terminalLine(unavailable) << "\n"; // driver text
            return protocol::RunUnavailable;
        }
        io.out << (cpu ? "kix run: a CPU-mode run is possible here\n"
                       : "kix run: a local run is possible here\n");
        if (request.profile)
            printNcuCheck(io);
        return ExitOk;
    }
    // Before any work: a run whose results cannot be written is not started.
    if (const QString why = runner::prepareOutputFolder(options.outputDir); !why.isEmpty())
        return usage(QStringLiteral("--output: %1; nothing was run").arg(why));

    const auto progress = progressPrinter(request.jsonl, io);
    const QDateTime startedAt = QDateTime::currentDateTimeUtc();
    const runner::RunOutcome outcome = cpu ? runner::runOnCpu(options, progress, request.stopRequested)
                                           : runner::runLocally(options, progress, request.stopRequested);
    return finishRun(outcome, args, startedAt, request.jsonl, io, [&] {
        // The run is written (and signed) before anything is profiled, so no profile can cost it.
        if (request.profile)
            profileWrittenRun(outcome.manifestFile, options.cases, request.keepReports, progress,
                              request.stopRequested, io);
    });
}

int finishRun(const runner::RunOutcome& outcome, const QStringList& args, const QDateTime& startedAt,
              bool jsonl, Io io, const std::function<void()>& afterSigning) {
    signRunOutput(outcome, QStringList{QStringLiteral("kix"), QStringLiteral("run")} + args, startedAt,
                  QDateTime::currentDateTimeUtc(), KeyStore(KeyStore::defaultConfigDirectory()), jsonl, io);
    if (afterSigning)
        afterSigning();
    if (jsonl && outcome.exitCode != protocol::RunOk) {
        RunnerEvent failed;
        failed.kind = EventKind::Failed;
        failed.exitCode = outcome.exitCode;
        failed.message = outcome.message;
        writeJsonLine(failed.toJson(), io);
    }
    // The runner's message names files and may carry a driver's or compiler's words.
    (outcome.exitCode == protocol::RunOk ? io.out : io.err)
        << "kix run: " << terminalLine(outcome.message) << "\n";
    return outcome.exitCode;
}

} // namespace kix::cli
