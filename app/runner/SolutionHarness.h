// `kix run --solution … --harness sol-execbench`: the same solution run by SOL-ExecBench's own CLI
// (`sol-execbench PROBLEM_DIR --solution S -o traces.jsonl`, clocks locked only with --lock-clocks), NVML
// sampled meanwhile, its traces imported by kix's trace import (model/import/TraceImport.h) and a record
// beside them saying the numbers came from the official harness: one median per workload, no samples.
// The way to reproduce a leaderboard number with SOL-ExecBench's own code, with kix's signature on it.
#pragma once

#include "LocalRunner.h"
#include "SolutionProblem.h"

namespace kix::runner {

struct HarnessOptions {
    QString cli;        // the official CLI; empty: sol-execbench on PATH
    QString problemDir; // given to it as PROBLEM_DIR when the problem came as a folder; else its two files
    int timeoutSeconds = 3600;
};

// The CLI a run uses, or empty with `why`.
QString officialHarnessCli(const QString& requested, QString& why);

RunOutcome runOfficialHarness(const SolutionProblem& problem, const RunOptions& options,
                              const HarnessOptions& harness, const ProgressSink& progress,
                              const std::function<bool()>& cancelled);

} // namespace kix::runner
