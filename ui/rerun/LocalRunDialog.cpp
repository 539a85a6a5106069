#include "LocalRunDialog.h"

#include "OffUiThread.h"
#include "RerunController.h"
#include "SolutionChoice.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace kix::ui {

LocalRunDialog::LocalRunDialog(const SolutionSettings& run, RerunController* controller, QWidget* parent)
    : QDialog(parent)
    , m_controller(controller)
    , m_choice(new SolutionChoice(run, QString(), this)) {
    setWindowTitle(tr("Run locally"));
    auto* note = new QLabel(tr("kix runs it on this machine's GPU in its own process, writes signed "
                               "manifests to the runs folder, then opens the run and compares it with the "
                               "run selected now."),
                            this);
    note->setTextFormat(Qt::PlainText);
    note->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_run = buttons->button(QDialogButtonBox::Ok);
    m_run->setText(tr("Run"));
    connect(buttons, &QDialogButtonBox::accepted, this, &LocalRunDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(note);
    layout->addWidget(m_choice);
    layout->addWidget(buttons);
    setMinimumWidth(560);

    connect(m_choice, &SolutionChoice::engineChanged, this, &LocalRunDialog::checkEngine);
    connect(m_choice, &SolutionChoice::choiceChanged, this, &LocalRunDialog::updateRunButton);
    connect(m_controller, &RerunController::solutionEngineChecked, this,
            [this](bool available, const QString& text) {
                if (--m_engineCheck > 0)
                    return; // a later check is on its way
                m_choice->setEngineState(available, text);
            });
    if (m_choice->solutionChosen())
        checkEngine();
    updateRunButton();
}

void LocalRunDialog::checkEngine() {
    if (!m_choice->solutionChosen())
        return;
    ++m_engineCheck;
    m_choice->setEngineChecking();
    m_controller->checkSolutionEngine(solutionCheckArguments(m_choice->settings()));
}

void LocalRunDialog::updateRunButton() {
    m_run->setEnabled(!m_checking && (!m_choice->solutionChosen() || m_choice->engineAvailable()));
}

void LocalRunDialog::accept() {
    if (!m_choice->solutionChosen()) {
        QDialog::accept();
        return;
    }
    m_checking = true;
    updateRunButton();
    runOffUiThread(
        this, [run = m_choice->settings()] { return solutionInputError(run); },
        [this](const QString& error) {
            m_checking = false;
            m_choice->setInputError(error);
            updateRunButton();
            emit inputsChecked(error);
            if (error.isEmpty())
                QDialog::accept();
        });
}

} // namespace kix::ui
