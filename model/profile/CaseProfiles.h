// A report's launches matched to a run's cases. A case's launch may be several kernels (kix's bundled
// kernel is one or two: the fused pass, then the reduction of its partials), so launches are grouped
// first: a group starts at every launch of the report's first kernel function (the entry kernel) and
// takes the other kernels that follow it. Groups then go to the run's cases in order, or the first group
// to the one case asked for; what could not be matched is said, never guessed.
#pragma once

#include "KernelProfile.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace kix::profile {

struct CaseProfile {
    QString caseId; // the run's case id (a workload uuid for kix's runs)
    QString label;  // its axes: "batch_size=8 seq_len=1024", else the id
    QList<KernelProfile> kernels;

    std::optional<double> durationNs() const; // the kernels' durations added
    // DRAM bytes of every kernel added; `estimated` when any kernel's came from bandwidth × duration.
    std::optional<double> dramBytes(bool* estimated = nullptr) const;
};

struct ProfileSet {
    QString device;                // as the report names it: "NVIDIA H100 80GB HBM3"
    QString computeCapability;     // "9.0"
    std::optional<double> l2Bytes; // the GPU's L2 size (device__attribute_l2_cache_size)
    QList<CaseProfile> cases;
    QStringList unmatched; // launches and cases that were not matched, one sentence each
};

struct CaseSlot {
    QString id, label;
};

struct MatchRequest {
    QList<CaseSlot> cases;      // the run's cases in order (a case run: its one case)
    QString onlyCase;           // when set: the report's first group is this case's (--case)
    QString expectedDevice;     // the run's GPU; a report of another is refused ("" = not checked)
    QStringList entryFunctions; // kernels the run's implementation launches first ("" = not checked)
};

struct MatchResult {
    std::optional<ProfileSet> set;
    Problems problems;
};

// The launches of `table` as groups of indices, each starting at an entry-kernel launch.
QList<QList<int>> launchGroups(const NcuTable& table);

MatchResult matchToCases(const NcuTable& table, const MatchRequest& request, const QString& file);

// True when two device names are one GPU model: "NVIDIA H100 80GB HBM3" and "H100 80GB HBM3" (the case and
// the vendor prefix do not count).
bool sameGpuModel(const QString& a, const QString& b);

} // namespace kix::profile
