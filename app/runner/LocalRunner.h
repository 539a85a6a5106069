// `kix run`: the bundled kernel over the problem's workloads on the local GPU, written as a new
// manifest. Progress goes to a callback as JSON events (the explorer reads them from the
// process's stdout); cancellation is polled between launches.
#pragma once

#include "Manifest.h"
#include "kix/harness.h"

#include <QList>
#include <QString>
#include <functional>

namespace kix::runner {

// Exit statuses of `kix run`, shared with the explorer so it can explain them.
enum RunExit {
    RunOk = 0,
    RunUsage = 2,
    RunNoGpu = 4,     // no GPU, no driver, or kix built without CUDA
    RunFailed = 5,    // a CUDA error, a case that failed its check, or the manifest could not be written
    RunCancelled = 6, // stopped on request; nothing written
};

struct RunOptions {
    QString outputDir;
    QList<int> cases; // indices into the 16 workloads; empty = all
    kernels::HarnessOptions harness;
};

struct RunOutcome {
    int exitCode = RunOk;
    QString message;
    QString manifestFile; // set when a manifest was written
};

using ProgressSink = std::function<void(const Json& event)>;

// Why a local run is impossible here, or empty when a GPU is usable.
QString localRunUnavailableReason();
RunOutcome runLocally(const RunOptions& options, const ProgressSink& progress,
                      const std::function<bool()>& cancelled);

} // namespace kix::runner
