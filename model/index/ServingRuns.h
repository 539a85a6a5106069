// The loaded ServingRuns (KernelIndex's serving kind, issue 37), in their own view: grouped into serving
// cohorts, each run with what it measured and whether it may be compared. They are never BenchmarkRuns:
// no row of the run table, no place in a kernel cohort or leaderboard.
//
// A cohort is KernelIndex's published cohortKey where a catalog row gives one, else kix's own facts
// (ServingRunFacts::cohortFacts: model, workload, harness, quality policy, metric, accelerator and count),
// which partition KernelIndex's export exactly as its cohortKeys do. Runs are comparable only inside one
// cohort and when both are eligible: status valid, not retracted, not superseded.
#pragma once

#include "RecordIndex.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace kix {

struct ServingRunEntry {
    const ResourceEntry* entry = nullptr;
    QString catalogId;      // the serving_runs row's id; empty for a manifest file
    QStringList ineligible; // why it may not be compared: "status is invalid", "retracted", "superseded"
    bool eligible() const { return ineligible.isEmpty(); }
    const ServingRunFacts& facts() const { return entry->resource->serving; }
    QString valueLabel() const; // "8840.42 tokens_s (output_token_throughput_tps, reported)", "—"
};

struct ServingCohort {
    QString key;                 // KernelIndex's cohortKey, or "kix:" + kix's cohort facts
    bool published = false;      // key is KernelIndex's
    QString label;               // "llama2-70b-99 · Interactive · AMD Instinct MI300X 192GB HBM3 × 8 ·
                                 // output_token_throughput_tps"
    QList<ServingRunEntry> runs; // by observedAt, then name
    int eligibleCount() const;
};

// Every loaded ServingRun in its cohort; cohorts by label, then key.
QList<ServingCohort> servingCohorts(const RecordIndex& index);

} // namespace kix
