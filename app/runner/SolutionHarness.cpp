#include "SolutionHarness.h"

#include "FileSuffixes.h"
#include "GpuStateEvidence.h"
#include "ManifestSet.h"
#include "ProblemDefinition.h"
#include "RawSamples.h"
#include "TraceImport.h"
#include "kix_config.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

namespace kix::runner {

namespace {

RunOutcome failure(int exitCode, QString message) {
    RunOutcome out;
    out.exitCode = exitCode;
    out.message = std::move(message);
    return out;
}

QStringList cliArguments(const SolutionProblem& p, const RunOptions& options, const HarnessOptions& h,
                         const QString& traces) {
    QStringList args;
    if (!h.problemDir.isEmpty())
        args << h.problemDir;
    else
        args << QStringLiteral("--definition") << p.definitionFile << QStringLiteral("--workload")
             << p.workloadsFile;
    args << QStringLiteral("--solution") << p.solutionFile << QStringLiteral("-o") << traces;
    if (options.lockClocks) // only when asked: SOL-ExecBench then refuses every workload on unlocked clocks
        args << QStringLiteral("--lock-clocks");
    return args;
}

// What the set adds beside the imported traces: who produced the numbers, how, and the GPU's state.
Json harnessRecord(const QString& cli, const QStringList& args, int exitCode, const RunGpuState& gpu,
                   const std::optional<kernels::GpuStateSummary>& window, const QString& solution) {
    Json arguments = Json::array();
    for (const QString& a : args)
        arguments.push_back(a.toStdString());
    // A raw-samples document without cases (RawSamples.h), so that loaders pass over it as evidence.
    Json record = rawSamplesDocument(solution, Json::array());
    record.update(
        {{"harness", "sol-execbench"},
         {"cli", cli.toStdString()},
         {"arguments", arguments},
         {"exitCode", exitCode},
         {"solution", solution.toStdString()},
         {"kix", KIX_VERSION},
         {"note", "The numbers are SOL-ExecBench's own (its harness timed and checked the solution): "
                  "one median per workload, no per-launch samples; kix ran it, sampled the GPU's "
                  "state meanwhile and imported its traces."},
         {"gpu", runGpuStateJson(gpu)}});
    if (window)
        record["gpuState"] = caseGpuStateJson(*window);
    return record;
}

// The suite run of an imported set: its last run bundle (TraceBuild writes the case runs, then the suite).
QString suiteRunOf(const ManifestSet& files) {
    QString last;
    for (const SetFile& f : files.files())
        if (f.name.endsWith(QLatin1String(kManifestSuffix)))
            last = f.name;
    return last;
}

} // namespace

QString officialHarnessCli(const QString& requested, QString& why) {
    QString found = requested.isEmpty() ? QStandardPaths::findExecutable(QStringLiteral("sol-execbench"))
                    : requested.contains(u'/') ? requested
                                               : QStandardPaths::findExecutable(requested);
    if (found.isEmpty() || !QFileInfo(found).isExecutable())
        why = requested.isEmpty()
                  ? QStringLiteral(
                        "the official SOL-ExecBench CLI (sol-execbench) is not on PATH: pip install "
                        "sol-execbench (github.com/NVIDIA/SOL-ExecBench), or name it with --sol-execbench")
                  : QStringLiteral("--sol-execbench: %1 is not an executable").arg(requested);
    return why.isEmpty() ? found : QString();
}

RunOutcome runOfficialHarness(const SolutionProblem& problem, const RunOptions& options,
                              const HarnessOptions& harness, const ProgressSink& progress,
                              const std::function<bool()>& cancelled) {
    QString why;
    const QString cli = officialHarnessCli(harness.cli, why);
    if (cli.isEmpty())
        return failure(protocol::RunUnavailable, why);
    QTemporaryDir work;
    const QString traces = work.filePath(QStringLiteral("traces.jsonl"));
    const QStringList args = cliArguments(problem, options, harness, traces);

    RunGpuState gpu;
    std::unique_ptr<kernels::NvmlGpu> nvml = kernels::NvmlGpu::open(std::string());
    gpu.unavailable = QString::fromStdString(nvml->unavailableReason());
    std::unique_ptr<kernels::GpuStateSampler> sampler;
    if (gpu.unavailable.isEmpty()) {
        gpu.identity = nvml->identity();
        sampler = std::make_unique<kernels::GpuStateSampler>(*nvml, std::chrono::milliseconds(10));
    }
    logLine(progress, QStringLiteral("the official harness: %1 %2").arg(cli, args.join(u' ')));

    QProcess process;
    process.setProcessChannelMode(QProcess::ForwardedErrorChannel); // its own progress stays its own
    process.setStandardOutputFile(QProcess::nullDevice());
    process.start(cli, args);
    if (!process.waitForStarted(30000))
        return failure(protocol::RunUnavailable,
                       QStringLiteral("%1 could not be started: %2").arg(cli, process.errorString()));
    if (sampler)
        sampler->start();
    QElapsedTimer clock;
    clock.start();
    while (!process.waitForFinished(100)) {
        if (cancelled() || clock.elapsed() > qint64(harness.timeoutSeconds) * 1000) {
            process.kill();
            process.waitForFinished(5000);
            return cancelled()
                       ? failure(protocol::RunCancelled, QStringLiteral("cancelled; no manifest was written"))
                       : failure(protocol::RunFailed, QStringLiteral("%1 did not finish within %2 s; no "
                                                                     "manifest was written")
                                                          .arg(cli)
                                                          .arg(harness.timeoutSeconds));
        }
    }
    std::optional<kernels::GpuStateSummary> window;
    if (sampler)
        window = kernels::summarizeGpuState(sampler->stop());
    const int exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    if (!QFileInfo(traces).isFile())
        return failure(protocol::RunFailed,
                       QStringLiteral("%1 wrote no traces (exit status %2); no manifest was written")
                           .arg(cli)
                           .arg(exitCode));

    TraceImportOptions importOptions;
    const ProblemDefinitionRead bundled = readProblemDefinition(QString::fromLatin1(kBundledProblem013));
    if (bundled.definition)
        importOptions.definitions << &*bundled.definition;
    TraceImportResult imported = importTraceFile(traces, importOptions);
    for (const Problem& p : imported.problems)
        if (p.isError())
            return failure(
                protocol::RunFailed,
                QStringLiteral("the official harness's traces could not be imported: %1; no manifest was "
                               "written")
                    .arg(p.toString()));
    if (imported.solutions != QStringList{problem.solution.name})
        return failure(
            protocol::RunFailed,
            QStringLiteral("the official harness's traces are of %1, not of the solution %2; no manifest "
                           "was written")
                .arg(imported.solutions.join(QStringLiteral(", ")), problem.solution.name));
    const QString suite = suiteRunOf(imported.files);
    const QString recordName = suite.chopped(qsizetype(sizeof kManifestSuffix) - 1) +
                               QStringLiteral(".harness") + QLatin1String(kSamplesSuffix);
    if (imported.rejectedArguments > 0) {
        logLine(progress, QStringLiteral(
                              "not KernelIndex-valid: the traces give no dtype or shape for %1 OperationSpec "
                              "argument(s) (kix import-trace says which)")
                              .arg(imported.rejectedArguments));
    }
    imported.files.add(recordName, harnessRecord(cli, args, exitCode, gpu, window, problem.solution.name));
    const SetWriteResult written = writeManifestSet(options.outputDir, imported.files, false);
    if (!written.ok())
        return failure(protocol::RunFailed, written.errors.join(QStringLiteral("; ")));
    RunOutcome out;
    out.manifestFile = QDir(options.outputDir).filePath(suite);
    out.resourceFiles = {QDir(options.outputDir).filePath(recordName)};
    const Json suiteRun = Json::parse(imported.files.find(suite)->bytes.toStdString());
    const QString status = QString::fromStdString(suiteRun["run"]["spec"].value("status", std::string()));
    out.exitCode = status == QLatin1String("passed") ? protocol::RunOk : protocol::RunFailed;
    out.message = QStringLiteral("%1 workload(s) timed by the official harness (%2), imported; wrote %3")
                      .arg(imported.traces)
                      .arg(status, out.manifestFile);
    protocol::RunnerEvent done;
    done.kind = protocol::EventKind::Written;
    done.file = out.manifestFile;
    done.status = status;
    progress(done);
    return out;
}

} // namespace kix::runner
