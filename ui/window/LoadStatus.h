// The status bar's share of the load lifecycle: the counts line (runs, inputs with problems, workloads,
// implementations, operations; redrawn at most every 250 ms while rows arrive), a progress bar and
// "Cancel loading" while a load runs, and the one message a load ends with.
#pragma once

#include <QObject>
#include <QTimer>

class QLabel;
class QProgressBar;
class QStatusBar;
class QToolButton;

namespace kix {
class RunStore;
}

namespace kix::ui {

class LoadStatus : public QObject {
    Q_OBJECT
public:
    LoadStatus(RunStore* store, QStatusBar* bar, QObject* parent = nullptr);

    // Hides the progress and says what the load read (or that it was cancelled).
    void loadFinished(int loaded, int problemRows, bool cancelled);
    void updateCounts();

private:
    RunStore* m_store;
    QStatusBar* m_bar;
    QLabel* m_counts;
    QProgressBar* m_progress;
    QToolButton* m_cancel;
    QTimer m_delay;
};

} // namespace kix::ui
