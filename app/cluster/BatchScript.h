// What `kix run --slurm` submits: the options, how the cases are split into array tasks, and the
// batch script itself (shown verbatim by --print-script). Every task runs the same `kix run` on its
// node and writes its manifest, named with the job and task id, into a staging folder inside the
// shared output folder; the submitting side verifies each one before moving it out of staging.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace kix::cluster {

enum class Split {
    Cases, // one task per group of cases (count groups; 0 = one case per task)
    Gpus,  // count tasks, each running every chosen case on its own GPU (or CPU allocation)
};

struct ClusterOptions {
    QString partition, account, time; // empty: Slurm's defaults
    QString gres;                     // e.g. gpu:1; the GPU default when neither this nor gpusPerTask is set
    QString gpusPerTask;
    QStringList modules; // `module load` lines before kix runs
    Split split = Split::Gpus;
    int count = 1;
    bool cpu = false; // --device cpu on the nodes
    QList<int> cases; // empty: all (CPU mode: all it can run)
    bool quick = false;
    QString outputDir; // absolute, on a filesystem the nodes share
    QString runner;    // the kix the nodes run (absolute path there)
    QString jobName = QStringLiteral("kix-rerun");
};

// "cases", "cases:N", "gpus:N" (N >= 1). nullopt with the reason when it is none of those.
std::optional<std::pair<Split, int>> parseArraySpec(const QString& text, QString* error);

// Checks values that go into #SBATCH lines and the script: one word each, no quotes or newlines.
// Empty when all are fine, else "--partition: ..." for the first that is not.
QString validateOptions(const ClusterOptions& options);

// The cases of each array task, in task order.
QList<QList<int>> planTasks(const ClusterOptions& options, const QList<int>& allCases);

QString batchScript(const ClusterOptions& options, const QList<QList<int>>& plan);

// Where things live in the output folder.
QString stagingFolder(const QString& outputDir);                          // <out>/.kix-slurm
QString jobStagingFolder(const QString& outputDir, const QString& jobId); // <out>/.kix-slurm/job<ID>
QString taskLogPath(const QString& outputDir, const QString& jobId, int task);
QString taskFileTag(const QString& jobId, int task); // job<ID>-task<N>

QString shellQuote(const QString& text);

} // namespace kix::cluster
