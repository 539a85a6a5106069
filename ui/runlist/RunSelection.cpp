#include "RunSelection.h"

#include "Roles.h"
#include "RunFilterProxy.h"
#include "RunListPane.h"
#include "RunTableModel.h"

#include <QItemSelectionModel>
#include <QTreeView>
#include <algorithm>

namespace kix::ui {

RunSelection::RunSelection(QTreeView* view, RunFilterProxy* proxy, RunTableModel* runs, QObject* parent)
    : QObject(parent)
    , m_view(view)
    , m_proxy(proxy)
    , m_runs(runs) {
    connect(m_proxy, &RunFilterProxy::ordered, this, &RunSelection::onOrdered);
    connect(m_view, &QAbstractItemView::pressed, this, &RunSelection::keepCurrent);
}

QList<int> RunSelection::selectedStoreIndices() const {
    QList<int> out;
    QModelIndexList rows = m_view->selectionModel()->selectedRows();
    std::sort(rows.begin(), rows.end(), shownBefore);
    for (const QModelIndex& r : rows)
        out << r.data(ManifestIndexRole).toInt();
    return out;
}

int RunSelection::selectStoreRows(const QList<int>& storeRows) {
    m_selectTopRow = false;
    QItemSelection selection;
    QModelIndex first;
    for (const int s : storeRows) {
        const QModelIndex at = m_proxy->indexOfSourceRow(m_runs->rowOfStoreIndex(s));
        if (!at.isValid())
            continue;
        if (at.parent().isValid())
            m_view->expand(at.parent());
        selection.select(at, at.siblingAtColumn(m_proxy->columnCount() - 1));
        if (!first.isValid())
            first = at;
    }
    m_view->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
    if (first.isValid())
        m_view->scrollTo(first);
    return int(selection.size());
}

void RunSelection::selectRows(const QList<int>& rows) {
    m_selectTopRow = false;
    QItemSelection selection;
    for (int r : rows)
        if (r >= 0 && r < m_proxy->rowCount())
            selection.select(m_proxy->index(r, 0), m_proxy->index(r, m_proxy->columnCount() - 1));
    m_view->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
    if (!rows.isEmpty())
        m_view->scrollTo(m_proxy->index(rows.first(), 0));
}

void RunSelection::selectTopRowIfNone() {
    if (!m_view->selectionModel()->selectedRows().isEmpty() || m_proxy->rowCount() == 0)
        return;
    selectRows({0});
    m_selectTopRow = true; // selectRows() ends it; this is still the automatic choice
}

void RunSelection::onOrdered() {
    if (m_selectTopRow && m_proxy->rowCount() > 0) {
        selectRows({0});
        m_selectTopRow = true;
    } else
        m_view->scrollTo(m_view->currentIndex());
}

} // namespace kix::ui
