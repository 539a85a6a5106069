// Record timelines (issue 23): per comparison cohort, the catalog's record_events rows as a staircase —
// the leader's value over time, each step naming its run, the run's implementation and its margin over
// the record before it — checked against the runs each row names (catalog.record_event problems located
// at the row), with the steps that the runs' own noise cannot resolve marked by the verdict engine
// (Verdict.h) where both runs publish a spread.
#pragma once

#include "Policy.h"
#include "RecordEventsReader.h"
#include "RecordIndex.h"
#include "Verdict.h"

#include <QList>
#include <optional>

namespace kix {

struct RecordStep {
    CatalogRecordEvent event;
    int run = -1;           // index of the run it names; -1 when that run is not loaded
    QString implementation; // the run's implementation label
    std::optional<PrimaryMeasurement> value;
    // How much faster than the record before: previous / this − 1 (0.05: 5% faster); unset for the first.
    std::optional<double> margin;
    // This run (B) against the previous record (A) by the verdict engine; unset for the first step or when
    // a run is not loaded.
    std::optional<CaseVerdict> verdict;
    // The verdict, on spreads both runs publish, is "same" or "can't tell": a step within the runs' noise.
    bool withinNoise = false;
    Problems problems; // catalog.record_event findings, at the event's row
};

struct RecordTimeline {
    QString comparisonKey;
    QString label;           // operation · workload · GPU · metric of the cohort's runs, when loaded
    QList<RecordStep> steps; // by `at`, then row order
};

struct RecordTimelines {
    QList<RecordTimeline> cohorts; // most steps first, then by key
    Problems problems;             // every step's (catalog.record_event), in row order
    int events = 0;                // record_events rows read
};

// The record_events rows of every loaded source that has them (RecordIndex::sources(), by table), read
// again from their files (RecordEventsReader.h). Their row problems were reported when the files loaded.
RecordEventsRead loadedRecordEvents(const RecordIndex& index);

// `events` as timelines checked against the runs of `index`; `cohortPrefix` keeps only cohorts whose key
// starts with it (with or without "sha256:").
RecordTimelines buildRecordTimelines(const RecordIndex& index, const QList<CatalogRecordEvent>& events,
                                     const QString& cohortPrefix = {}, const VerdictOptions& options = {});
// The same for the loaded sources' record_events (loadedRecordEvents).
RecordTimelines buildRecordTimelines(const RecordIndex& index, const QString& cohortPrefix = {},
                                     const VerdictOptions& options = {});

// operation · workload · GPU · metric of a run's cohort, for headings.
QString historyCohortLabel(const RecordIndex& index, const RunEntry& entry, const PolicyFacts& facts);
// Whether a cohort key matches a --cohort selector (a prefix, with or without "sha256:"); empty matches all.
bool cohortKeyMatches(const QString& key, const QString& selector);

// B (candidate) against A (previous) by the verdict engine: per case where both carry the same cases,
// else on each run's suite statistics.
CaseVerdict judgeRunAgainst(const RecordIndex& index, int runA, int runB, const VerdictOptions& options);

} // namespace kix
