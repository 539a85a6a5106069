// One row per store row — a run, or an input that could not be read (a problem row) — with every cell
// computed once (RunRow.h). Rows are appended as the store delivers them: during a load, built in slices
// of at most kSliceMs of work between other events and inserted in batches at most every kBatchMs, so
// that a view lays out and paints a 50,000-row load ten times a second rather than once per slice (painting
// was a quarter of the UI thread's load time); outside a load, at once. When a load ends, the rest is
// inserted, then every row is recomputed off the UI thread (digest states depend on what else is loaded) and
// swapped in, with the suite grouping of the loaded set (model/index RunGroups) the proxy shows as a tree.
#pragma once

#include "RunRow.h"
#include "RunStore.h"

#include <QAbstractTableModel>
#include <QTimer>

namespace kix::ui {

class RunTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    using Column = RunColumn;
    static constexpr int Implementation = RunColumn::Implementation, Gpu = RunColumn::Gpu,
                         Latency = RunColumn::Latency, SolScore = RunColumn::SolScore,
                         Floor = RunColumn::Floor, Speedup = RunColumn::Speedup, Status = RunColumn::Status,
                         Digests = RunColumn::Digests, Upstream = RunColumn::Upstream,
                         Benchmark = RunColumn::Benchmark, Observed = RunColumn::Observed,
                         File = RunColumn::Source, ColumnCount = RunColumnCount;

    static constexpr int kBatchMs = 100; // rows the store adds during a load wait at most this long
    static constexpr int kSliceMs = 20;  // the UI thread's longest stretch of row building at a time

    explicit RunTableModel(RunStore* store, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    int storeIndex(int row) const { return row >= 0 && row < m_rows.size() ? m_rows[row].storeRow : -1; }
    int rowOfStoreIndex(int storeIndex) const {
        return storeIndex >= 0 && storeIndex < m_rows.size() ? storeIndex : -1;
    }
    // The rows as values (implicitly shared: a copy is O(1)), for the proxy's workers.
    QList<RunRow> rows() const { return m_rows; }
    const RunRow& rowAt(int row) const { return m_rows[row]; }
    // Row -> the row of its suite run (-1: top level), as of the last refresh; rows appended since have
    // none yet.
    QList<int> parents() const { return m_parents; }
    int parentOf(int row) const { return m_parents.value(row, -1); }
    // Recomputes every row off the UI thread; emits refreshed() once they are in.
    void refresh();
    // Store rows added and not shown yet (a load's rows wait for the next batch).
    int pendingRows() const { return m_storeRows - int(m_rows.size()); }

signals:
    void refreshed();

private:
    void onRowsAdded(int first, int last);
    // Builds the rows of pending store rows: all of them, or (sliced) as many as kSliceMs of work builds.
    // `withDigests`: as computeRunRow's (a load's rows leave them to the refresh at its end).
    void buildPending(bool sliced, bool withDigests);
    // Inserts the built rows: one insertion, one layout and paint of the view, per batch.
    void insertBuilt();
    int unbuiltRows() const { return m_storeRows - int(m_rows.size() + m_built.size()); }
    static QVariant toolTip(const RunRow& r, int column);

    RunStore* m_store;
    QList<RunRow> m_rows;  // row i is store row i
    QList<RunRow> m_built; // rows of the store rows after m_rows, built and waiting for the next batch
    QList<int> m_parents;
    int m_storeRows = 0; // store rows announced by rowsAdded; those past m_rows are pending
    QTimer m_build;      // builds pending rows a slice at a time, between other events
    QTimer m_batch;      // inserts what is built, at most every kBatchMs
    quint64 m_refreshJob = 0;
};

} // namespace kix::ui
