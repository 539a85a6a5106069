#include "SolutionChoice.h"

#include "Palette.h"
#include "SolutionProblem.h"
#include "TextSanitizer.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPalette>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

namespace kix::ui {

namespace {

QStringList engineArguments(const SolutionSettings& run) {
    QStringList args;
    if (!run.python.trimmed().isEmpty())
        args << QStringLiteral("--python") << run.python.trimmed();
    if (run.officialHarness)
        args << QStringLiteral("--harness") << QStringLiteral("sol-execbench");
    return args;
}

QLabel* wrappedLabel(QWidget* parent) {
    auto* label = new QLabel(parent);
    label->setTextFormat(Qt::PlainText); // paths and the runner's words: never rich text
    label->setWordWrap(true);
    return label;
}

// A line edit with a Browse… button that fills it from a file or folder picker.
QHBoxLayout* pickerRow(QLineEdit* edit, QPushButton* browse) {
    auto* row = new QHBoxLayout;
    row->addWidget(edit, 1);
    row->addWidget(browse);
    return row;
}

} // namespace

QStringList solutionArguments(const SolutionSettings& run) {
    return QStringList{QStringLiteral("--solution"), run.solution.trimmed(), QStringLiteral("--problem"),
                       run.problem.trimmed()} +
           engineArguments(run);
}

QStringList solutionCheckArguments(const SolutionSettings& run) {
    return QStringList{QStringLiteral("--solution"), run.solution.trimmed(), QStringLiteral("--check")} +
           engineArguments(run);
}

QString solutionInputError(const SolutionSettings& run) {
    const QString solution = run.solution.trimmed(), problem = run.problem.trimmed();
    if (solution.isEmpty())
        return SolutionChoice::tr("choose the solution.json to run");
    if (!QFileInfo(solution).isFile())
        return SolutionChoice::tr("the solution %1 is not a file").arg(solution);
    if (problem.isEmpty())
        return SolutionChoice::tr("choose the problem folder (definition.json and workload.jsonl)");
    if (!QFileInfo(problem).isDir())
        return SolutionChoice::tr("the problem folder %1 is not a folder").arg(problem);
    for (const char* name : {"definition.json", "workload.jsonl"})
        if (!QFileInfo(QDir(problem).filePath(QLatin1String(name))).isFile())
            return SolutionChoice::tr("the problem folder %1 has no %2").arg(problem, QLatin1String(name));
    const SolutionProblemRead read =
        readSolutionProblem(solution, QDir(problem).filePath(QStringLiteral("definition.json")),
                            QDir(problem).filePath(QStringLiteral("workload.jsonl")));
    for (const Problem& p : read.problems)
        if (p.isError())
            return p.toString(); // the first, as `kix run --solution` prints it
    return {};
}

SolutionChoice::SolutionChoice(const SolutionSettings& run, const QString& solutionRefusal, QWidget* parent)
    : QGroupBox(tr("What to run"), parent)
    , m_bundled(new QRadioButton(tr("The bundled kernel (fused RMSNorm backward)"), this))
    , m_solution(new QRadioButton(tr("A solution… (SOL-ExecBench solution.json)"), this))
    , m_solutionFile(new QLineEdit(run.solution, this))
    , m_problem(new QLineEdit(run.problem, this))
    , m_python(new QLineEdit(run.python, this))
    , m_engine(new QComboBox(this))
    , m_engineState(wrappedLabel(this))
    , m_inputError(wrappedLabel(this))
    , m_refusal(wrappedLabel(this)) {
    auto* group = new QButtonGroup(this);
    group->addButton(m_bundled);
    group->addButton(m_solution);
    m_solutionFile->setPlaceholderText(tr("solution.json"));
    m_problem->setPlaceholderText(tr("the folder with definition.json and workload.jsonl"));
    m_python->setPlaceholderText(tr("python3 on PATH"));
    m_engine->addItem(tr("kix's engine (every launch kept, GPU state, A/A floor)"));
    m_engine->addItem(tr("SOL-ExecBench's own CLI (one median per workload)"));
    m_engine->setCurrentIndex(run.officialHarness ? 1 : 0);
    m_inputError->setObjectName(QStringLiteral("solutionInputError"));
    m_engineState->setObjectName(QStringLiteral("solutionEngineState"));
    m_inputError->hide();
    QPalette bad = m_inputError->palette(); // what stops the run stands out
    bad.setColor(QPalette::WindowText, toneColor(Tone::Bad, bad));
    m_inputError->setPalette(bad);

    auto* browseSolution = new QPushButton(tr("Browse…"), this);
    connect(browseSolution, &QPushButton::clicked, this, [this] {
        const QString file = QFileDialog::getOpenFileName(this, tr("Solution"), m_solutionFile->text(),
                                                          tr("SOL-ExecBench solution (*.json)"));
        if (!file.isEmpty())
            m_solutionFile->setText(file);
    });
    auto* browseProblem = new QPushButton(tr("Browse…"), this);
    connect(browseProblem, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Problem folder"), m_problem->text());
        if (!dir.isEmpty())
            m_problem->setText(dir);
    });

