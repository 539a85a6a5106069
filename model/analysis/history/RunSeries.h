// Series of one's own runs (issue 23): the eligible runs of one comparison cohort ordered by observedAt,
// their primary value over time, the change points in it (ChangePoints.h: E-divisive means with a
// permutation test, then a minimum effect), each naming the runs on either side and what differs between
// them, and whether the latest segment is a regression: slower than the segment before beyond the minimum
// effect (times only: for another metric kix does not know which way is better).
#pragma once

#include "ChangePoints.h"
#include "RecordIndex.h"

#include <QList>
#include <QPair>
#include <optional>

namespace kix {

struct SeriesPoint {
    int run = -1; // index into the RecordIndex's runs
    QString observedAt;
    double value = 0; // the primary measurement, in the series' unit
    QString implementation;
};

// A field that differs between the runs either side of a change point.
struct SeriesDifference {
    QString field; // "driver", "CUDA", "GPU", "implementation digest", "implementation revision", …
    QString before, after;
};

struct SeriesChange {
    ChangePoint point;  // point.index: the first point of the new segment
    int runBefore = -1; // the last run before it and the first after it (run indices)
    int runAfter = -1;
    QList<SeriesDifference> differences; // empty: nothing recorded differs
};

struct RunSeries {
    QString comparisonKey, label;
    QString metric; // "latency:median:ns"
    QString unit;
    bool lowerIsBetter = true; // a time; for another metric, unknown (no regression is called)
    QList<SeriesPoint> points; // by observedAt, then load order
    QList<SeriesChange> changes;
    // The latest segment's median over the one before (after / before), when there is a change point.
    std::optional<double> latestStep;
    bool regression = false; // a time, and latestStep above 1 + the minimum effect
};

// The series of every cohort with at least `minimumRuns` eligible runs (and a key matching `cohortPrefix`,
// cohortKeyMatches), longest first.
QList<RunSeries> buildRunSeries(const RecordIndex& index, const QString& cohortPrefix = {},
                                const ChangePointOptions& options = {}, int minimumRuns = 2);

// What differs between two runs outside the values: environment (GPU, driver, CUDA, OS, framework),
// implementation (digest, revision, name) and protocol.
QList<SeriesDifference> runDifferences(const RecordIndex& index, int runA, int runB);

// One case's central latency (ns) at each point of a series, by case id; unset where a run lacks the case.
QList<std::optional<double>> caseSeries(const RecordIndex& index, const RunSeries& series,
                                        const QString& caseId);

} // namespace kix
