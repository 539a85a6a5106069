// `kix run`: the bundled kernel over the problem's workloads on the local GPU, or (CPU mode) the
// kernel's math on the CPU, written as a new manifest. Progress goes to a callback as runner events
// (RunnerProtocol.h; the explorer reads them from the process's stdout); cancellation is polled
// between launches.
#pragma once

#include "DatasetCopy.h"
#include "Manifest.h"
#include "RunnerProtocol.h"
#include "kix/harness.h"

#include <QList>
#include <QString>
#include <functional>

namespace kix::runner {

struct LocalRunSet;

enum class Device { Gpu, Cpu };

inline constexpr int kMaxRepeat = 10; // kix run --repeat N: at most this many passes per case

struct RunOptions {
    Device device = Device::Gpu;
    QString outputDir;
    QList<int> cases; // indices into the 16 workloads; empty = all (CPU mode: all it can run)
    kernels::HarnessOptions harness;
    QString fileTag;            // appended to the manifest's file name, e.g. "job42-task0"
    bool lockClocks = false;    // lock the SM clocks for the run, reset afterwards (GpuStateEvidence.h)
    int repeat = 1;             // N >= 2: every case N times in a row, for its A/A noise floor
    QString calibrationHistory; // the per-boot calibration's history file; empty: the default
    // The user's own copy of the dataset (--problem DIR): each case it has is named by its uuid and checked
    // with its tolerance; without it, KernelIndex's case id and kix's own rule (kix/workloads.h).
    std::optional<DatasetCopy> dataset;
};

// Workload `index` of the bundled table as this run checks it: with the uuid and tolerance of
// options.dataset where that has the workload (the returned caseId points into options.dataset).
kernels::Workload workloadToRun(const RunOptions& options, int index);

// Where the per-boot calibration values of this machine are kept by default.
QString defaultCalibrationHistory();

struct RunOutcome {
    int exitCode = protocol::RunOk;
    QString message;
    QString manifestFile;      // set when a manifest was written
    QStringList resourceFiles; // the other resources written beside it (signed with it: SigningRerun.h)
};

using ProgressSink = std::function<void(const protocol::RunnerEvent& event)>;

// One "log" event with this message (the local and the solution runner both report so).
void logLine(const ProgressSink& progress, const QString& message);

// Why a local GPU run is impossible here, or empty when a GPU is usable.
QString localRunUnavailableReason();
RunOutcome runLocally(const RunOptions& options, const ProgressSink& progress,
                      const std::function<bool()>& cancelled);

// The WorkloadSuite every rerun names by digest, so that it lines up with the leaderboard's runs: kix
// builds it from the bundled problem file's facts (WorkloadSuiteBuilder.h). bundledSuitePath() is that
// file, which the loaders read as the resources built from it (load it beside runs to verify their
// workloadDigest); bundledSuiteDigest() is the built suite's digest, or "" when the file does not build
// one that agrees with the digests it records.
QString bundledSuitePath();
QString bundledSuiteDigest();

// Writes the implementation resource beside the manifest, then the manifest, both atomically, and
// reports the outcome (passed, or some case failed its check) with a "written" event.
RunOutcome writeRunFiles(const QString& dir, const QString& fileName, const Json& bundle,
                         const Json& implementation, int caseCount, const ProgressSink& progress);

// Writes a KernelIndex-shaped set (LocalRunManifest.h: a GPU rerun's, a solution run's), all of it or none,
// and reports it like writeRunFiles.
RunOutcome writeRunSet(const QString& dir, const LocalRunSet& set, int caseCount,
                       const ProgressSink& progress);

} // namespace kix::runner
