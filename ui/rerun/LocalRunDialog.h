// "Run locally…": the bundled kernel, or a SOL-ExecBench solution with its problem, engine and Python.
// The engine is checked by `kix run --solution … --check` as soon as a solution is chosen (the Python
// found, whether torch imports in it, or the official CLI), and the inputs are read off the UI thread
// when Run is pressed: a bad one is shown, located, and nothing starts.
#pragma once

#include "Settings.h"

#include <QDialog>

class QPushButton;

namespace kix::ui {

class RerunController;
class SolutionChoice;

class LocalRunDialog : public QDialog {
    Q_OBJECT
public:
    // `controller` runs the engine check; it outlives the dialog.
    LocalRunDialog(const SolutionSettings& run, RerunController* controller, QWidget* parent = nullptr);
    SolutionChoice* choice() const { return m_choice; }
    QPushButton* runButton() const { return m_run; }
    void accept() override; // a solution's inputs are checked first

signals:
    void inputsChecked(const QString& error); // empty: accepted

private:
    void checkEngine();
    void updateRunButton();

    RerunController* m_controller;
    SolutionChoice* m_choice;
    QPushButton* m_run;
    int m_engineCheck = 0; // the latest check: an earlier one's answer is stale
    bool m_checking = false;
};

} // namespace kix::ui
