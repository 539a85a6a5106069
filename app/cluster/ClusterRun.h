// `kix run --slurm`, after its options are checked: writes the batch script, submits it with
// `sbatch --parsable`, follows the job with squeue (relaying each task's own progress from its log),
// asks sacct — or scontrol where accounting is off — for each task's final state, and has every
// manifest a task returns verified before it leaves staging (ReturnedRuns). Ctrl+C (the `cancelled`
// callback) calls scancel. Every Slurm command has a timeout; Slurm's stderr is shown.
#pragma once

#include "BatchScript.h"
#include "ReturnedRuns.h"
#include "RunnerProtocol.h"
#include "SlurmState.h"

#include <QElapsedTimer>
#include <QHash>
#include <functional>

namespace kix::cluster {

struct FollowOptions {
    int commandTimeoutMs = 60000; // any one Slurm command
    int pollMs = 5000;            // between squeue calls
    int cancelGraceMs = 60000;    // how long to wait for the tasks to stop after scancel
    int maxSlurmFailures = 5;     // squeue failures in a row before kix stops following
    QString suitePath;            // the WorkloadSuite the manifests name, loaded to verify workloadDigest
    QString implementationFile;   // the implementation resource's file name the tasks write beside it
    QString expectedFamily;       // the comparison family every returned manifest must have
};

class ClusterRun {
public:
    using Sink = std::function<void(const protocol::RunnerEvent&)>;
    ClusterRun(ClusterOptions options, QList<QList<int>> plan, FollowOptions follow, Sink sink,
               std::function<bool()> cancelled);
    int run(); // the exit status (RunnerProtocol.h)

private:
    struct Task {
        TaskStatus status;
        qint64 logOffset = 0;
        protocol::ProgressStream stream;
        QStringList tail;     // the last lines of its log, printable
        QString stagedFile;   // from its "written" event
        QString stagedStatus; // the run status that event names
        QString ownFailure;   // from its "failed" event
    };

    int submit();
    bool follow(); // false when kix lost contact with Slurm
    // Takes squeue's states into m_tasks, an event for each change; true when any is one of the tasks.
    bool noteStates(const QList<TaskStatus>& now);
    // Whether following is over: every task seen and final, or squeue stopped listing the job once it
    // had listed it (or never listed it in three answers). `emptyAnswers`: empty answers in a row.
    bool followed(bool seen, int emptyAnswers) const;
    void finalStates();
    void readLogs();
    void readLog(int index, Task& task);
    void cancelJob();
    bool waitOrCancel();
    // The task's finished event; for a task Slurm calls COMPLETED, its manifest taken back first.
    void collect(int index, Task& task, int& done, QStringList& problems);
    void emitEvent(protocol::RunnerEvent e) const;
    void log(const QString& message, int task = -1) const;
    int fail(int code, const QString& message) const;

    ClusterOptions m_options;
    QList<QList<int>> m_plan;
    FollowOptions m_follow;
    Sink m_sink;
    std::function<bool()> m_cancelled;
    QString m_jobId;
    QList<Task> m_tasks;
    bool m_cancelSent = false;
    QElapsedTimer m_sinceCancel;
    ReturnedRuns m_returned; // after m_options and m_follow, from which it is made
};

} // namespace kix::cluster
