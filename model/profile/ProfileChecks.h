// What a profile says beside kix's own numbers:
//  * against the roofline: the DRAM bytes the case's kernels moved over the bytes kix's roofline says the
//    operation must move (model/analysis/bounds). Far more is a missed fusion or re-reads; fewer than the
//    floor means the floor (or the profile) is wrong, since each byte must cross DRAM once.
//  * between two runs: each metric of A and B side by side with its change, the ones that moved most first,
//    and one sentence for the verdict's "why" ("DRAM throughput 91% -> 48% of peak").
#pragma once

#include "CaseProfiles.h"

#include <QList>
#include <QString>
#include <optional>

namespace kix::profile {

// The bounds of "consistent": within 5% of the roofline's bytes (issue 35). Fewer bytes than the floor
// are possible only by what the L2 still holds when the kernel ends: dirty lines written back to DRAM
// after it, which the kernel's own counters do not see (HeldInL2, when the shortfall fits in the L2).
// A larger shortfall means the floor counts bytes the kernel need not move: the floor is suspicious.
inline constexpr double kMovedTooMuch = 1.05;
inline constexpr double kMovedTooLittle = 0.95;

struct RooflineConsistency {
    enum class Kind { Consistent, MovedMore, HeldInL2, MovedLess, Unknown };
    Kind kind = Kind::Unknown;
    double profiledBytes = 0, rooflineBytes = 0;
    double ratio = 0;       // profiled / roofline
    bool estimated = false; // the profile's bytes were bandwidth x duration
    QString text;           // the sentence with the numbers, or why there is no check
};

// `l2Bytes`: the GPU's L2 size (ProfileSet::l2Bytes), for the shortfall an L2 can explain.
RooflineConsistency rooflineConsistency(const CaseProfile& profile, std::optional<double> rooflineBytes,
                                        std::optional<double> l2Bytes);

struct MetricChange {
    QString key, label;
    bool ofPeak = false;
    std::optional<double> a, b;     // the case's value in each (kernels added for durations and bytes;
                                    // duration-weighted for rates and percentages)
    std::optional<double> relative; // (b - a) / a, when both are known and a > 0
};

// Per metric of the set, A's and B's case-level value, ordered by |relative change|, largest first
// (metrics known on one side only last).
QList<MetricChange> compareProfiles(const CaseProfile& a, const CaseProfile& b);

// "DRAM throughput 91% -> 48% of peak" for the metric that moved most (past `minRelative`), or "" when
// nothing moved that much.
QString largestChangeSentence(const QList<MetricChange>& changes, double minRelative = 0.05);

// The verdict's word with the profile's why beside it: "slower: DRAM throughput 91% -> 48% of peak", or the
// word alone when no metric moved past `minRelative`.
QString verdictWithWhy(const QString& verdictWord, const QList<MetricChange>& changes,
                       double minRelative = 0.05);

// A case-level value of one metric: sums for durations and byte counts, the duration-weighted mean for
// rates and percentages, the largest for per-launch resources (registers, shared memory).
std::optional<double> caseMetric(const CaseProfile& profile, const MetricSpec& spec);

// The value printed with its unit: "68.7 us", "194.6 MB", "2.83 TB/s", "84.5%", "64".
QString formatMetric(const MetricSpec& spec, double value);

} // namespace kix::profile
