#include "RunFilterProxy.h"

#include "OffUiThread.h"
#include "RunTableModel.h"

#include <algorithm>

namespace kix::ui {

namespace {

// The new order of the source rows: those containing the filter text, stably sorted by the column.
QList<int> orderRows(const QList<RunRow>& rows, const QString& filter, int column, Qt::SortOrder order) {
    QList<int> out;
    out.reserve(rows.size());
    const QString needle = filter.toCaseFolded();
    for (int r = 0; r < rows.size(); ++r)
        if (needle.isEmpty() || rows[r].search.contains(needle))
            out.append(r);
    if (column < 0 || column >= RunColumnCount)
        return out;
    const bool descending = order == Qt::DescendingOrder;
    auto less = [&](int a, int b) {
        if (rows[a].problem != rows[b].problem)
            return rows[b].problem; // rows without a run go last, whatever the column
        const double x = rows[a].number[column], y = rows[b].number[column];
        const bool nx = !std::isnan(x), ny = !std::isnan(y);
        if (nx || ny) {
            if (nx != ny)
                return nx; // numbers before missing values, in either direction
            return descending ? y < x : x < y;
        }
        const QString& kx = rows[a].key[column];
        const QString& ky = rows[b].key[column];
        const bool ex = kx.isEmpty() || kx == QStringLiteral("—"),
                   ey = ky.isEmpty() || ky == QStringLiteral("—");
        if (ex != ey)
            return !ex;
        const int c = QString::compare(kx, ky, Qt::CaseSensitive);
        return descending ? c > 0 : c < 0;
    };
    std::stable_sort(out.begin(), out.end(), less);
    return out;
}

} // namespace

RunFilterProxy::RunFilterProxy(QObject* parent)
    : QAbstractProxyModel(parent) {
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(150);
    connect(&m_debounce, &QTimer::timeout, this, &RunFilterProxy::start);
}

void RunFilterProxy::setSourceModel(QAbstractItemModel* source) {
    for (const auto& c : m_connections)
        disconnect(c);
    m_connections.clear();
    beginResetModel();
    m_source = qobject_cast<RunTableModel*>(source);
    QAbstractProxyModel::setSourceModel(m_source);
    m_order.clear();
    if (m_source) {
        for (int r = 0; r < m_source->rowCount(); ++r)
            m_order.append(r);
        m_connections << connect(
            m_source, &QAbstractItemModel::rowsInserted, this,
            [this](const QModelIndex&, int first, int last) { onRowsInserted(first, last); });
        m_connections << connect(m_source, &QAbstractItemModel::dataChanged, this,
                                 &RunFilterProxy::onDataChanged);
        m_connections << connect(m_source, &QAbstractItemModel::modelAboutToBeReset, this, [this] {
            ++m_job;
            beginResetModel();
        });
        m_connections << connect(m_source, &QAbstractItemModel::modelReset, this, [this] {
            m_order.clear();
            for (int r = 0; r < m_source->rowCount(); ++r)
                if (accepts(r))
                    m_order.append(r);
            rebuildPositions();
            endResetModel();
            schedule();
        });
    }
    m_appliedFilter = m_filter;
    rebuildPositions();
    endResetModel();
    schedule();
}

void RunFilterProxy::sort(int column, Qt::SortOrder order) {
    m_sortColumn = column;
    m_sortOrder = order;
    start();
}

void RunFilterProxy::setFilterFixedString(const QString& text) {
    if (text == m_filter)
        return;
    m_filter = text;
    start();
}

void RunFilterProxy::schedule() {
    if (m_sortColumn >= 0 || m_filter != m_appliedFilter)
        m_debounce.start();
}

void RunFilterProxy::start() {
    m_debounce.stop();
    if (!m_source)
        return;
    const quint64 job = ++m_job;
    ++m_pending;
    const QList<RunRow> rows = m_source->rows(); // implicitly shared: no copy of the rows
    const QString filter = m_filter;
    const int column = m_sortColumn;
    const Qt::SortOrder order = m_sortOrder;
    runOffUiThread(
        this, [rows, filter, column, order] { return orderRows(rows, filter, column, order); },
        [this, job, filter, count = int(rows.size())](QList<int> result) {
            --m_pending;
            apply(job, filter, count, std::move(result));
        });
}

void RunFilterProxy::apply(quint64 job, const QString& filter, int sourceRows, QList<int> order) {
    if (job != m_job || !m_source)
        return; // a newer pass is on its way
    // Rows the source appended while the worker ran go at the end, and are sorted in by the next pass.
    for (int r = sourceRows; r < m_source->rowCount(); ++r)
        if (m_source->rowAt(r).search.contains(filter.toCaseFolded()))
            order.append(r);
    bool sameRows = filter == m_appliedFilter && order.size() == m_order.size();
    for (int i = 0; sameRows && i < order.size(); ++i)
        sameRows = m_position.value(order[i], -1) >= 0;
    if (!sameRows) {
        beginResetModel();
        m_order = std::move(order);
        m_appliedFilter = filter;
        rebuildPositions();
        endResetModel();
    } else {
        emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
        const QModelIndexList before = persistentIndexList();
        QList<int> sourceRowsOf;
        sourceRowsOf.reserve(before.size());
        for (const QModelIndex& p : before)
            sourceRowsOf.append(m_order.value(p.row(), -1));
        m_order = std::move(order);
        rebuildPositions();
        QModelIndexList after;
        after.reserve(before.size());
        for (int i = 0; i < before.size(); ++i) {
            const int row = m_position.value(sourceRowsOf[i], -1);
            after.append(row < 0 ? QModelIndex() : createIndex(row, before[i].column()));
        }
        changePersistentIndexList(before, after);
        emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
    }
    emit ordered();
}

void RunFilterProxy::onRowsInserted(int first, int last) {
    QList<int> fresh;
    for (int r = first; r <= last; ++r)
        if (accepts(r))
            fresh.append(r);
    m_position.resize(m_source->rowCount(), -1);
    if (!fresh.isEmpty()) {
        const int at = int(m_order.size());
        beginInsertRows({}, at, at + int(fresh.size()) - 1);
        for (int r : fresh) {
            m_position[r] = int(m_order.size());
            m_order.append(r);
        }
        endInsertRows();
    }
    schedule();
}

void RunFilterProxy::onDataChanged(const QModelIndex& topLeft, const QModelIndex& bottomRight,
                                   const QList<int>& roles) {
    if (topLeft.row() == bottomRight.row()) {
        const int row = m_position.value(topLeft.row(), -1);
        if (row >= 0)
            emit dataChanged(index(row, topLeft.column()), index(row, bottomRight.column()), roles);
    } else if (!m_order.isEmpty()) {
        emit dataChanged(index(0, topLeft.column()), index(int(m_order.size()) - 1, bottomRight.column()),
                         roles);
    }
    // Changed text may change the order or the filter's verdict.
    if (m_sortColumn >= 0 || !m_appliedFilter.isEmpty())
        m_debounce.start();
}

void RunFilterProxy::rebuildPositions() {
    m_position = QList<int>(m_source ? m_source->rowCount() : 0, -1);
    for (int i = 0; i < m_order.size(); ++i)
        if (m_order[i] < m_position.size())
            m_position[m_order[i]] = i;
}

bool RunFilterProxy::accepts(int sourceRow) const {
    return m_appliedFilter.isEmpty() ||
           m_source->rowAt(sourceRow).search.contains(m_appliedFilter.toCaseFolded());
}

QModelIndex RunFilterProxy::index(int row, int column, const QModelIndex& parent) const {
    if (parent.isValid() || row < 0 || row >= m_order.size() || column < 0 || column >= columnCount())
        return {};
    return createIndex(row, column);
}

QModelIndex RunFilterProxy::parent(const QModelIndex& /*child*/) const {
    return {};
}

QVariant RunFilterProxy::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Horizontal)
        return m_source ? m_source->headerData(section, orientation, role) : QVariant();
    return QAbstractProxyModel::headerData(section, orientation, role);
}

int RunFilterProxy::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_order.size());
}

int RunFilterProxy::columnCount(const QModelIndex& parent) const {
    return parent.isValid() || !m_source ? 0 : m_source->columnCount();
}

QModelIndex RunFilterProxy::mapToSource(const QModelIndex& proxyIndex) const {
    if (!m_source || !proxyIndex.isValid() || proxyIndex.row() >= m_order.size())
        return {};
    return m_source->index(m_order[proxyIndex.row()], proxyIndex.column());
}

QModelIndex RunFilterProxy::mapFromSource(const QModelIndex& sourceIndex) const {
    if (!sourceIndex.isValid())
        return {};
    const int row = m_position.value(sourceIndex.row(), -1);
    return row < 0 ? QModelIndex() : createIndex(row, sourceIndex.column());
}

} // namespace kix::ui
