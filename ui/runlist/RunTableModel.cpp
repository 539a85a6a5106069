#include "RunTableModel.h"

#include "OffUiThread.h"
#include "Palette.h"
#include "ParallelFor.h"
#include "PlainText.h"
#include "Roles.h"
#include "RooflineRun.h"
#include "RunGroups.h"
#include "ThreadPriority.h"
#include "WorkPool.h"

#include <QBrush>
#include <QElapsedTimer>
#include <QThreadPool>

namespace kix::ui {

RunTableModel::RunTableModel(RunStore* store, QObject* parent)
    : QAbstractTableModel(parent)
    , m_store(store) {
    m_build.setSingleShot(true);
    m_build.setInterval(0);
    connect(&m_build, &QTimer::timeout, this, [this] {
        buildPending(true, false);
        if (unbuiltRows() > 0)
            m_build.start(); // the rest from the next event loop pass
    });
    m_batch.setSingleShot(true);
    m_batch.setInterval(kBatchMs);
    connect(&m_batch, &QTimer::timeout, this, [this] {
        insertBuilt();
        if (pendingRows() > 0)
            m_batch.start();
    });
    connect(store, &RunStore::rowsAdded, this, &RunTableModel::onRowsAdded);
    connect(store, &RunStore::rowChanged, this, [this](int row) {
        if (row < 0 || row >= m_rows.size())
            return; // a pending row is computed when it is inserted
        m_rows[row] = computeRunRow(m_store->index(), row);
        emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
    });
    connect(store, &RunStore::cleared, this, [this] {
        ++m_refreshJob;
        m_batch.stop();
        m_build.stop();
        m_built.clear();
        beginResetModel();
        m_rows.clear();
        m_parents.clear();
        m_storeRows = 0;
        endResetModel();
    });
    connect(store, &RunStore::loadFinished, this, [this] {
        // Every row before refreshed() and before the store's other listeners; refresh() computes their
        // digests.
        buildPending(false, false);
        insertBuilt();
        refresh();
    });
    onRowsAdded(0, store->size() - 1);
}

void RunTableModel::onRowsAdded(int first, int last) {
    if (last < first || first != m_storeRows)
        return;
    m_storeRows = last + 1;
    if (!m_store->isLoading()) {
        buildPending(false, true);
        insertBuilt();
        return;
    }
    // Not restarted by later rows: a steady load still shows a batch every kBatchMs.
    if (!m_build.isActive())
        m_build.start();
    if (!m_batch.isActive())
        m_batch.start();
}

void RunTableModel::buildPending(bool sliced, bool withDigests) {
    const RecordIndex& index = m_store->index();
    QElapsedTimer clock;
    clock.start();
    RunRooflines floors(index, GpuBandwidthTable::bundled());
    for (int r = int(m_rows.size() + m_built.size()); r < m_storeRows; ++r) {
        m_built.append(computeRunRow(index, r, withDigests, &floors));
        if (sliced && clock.elapsed() >= kSliceMs)
            break;
    }
}

void RunTableModel::insertBuilt() {
    if (m_built.isEmpty())
        return;
    const int first = int(m_rows.size());
    beginInsertRows({}, first, first + int(m_built.size()) - 1);
    m_rows.append(std::exchange(m_built, {}));
    endInsertRows();
}

void RunTableModel::refresh() {
    const quint64 job = ++m_refreshJob;
    const RecordIndex snapshot = m_store->snapshot();
    const int count = int(m_rows.size());
    runOffUiThread(
        this,
        [snapshot, count] {
            useBackgroundPriority();
            // Rows are independent reads of one snapshot: computed in ranges by the pool's threads and
            // this one together (a 50,000-run refresh took 1.0-1.2 s on one thread of two).
            QList<RunRow> rows(count);
            RunRow* out = rows.data();
            parallelFor(count, 256, [&snapshot, out](int begin, int end) {
                RunRooflines floors(snapshot, GpuBandwidthTable::bundled()); // its cache is this range's
                for (int r = begin; r < end; ++r)
                    out[r] = computeRunRow(snapshot, r, true, &floors);
            });
            return std::pair{rows, groupRuns(snapshot).parentRow.mid(0, count)};
        },
        [this, job](const std::pair<QList<RunRow>, QList<int>>& result) {
            const QList<RunRow>& rows = result.first;
            if (job != m_refreshJob || rows.size() > m_rows.size())
                return; // cleared or superseded meanwhile
            m_parents = result.second;
            if (rows.size() == m_rows.size()) {
                // The replaced rows (tens of thousands of strings) are freed on the pool, not on the UI
                // thread.
                QList<RunRow> old = std::exchange(m_rows, rows);
                workPool()->start([old = std::move(old)]() mutable { old.clear(); });
            } else {
                for (int r = 0; r < rows.size(); ++r)
                    m_rows[r] = rows[r];
            }
            if (!rows.isEmpty())
                emit dataChanged(index(0, 0), index(int(rows.size()) - 1, ColumnCount - 1));
            emit refreshed();
        });
}

int RunTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

int RunTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    return runColumnName(section);
}

QVariant RunTableModel::toolTip(const RunRow& r, int column) {
    if (r.problem || column == File)
        return plainToolTip(r.tooltip);
    if (column == Floor)
        return tr(
            "Latency over the memory-roofline floor: the time the bytes the workload must move take at "
            "the GPU's published peak bandwidth (1× is the floor; below it, only the cache can explain it)");
    if (column == Digests)
        return tr("Digest checks against the loaded set; see the Digests tab");
    if (column == Upstream)
        return tr("Whether KernelIndex's schemas and parser would accept the manifest; the findings are in "
                  "Details ▸ Problems");
    // Every other cell: its full text, since a narrow column elides it.
    return r.text[column].isEmpty() ? QVariant() : QVariant(plainToolTip(r.text[column]));
}

QVariant RunTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= m_rows.size() || index.column() >= ColumnCount)
        return {};
    const RunRow& r = m_rows[index.row()];
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return r.text[column];
    case SortRole:
        return std::isnan(r.number[column]) ? QVariant(r.key[column]) : QVariant(r.number[column]);
    case ManifestIndexRole:
        return r.storeRow;
    case Qt::ToolTipRole:
        return toolTip(r, column);
    case Qt::TextAlignmentRole:
        if (isNumericColumn(column))
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ForegroundRole:
        if (r.problem || (r.invalid && column == Status) || (column == Digests && r.mismatch) ||
            (column == Upstream && r.rejectedUpstream))
            return QBrush(toneColor(r.problem || r.invalid || r.mismatch ? Tone::Bad : Tone::Caution));
        return {};
    }
    return {};
}

} // namespace kix::ui
