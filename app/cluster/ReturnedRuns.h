// Taking back what the tasks of a Slurm job returned. A manifest a task staged is verified (read with the
// implementation beside it and the suite it names; its family and every digest checked) and only then
// moved out of staging into the output folder, with the resources it names by digest beside it. It says
// what to emit rather than emitting: ClusterRun, which follows the job, relays the events in order.
#pragma once

#include "RunnerProtocol.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace kix::cluster {

// Only a file the task named, inside this job's staging folder, with this task's tag, is its result;
// empty otherwise.
QString ownStagedFile(const QString& named, const QString& jobStaging, const QString& taskTag);

struct TakenBack {
    bool ok = false;                     // verified and in the output folder
    QString file;                        // where it is now, when ok
    QString message;                     // for the task's finished event: what was done, or why not
    QList<protocol::RunnerEvent> events; // to emit before that: resources placed (or why not), the manifest
};

class ReturnedRuns {
public:
    // `suitePath`: the WorkloadSuite the manifests name (may be empty); `implementationFile`: the file
    // name of the implementation resource the tasks write beside their manifests; `expectedFamily`: the
    // comparison family every returned manifest must have (empty: any).
    ReturnedRuns(QString outputDir, QString suitePath, QString implementationFile, QString expectedFamily);

    // The manifest a task Slurm calls COMPLETED staged (`staged`, from ownStagedFile; empty when none),
    // whose run status is `runStatus`. A manifest that fails verification is renamed *.rejected.
    TakenBack takeBack(int task, const QString& staged, const QString& jobStaging, const QString& runStatus);

private:
    QString verify(const QString& staged) const; // empty when it may be opened, else why not
    QString suiteFileName() const;
    // Copies a resource the manifests name into the output folder (once), never over a different file.
    void placeSupporting(const QString& source, const QString& name, int task,
                         QList<protocol::RunnerEvent>& out);

    QString m_outputDir;
    QString m_suitePath;
    QString m_implementationFile;
    QString m_expectedFamily;
    QStringList m_placed; // supporting resources already in the output folder
};

} // namespace kix::cluster