    auto* form = new QFormLayout;
    form->addRow(tr("Solution"), pickerRow(m_solutionFile, browseSolution));
    form->addRow(tr("Problem"), pickerRow(m_problem, browseProblem));
    form->addRow(tr("Engine"), m_engine);
    form->addRow(tr("Python"), m_python);
    form->addRow(QString(), m_engineState);
    form->addRow(QString(), m_inputError);
    m_solutionWidgets = {m_solutionFile, browseSolution, m_problem, browseProblem, m_engine, m_python};

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_bundled);
    layout->addWidget(m_solution);
    layout->addWidget(m_refusal);
    layout->addLayout(form);

    if (solutionRefusal.isEmpty()) {
        m_refusal->hide();
        (run.useSolution ? m_solution : m_bundled)->setChecked(true);
    } else {
        m_refusal->setText(tr("A solution cannot be chosen here: %1").arg(widgetLine(solutionRefusal)));
        m_solution->setEnabled(false);
        m_bundled->setChecked(true);
        m_engineState->hide();
    }
    connect(m_solution, &QRadioButton::toggled, this, [this](bool on) {
        updateEnabled();
        if (on)
            emit engineChanged();
    });
    connect(m_engine, &QComboBox::currentIndexChanged, this, &SolutionChoice::engineChanged);
    connect(m_python, &QLineEdit::editingFinished, this, &SolutionChoice::engineChanged);
    for (QLineEdit* edit : {m_solutionFile, m_problem})
        connect(edit, &QLineEdit::textChanged, this, [this] { setInputError({}); });
    updateEnabled();
}

SolutionSettings SolutionChoice::settings() const {
    SolutionSettings r;
    r.useSolution = solutionChosen();
    r.solution = m_solutionFile->text().trimmed();
    r.problem = m_problem->text().trimmed();
    r.python = m_python->text().trimmed();
    r.officialHarness = m_engine->currentIndex() == 1;
    return r;
}

bool SolutionChoice::solutionChosen() const {
    return m_solution->isEnabled() && m_solution->isChecked();
}

void SolutionChoice::setEngineState(bool available, const QString& text) {
    m_engineAvailable = available;
    m_engineState->setText(available ? tr("Ready: %1").arg(widgetLine(text))
                                     : tr("Cannot run here: %1").arg(widgetLine(text)));
    emit choiceChanged();
}

void SolutionChoice::setEngineChecking() {
    m_engineAvailable = false;
    m_engineState->setText(tr("Checking the engine (kix run --solution --check)…"));
    emit choiceChanged();
}

void SolutionChoice::setInputError(const QString& error) {
    m_inputError->setText(error.isEmpty() ? QString() : widgetLine(error));
    m_inputError->setVisible(!error.isEmpty());
}

void SolutionChoice::updateEnabled() {
    for (QWidget* w : m_solutionWidgets)
        w->setEnabled(solutionChosen());
    emit choiceChanged();
}

} // namespace kix::ui
