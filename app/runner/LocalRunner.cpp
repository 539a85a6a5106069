#include "LocalRunner.h"

#include "Digest.h"
#include "LocalRunManifest.h"
#include "ManifestSet.h"
#include "ManifestWriter.h"
#include "ProblemDefinition.h"
#include "Statistics.h"
#include "WorkloadSuiteBuilder.h"
#include "kix_config.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <optional>

namespace kix::runner {

namespace {

#if KIX_HAVE_CUDA // only a local run reads clocks and the suite
Clocks readClocks() {
    Clocks c;
    QProcess smi;
    smi.start(QStringLiteral("nvidia-smi"),
              {QStringLiteral("--query-gpu=clocks.sm,clocks.mem,clocks.max.sm,driver_version"),
               QStringLiteral("--format=csv,noheader,nounits"), QStringLiteral("--id=0")});
    if (!smi.waitForFinished(5000) || smi.exitStatus() != QProcess::NormalExit || smi.exitCode() != 0) {
        c.unavailableReason = QStringLiteral("nvidia-smi could not be run: %1").arg(smi.errorString());
        return c;
    }
    const QStringList parts = QString::fromLocal8Bit(smi.readAllStandardOutput()).trimmed().split(u',');
    if (parts.size() < 4) {
        c.unavailableReason = QStringLiteral("unexpected nvidia-smi output");
        return c;
    }
    c.smMHz = parts[0].trimmed();
    c.memoryMHz = parts[1].trimmed();
    c.smMaxMHz = parts[2].trimmed();
    c.driver = parts[3].trimmed();
    return c;
}

#endif

} // namespace

QString defaultCalibrationHistory() {
    return QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) +
           QStringLiteral("/calibration.json");
}

kernels::Workload workloadToRun(const RunOptions& options, int index) {
    kernels::Workload w = kernels::kWorkloads.at(std::size_t(index));
    if (!options.dataset)
        return w;
    const DatasetWorkload* d = options.dataset->find(
        {{QStringLiteral("batch_size"), w.batchSize}, {QStringLiteral("seq_len"), w.seqLen}});
    if (d) {
        w.caseId = d->caseId.constData();
        w.maxAtol = d->maxAtol;
        w.maxRtol = d->maxRtol;
    }
    return w;
}

QString bundledSuitePath() {
    return QString::fromLatin1(kBundledProblem013);
}

QString bundledSuiteDigest() {
    const ProblemDefinitionRead r = readProblemDefinition(bundledSuitePath());
    if (!r.definition || hasErrors(checkKernelIndexDigests(*r.definition, bundledSuitePath())))
        return {};
    const Json suite = buildKernelIndexResources(*r.definition).suite;
    return suite.is_null() ? QString() : resourceDigest(suite);
}

namespace {
// The outcome of a run whose files are all written: its status decides the exit code, and the
// "written" event names the run's file.
void reportWritten(const QString& file, const QString& status, int caseCount, const ProgressSink& progress,
                   RunOutcome& out) {
    const bool passed = status == QLatin1String("passed");
    out.exitCode = passed ? protocol::RunOk : protocol::RunFailed;
    out.message = passed ? QStringLiteral("all %1 cases passed; wrote %2").arg(caseCount).arg(file)
                         : QStringLiteral("some cases failed their correctness check; wrote %1").arg(file);
    protocol::RunnerEvent written;
    written.kind = protocol::EventKind::Written;
    written.file = file;
    written.status = status;
    progress(written);
}
} // namespace

RunOutcome writeRunFiles(const QString& dir, const QString& fileName, const Json& bundle,
                         const Json& implementation, int caseCount, const ProgressSink& progress) {
    RunOutcome out;
    const QString file = QDir(dir).filePath(fileName);
    // The implementation it names, so that implementationDigest verifies when the folder is opened.
    const QString implFile = QDir(dir).filePath(QStringLiteral("%1.json").arg(
        QString::fromStdString(implementation["metadata"]["name"].get<std::string>())));
    if (const QString err = writeJsonAtomically(implFile, implementation); !err.isEmpty()) {
        out.exitCode = protocol::RunFailed;
        out.message = err;
        return out;
    }
    if (const QString err = writeJsonAtomically(file, bundle); !err.isEmpty()) {
        out.exitCode = protocol::RunFailed;
        out.message = err;
        return out;
    }
    out.manifestFile = file;
    out.resourceFiles = {implFile};
    const QString status = QString::fromStdString(bundle["run"]["spec"]["status"].get<std::string>());
    reportWritten(file, status, caseCount, progress, out);
    return out;
}

RunOutcome writeRunSet(const QString& dir, const LocalRunSet& set, int caseCount,
                       const ProgressSink& progress) {
    RunOutcome out;
    const SetWriteResult result =
        set.error.isEmpty() ? writeManifestSet(dir, set.files, false) : SetWriteResult{};
    if (!set.error.isEmpty() || !result.ok()) {
        out.exitCode = protocol::RunFailed;
        out.message = set.error.isEmpty() ? result.errors.join(QStringLiteral("; ")) : set.error;
        return out;
    }
    const QString file = QDir(dir).filePath(set.suiteRunFile);
    out.manifestFile = file;
    const QString& status = set.suiteStatus;
    reportWritten(file, status, caseCount, progress, out);
    return out;
}
void logLine(const ProgressSink& progress, const QString& message) {
    protocol::RunnerEvent e;
    e.kind = protocol::EventKind::Log;
    e.message = message;
    progress(e);
}

