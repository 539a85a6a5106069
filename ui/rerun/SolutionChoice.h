// "The bundled kernel" or "a solution…": what Run locally and Run on cluster offer. A solution run
// (`kix run --solution`) needs a SOL-ExecBench solution.json, its problem folder (definition.json and
// workload.jsonl), an engine (kix's, or SOL-ExecBench's own CLI) and a Python with torch; each is checked
// before anything starts, and a choice that cannot be made here says why.
#pragma once

#include "Settings.h"

#include <QGroupBox>

class QComboBox;
class QLabel;
class QLineEdit;
class QRadioButton;

namespace kix::ui {

// The `kix run` arguments of a solution run, after --progress and --output.
QStringList solutionArguments(const SolutionSettings& run);
// The arguments of `kix run --check` for the engine `run` names (its Python, or the official CLI).
QStringList solutionCheckArguments(const SolutionSettings& run);
// What is wrong with a solution run's inputs, located (file, line, JSON path) as `kix run --solution` says
// it; empty when they can be run. Reads the files: call it off the UI thread.
QString solutionInputError(const SolutionSettings& run);

class SolutionChoice : public QGroupBox {
    Q_OBJECT
public:
    // A non-empty `solutionRefusal` disables "a solution…" with that reason (a cluster run, today).
    SolutionChoice(const SolutionSettings& run, const QString& solutionRefusal, QWidget* parent = nullptr);
    SolutionSettings settings() const;
    bool solutionChosen() const;
    // What `kix run --check` said of the engine: shown under it; a solution run may start only when true.
    void setEngineState(bool available, const QString& text);
    void setEngineChecking(); // not available until the check answers
    bool engineAvailable() const { return m_engineAvailable; }
    void setInputError(const QString& error); // shown under the paths; empty clears it

    QRadioButton* bundled() const { return m_bundled; }
    QRadioButton* solution() const { return m_solution; }
    QLineEdit* solutionFile() const { return m_solutionFile; }
    QLineEdit* problemFolder() const { return m_problem; }
    QComboBox* engine() const { return m_engine; }
    QLineEdit* python() const { return m_python; }
    QLabel* engineState() const { return m_engineState; }
    QLabel* inputError() const { return m_inputError; }
    QLabel* refusal() const { return m_refusal; }

signals:
    void engineChanged(); // the Python or the engine changed: check it again
    void choiceChanged(); // anything the Run button depends on

private:
    void updateEnabled();

    QRadioButton *m_bundled, *m_solution;
    QLineEdit *m_solutionFile, *m_problem, *m_python;
    QComboBox* m_engine;
    QLabel *m_engineState, *m_inputError, *m_refusal;
    QList<QWidget*> m_solutionWidgets;
    bool m_engineAvailable = false;
};

} // namespace kix::ui
