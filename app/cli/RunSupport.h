// Pieces `kix run` shares between its local (GPU or CPU mode) and its Slurm halves.
#pragma once

#include "Commands.h"
#include "KeyStore.h"
#include "LocalRunner.h"

#include <QCommandLineParser>
#include <QDateTime>
#include <functional>
#include <optional>

namespace kix::cli {

struct RunRequest {
    bool jsonl = false;
    bool quick = false;
    bool profile = false;     // --profile: each case once more under ncu, after the run is written
    bool keepReports = false; // --keep-ncu-reports
    runner::RunOptions options;
    std::function<bool()> stopRequested; // SIGINT/SIGTERM arrived
};

// --device, --cases (workload numbers 0-15, each once; CPU mode refuses those it cannot run) and --repeat
// (1 to kMaxRepeat; GPU only above 1) as kix run and kix calibrate read them, into `options`; the usage
// error in words, if any.
std::optional<QString> readDeviceCasesRepeat(const QCommandLineParser& parser, runner::RunOptions& options);

// Prints each runner event: one JSON line each (jsonl), or a sentence (text; failures to stderr).
std::function<void(const protocol::RunnerEvent&)> progressPrinter(bool jsonl, Io io);

// Signs what a local run wrote (its manifest and the resources beside it) with this user's key, creating the
// key on first use (SigningRerun.h), and says so: a line of text, or a "log" event with --progress jsonl. A
// run whose files cannot be signed (a key with loose permissions, say) keeps its exit status, since its
// results are written and verify; stderr says why it is unsigned and how to fix it. Returns whether it
// signed. Nothing happens when no manifest was written.
bool signRunOutput(const runner::RunOutcome& outcome, const QStringList& commandLine,
                   const QDateTime& startedAt, const QDateTime& finishedAt, const KeyStore& keys, bool jsonl,
                   Io io);

// The end of a local run: signs what it wrote, reports a failure as a "failed" event with --progress jsonl,
// says the outcome and returns its exit status.
// `afterSigning` (a profile of the written run, say) runs once the run is signed, before the outcome is said.
int finishRun(const runner::RunOutcome& outcome, const QStringList& args, const QDateTime& startedAt,
              bool jsonl, Io io, const std::function<void()>& afterSigning = {});

// kix run --solution (RunSolutionCommand.cpp): a SOL-ExecBench solution through kix's solution runner.
void addSolutionOptions(QCommandLineParser& parser);
bool solutionOptionsUsed(
    const QCommandLineParser& parser); // any of them, without --solution, is a usage error
int runSolutionCommand(const QCommandLineParser& parser, const RunRequest& request, const QStringList& args,
                       Io io);

// kix run --gpus all|LIST (RunGpusCommand.cpp): the run once per card of this host, in turn (CardRuns.h).
int runOnGpus(const QCommandLineParser& parser, const RunRequest& request, const QStringList& args, Io io);

void addSlurmOptions(QCommandLineParser& parser);
bool slurmOptionsUsed(const QCommandLineParser& parser); // any of them, without --slurm, is a usage error
int runOnSlurm(const QCommandLineParser& parser, const RunRequest& request, Io io);

} // namespace kix::cli
