// `kix run --profile`: after a run's files are written, one more launch of each case under Nsight Compute
// (`ncu`), each report exported as its raw page and matched to its case, all of them stored as the run's
// profile sidecar (ProfileSidecar.h). The timed numbers are already written when this starts: no profiled
// launch is ever timed, and a profile that fails (no ncu, a driver that refuses, a case ncu cannot profile)
// loses nothing of the run — each failure is a located note, and the cases that did profile are kept.
#pragma once

#include "LocalRunner.h"
#include "ProfileImport.h"

#include <QString>
#include <QStringList>

namespace kix::runner {

struct ProfileRunRequest {
    QString manifestFile;           // the run kix run wrote (its suite run)
    profile::ProfileTarget target;  // its digest, cases (in launch order), GPU
    QList<int> caseIndices;         // the workload index of each of target.cases
    QString ncu;                    // the tool (profile::findNcu())
    QStringList launcher;           // the program ncu starts, before "--case N": {kix, "profile", "launch"}
    bool keepReports = false;       // keep each case's .ncu-rep beside the manifest
    int timeoutMs = 10 * 60 * 1000; // per ncu process
};

struct ProfileRunOutcome {
    QString sidecarFile; // set when a profile was written
    int profiledCases = 0;
    QStringList notes;   // one located sentence per case that was not profiled, and write errors
    QStringList reports; // the .ncu-rep files kept
};

ProfileRunOutcome profileCases(const ProfileRunRequest& request, const ProgressSink& progress,
                               const std::function<bool()>& cancelled);

} // namespace kix::runner
