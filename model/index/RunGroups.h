// Suites, not fragments: which loaded runs are the case runs of a suite run. KernelIndex models a suite
// measurement as one BenchmarkRun naming a WorkloadSuite and, beside it, one BenchmarkRun per
// WorkloadCase (kix run writes both); a list of every run shows the suite's cases as fragments. This
// groups each case run under its suite run, so views show one row per suite that expands to its cases.
#pragma once

#include "RecordIndex.h"

#include <QList>

namespace kix {

// A case run C belongs to a suite run S when both name the same implementation, environment and protocol
// digests and the same non-empty observedAt (one harness invocation), S names a WorkloadSuite and C a
// WorkloadCase of the same operation. Where the workloads are not loaded, kix's own convention decides:
// C's raw-samples evidence is S's, at a fragment ("run.samples.json#/cases/5"). Problem rows, runs
// without observedAt and runs whose suite is not loaded stay top level: a case run opened alone is a row.
struct RunGroups {
    QList<int> parentRow;        // store row -> the store row of its suite run, -1 when top level
    QList<QList<int>> childRows; // store row -> its case runs' store rows, in load order
    int topLevelCount = 0;       // rows whose parentRow is -1

    int parentOf(int row) const { return parentRow.value(row, -1); }
    QList<int> childrenOf(int row) const { return childRows.value(row); }
};

RunGroups groupRuns(const RecordIndex& index);

} // namespace kix
