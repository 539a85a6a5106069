#include "LocalRunner.h"

#include "Digest.h"
#include "JsonReader.h"
#include "LocalRunManifest.h"
#include "ManifestWriter.h"
#include "Statistics.h"
#include "kix_config.h"

#include <QDir>
#include <QFile>
#include <QProcess>

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

// The bundled WorkloadSuite: the run names it by digest so that it lines up with the leaderboard's runs.
QString suiteDigest() {
    const JsonReadResult r =
        readJsonFile(QStringLiteral(":/kix/samples/kernelindex/013-workload-suite.manifest.json"));
    return r.value ? resourceDigest(*r.value) : QString();
}
#endif

} // namespace

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
    out.exitCode = RunNoGpu;
    out.message = localRunUnavailableReason();
    return out;
#else
    kernels::Harness harness(options.harness);
    if (const std::string err = harness.init(); !err.empty()) {
        out.exitCode = harness.device().available ? RunFailed : RunNoGpu;
        out.message = QString::fromStdString(err);
        return out;
    }
    LocalRunFacts facts;
    facts.device = harness.device();
    facts.options = options.harness;
    facts.clocks = readClocks();
    facts.workloadDigest = suiteDigest();
    progress({{"event", "device"},
              {"name", facts.device.name},
              {"computeCapability",
               std::to_string(facts.device.computeMajor) + "." + std::to_string(facts.device.computeMinor)}});
    std::string copyError;
    facts.copyBandwidthGBps = harness.measureCopyBandwidth(&copyError);
    progress({{"event", "copy-bandwidth"}, {"GBps", facts.copyBandwidthGBps}});

    QList<int> chosen = options.cases;
    if (chosen.isEmpty())
        for (int i = 0; i < int(kernels::kWorkloads.size()); ++i)
            chosen << i;
    for (int k = 0; k < chosen.size(); ++k) {
        if (cancelled()) {
            out.exitCode = RunCancelled;
            out.message = QStringLiteral("cancelled; no manifest was written");
            return out;
        }
        const int index = chosen[k];
        const auto& w = kernels::kWorkloads.at(std::size_t(index));
        progress({{"event", "case-started"},
                  {"position", k + 1},
                  {"total", chosen.size()},
                  {"case", index},
                  {"id", w.uuid},
                  {"batch_size", w.batchSize},
                  {"seq_len", w.seqLen}});
        kernels::CaseReport report = harness.runCase(w, index, cancelled);
        if (report.error == "cancelled" || cancelled()) {
            out.exitCode = RunCancelled;
            out.message = QStringLiteral("cancelled; no manifest was written");
            return out;
        }
        if (!report.error.empty()) {
            out.exitCode = RunFailed;
            out.message = QStringLiteral(
                              "case %1 (batch_size=%2 seq_len=%3) failed to run: %4; no manifest was written")
                              .arg(index)
                              .arg(w.batchSize)
                              .arg(w.seqLen)
                              .arg(QString::fromStdString(report.error));
            return out;
        }
        Json done = {{"event", "case-finished"},
                     {"position", k + 1},
                     {"total", chosen.size()},
                     {"case", index},
                     {"correct", report.correct()}};
        if (const auto median = summarizeSamples(report.fusedNs).median)
            done["medianNs"] = *median;
        progress(done);
        facts.cases.push_back(std::move(report));
    }

    const Json bundle = buildLocalRunBundle(facts);
    const QString dir = options.outputDir;
    const QString file = QDir(dir).filePath(localRunFileName(facts));
    // The implementation it names, so that implementationDigest verifies when the folder is opened.
    const Json impl = implementationResource();
    const QString implFile = QDir(dir).filePath(
        QStringLiteral("%1.json").arg(QString::fromStdString(impl["metadata"]["name"].get<std::string>())));
    if (const QString err = writeJsonAtomically(implFile, impl); !err.isEmpty()) {
        out.exitCode = RunFailed;
        out.message = err;
        return out;
    }
    if (const QString err = writeJsonAtomically(file, bundle); !err.isEmpty()) {
        out.exitCode = RunFailed;
        out.message = err;
        return out;
    }
    out.manifestFile = file;
    const bool passed = bundle["run"]["spec"]["status"] == "passed";
    out.exitCode = passed ? RunOk : RunFailed;
    out.message = passed ? QStringLiteral("all %1 cases passed; wrote %2").arg(chosen.size()).arg(file)
                         : QStringLiteral("some cases failed their correctness check; wrote %1").arg(file);
    progress(
        {{"event", "written"}, {"file", file.toStdString()}, {"status", bundle["run"]["spec"]["status"]}});
    return out;
#endif
}

} // namespace kix::runner
