// What `kix profile import` and `kix run --profile` share: the profile target of a loaded run (its digest,
// its cases in launch order, its GPU, the kernels it starts with), the roofline's bytes of its cases, and
// the lines that say per case what the profile found beside them.
#pragma once

#include "CaseComparison.h"
#include "Commands.h"
#include "LocalRunner.h"
#include "Manifest.h"
#include "ProfileImport.h"

#include <QHash>

namespace kix::cli {

// A run's cases are its raw-samples cases (kix's runs: in the order they were launched); a run without
// them is one case, the run itself. kix's own runs (named kix-run-…) start with the bundled kernel's
// entry kernels; another implementation's are not checked.
profile::ProfileTarget profileTargetOf(const Manifest& m);

// The bytes kix's roofline counts for each case of `m` (analysis/bounds), by case id, where it has one;
// else the bytes the case records having to move.
QHash<QString, double> rooflineBytesOf(const Manifest& m);

// One line per case of the profile: duration, DRAM bytes and throughput, and the roofline check.
QStringList profileSummaryLines(const profile::ProfileSet& set, const QHash<QString, double>& rooflineBytes);

// kix diff's profile lines, when either run has a profile (ProfileComparison.h): per case that has one on
// either side, the verdict with the profile's why, and why a profile beside a run was refused.
void printProfileComparison(const Manifest& a, const Manifest& b, const CaseComparison& cases, Io io);

// kix run --profile, after the run is written: loads it, profiles its cases under ncu (ProfileRunner.h)
// and writes the sidecar; says on stderr why a case has no profile. Never changes the run's exit status.
// Nothing happens when no manifest was written (`manifestFile` empty). `caseIndices` empty: all 16.
void profileWrittenRun(const QString& manifestFile, QList<int> caseIndices, bool keepReports,
                       const runner::ProgressSink& progress, const std::function<bool()>& cancelled, Io io);

} // namespace kix::cli
