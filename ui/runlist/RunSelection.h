// The run list's selection in the store's terms: which runs are selected (store rows, in the order the tree
// shows them), selecting runs by store row or by top-level row, and the automatic choice after a load (the
// top row, kept on top while the sort off the UI thread settles, until the user or a caller chooses).
#pragma once

#include <QList>
#include <QObject>

class QTreeView;

namespace kix::ui {

class RunFilterProxy;
class RunTableModel;

class RunSelection : public QObject {
    Q_OBJECT
public:
    RunSelection(QTreeView* view, RunFilterProxy* proxy, RunTableModel* runs, QObject* parent = nullptr);

    QList<int> selectedStoreIndices() const;
    // Selects these store rows at either level (expanding their suites); returns how many are selected.
    int selectStoreRows(const QList<int>& storeRows);
    // Selects runs by their top-level row in the (sorted, filtered) table: a choice that is kept.
    void selectRows(const QList<int>& rows);
    // A load ended with nothing selected: the top row, kept on top until something else is chosen.
    void selectTopRowIfNone();
    // The automatic choice ends (a load starts, the user presses a row or edits the filter).
    void keepCurrent() { m_selectTopRow = false; }

private:
    void onOrdered();

    QTreeView* m_view;
    RunFilterProxy* m_proxy;
    RunTableModel* m_runs;
    bool m_selectTopRow = false;
};

} // namespace kix::ui
