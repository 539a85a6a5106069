// One row of the run table, computed once from the store: the text of every column, its sort key and
// the facts the colours and tooltips need. Rows are plain values, so a worker thread can compute them
// from a store snapshot and the sort/filter proxy can order them off the UI thread.
#pragma once

#include "RecordIndex.h"

#include <QList>
#include <QString>
#include <array>
#include <cmath>

namespace kix {
class RunRooflines;
}

namespace kix::ui {

enum RunColumn {
    Implementation,
    Gpu,
    Latency,
    SolScore,
    Floor,
    Speedup,
    Status,
    Digests,
    Upstream,
    Benchmark,
    Observed,
    Source,
    RunColumnCount
};

struct RunRow {
    int storeRow = -1;
    bool problem = false;  // a problem row (no run)
    bool invalid = false;  // a run whose manifest has errors
    bool mismatch = false; // a digest mismatch
    bool rejectedUpstream = false;
    std::array<QString, RunColumnCount> text;
    std::array<double, RunColumnCount> number; // NaN: sort by text; the column's numeric key otherwise
    std::array<QString, RunColumnCount> key;   // case-folded text, the sort key of text columns
    QString search;                            // every column's text, case-folded, for the filter
    QString tooltip;                           // problem rows: the first error; runs: where it was read
};

// `withDigests`: also verify the run's digests for the Digests column and compute its memory-roofline
// floor (the costly parts); rows appended while a load runs leave them for the recomputation when the load
// ends, since both depend on what else gets loaded. `floors`: the floors of `index`'s runs, which caches
// the resources it parses and is not shared between threads (one per thread, reused for its rows); null:
// one of its own. Every text is sanitized (TextSanitizer) here, once, so no view lays out a control
// character or a 15 MiB title.
RunRow computeRunRow(const RecordIndex& index, int storeRow, bool withDigests = true,
                     RunRooflines* floors = nullptr);
QString runColumnName(int column);
bool isNumericColumn(int column);

} // namespace kix::ui

// Every member is relocatable (QString, numbers), so a growing QList<RunRow> reallocates its block in place
// instead of moving each row: appending a batch to 50,000 rows moved ~35 MB row by row, the 50,000-file
// load's longest UI stalls (kix-load-bench, perf, 2026-12-07).
Q_DECLARE_TYPEINFO(kix::ui::RunRow, Q_RELOCATABLE_TYPE);
