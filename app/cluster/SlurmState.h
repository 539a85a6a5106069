// Reading Slurm's answers about a job: squeue while it is queued or running, then sacct (or, where
// accounting is disabled, scontrol, which keeps finished jobs for MinJobAge) for each task's final
// state and exit status. Pure functions of the commands' text, so they are tested without Slurm.
#pragma once

#include "RunnerProtocol.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace kix::cluster {

struct TaskStatus {
    int task = -1;
    QString state;     // Slurm's word: PENDING, RUNNING, COMPLETED, FAILED, CANCELLED, TIMEOUT, NODE_FAIL…
    QString reason;    // squeue/scontrol Reason (None, NonZeroExitCode, NodeDown…)
    int exitCode = -1; // -1 when unknown
    int signal = 0;
};

// Slurm's state word to kix's outcome; the first word only ("CANCELLED by 0" is CANCELLED).
protocol::TaskOutcome outcomeOf(const QString& state);
bool isFinal(const QString& state);
// One line for people: "the node failed (NODE_FAIL, NodeDown)", "exit status 3", …
QString stateExplanation(const TaskStatus& t);

// The arguments kix passes, and the parsers of their output. Lines of other jobs are ignored.
QStringList squeueArguments(const QString& jobId);
QList<TaskStatus> parseSqueue(const QByteArray& output, const QString& jobId);
QStringList sacctArguments(const QString& jobId);
QList<TaskStatus> parseSacct(const QByteArray& output, const QString& jobId);
QList<TaskStatus> parseScontrol(const QByteArray& output, const QString& jobId);

// "123" from sbatch --parsable's "123" or "123;cluster"; empty when it is not a job id.
QString parseJobId(const QByteArray& sbatchOutput);

} // namespace kix::cluster
