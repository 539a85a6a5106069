// "Run locally…" and "Run on cluster…" with "a solution…" (issue 34): the dialog's states, the engine
// check by the real `kix run --solution --check` (no Python, no torch, no official CLI), each bad input's
// located error before anything starts, the exact command line of a solution run, its progress and
// Cancel with a scripted runner, the run opened and compared with the selection, and the paths
// remembered. KIX_SCREENSHOT_DIR=/tmp/x saves the dialog in each state.
#include "ClusterRunDialog.h"
#include "GuiTest.h"
#include "LocalRunDialog.h"
#include "RerunActions.h"
#include "RerunController.h"
#include "Settings.h"
#include "SolutionChoice.h"
#include "TestMain.h"

#include <QByteArray>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileDevice>
#include <QIODevice>
#include <QLabel>
#include <QLineEdit>
#include <QObject>
#include <QProcess>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTemporaryDir>
#include <QTest>
#include <QWidget>

using namespace kix::ui;

namespace {

void writeFile(const QString& path, const QByteArray& bytes) {
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

QString writeExecutable(const QString& path, const QByteArray& body) {
    writeFile(path, "#!/bin/sh\n" + body);
    QFile(path).setPermissions(QFile(path).permissions() | QFileDevice::ExeOwner);
    return path;
}

// A problem folder of SOL-ExecBench's format (out = x + y, two workloads) and a solution to it.
struct SolutionFixture {
    QTemporaryDir dir;
    QString problem() const { return dir.filePath(QStringLiteral("problem")); }
    QString solution() const { return dir.filePath(QStringLiteral("solution.json")); }
    void write(const QByteArray& definitionName = "add_h4") const {
        writeFile(
            problem() + QStringLiteral("/definition.json"),
            R"({"name": "add_h4", "axes": {"M": {"type": "var"}, "H": {"type": "const", "value": 4}},)"
            R"( "inputs": {"x": {"shape": ["M", "H"], "dtype": "float32"}, "y": {"shape": ["M", "H"], "dtype": "float32"}},)"
            R"( "outputs": {"out": {"shape": ["M", "H"], "dtype": "float32"}},)"
            R"( "reference": "def run(x, y):\n    return x + y\n"})");
        writeFile(
            problem() + QStringLiteral("/workload.jsonl"),
            R"({"uuid": "m2", "axes": {"M": 2}, "inputs": {"x": {"type": "random"}, "y": {"type": "random"}}})"
            "\n"
            R"({"uuid": "m3", "axes": {"M": 3}, "inputs": {"x": {"type": "random"}, "y": {"type": "random"}}})"
            "\n");
        writeFile(
            solution(),
            R"({"name": "add_test", "definition": ")" + definitionName +
                R"(", "author": "kix tests", "spec": {"languages": ["pytorch"], "target_hardware": ["local"],)"
                R"( "entry_point": "kernel.py::run", "destination_passing_style": false},)"
                R"( "sources": [{"path": "kernel.py", "content": "def run(x, y):\n    return x + y\n"}]})");
    }
    SolutionSettings settings() const {
        SolutionSettings s;
        s.useSolution = true;
        s.solution = solution();
        s.problem = problem();
        return s;
    }
};

// PATH for the runner process while a test runs; the old one back when it ends.
class ScopedPath {
public:
    explicit ScopedPath(const QString& path)
        : m_old(qgetenv("PATH")) {
        qputenv("PATH", QFile::encodeName(path));
    }
    ~ScopedPath() { qputenv("PATH", m_old); }
    ScopedPath(const ScopedPath&) = delete;
    ScopedPath& operator=(const ScopedPath&) = delete;

private:
    QByteArray m_old;
};

void saveShot(QWidget& w, const QString& name) {
    const QString dir = qEnvironmentVariable("KIX_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    w.adjustSize();
    QCoreApplication::processEvents();
    QVERIFY(w.grab().save(QStringLiteral("%1/solution-%2.png").arg(dir, name)));
}

// The interpreter itself behind `python` (pyenv's shims need pyenv on PATH).
QString realExecutable(const QString& python) {
    QProcess p;
    p.start(python, {QStringLiteral("-c"), QStringLiteral("import sys; print(sys.executable)")});
    p.waitForFinished(20000);
    return QString::fromUtf8(p.readAllStandardOutput()).trimmed();
}

// What the runner script says of a Python without torch (kernels/solution/kix_solution_runner.py): its
// executable and version as that Python reports them.
QString noTorchReason(const QString& python) {
    QProcess p;
    p.start(python, {QStringLiteral("-c"),
                     QStringLiteral("import sys, platform; print(sys.executable + ' (Python ' + "
                                    "platform.python_version() + ')')")});
    p.waitForFinished(20000);
    return QStringLiteral("torch is not importable by %1: ModuleNotFoundError: No module named 'torch'; "
                          "install PyTorch for this Python (Debian: apt-get install python3-torch; "
                          "elsewhere: pip install torch) or name another with kix run --python")
        .arg(QString::fromUtf8(p.readAllStandardOutput()).trimmed());
}

const char kNoPython[] = "Cannot run here: no Python: python3 is not on PATH; install Python 3 with PyTorch "
                         "(Debian: apt-get install python3-torch; elsewhere: pip install torch) or name one "
                         "with --python";

// Run ▸ Run locally's actions with `runner` as the `kix` they start, and spies on what they report.
struct ScriptedRun {
    explicit ScriptedRun(const QString& runner) { qputenv("KIX_RUNNER", QFile::encodeName(runner)); }
    Settings settings;
    QWidget window;
    RerunActions actions{&settings, &window};
    QSignalSpy open{&actions, &RerunActions::openRequested};
    QSignalSpy progress{actions.local(), &RerunController::progress};
    QSignalSpy finished{actions.local(), &RerunController::finished};
};

} // namespace

class TestSolutionRunDialog : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixtest::initGui(); }
    void init() { qputenv("KIX_RUNNER", KIX_CLI_PATH); }
    void cleanup() { kixtest::initGui(); }

    // The bundled kernel first: the solution's fields are disabled and Run needs no check.
    void bundledByDefault() {
        RerunController c;
        LocalRunDialog d(SolutionSettings{}, &c);
        SolutionChoice* choice = d.choice();
        QCOMPARE(d.windowTitle(), QStringLiteral("Run locally"));
        QVERIFY(choice->bundled()->isChecked());
        QVERIFY(!choice->solutionChosen());
        for (QWidget* w : QList<QWidget*>{choice->solutionFile(), choice->problemFolder(), choice->engine(),
                                          choice->python()})
            QVERIFY(!w->isEnabled());
        QVERIFY(d.runButton()->isEnabled());
        QCOMPARE(choice->engine()->itemText(1),
                 QStringLiteral("SOL-ExecBench's own CLI (one median per workload)"));
        saveShot(d, QStringLiteral("bundled"));
    }

    // The engine check of the real `kix run --solution --check`: why a solution cannot run here, and Run
    // disabled; a Python that loads the runner makes it ready.
    void engineCheck_data() {
        QTest::addColumn<QString>("python");  // --python; "fake" a stand-in that loads; "nosite" no torch
        QTest::addColumn<bool>("pathPython"); // python3 found on PATH
        QTest::addColumn<bool>("official");   // --harness sol-execbench
        QTest::addColumn<QString>("state");   // "" for the no-torch reason, computed
        QTest::addColumn<bool>("runEnabled");
        QTest::newRow("no python on PATH")
            << QString() << false << false << QString::fromUtf8(kNoPython) << false;
        QTest::newRow("python not executable")
            << QStringLiteral("/nonexistent/python3") << true << false
            << QStringLiteral("Cannot run here: --python: /nonexistent/python3 is not an executable Python")
            << false;
        QTest::newRow("no torch") << QStringLiteral("nosite") << true << false << QString() << false;
        QTest::newRow("no official CLI")
            << QString() << true << true
            << QStringLiteral("Cannot run here: the official SOL-ExecBench CLI (sol-execbench) is not on "
                              "PATH: pip install sol-execbench (github.com/NVIDIA/SOL-ExecBench), or name "
                              "it with --sol-execbench")
            << false;
        QTest::newRow("python with torch") << QStringLiteral("torch") << true << false
                                           << QStringLiteral("Ready: Python %1 with torch") << true;
        QTest::newRow("ready") << QStringLiteral("fake") << true << false
                               << QStringLiteral("Ready: Python %1 with torch") << true;
    }
    void engineCheck() {
        QFETCH(QString, python);
        QFETCH(bool, pathPython);
        QFETCH(bool, official);
        QFETCH(QString, state);
        QFETCH(bool, runEnabled);
        QTemporaryDir bin;
        const QString systemPython = QStandardPaths::findExecutable(QStringLiteral("python3"));
        if (pathPython && systemPython.isEmpty())
            QSKIP("no python3 on this machine's PATH");
        if (pathPython)
            QFile::link(systemPython, bin.filePath(QStringLiteral("python3")));
        if (python == QLatin1String("fake")) // loads nothing, ends well: what a Python with torch does
            python = writeExecutable(bin.filePath(QStringLiteral("fake-python")), "exit 0\n");
        if (python == QLatin1String("torch")) { // Debian's python3-torch, as CI installs it
            python = QStringLiteral("/usr/bin/python3");
            QProcess p;
            p.start(python, {QStringLiteral("-c"), QStringLiteral("import torch")});
            if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
                QSKIP("no torch in /usr/bin/python3 (packaging/install-deps.sh installs python3-torch)");
        }
        if (python == QLatin1String("nosite")) { // the system's Python without site-packages: no torch
            python = writeExecutable(bin.filePath(QStringLiteral("python-nosite")),
                                     QFile::encodeName(realExecutable(systemPython)) + " -I -S \"$@\"\n");
            state = QStringLiteral("Cannot run here: ") + noTorchReason(python);
        }
        const ScopedPath path(bin.path());
        SolutionFixture f;
        f.write();
        SolutionSettings run = f.settings();
        run.python = python;
        run.officialHarness = official;
        RerunController c;
        QSignalSpy checked(&c, &RerunController::solutionEngineChecked);
        LocalRunDialog d(run, &c);
        QVERIFY(d.choice()->solution()->isChecked());
        QCOMPARE(d.choice()->engineState()->text(),
                 QStringLiteral("Checking the engine (kix run --solution --check)…"));
        QVERIFY(!d.runButton()->isEnabled());
        QVERIFY(checked.wait(60000));
        QCOMPARE(d.choice()->engineState()->text(), state.contains(u'%') ? state.arg(python) : state);
        QCOMPARE(checked.first().at(0).toBool(), runEnabled);
        QCOMPARE(d.runButton()->isEnabled(), runEnabled);
        saveShot(d, QString::fromLatin1(QTest::currentDataTag()).replace(u' ', u'-'));
    }

    // Each bad input, refused when Run is pressed with the located error (the reader `kix run
    // --solution` uses), and the dialog stays open.
    void badInputs_data() {
        QTest::addColumn<QString>("solution"); // <S>: the fixture's; <P>: its problem folder
        QTest::addColumn<QString>("problem");
        QTest::addColumn<QByteArray>("definition");
        QTest::addColumn<QString>("error");
        QTest::newRow("no solution") << QString() << QStringLiteral("<P>") << QByteArray("add_h4")
                                     << QStringLiteral("choose the solution.json to run");
        QTest::newRow("missing solution")
            << QStringLiteral("<P>/none.json") << QStringLiteral("<P>") << QByteArray("add_h4")
            << QStringLiteral("the solution <P>/none.json is not a file");
        QTest::newRow("no problem") << QStringLiteral("<S>") << QString() << QByteArray("add_h4")
                                    << QStringLiteral(
                                           "choose the problem folder (definition.json and workload.jsonl)");
        QTest::newRow("problem is a file")
            << QStringLiteral("<S>") << QStringLiteral("<S>") << QByteArray("add_h4")
            << QStringLiteral("the problem folder <S> is not a folder");
        QTest::newRow("folder without definition.json")
            << QStringLiteral("<S>") << QStringLiteral("<P>/..") << QByteArray("add_h4")
            << QStringLiteral("the problem folder <P>/.. has no definition.json");
        QTest::newRow("another definition")
            << QStringLiteral("<S>") << QStringLiteral("<P>") << QByteArray("rmsnorm_h4096")
            << QStringLiteral("<S>: definition: the solution is for definition \"rmsnorm_h4096\", not "
                              "\"add_h4\" (the problem's definition)");
    }
    void badInputs() {
        QFETCH(QString, solution);
        QFETCH(QString, problem);
        QFETCH(QByteArray, definition);
        QFETCH(QString, error);
        SolutionFixture f;
        f.write(definition);
        const auto place = [&f](QString s) {
            return s.replace(QStringLiteral("<S>"), f.solution()).replace(QStringLiteral("<P>"), f.problem());
        };
        SolutionSettings run = f.settings();
        run.solution = place(solution);
        run.problem = place(problem);
        error = place(error);
        QCOMPARE(solutionInputError(run), error);

        const QTemporaryDir bin; // the engine is ready: only the inputs are wrong
        run.python = writeExecutable(bin.filePath(QStringLiteral("fake-python")), "exit 0\n");
        RerunController c;
        QSignalSpy checked(&c, &RerunController::solutionEngineChecked);
        LocalRunDialog d(run, &c);
        QVERIFY(checked.wait(30000));
        QVERIFY(d.runButton()->isEnabled());
        QSignalSpy inputs(&d, &LocalRunDialog::inputsChecked);
        QSignalSpy accepted(&d, &QDialog::accepted);
        d.show();
        d.runButton()->click();
        QVERIFY(!d.runButton()->isEnabled()); // while the files are read
        QVERIFY(inputs.wait(10000));
        QCOMPARE(inputs.first().at(0).toString(), error);
        QCOMPARE(d.choice()->inputError()->text(), error);
        QVERIFY(d.choice()->inputError()->isVisible());
        QVERIFY(accepted.isEmpty());
        QVERIFY(d.isVisible());
        QVERIFY(d.runButton()->isEnabled());
        if (QTest::currentDataTag() == QByteArrayLiteral("another definition"))
            saveShot(d, QStringLiteral("bad-input"));
        d.choice()->problemFolder()->setText(f.problem() + u'/'); // editing clears the error
        QVERIFY(!d.choice()->inputError()->isVisible());
    }

    // "Run on cluster…": a solution cannot be submitted today, and the dialog says why.
    void clusterRefusesASolution() {
        ClusterRunDialog d(ClusterSettings{});
        SolutionChoice* choice = d.choice();
        QVERIFY(choice->bundled()->isChecked());
        QVERIFY(!choice->solution()->isEnabled());
        QVERIFY(!choice->solutionChosen());
        QVERIFY(!choice->solutionFile()->isEnabled());
        QCOMPARE(choice->refusal()->text(),
                 QStringLiteral("A solution cannot be chosen here: kix run --solution runs on this machine "
                                "only; --slurm does not take a solution yet (use Run locally… on a machine "
                                "with the GPU)"));
        saveShot(d, QStringLiteral("cluster"));
    }

    // A solution run goes out as `kix run --solution …` with exactly these arguments; its progress
    // reaches the controller, the run is opened and selected after the baseline (compared), and the
    // choices are remembered for the next dialog.
    void solutionRunArgumentsAndOpen() {
        QTemporaryDir dir;
        SolutionFixture f;
        f.write();
        const QString argsFile = dir.filePath(QStringLiteral("args"));
        const QString manifest = dir.filePath(QStringLiteral("out/add_test.manifest.json"));
        writeExecutable(
            dir.filePath(QStringLiteral("fake-kix")),
            QStringLiteral("for a in \"$@\"; do printf '%s\\n' \"$a\"; done > '%1'\n"
                           "echo '{\"event\":\"case-started\",\"position\":1,\"total\":2,\"case\":0}'\n"
                           "echo '{\"event\":\"case-finished\",\"position\":1,\"total\":2,\"case\":0,"
                           "\"correct\":true,\"medianNs\":1500}'\n"
                           "echo '{\"event\":\"written\",\"file\":\"%2\",\"status\":\"passed\"}'\n"
                           "exit 0\n")
                .arg(argsFile, manifest)
                .toUtf8());
        ScriptedRun scripted(dir.filePath(QStringLiteral("fake-kix")));
        auto& [settings, window, actions, open, progress, finished] = scripted;
        SolutionSettings run = f.settings();
        run.python = QStringLiteral("/opt/py/bin/python3");
        run.officialHarness = true;
        actions.startLocalRun(run, QStringLiteral("/runs/earlier.manifest.json"));
        QVERIFY(finished.wait(10000));
        QCOMPARE(finished.first().at(0).toBool(), true);
        QFile args(argsFile);
        QVERIFY(args.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(args.readAll()).split(u'\n', Qt::SkipEmptyParts),
                 (QStringList{QStringLiteral("run"), QStringLiteral("--progress"), QStringLiteral("jsonl"),
                              QStringLiteral("--output"), settings.runsFolder(), QStringLiteral("--solution"),
                              f.solution(), QStringLiteral("--problem"), f.problem(),
                              QStringLiteral("--python"), QStringLiteral("/opt/py/bin/python3"),
                              QStringLiteral("--harness"), QStringLiteral("sol-execbench")}));
        QCOMPARE(progress.size(), 2);
        QCOMPARE(progress.last().at(0).toInt(), 1);
        QCOMPARE(open.size(), 1);
        QCOMPARE(open.first().at(0).toStringList(), QStringList{dir.filePath(QStringLiteral("out"))});
        QCOMPARE(open.first().at(1).toStringList(),
                 (QStringList{QStringLiteral("/runs/earlier.manifest.json"), manifest}));

        const SolutionSettings kept = Settings().solutionRun();
        QVERIFY(kept.useSolution);
        QCOMPARE(kept.solution, f.solution());
        QCOMPARE(kept.problem, f.problem());
        QCOMPARE(kept.python, QStringLiteral("/opt/py/bin/python3"));
        QVERIFY(kept.officialHarness);
        RerunController c;
        QSignalSpy checked(&c, &RerunController::solutionEngineChecked);
        LocalRunDialog next(kept, &c);
        QVERIFY(checked.wait(10000)); // the scripted runner answers the check too
        QVERIFY(next.choice()->solution()->isChecked());
        QCOMPARE(next.choice()->solutionFile()->text(), f.solution());
        QCOMPARE(next.choice()->problemFolder()->text(), f.problem());
        QCOMPARE(next.choice()->python()->text(), QStringLiteral("/opt/py/bin/python3"));
        QCOMPARE(next.choice()->engine()->currentIndex(), 1);
        settings.setSolutionRun(SolutionSettings{}); // the next suite starts from the bundled kernel
    }

    // Cancel stops a solution run as it stops the bundled one: nothing is opened.
    void solutionRunCancel() {
        QTemporaryDir dir;
        writeExecutable(dir.filePath(QStringLiteral("fake-kix")),
                        "echo '{\"event\":\"case-started\",\"position\":1,\"total\":2,\"case\":0}'\n"
                        "exec sleep 30\n");
        SolutionFixture f;
        f.write();
        ScriptedRun scripted(dir.filePath(QStringLiteral("fake-kix")));
        auto& [settings, window, actions, open, progress, finished] = scripted;
        actions.startLocalRun(f.settings(), QString());
        QVERIFY(progress.wait(10000));
        QVERIFY(actions.isRunning());
        actions.local()->cancel();
        QVERIFY(finished.wait(5000));
        QCOMPARE(finished.first().at(0).toBool(), false);
        QCOMPARE(finished.first().at(1).toString(), QStringLiteral("cancelled; nothing was written"));
        QVERIFY(!actions.isRunning());
        QVERIFY(open.isEmpty());
        settings.setSolutionRun(SolutionSettings{});
    }
};

KIX_TEST_MAIN(TestSolutionRunDialog)
#include "tst_solution_run_dialog.moc"
