// Published leaderboard figures (format "kix.published-figures/v1", docs/problem-format.md): who submitted,
// on which GPU and evaluation stack, the suite latency, SOL score, speedup, cases faster and rank, each
// with the URL it was read from and the date. They are figures as published, not records: kix cannot
// recompute their digests from this file, and whatever shows them says so (publishedFiguresNotice()).
// The runs themselves come from the user's own catalog or manifest files.
#pragma once

#include "FactSource.h"
#include "Problem.h"

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QString>
#include <optional>

namespace kix {

inline constexpr char kPublishedFiguresFormat[] = "kix.published-figures/v1";
inline constexpr char kBundledPublished013[] =
    ":/kix/published/013-fused-residual-rms-norm-backward.leaderboard.json";

// The sentence shown beside published figures, wherever they are shown.
QString publishedFiguresNotice();

// A group of runs that the source ranks together (one KernelIndex comparison key, for instance).
struct PublishedCohort {
    QString id;
    QString title;
    QString harness;
    QString evaluationStack;
    QString gpu;
    QString architecture;
    QString comparisonKey;           // the full key, where the source publishes it
    QString comparisonKeyShown;      // a shortened key (a prefix), where that is all the source shows
    std::optional<int> runsInSource; // how many runs of this cohort the source holds
    QString source;
};

struct PublishedRank {
    enum class Basis {
        Published, // the source states the rank
        Derived,   // kix ordered the source's runs of the cohort by suite latency
    };
    int position = 0;
    std::optional<int> of;
    Basis basis = Basis::Published;
    QString scope; // what the rank is among, in words
};

// The digests the source publishes for the run; not verifiable from this file.
struct PublishedDigests {
    QString run, workload, implementation, protocol, environment;
};

struct PublishedEntry {
    QString submitter;
    QString externalId; // the leaderboard's submission id
    QString runName;
    QString cohort;
    QString gpu;
    QString architecture;
    QString evaluationStack;
    QString status;
    double suiteLatencyNs = 0;
    QString statistic; // of the suite latency, as the source labels it
    std::optional<double> solScore;
    std::optional<double> averageSpeedup;
    std::optional<int> casesFaster;
    std::optional<int> casesTotal;
    std::optional<PublishedRank> rank;
    QString observedAt;
    QString publishedAt;
    PublishedDigests digests;
    QString url;
    QString source;
};

struct PublishedFigures {
    QString problem; // the benchmark id, as in the problem file
    QString summary;
    FactSources sources;
    QMap<QString, PublishedCohort> cohorts;
    QList<PublishedEntry> entries;

    // The entries of one cohort, fastest suite latency first.
    QList<PublishedEntry> cohortEntries(const QString& cohort) const;
};

struct PublishedFiguresRead {
    std::optional<PublishedFigures> figures; // set when the file has no errors (warnings allowed)
    Problems problems;
};

PublishedFiguresRead parsePublishedFigures(const QByteArray& bytes, const QString& file);
PublishedFiguresRead readPublishedFigures(const QString& path);

} // namespace kix
