// One row per loaded manifest that holds a run or could not be read (error rows), over the RunStore.
#pragma once

#include "RunStore.h"

#include <QAbstractTableModel>

namespace kix::ui {

class RunTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Implementation,
        Gpu,
        Latency,
        SolScore,
        Speedup,
        Status,
        Digests,
        Benchmark,
        Observed,
        File,
        ColumnCount
    };

    explicit RunTableModel(RunStore* store, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    int storeIndex(int row) const { return m_rows.value(row, -1); }
    int rowOfStoreIndex(int storeIndex) const { return int(m_rows.indexOf(storeIndex)); }
    // Digest states depend on what else is loaded: recomputed whenever the set changes.
    void refreshDigests();

private:
    void appendFromStore(int first, int last);
    QVariant display(const Manifest& m, int row, int column) const;
    QVariant sortValue(const Manifest& m, int row, int column) const;

    RunStore* m_store;
    QList<int> m_rows;              // store indices
    QList<DigestSummary> m_digests; // per row
};

} // namespace kix::ui
