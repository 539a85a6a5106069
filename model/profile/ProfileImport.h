// An Nsight Compute report attached to a run: its raw-page CSV read, its launches matched to the run's cases
// (CaseProfiles.h) and the profile artifact that names the run by digest (ProfileArtifact.h). `kix profile
// import` attaches a report the user already has; `kix run --profile` one report per case, merged.
#pragma once

#include "ProfileArtifact.h"

#include <QByteArray>
#include <QString>

namespace kix::profile {

// The run a report is attached to, as the caller read it (app/cli: from the loaded run).
struct ProfileTarget {
    RunRef run;
    QList<CaseSlot> cases;      // in launch order (kix's runs: the order of their raw-samples cases)
    QString device;             // the run's GPU ("" = not checked)
    QStringList entryFunctions; // kernels its implementation launches first (empty = not checked)
};

struct ProfileImport {
    std::optional<ProfileArtifact> artifact;
    Problems problems; // the CSV's and the matching's; errors mean no artifact
};

// `csv`: ncu's raw page; `source`: the report's file name (kept in the artifact, named in messages).
// `onlyCase`: the report is that case's (--case). `firstLaunchOnly`: keep the report's first launch group
// only (kix run --profile profiles kLaunchCount kernels and keeps one launch, NcuInvocation.h).
ProfileImport importNcuReport(const QByteArray& csv, const QString& source, const ProfileTarget& target,
                              const QString& onlyCase = {}, bool firstLaunchOnly = false);

// `from`'s cases and unmatched notes added to `into` (one report per case); the device and L2 are taken
// from the first set that has them.
void mergeProfileSet(ProfileSet& into, const ProfileSet& from);

} // namespace kix::profile
