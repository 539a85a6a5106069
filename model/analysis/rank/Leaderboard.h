// The loaded runs as leaderboards: grouped into cohorts by KernelIndex's comparison key (only runs of one
// cohort may be ranked against each other, model/index/Policy.h), ranked within each by the primary time,
// fastest first, with ties, and described by facets (operation, GPU, source, status, digest state) that a
// view filters by, with counts.
//
// Ranks are competition ranks: tied runs share a rank and the next rank skips ("1, 2, 2, 4"). Runs are tied
// when their times are equal or when the verdict engine (model/analysis/compare/Verdict.h, the 2% minimum
// effect) calls a run "same" as the first run of the rank above it, which needs published spreads (mean,
// standard deviation and count) on both sides; runs with a central value only are ranked by it, untested.
// Only eligible runs (passed, a primary time, not retracted or superseded, no errors, digests matching) are
// ranked; the others stay in their cohort, unranked, with the reasons. Runs whose key cannot be derived
// (their workload or environment is not loaded and no catalog published a key) form one unranked group.
#pragma once

#include "Policy.h"
#include "ProblemDefinition.h"
#include "RecordIndex.h"
#include "Verdict.h"

#include <QList>
#include <QPair>
#include <QSet>
#include <QString>
#include <array>
#include <optional>

namespace kix {

enum class LeaderboardFacet { Operation, Gpu, Source, Status, Digests };
inline constexpr int kLeaderboardFacetCount = 5;
QString leaderboardFacetName(LeaderboardFacet facet); // "operation", "GPU", …

struct LeaderboardEntry {
    int run = -1; // index into the RecordIndex's runs
    QString name; // implementation label
    QString runDigest;
    std::optional<double> timeNs; // the primary measurement, in ns, when it is a time
    QString metric;               // "latency:mean:ns"
    std::optional<int> rank;      // 1 = fastest; unset when not ranked
    bool tied = false;            // shares its rank with another run
    TimingEvidence timing;        // what the tie test judges: published spread, else the central value
    // Where a test was possible against the run ranked first in the rank group above or its own: the
    // verdict engine's line ("same — …" for a tie; "can't tell — …" for a rank the evidence does not
    // separate from the one above it); empty for the first run and where a side has no spread.
    QString rankNote;
    QStringList ineligible;         // reasons (eligibilityReasonText) when not ranked
    std::optional<double> solScore; // kix's suite SOL score (SpeedOfLight.h), where published times exist
    std::optional<double> publishedSolScore; // sourceNative.metrics.sol_score, as the source published it
    std::array<QString, kLeaderboardFacetCount> facets;
    QString facet(LeaderboardFacet f) const { return facets[std::size_t(f)]; }
};

struct LeaderboardCohort {
    QString key;                     // comparison key; empty for the runs without one
    QString label;                   // the parts in words: operation · workload · GPU · metric
    QList<LeaderboardEntry> entries; // ranked ones by rank, then the unranked in load order
    int ranked = 0;
    // "#3 of 12", "#2 of 12 (tied)", or why it is not ranked.
    QString rankText(const LeaderboardEntry& e) const;
};

struct Leaderboard {
    QList<LeaderboardCohort> cohorts; // most ranked runs first; the keyless group last
    // Cohort and entry of a run index; {-1, -1} when absent.
    QPair<int, int> find(int run) const;
    int runCount() const;
};

// `problem`, when given, supplies the published speed-of-light times for solScore; `withDigests` verifies
// each run's digests for the digest facet (the costly part: callers on a UI thread pass false and get
// "not checked").
Leaderboard buildLeaderboard(const RecordIndex& index, const ProblemDefinition* problem = nullptr,
                             bool withDigests = true);

// Which facet values are shown: an empty set for a facet lets every value through.
struct LeaderboardFilter {
    std::array<QSet<QString>, kLeaderboardFacetCount> selected;
    bool accepts(const LeaderboardEntry& e) const;
    bool acceptsExcept(const LeaderboardEntry& e, LeaderboardFacet ignored) const;
};

// Every value of `facet` with the number of runs that have it among those every *other* facet's selection
// lets through (so choosing a GPU narrows the operation counts, not the GPU list), most runs first, then
// by name.
QList<QPair<QString, int>> facetCounts(const Leaderboard& board, const LeaderboardFilter& filter,
                                       LeaderboardFacet facet);

} // namespace kix
