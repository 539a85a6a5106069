// Live progress of a run, its log, and Cancel. For a cluster run also a table of the Slurm array
// tasks (state from Slurm, then the case each task is on, then its verified outcome).
#pragma once

#include <QDialog>

class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTableView;

namespace kix::ui {

class ClusterTaskModel;
class RerunController;

class RerunDialog : public QDialog {
    Q_OBJECT
public:
    RerunDialog(RerunController* controller, QWidget* parent = nullptr);
    QPlainTextEdit* log() const { return m_log; }
    void reject() override;
    QLabel* status() const { return m_status; }
    ClusterTaskModel* tasks() const { return m_tasks; } // null for a local run

private:
    RerunController* m_controller;
    QLabel* m_status;
    QProgressBar* m_progress;
    QPlainTextEdit* m_log;
    QPushButton* m_cancel;
    ClusterTaskModel* m_tasks = nullptr;
    QTableView* m_taskView = nullptr;
};

} // namespace kix::ui
