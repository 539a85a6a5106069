// `kix run --solution`: a SOL-ExecBench solution run by kix's solution runner
// (kernels/solution/kix_solution_runner.py) in the user's Python with torch, started here with QProcess
// and read over the runner protocol. This side keeps what `kix run` has for the bundled kernel: NVML's GPU
// state sampled during every case's timed launches, the clock lock, the A/A pairs of --repeat 2,
// cancellation, and a per-case timeout — a case that hangs or crashes its process is recorded with its
// status (timeout, runtime_error) and a fresh runner goes on with the cases left. The results become the
// manifest set (SolutionRunManifest.h).
#pragma once

#include "GpuStateEvidence.h"
#include "LocalRunner.h"
#include "SolutionProblem.h"

#include <QDateTime>
#include <QString>
#include <functional>
#include <optional>

namespace kix::runner {

struct SolutionRunOptions {
    QString python;       // the interpreter; empty: python3 on PATH
    QString runnerScript; // empty: solutionRunnerScript()
    QString cuptiLibrary; // kix's CUPTI timer (libkix_kernels_capi.so); empty: KIX_CUPTI_LIB, else none
    QString problemDir;   // where the workloads' safetensors paths are relative to
    int warmup = 10;
    int iterations = 200;
    int checkRounds = 3;
    int caseTimeoutSeconds = 600;
    quint64 seed = 20261207;
    QString workDir; // the runner's sources and builds; empty: a folder under the user's cache
};

// The runner script kix ships: $KIX_SOLUTION_RUNNER, else share/kix/solution/ beside the executable's
// bin/ (where `cmake --install` and the build tree put it); empty when none is there.
QString solutionRunnerScript();

// The interpreter a run uses: `requested`, else python3 on PATH; empty with `why` when there is none.
QString solutionPython(const QString& requested, QString& why);

// One case as the runner reported it, with what kix measured beside it.
// NOLINTNEXTLINE(bugprone-exception-escape): its implicit move is noexcept; the check misreads json's
struct SolutionCase {
    int index = 0;
    Json result; // the runner's case result (kernels/solution/README.md); status, message, samples, checks
    std::optional<kernels::GpuStateSummary> gpu;
};

struct SolutionRunFacts {
    SolutionProblem problem;
    SolutionRunOptions settings;
    bool cpu = false;
    QString deviceName, deviceDetail;
    Json environment = Json::object(); // the runner's: python, torch, triton, cuda, computeCapability, …
    std::vector<SolutionCase> cases;
    RunGpuState gpu;
    QDateTime observedAt = QDateTime::currentDateTimeUtc();
    QString fileTag;
};

RunOutcome runSolution(const SolutionProblem& problem, const RunOptions& options,
                       const SolutionRunOptions& settings, const ProgressSink& progress,
                       const std::function<bool()>& cancelled);

} // namespace kix::runner
