// Live progress of a local run, its log, and Cancel.
#pragma once

#include <QDialog>

class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;

namespace kix::ui {

class RerunController;

class RerunDialog : public QDialog {
    Q_OBJECT
public:
    RerunDialog(RerunController* controller, QWidget* parent = nullptr);
    QPlainTextEdit* log() const { return m_log; }
    void reject() override;
    QLabel* status() const { return m_status; }

private:
    RerunController* m_controller;
    QLabel* m_status;
    QProgressBar* m_progress;
    QPlainTextEdit* m_log;
    QPushButton* m_cancel;
};

} // namespace kix::ui
