// Runs one Slurm client command (sbatch, squeue, sacct, scontrol, scancel) with a timeout, and
// says plainly what went wrong: "sbatch not found", "squeue did not answer within 30 s", or the
// command's own stderr. Nothing here ever waits without a bound.
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace kix::cluster {

struct CommandResult {
    QString program;    // as asked for: "sbatch"
    bool found = false; // the program is on PATH
    bool started = false;
    bool timedOut = false;
    int exitCode = -1;
    int timeoutMs = 0;
    QByteArray out, err;

    bool ok() const { return started && !timedOut && exitCode == 0; }
    // Empty when ok(); else one line: "sbatch not found (not on PATH)", "squeue did not answer within
    // 30 s (stopped it)", "sacct exited with status 1: <its stderr>".
    QString failure() const;
    // stderr as printable lines, Slurm's "sbatch: error: " prefixes removed.
    QString errorText() const;
};

QString findSlurmTool(const QString& name); // absolute path, or empty when not on PATH

CommandResult runSlurmCommand(const QString& program, const QStringList& arguments, int timeoutMs);

} // namespace kix::cluster
