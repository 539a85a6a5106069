// Digest states and signed envelopes for the selected run, or for every loaded run at once (computed off the
// UI thread); for the selected run also its evidence level and the roofline check (Roofline.h,
// docs/trust.md).
#pragma once

#include "RunStore.h"

#include <QWidget>

class QAction;
class QLabel;
class QPushButton;
class QTableView;

namespace kix::ui {

class DigestModel;

class DigestPanel : public QWidget {
    Q_OBJECT
public:
    explicit DigestPanel(RunStore* store, QWidget* parent = nullptr);
    // Checks the run off the UI thread and emits runShown() when its rows are in (at once for no run).
    void showRun(int storeIndex);
    bool isChecking() const { return m_checking; } // a showRun() result is still to come
    void verifyAll();                              // asynchronous; emits verified() when the rows are in
    // Run ▸ Verify all digests (Ctrl+Shift+V), the tab's own; the window places it.
    QAction* verifyAllAction() const { return m_verifyAll; }
    DigestModel* model() const { return m_model; }
    // What the line under the caption says: the evidence level and the roofline check of the selected run.
    QString trustText() const;

signals:
    void verified(int runs, int mismatches);
    void runShown(int storeIndex);

private:
    RunStore* m_store;
    DigestModel* m_model;
    QLabel* m_caption;
    QLabel* m_trust;
    QPushButton* m_all;
    QAction* m_verifyAll;
    quint64 m_job = 0;
    bool m_checking = false;
};

} // namespace kix::ui