#if KIX_HAVE_CUDA
namespace {

// Times the calibration copy and checks it against this machine's earlier boots.
void calibrateForRun(kernels::Harness& harness, const RunOptions& options, LocalRunFacts& facts,
                     const ProgressSink& progress, const std::function<bool()>& cancelled) {
    kernels::Timing t;
    if (const std::string err = harness.calibrate(t, cancelled); !err.empty()) {
        facts.gpu.calibration.error = QString::fromStdString(err);
        return;
    }
    const double median = t.stats(kernels::TimingMethod::CudaEvents).median;
    const QString key = QString::fromStdString(facts.gpu.identity.uuid.empty()
                                                   ? facts.device.name + " " + facts.device.pciBusId
                                                   : facts.gpu.identity.uuid);
    facts.gpu.calibration = checkCalibration(
        options.calibrationHistory.isEmpty() ? defaultCalibrationHistory() : options.calibrationHistory, key,
        currentBootId(), median);
    const CalibrationFacts& c = facts.gpu.calibration;
    QString line = QStringLiteral("calibration: a %1 MiB device copy takes %2 µs (median of %3)")
                       .arg(kernels::kCalibrationCopyBytes >> 20)
                       .arg(median / 1e3, 0, 'f', 1)
                       .arg(kernels::kCalibrationIterations);
    if (c.usualNs)
        line += QStringLiteral("; %1%2% from this GPU's usual %3 µs over %4 earlier boot(s)%5")
                    .arg(c.deviation() >= 0 ? QStringLiteral("+") : QString())
                    .arg(c.deviation() * 100, 0, 'f', 1)
                    .arg(*c.usualNs / 1e3, 0, 'f', 1)
                    .arg(c.earlierBoots)
                    .arg(c.suspect() ? QStringLiteral(" — SUSPECT: outside the ±5% band") : QString());
    else
        line += QStringLiteral("; no earlier boot recorded on this GPU yet");
    if (!c.error.isEmpty())
        line += QStringLiteral(" (%1)").arg(c.error);
    logLine(progress, line);
}

// One case of the suite: where it sits in the run and which workload it is.
struct CaseStep {
    int position = 0, total = 0, index = 0;
};

RunOutcome stoppedOutcome(int exitCode, QString message) {
    RunOutcome out;
    out.exitCode = exitCode;
    out.message = std::move(message);
    return out;
}

// Runs one case (and its A/A repeat), reports it and adds it to `facts`; an outcome only when the run must
// stop here (cancelled, or the case failed to run).
std::optional<RunOutcome> runOneCase(kernels::Harness& harness, const RunOptions& options,
                                     const CaseStep& step, LocalRunFacts& facts,
                                     std::vector<kernels::GpuSample>& window, bool sampling,
                                     const ProgressSink& progress, const std::function<bool()>& cancelled) {
    const QString cancelledMessage = QStringLiteral("cancelled; no manifest was written");
    if (cancelled())
        return stoppedOutcome(protocol::RunCancelled, cancelledMessage);
    const kernels::Workload w = workloadToRun(options, step.index);
    protocol::RunnerEvent started;
    started.kind = protocol::EventKind::CaseStarted;
    started.position = step.position + 1;
    started.total = step.total;
    started.caseIndex = step.index;
    started.batchSize = w.batchSize;
    started.seqLen = w.seqLen;
    progress(started);
    window.clear();
    kernels::CaseReport report = harness.runCase(w, step.index, cancelled);
    const kernels::GpuStateSummary state = kernels::summarizeGpuState(window);
    if (options.repeat > 1 && report.error.empty() && !cancelled()) {
        // A/A: the same case again, right after, N - 1 times, so that drift between the passes is what
        // the floor measures; the first pass is the recorded result. A pass that fails is left out.
        CaseRepeats passes{{report.fused.cuptiNs}, {report.fused.eventNs}};
        for (int pass = 1; pass < options.repeat && !cancelled(); ++pass) {
            const kernels::CaseReport again = harness.runCase(w, step.index, cancelled);
            if (!again.error.empty())
                continue;
            passes.cuptiPasses.push_back(again.fused.cuptiNs);
            passes.eventPasses.push_back(again.fused.eventNs);
        }
        facts.gpu.repeats.push_back(std::move(passes));
    }
    if (report.error == "cancelled" || cancelled())
        return stoppedOutcome(protocol::RunCancelled, cancelledMessage);
    if (!report.error.empty())
        return stoppedOutcome(
            protocol::RunFailed,
            QStringLiteral("case %1 (batch_size=%2 seq_len=%3) failed to run: %4; no manifest was written")
                .arg(step.index)
                .arg(w.batchSize)
                .arg(w.seqLen)
                .arg(QString::fromStdString(report.error)));
    protocol::RunnerEvent done = started;
    done.kind = protocol::EventKind::CaseFinished;
    done.correct = casePassed(report);
    done.medianNs = summarizeSamples(report.fusedNs).median;
    progress(done);
    facts.cases.push_back(std::move(report));
    if (sampling)
        facts.gpu.cases.push_back(state);
    return std::nullopt;
}
} // namespace
#endif

