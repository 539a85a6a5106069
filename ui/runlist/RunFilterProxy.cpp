#include "RunFilterProxy.h"

#include "OffUiThread.h"
#include "RunTableModel.h"

#include <algorithm>

namespace kix::ui {

namespace {

// Whether row a goes before row b, sorted by the column: rows without a run last whatever the column, then
// numbers before missing values and texts before empty ones, in either direction.
bool runRowBefore(const RunRow& a, const RunRow& b, int column, bool descending) {
    if (a.problem != b.problem)
        return b.problem;
    const double x = a.number[column], y = b.number[column];
    const bool nx = !std::isnan(x), ny = !std::isnan(y);
    if (nx || ny) {
        if (nx != ny)
            return nx;
        return descending ? y < x : x < y;
    }
    const QString& kx = a.key[column];
    const QString& ky = b.key[column];
    const bool ex = kx.isEmpty() || kx == QStringLiteral("—"), ey = ky.isEmpty() || ky == QStringLiteral("—");
    if (ex != ey)
        return !ex;
    const int c = QString::compare(kx, ky, Qt::CaseSensitive);
    return descending ? c > 0 : c < 0;
}

// The rows containing the filter text, grouped under their suite runs: a suite is shown when its own row
// or one of its cases matches, with all its cases when its own row does, else the matching ones.
RunFilterProxy::Order filterRunRows(const QList<RunRow>& rows, const QList<int>& parents,
                                    const QString& filter, const std::optional<QSet<int>>& only) {
    const QString needle = filter.toCaseFolded();
    auto parentOf = [&](int r) {
        const int p = parents.value(r, -1);
        return p < rows.size() ? p : -1;
    };
    auto matches = [&](int r) {
        return (needle.isEmpty() || rows[r].search.contains(needle)) &&
               (!only || only->contains(rows[r].storeRow));
    };
    QHash<int, QList<int>> cases; // every case row by suite, before the filter
    for (int r = 0; r < rows.size(); ++r)
        if (parentOf(r) >= 0)
            cases[parentOf(r)].append(r);
    RunFilterProxy::Order out;
    for (int r = 0; r < rows.size(); ++r) {
        if (parentOf(r) >= 0)
            continue;
        const bool suiteMatches = matches(r);
        QList<int> shown = cases.value(r);
        if (!suiteMatches)
            shown.removeIf([&](int c) { return !matches(c); });
        if (!suiteMatches && shown.isEmpty())
            continue;
        out.top.append(r);
        if (!shown.isEmpty())
            out.children.insert(r, shown);
    }
    return out;
}

// The new order: filtered and grouped, each level stably sorted by the column.
RunFilterProxy::Order orderRunRows(const QList<RunRow>& rows, const QList<int>& parents,
                                   const QString& filter, const std::optional<QSet<int>>& only, int column,
                                   Qt::SortOrder order) {
    RunFilterProxy::Order out = filterRunRows(rows, parents, filter, only);
    if (column < 0 || column >= RunColumnCount)
        return out;
    const bool descending = order == Qt::DescendingOrder;
    auto less = [&](int a, int b) { return runRowBefore(rows[a], rows[b], column, descending); };
    std::stable_sort(out.top.begin(), out.top.end(), less);
    for (QList<int>& shown : out.children)
        std::stable_sort(shown.begin(), shown.end(), less);
    return out;
}

constexpr quintptr kTopLevel = 0; // internal id of top-level rows; a case row's is its suite's source row + 1

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
    m_order = {};
    m_appliedFilter = m_filter;
    m_appliedOnly = m_only;
    m_appliedOnlyChanges = m_onlyChanges;
    if (m_source) {
        for (int r = 0; r < m_source->rowCount(); ++r)
            if (accepts(r))
                m_order.top.append(r);
        m_connections << connect(
            m_source, &QAbstractItemModel::rowsInserted, this,
            [this](const QModelIndex&, int first, int last) { onRowsInserted(first, last); });
        m_connections << connect(m_source, &QAbstractItemModel::dataChanged, this,
                                 &RunFilterProxy::onDataChanged);
        m_connections << connect(m_source, &RunTableModel::refreshed, this, &RunFilterProxy::start);
        m_connections << connect(m_source, &QAbstractItemModel::modelAboutToBeReset, this, [this] {
            ++m_job;
            beginResetModel();
        });
        m_connections << connect(m_source, &QAbstractItemModel::modelReset, this, [this] {
            m_order = {};
            for (int r = 0; r < m_source->rowCount(); ++r)
                if (accepts(r))
                    m_order.top.append(r);
            rebuildPositions();
            endResetModel();
            schedule();
        });
    }
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

void RunFilterProxy::setOnlyStoreRows(const std::optional<QSet<int>>& rows) {
    if (rows == m_only)
        return;
    m_only = rows;
    ++m_onlyChanges;
    start();
}

void RunFilterProxy::schedule() {
    if (m_sortColumn >= 0 || m_filter != m_appliedFilter || m_onlyChanges != m_appliedOnlyChanges)
        m_debounce.start();
}

void RunFilterProxy::start() {
    m_debounce.stop();
    if (!m_source)
        return;
    ++m_pending;
    const QList<RunRow> rows = m_source->rows(); // implicitly shared: no copy of the rows
    const QList<int> parents = m_source->parents();
    const int column = m_sortColumn;
    const Qt::SortOrder order = m_sortOrder;
    const Pass pass{++m_job, m_filter, m_only, m_onlyChanges, int(rows.size())};
    runOffUiThread(
        this,
        [rows, parents, pass, column, order] {
            return orderRunRows(rows, parents, pass.filter, pass.only, column, order);
        },
        [this, pass](Order result) {
            --m_pending;
            apply(pass, std::move(result));
        });
}

void RunFilterProxy::apply(const Pass& pass, Order order) {
    if (pass.job != m_job || !m_source)
        return; // a newer pass is on its way
    // Rows the source appended while the worker ran go at the end, and are sorted in by the next pass.
    for (int r = pass.sourceRows; r < m_source->rowCount(); ++r) {
        const RunRow& row = m_source->rowAt(r);
        if (row.search.contains(pass.filter.toCaseFolded()) &&
            (!pass.only || pass.only->contains(row.storeRow)))
            order.top.append(r);
    }
    // A new filter (text or rows) is a reset; a new order or grouping (suites found once a load ends) a
    // layout change that keeps the selection and the expanded suites on their rows.
    if (pass.filter != m_appliedFilter || pass.onlyChanges != m_appliedOnlyChanges) {
        beginResetModel();
        m_order = std::move(order);
        m_appliedFilter = pass.filter;
        m_appliedOnly = pass.only;
        m_appliedOnlyChanges = pass.onlyChanges;
        rebuildPositions();
        endResetModel();
    } else {
        emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
        const QModelIndexList before = persistentIndexList();
        QList<int> sourceRowsOf;
        sourceRowsOf.reserve(before.size());
        for (const QModelIndex& p : before)
            sourceRowsOf.append(sourceRowOf(p));
        m_order = std::move(order);
        rebuildPositions();
        QModelIndexList after;
        after.reserve(before.size());
        for (int i = 0; i < before.size(); ++i) {
            const QModelIndex at = indexOfSourceRow(sourceRowsOf[i]);
            after.append(at.isValid() ? at.siblingAtColumn(before[i].column()) : QModelIndex());
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
    m_parentOf.resize(m_source->rowCount(), -1);
    if (!fresh.isEmpty()) {
        const int at = int(m_order.top.size());
        beginInsertRows({}, at, at + int(fresh.size()) - 1);
        for (int r : fresh) {
            m_position[r] = int(m_order.top.size());
            m_order.top.append(r);
        }
        endInsertRows();
    }
    schedule();
}

void RunFilterProxy::onDataChanged(const QModelIndex& topLeft, const QModelIndex& bottomRight,
                                   const QList<int>& roles) {
    if (topLeft.row() == bottomRight.row()) {
        const QModelIndex at = indexOfSourceRow(topLeft.row());
        if (at.isValid())
            emit dataChanged(at.siblingAtColumn(topLeft.column()), at.siblingAtColumn(bottomRight.column()),
                             roles);
    } else if (!m_order.top.isEmpty()) {
        emit dataChanged(index(0, topLeft.column()), index(int(m_order.top.size()) - 1, bottomRight.column()),
                         roles);
        for (auto it = m_order.children.cbegin(); it != m_order.children.cend(); ++it) {
            const QModelIndex parent = indexOfSourceRow(it.key());
            emit dataChanged(index(0, topLeft.column(), parent),
                             index(int(it->size()) - 1, bottomRight.column(), parent), roles);
        }
    }
    // Changed text may change the order or the filter's verdict.
    if (m_sortColumn >= 0 || !m_appliedFilter.isEmpty() || m_appliedOnly)
        m_debounce.start();
}

void RunFilterProxy::rebuildPositions() {
    const int count = m_source ? m_source->rowCount() : 0;
    m_position = QList<int>(count, -1);
    m_parentOf = QList<int>(count, -1);
    for (int i = 0; i < m_order.top.size(); ++i)
        if (m_order.top[i] < count)
            m_position[m_order.top[i]] = i;
    for (auto it = m_order.children.cbegin(); it != m_order.children.cend(); ++it)
        for (int i = 0; i < it->size(); ++i)
            if (it->at(i) < count) {
                m_position[it->at(i)] = i;
                m_parentOf[it->at(i)] = it.key();
            }
}

bool RunFilterProxy::accepts(int sourceRow) const {
    const RunRow& row = m_source->rowAt(sourceRow);
    return (m_appliedFilter.isEmpty() || row.search.contains(m_appliedFilter.toCaseFolded())) &&
           (!m_appliedOnly || m_appliedOnly->contains(row.storeRow));
}

int RunFilterProxy::sourceRowOf(const QModelIndex& proxyIndex) const {
    if (!proxyIndex.isValid() || proxyIndex.model() != this)
        return -1;
    if (proxyIndex.internalId() == kTopLevel)
        return m_order.top.value(proxyIndex.row(), -1);
    const auto shown = m_order.children.constFind(int(proxyIndex.internalId() - 1));
    return shown == m_order.children.cend() ? -1 : shown->value(proxyIndex.row(), -1);
}

QModelIndex RunFilterProxy::indexOfSourceRow(int sourceRow) const {
    const int row = m_position.value(sourceRow, -1);
    if (row < 0)
        return {};
    const int parent = m_parentOf.value(sourceRow, -1);
    return createIndex(row, 0, parent < 0 ? kTopLevel : quintptr(parent) + 1);
}

QModelIndex RunFilterProxy::index(int row, int column, const QModelIndex& parent) const {
    if (row < 0 || column < 0 || column >= columnCount())
        return {};
    if (!parent.isValid())
        return row < m_order.top.size() ? createIndex(row, column, kTopLevel) : QModelIndex();
    if (parent.model() != this || parent.internalId() != kTopLevel || parent.column() != 0)
        return {};
    const int suite = m_order.top.value(parent.row(), -1);
    const auto shown = m_order.children.constFind(suite);
    if (shown == m_order.children.cend() || row >= shown->size())
        return {};
    return createIndex(row, column, quintptr(suite) + 1);
}

QModelIndex RunFilterProxy::parent(const QModelIndex& child) const {
    if (!child.isValid() || child.internalId() == kTopLevel)
        return {};
    return indexOfSourceRow(int(child.internalId() - 1));
}

QVariant RunFilterProxy::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Horizontal)
        return m_source ? m_source->headerData(section, orientation, role) : QVariant();
    return QAbstractProxyModel::headerData(section, orientation, role);
}

int RunFilterProxy::rowCount(const QModelIndex& parent) const {
    if (!parent.isValid())
        return int(m_order.top.size());
    if (parent.model() != this || parent.internalId() != kTopLevel || parent.column() != 0)
        return 0;
    return int(m_order.children.value(m_order.top.value(parent.row(), -1)).size());
}

bool RunFilterProxy::hasChildren(const QModelIndex& parent) const {
    return rowCount(parent) > 0;
}

Qt::ItemFlags RunFilterProxy::flags(const QModelIndex& index) const {
    const Qt::ItemFlags f = QAbstractProxyModel::flags(index);
    return index.isValid() && index.internalId() == kTopLevel ? f & ~Qt::ItemNeverHasChildren : f;
}

int RunFilterProxy::columnCount(const QModelIndex& /*parent*/) const {
    return m_source ? m_source->columnCount() : 0;
}

QModelIndex RunFilterProxy::mapToSource(const QModelIndex& proxyIndex) const {
    const int row = sourceRowOf(proxyIndex);
    return m_source && row >= 0 ? m_source->index(row, proxyIndex.column()) : QModelIndex();
}

QModelIndex RunFilterProxy::mapFromSource(const QModelIndex& sourceIndex) const {
    if (!sourceIndex.isValid())
        return {};
    const QModelIndex at = indexOfSourceRow(sourceIndex.row());
    return at.isValid() ? createIndex(at.row(), sourceIndex.column(), at.internalId()) : QModelIndex();
}

// Not QAbstractProxyModel's (a round trip through the source, and through mapFromSource).
QModelIndex RunFilterProxy::sibling(int row, int column, const QModelIndex& idx) const {
    return idx.isValid() ? index(row, column, parent(idx)) : QModelIndex();
}

} // namespace kix::ui
