// Pieces `kix run` shares between its local (GPU or CPU mode) and its Slurm halves.
#pragma once

#include "Commands.h"
#include "LocalRunner.h"

#include <QCommandLineParser>
#include <functional>

namespace kix::cli {

struct RunRequest {
    bool jsonl = false;
    bool quick = false;
    runner::RunOptions options;
    std::function<bool()> stopRequested; // SIGINT/SIGTERM arrived
};

// Prints each runner event: one JSON line each (jsonl), or a sentence (text; failures to stderr).
std::function<void(const protocol::RunnerEvent&)> progressPrinter(bool jsonl, Io io);

void addSlurmOptions(QCommandLineParser& parser);
bool slurmOptionsUsed(const QCommandLineParser& parser); // any of them, without --slurm, is a usage error
int runOnSlurm(const QCommandLineParser& parser, const RunRequest& request, Io io);

} // namespace kix::cli