QString localRunUnavailableReason() {
#if KIX_HAVE_CUDA
    const kernels::DeviceInfo d = kernels::queryDevice();
    return d.available ? QString() : QString::fromStdString(d.unavailableReason);
#else
    return QStringLiteral("this kix was built without CUDA (nvcc was not found when it was built)");
#endif
}

RunOutcome runLocally(const RunOptions& options, const ProgressSink& progress,
                      const std::function<bool()>& cancelled) {
    RunOutcome out;
#if !KIX_HAVE_CUDA
    Q_UNUSED(progress);
    Q_UNUSED(cancelled);
    Q_UNUSED(options);
    out.exitCode = protocol::RunUnavailable;
    out.message = localRunUnavailableReason();
    return out;
#else
    // The GPU's state: NVML sampled on its own thread across each case's timed window.
    std::unique_ptr<kernels::NvmlGpu> nvml;
    std::unique_ptr<kernels::GpuStateSampler> sampler;
    std::vector<kernels::GpuSample> window;
    kernels::HarnessOptions harnessOptions = options.harness;
    harnessOptions.timedWindow = [&sampler, &window](bool inside) {
        if (!sampler)
            return;
        if (inside)
            sampler->start();
        else
            window = sampler->stop();
    };
    kernels::Harness harness(harnessOptions);
    if (const std::string err = harness.init(); !err.empty()) {
        out.exitCode = harness.device().available ? protocol::RunFailed : protocol::RunUnavailable;
        out.message = QString::fromStdString(err);
        return out;
    }
    LocalRunFacts facts;
    facts.device = harness.device();
    nvml = kernels::NvmlGpu::open(facts.device.pciBusId);
    facts.gpu.unavailable = QString::fromStdString(nvml->unavailableReason());
    if (facts.gpu.unavailable.isEmpty()) {
        facts.gpu.identity = nvml->identity();
        facts.gpu.identity.pciBusId = facts.device.pciBusId;
        sampler = std::make_unique<kernels::GpuStateSampler>(*nvml, std::chrono::milliseconds(10));
    } else {
        logLine(progress, QStringLiteral("GPU state not recorded: %1").arg(facts.gpu.unavailable));
    }
    // Reset on every way out of this function: success, failure, and SIGINT/SIGTERM (kix run turns
    // them into cancellation, polled between launches).
    kernels::ClockLock clockLock(*nvml);
    if (options.lockClocks) {
        facts.gpu.lock = lockClocksForRun(clockLock, facts.gpu.identity, facts.gpu.unavailable);
        logLine(progress,
                facts.gpu.lock.lockedMHz
                    ? QStringLiteral("SM clocks locked at %1 MHz for this run").arg(*facts.gpu.lock.lockedMHz)
                    : facts.gpu.lock.error);
    }
    const auto releaseClocks = [&]() {
        if (const std::string err = clockLock.release(); !err.empty()) {
            facts.gpu.lock.resetError = QString::fromStdString(err);
            logLine(progress,
                    QStringLiteral("the SM clocks could not be reset: %1").arg(facts.gpu.lock.resetError));
        }
    };
    facts.options = options.harness;
    facts.clocks = readClocks();
    facts.workloadDigest = bundledSuiteDigest();
    facts.fileTag = options.fileTag;
    protocol::RunnerEvent device;
    device.kind = protocol::EventKind::Device;
    device.deviceName = QString::fromStdString(facts.device.name);
    device.deviceDetail = QStringLiteral("compute capability %1.%2")
                              .arg(facts.device.computeMajor)
                              .arg(facts.device.computeMinor);
    progress(device);
    std::string copyError;
    facts.copyBandwidthGBps = harness.measureCopyBandwidth(&copyError);
    protocol::RunnerEvent copy;
    copy.kind = protocol::EventKind::CopyBandwidth;
    copy.gbps = facts.copyBandwidthGBps;
    progress(copy);
    calibrateForRun(harness, options, facts, progress, cancelled);

    QList<int> chosen = options.cases;
    if (chosen.isEmpty())
        for (int i = 0; i < int(kernels::kWorkloads.size()); ++i)
            chosen << i;
    for (int k = 0; k < chosen.size(); ++k) {
        const CaseStep step{k, int(chosen.size()), chosen[k]};
        if (std::optional<RunOutcome> stop =
                runOneCase(harness, options, step, facts, window, sampler != nullptr, progress, cancelled))
            return *stop; // cancelled or failed: the clocks are reset by clockLock's destructor
    }
    releaseClocks();
    return writeRunSet(options.outputDir, buildLocalRunSet(facts), int(chosen.size()), progress);
#endif
}

} // namespace kix::runner
