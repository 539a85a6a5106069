// kix run --solution SOLUTION.json --problem DIR (or --definition F --workloads F): a SOL-ExecBench
// solution run by kix's solution runner (app/runner/SolutionRunner.h) and written as the signed manifest
// set `kix run` writes for the bundled kernel. The common options (--output, --cases, --device, --progress,
// --quick, --repeat, --lock-clocks, --file-tag) are read by runCommand; these are the solution's own.
#include "CommandSupport.h"
#include "OutputFolder.h"
#include "RunSupport.h"
#include "SolutionHarness.h"
#include "SolutionProblem.h"
#include "SolutionRunner.h"
#include "TextSanitizer.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>

namespace kix::cli {

namespace {

// --problem is not among them: without --solution it names the user's copy of the bundled problem.
const char* const kSolutionOptions[] = {"definition", "workloads", "python", "case-timeout", "cupti-lib"};

// The problem's two files from --problem or --definition and --workloads; the usage error, if any.
std::optional<QString> problemFiles(const QCommandLineParser& parser, QString& definition, QString& workloads,
                                    QString& dir) {
    const bool folder = parser.isSet(QStringLiteral("problem"));
    const bool files =
        parser.isSet(QStringLiteral("definition")) || parser.isSet(QStringLiteral("workloads"));
    if (folder == files)
        return QStringLiteral("--solution needs --problem DIR, or --definition FILE and --workloads FILE");
    if (folder) {
        dir = parser.value(QStringLiteral("problem"));
        if (!QFileInfo(dir).isDir())
            return QStringLiteral("--problem: %1 is not a folder").arg(dir);
        definition = QDir(dir).filePath(QStringLiteral("definition.json"));
        workloads = QDir(dir).filePath(QStringLiteral("workload.jsonl"));
        return std::nullopt;
    }
    if (!parser.isSet(QStringLiteral("definition")) || !parser.isSet(QStringLiteral("workloads")))
        return QStringLiteral("--definition and --workloads go together");
    definition = parser.value(QStringLiteral("definition"));
    workloads = parser.value(QStringLiteral("workloads"));
    dir = QFileInfo(definition).absolutePath();
    return std::nullopt;
}

// Which harness times the solution: kix's engine, or SOL-ExecBench's CLI (`official`); the usage error, if
// any.
std::optional<QString> harnessChoice(const QCommandLineParser& parser, const RunRequest& request,
                                     bool& official) {
    const QString harness = parser.value(QStringLiteral("harness"));
    if (harness != QLatin1String("kix") && harness != QLatin1String("sol-execbench"))
        return QStringLiteral("--harness expects kix or sol-execbench, got \"%1\"").arg(harness);
    official = harness == QLatin1String("sol-execbench");
    if (official && (request.options.device == runner::Device::Cpu || request.options.repeat > 1 ||
                     parser.isSet(QStringLiteral("cases"))))
        return QStringLiteral(
            "--harness sol-execbench runs SOL-ExecBench's own CLI on every workload on the GPU "
            "and keeps one median each: --device cpu, --repeat 2 and --cases need kix's engine");
    if (!official && parser.isSet(QStringLiteral("sol-execbench")))
        return QStringLiteral("--sol-execbench needs --harness sol-execbench");
    return std::nullopt;
}

// Timed launches per case: ≥ 200 on a GPU, as SOL-ExecBench's leaderboard would want them counted twice
// over; a handful for --quick and the CPU mode.
runner::SolutionRunOptions settingsFor(const QCommandLineParser& parser, const RunRequest& request) {
    runner::SolutionRunOptions s;
    const bool cpu = request.options.device == runner::Device::Cpu;
    s.warmup = request.quick ? 2 : cpu ? 2 : 10;
    s.iterations = request.quick ? (cpu ? 3 : 20) : (cpu ? 20 : 200);
    s.checkRounds = request.quick ? 1 : 3;
    s.python = parser.value(QStringLiteral("python"));
    s.cuptiLibrary = parser.value(QStringLiteral("cupti-lib"));
    return s;
}

void addHarnessOptions(QCommandLineParser& parser) {
    parser.addOption(
        {QStringLiteral("harness"),
         QStringLiteral("With --solution: kix (default: kix's engine, every launch kept) or sol-execbench "
                        "(SOL-ExecBench's own CLI times it: one median per workload, imported)."),
         QStringLiteral("engine"), QStringLiteral("kix")});
    parser.addOption(
        {QStringLiteral("sol-execbench"),
         QStringLiteral("With --harness sol-execbench: the official CLI (default: sol-execbench on PATH)."),
         QStringLiteral("file")});
}

// Where the engine would run: the official CLI, or the Python and whether torch imports in it (the
// runner script's own import check: `--help` imports torch before it parses anything); empty `why` when
// a run could start.
QString engineCheck(const runner::SolutionRunOptions& settings, bool official, const QString& cli,
                    QString& why) {
    if (official) {
        const QString found = runner::officialHarnessCli(cli, why);
        return found.isEmpty() ? QString() : QStringLiteral("SOL-ExecBench's CLI %1").arg(found);
    }
    const QString python = runner::solutionPython(settings.python, why);
    if (python.isEmpty())
        return {};
    const QString script = runner::solutionRunnerScript();
    if (script.isEmpty()) {
        why = QStringLiteral("kix's solution runner (kix_solution_runner.py) is not installed beside this "
                             "kix (share/kix/solution/); set KIX_SOLUTION_RUNNER to it");
        return {};
    }
    QProcess process;
    process.start(python, {script, QStringLiteral("--help")});
    if (!process.waitForStarted(30000) || !process.waitForFinished(120000)) {
        why = QStringLiteral("the Python %1 could not be run: %2").arg(python, process.errorString());
        return {};
    }
    protocol::ProgressStream stream;
    auto items = stream.feed(process.readAllStandardOutput());
    items += stream.finish();
    for (const auto& item : items)
        if (item.event && item.event->kind == protocol::EventKind::Unavailable)
            why = item.event->message;
    if (why.isEmpty() && (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0))
        why = QStringLiteral("the Python %1 could not load kix's solution runner (exit status %2)")
                  .arg(python)
                  .arg(process.exitCode());
    return why.isEmpty() ? QStringLiteral("Python %1 with torch").arg(python) : QString();
}

// kix run --solution --check: the engine's availability as `--check` reports the bundled kernel's.
int checkSolutionEngine(const QCommandLineParser& parser, const RunRequest& request, bool official, Io io) {
    QString why;
    const QString engine = engineCheck(settingsFor(parser, request), official,
                                       parser.value(QStringLiteral("sol-execbench")), why);
    if (request.jsonl) {
        protocol::RunnerEvent e;
        e.kind = why.isEmpty() ? protocol::EventKind::Available : protocol::EventKind::Unavailable;
        e.message = why.isEmpty() ? engine : why;
        writeJsonLine(e.toJson(), io);
    }
    if (!why.isEmpty()) {
        io.err << "kix run: the solution cannot run here: " << terminalLine(why) << "\n";
        return protocol::RunUnavailable;
    }
    io.out << "kix run: a solution run is possible here: " << terminalLine(engine) << "\n";
    return protocol::RunOk;
}

} // namespace

void addSolutionOptions(QCommandLineParser& parser) {
    parser.addOption(
        {QStringLiteral("solution"),
         QStringLiteral("Run this SOL-ExecBench solution.json instead of the bundled kernel, in the "
                        "user's Python with torch (kernels/solution/README.md)."),
         QStringLiteral("file")});
    parser.addOption({QStringLiteral("definition"), QStringLiteral("With --solution: the definition.json."),
                      QStringLiteral("file")});
    parser.addOption({QStringLiteral("workloads"), QStringLiteral("With --solution: the workload.jsonl."),
                      QStringLiteral("file")});
    parser.addOption(
        {QStringLiteral("python"),
         QStringLiteral("With --solution: the Python with torch to run it in (default: python3)."),
         QStringLiteral("python")});
    parser.addOption(
        {QStringLiteral("case-timeout"),
         QStringLiteral("With --solution: seconds a case may take before it is stopped and recorded "
                        "as a timeout (default 600)."),
         QStringLiteral("seconds")});
    addHarnessOptions(parser);
    parser.addOption({QStringLiteral("cupti-lib"),
                      QStringLiteral("With --solution: kix's CUPTI timer, libkix_kernels_capi.so (default: "
                                     "$KIX_CUPTI_LIB; without it, CUDA events only)."),
                      QStringLiteral("file")});
}

bool solutionOptionsUsed(const QCommandLineParser& parser) {
    return std::any_of(std::begin(kSolutionOptions), std::end(kSolutionOptions),
                       [&](const char* o) { return parser.isSet(QString::fromLatin1(o)); });
}

int runSolutionCommand(const QCommandLineParser& parser, const RunRequest& request, const QStringList& args,
                       Io io) {
    const auto usage = [&io](const QString& message) {
        io.err << "kix run: " << terminalLine(message) << "\n";
        return int(protocol::RunUsage);
    };
    if (parser.isSet(QStringLiteral("slurm")) || slurmOptionsUsed(parser))
        return usage(
            QStringLiteral("--solution runs on this machine; --slurm and the cluster options do not take "
                           "it yet"));
    bool official = false;
    if (const auto error = harnessChoice(parser, request, official))
        return usage(*error);
    if (parser.isSet(QStringLiteral("check"))) // the engine only: the files are read when the run starts
        return checkSolutionEngine(parser, request, official, io);
    QString definition, workloads, dir;
    if (const auto error = problemFiles(parser, definition, workloads, dir))
        return usage(*error);
    runner::SolutionRunOptions settings = settingsFor(parser, request);
    settings.problemDir = dir;
    if (parser.isSet(QStringLiteral("case-timeout"))) {
        bool ok = false;
        settings.caseTimeoutSeconds = parser.value(QStringLiteral("case-timeout")).toInt(&ok);
        if (!ok || settings.caseTimeoutSeconds < 1)
            return usage(QStringLiteral("--case-timeout expects a whole number of seconds, got \"%1\"")
                             .arg(parser.value(QStringLiteral("case-timeout"))));
    }
    const SolutionProblemRead read =
        readSolutionProblem(parser.value(QStringLiteral("solution")), definition, workloads);
    if (!read.problem) {
        for (const Problem& p : read.problems)
            if (p.isError())
                io.err << "kix run: " << terminalLine(p.toString()) << "\n";
        io.err << "kix run: the solution or its problem is invalid; nothing was run\n";
        return protocol::RunInput;
    }
    for (int c : request.options.cases)
        if (c >= read.problem->workloads.size())
            return usage(QStringLiteral("case \"%1\" is not a workload number from 0 to %2")
                             .arg(c)
                             .arg(read.problem->workloads.size() - 1));
    if (const QString why = runner::prepareOutputFolder(request.options.outputDir); !why.isEmpty())
        return usage(QStringLiteral("--output: %1; nothing was run").arg(why));
    const auto progress = progressPrinter(request.jsonl, io);
    const QDateTime startedAt = QDateTime::currentDateTimeUtc();
    if (official) {
        runner::HarnessOptions h;
        h.cli = parser.value(QStringLiteral("sol-execbench"));
        h.problemDir = parser.isSet(QStringLiteral("problem")) ? dir : QString();
        return finishRun(
            runner::runOfficialHarness(*read.problem, request.options, h, progress, request.stopRequested),
            args, startedAt, request.jsonl, io);
    }
    const runner::RunOutcome outcome =
        runner::runSolution(*read.problem, request.options, settings, progress, request.stopRequested);
    return finishRun(outcome, args, startedAt, request.jsonl, io);
}

} // namespace kix::cli
