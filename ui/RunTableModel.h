// One row per store row — a run, or an input that could not be read (a problem row) — with every cell
// computed once (RunRow.h). Rows are appended as the store delivers them during a load; when a load
// ends, every row is recomputed off the UI thread (digest states depend on what else is loaded) and
// swapped in, with the suite grouping of the loaded set (model/index RunGroups) the proxy shows as a tree.
#pragma once

#include "RunRow.h"
#include "RunStore.h"

#include <QAbstractTableModel>

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

signals:
    void refreshed();

private:
    void append(int first, int last);
    static QVariant toolTip(const RunRow& r, int column);

    RunStore* m_store;
    QList<RunRow> m_rows; // row i is store row i
    QList<int> m_parents;
    quint64 m_refreshJob = 0;
};

} // namespace kix::ui
