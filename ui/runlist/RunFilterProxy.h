// Sorting, filtering and grouping of the run table off the UI thread. A QSortFilterProxyModel compares
// QVariants on the UI thread (0.7–1.3 s for 50,000 rows); this proxy hands the source's precomputed rows
// (numbers as numbers, case-folded text) and its suite grouping (model/index RunGroups) to a worker that
// builds the new order, and swaps it in: a re-sort or a new grouping is a layout change (selection kept), a
// new filter a reset. The result is a two-level tree: suite runs and runs alone at the top, a suite run's
// case runs below it, both levels sorted by the same column; the filter keeps a suite whose row or any
// case matches (all its cases when its own row matches, else the matching ones). Rows the source appends
// meanwhile are shown at the end of the top level at once and sorted (and grouped) in by the next pass.
// Missing values sort last in either direction.
#pragma once

#include <QAbstractProxyModel>
#include <QHash>
#include <QSet>
#include <QTimer>
#include <optional>

namespace kix::ui {

class RunTableModel;

class RunFilterProxy : public QAbstractProxyModel {
    Q_OBJECT
public:
    explicit RunFilterProxy(QObject* parent = nullptr);

    void setSourceModel(QAbstractItemModel* source) override; // a RunTableModel
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;
    void setFilterFixedString(const QString& text);
    QString filterText() const { return m_filter; }
    // Shows only the runs at these store rows (and the suites that hold one), on top of the text filter;
    // nullopt shows every row. The "changed since last open" filter (RunListPane).
    void setOnlyStoreRows(const std::optional<QSet<int>>& rows);
    bool isRestricted() const { return m_only.has_value(); }
    int sortColumn() const { return m_sortColumn; }
    Qt::SortOrder sortOrder() const { return m_sortOrder; }
    bool isBusy() const { return m_pending > 0; }

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    bool hasChildren(const QModelIndex& parent = {}) const override; // not the flat source's answer
    Qt::ItemFlags flags(const QModelIndex& index) const override;    // a suite's row may have children
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QModelIndex mapToSource(const QModelIndex& proxyIndex) const override;
    QModelIndex mapFromSource(const QModelIndex& sourceIndex) const override;
    QModelIndex sibling(int row, int column, const QModelIndex& idx) const override;

    // The proxy index of a source row (column 0), at either level; invalid when filtered out.
    QModelIndex indexOfSourceRow(int sourceRow) const;

    struct Order {
        QList<int> top;                  // top-level source rows, in order
        QHash<int, QList<int>> children; // suite's source row -> its shown case rows, in order
    };

signals:
    void ordered(); // a sort or filter pass was applied

private:
    void schedule();
    void start();
    struct Pass { // what a sort/filter pass was asked with
        quint64 job = 0;
        QString filter;
        std::optional<QSet<int>> only;
        quint64 onlyChanges = 0;
        int sourceRows = 0;
    };
    void apply(const Pass& pass, Order order);
    void onRowsInserted(int first, int last);
    void onDataChanged(const QModelIndex& topLeft, const QModelIndex& bottomRight, const QList<int>& roles);
    void rebuildPositions();
    bool accepts(int sourceRow) const;
    int sourceRowOf(const QModelIndex& proxyIndex) const;

    RunTableModel* m_source = nullptr;
    Order m_order;
    QList<int> m_position;           // source row -> row under its parent, -1 when filtered out
    QList<int> m_parentOf;           // source row -> its parent's source row as shown, -1 at the top level
    QString m_filter;                // requested
    QString m_appliedFilter;         // what m_order reflects
    std::optional<QSet<int>> m_only; // requested store rows (setOnlyStoreRows)
    std::optional<QSet<int>> m_appliedOnly;
    quint64 m_onlyChanges = 0, m_appliedOnlyChanges = 0; // a new restriction is a reset, as a new filter
    int m_sortColumn = -1;
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;
    quint64 m_job = 0;
    int m_pending = 0;
    QTimer m_debounce; // coalesces the re-sorts that appended rows ask for
    QList<QMetaObject::Connection> m_connections;
};

} // namespace kix::ui
