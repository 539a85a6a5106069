// kix run --solution on the CPU (issue 34): the whole path — kix's Python runner in a Python with torch
// (Debian's python3-torch in CI), the runner protocol, the manifest set, its signature — with pytorch
// solutions written here, labelled as CPU results. Every bad input has its exact message and exit status,
// and every defect in the user's kernel its recorded case status: a wrong answer (the first bad element),
// a wrong shape or dtype, an exception (located), a hang (the per-case timeout, then the next case), a
// crash (a fresh runner goes on), an output aliasing an input, an input changed, a source that does not
// import, no Python, no torch, no GPU. kix itself never crashes or hangs, and never claims a pass.
#include "TestMain.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>

namespace {

// A Python that imports torch: $KIX_TEST_PYTHON, /usr/bin/python3 (Debian's python3-torch), python3.
QString torchPython() {
    static const QString found = [] {
        QStringList candidates = {qEnvironmentVariable("KIX_TEST_PYTHON"), QStringLiteral("/usr/bin/python3"),
                                  QStringLiteral("python3")};
        for (const QString& c : candidates) {
            if (c.isEmpty())
                continue;
            QProcess p;
            p.start(c, {QStringLiteral("-c"), QStringLiteral("import torch")});
            if (p.waitForFinished(120000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0)
                return c;
        }
        return QString();
    }();
    return found;
}

#define REQUIRE_TORCH()                                                                                      \
    if (torchPython().isEmpty())                                                                             \
    QSKIP("no Python with torch (packaging/install-deps.sh installs python3-torch; or set KIX_TEST_PYTHON)")

struct Run {
    int code = -1;
    QString out, err;
};

// kix with a home of its own for this suite: its signing key and the runner's sources and builds.
QProcessEnvironment isolated() {
    static QTemporaryDir home;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
    env.insert(QStringLiteral("XDG_CACHE_HOME"), home.filePath(QStringLiteral("cache")));
    env.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
    return env;
}

Run runKix(const QStringList& args, int timeoutMs = 120000) {
    QProcess p;
    p.setProcessEnvironment(isolated());
    p.start(QStringLiteral(KIX_CLI_PATH), args);
    Run r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        r.err = QStringLiteral("kix did not finish");
        return r;
    }
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

// The problem: out = x + y for x, y of [M, 4] fp32, M set by each workload.
struct Problem {
    QTemporaryDir dir;
    QString path(const QString& name) const { return dir.filePath(name); }

    void write(const QString& name, const QByteArray& bytes) const {
        QFile f(path(name));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes);
    }
    void problem(const QList<int>& rows) const {
        write(
            QStringLiteral("definition.json"),
            R"({"name": "add_h4", "axes": {"M": {"type": "var"}, "H": {"type": "const", "value": 4}},)"
            R"( "inputs": {"x": {"shape": ["M", "H"], "dtype": "float32"}, "y": {"shape": ["M", "H"], "dtype": "float32"}},)"
            R"( "outputs": {"out": {"shape": ["M", "H"], "dtype": "float32"}},)"
            R"( "reference": "def run(x, y):\n    return x + y\n"})");
        QByteArray lines;
        for (int m : rows)
            lines += QStringLiteral(
                         R"({"uuid": "m%1", "axes": {"M": %1}, "inputs": {"x": {"type": "random"},)"
                         R"( "y": {"type": "random"}}, "tolerance": {"max_atol": 1e-5, "max_rtol": 1e-5}})")
                         .arg(m)
                         .toUtf8() +
                     '\n';
        write(QStringLiteral("workload.jsonl"), lines);
    }
    // A solution of add_h4 whose kernel.py is `code`.
    void solution(const QString& code, bool dps = false,
                  const QString& language = QStringLiteral("pytorch")) const {
        QJsonObject spec{{QStringLiteral("languages"), QJsonArray{language}},
                         {QStringLiteral("target_hardware"), QJsonArray{QStringLiteral("local")}},
                         {QStringLiteral("entry_point"), QStringLiteral("kernel.py::run")},
                         {QStringLiteral("destination_passing_style"), dps}};
        QJsonObject s{{QStringLiteral("name"), QStringLiteral("add_test")},
                      {QStringLiteral("definition"), QStringLiteral("add_h4")},
                      {QStringLiteral("author"), QStringLiteral("kix tests")},
                      {QStringLiteral("spec"), spec},
                      {QStringLiteral("sources"),
                       QJsonArray{QJsonObject{{QStringLiteral("path"), QStringLiteral("kernel.py")},
                                              {QStringLiteral("content"), code}}}}};
        write(QStringLiteral("solution.json"), QJsonDocument(s).toJson());
    }
    QStringList run(const QStringList& more = {}) const {
        return QStringList{QStringLiteral("run"),
                           QStringLiteral("--solution"),
                           path(QStringLiteral("solution.json")),
                           QStringLiteral("--problem"),
                           dir.path(),
                           QStringLiteral("--device"),
                           QStringLiteral("cpu"),
                           QStringLiteral("--quick"),
                           QStringLiteral("--output"),
                           path(QStringLiteral("out")),
                           QStringLiteral("--python"),
                           torchPython()} +
               more;
    }
    // The raw-samples file's cases: every case's status and message as the run recorded them.
    QJsonArray evidenceCases() const {
        const QStringList files =
            QDir(path(QStringLiteral("out"))).entryList({QStringLiteral("*.samples.json")}, QDir::Files);
        if (files.size() != 1)
            return {};
        QFile f(QDir(path(QStringLiteral("out"))).filePath(files.first()));
        if (!f.open(QIODevice::ReadOnly))
            return {};
        return QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("cases")).toArray();
    }
    int manifests() const {
        return int(QDir(path(QStringLiteral("out")))
                       .entryList({QStringLiteral("*.manifest.json")}, QDir::Files)
                       .size());
    }
};

QString field(const QJsonArray& cases, int i, const char* key) {
    return cases.at(i).toObject().value(QLatin1String(key)).toString();
}

} // namespace

class TestRunSolution : public QObject {
    Q_OBJECT
private slots:
    // A correct DPS solution: every case passes, the set verifies (every digest, KernelIndex's schemas
    // and parser rules), each case carries its samples, and the result says it is a CPU result.
    void aCorrectSolutionWritesAVerifiedSet() {
        REQUIRE_TORCH();
        Problem p;
        p.problem({2, 3});
        p.solution(QStringLiteral("import torch\n\ndef run(x, y, out):\n    torch.add(x, y, out=out)\n"),
                   true);
        const Run r = runKix(p.run());
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("case 2 of 2 (workload 1): ")), qPrintable(r.out));
        QVERIFY(r.out.contains(QStringLiteral("CPU mode: torch ")));
        QCOMPARE(p.manifests(), 3); // two case runs and the suite run
        const QJsonArray cases = p.evidenceCases();
        QCOMPARE(cases.size(), 2);
        QCOMPARE(field(cases, 0, "status"), QStringLiteral("passed"));
        QCOMPARE(cases.at(1).toObject().value(QStringLiteral("samplesNs")).toArray().size(),
                 3); // --quick, CPU
        QCOMPARE(field(cases, 0, "timer"), QStringLiteral("cpu_perf_counter"));
        const QString out = p.path(QStringLiteral("out"));
        const QStringList files = QDir(out).entryList({QStringLiteral("*.json")}, QDir::Files);
        QStringList paths;
        for (const QString& f : files)
            paths << QDir(out).filePath(f);
        const Run verified =
            runKix(QStringList{QStringLiteral("verify"), QStringLiteral("--strict-upstream")} + paths);
        QVERIFY2(verified.code == 0, qPrintable(verified.out + verified.err));
        QVERIFY2(verified.out.contains(QStringLiteral(" 0 mismatch, 0 not verifiable")),
                 qPrintable(verified.out));
        const QString suite = QString::fromUtf8([&] {
            QFile f(
                QDir(out).filePath(files.filter(QRegularExpression(QStringLiteral("Z-cpu-[^-]"))).value(0)));
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        }());
        QVERIFY(suite.contains(QStringLiteral("\"formFactor\": \"cpu\"")));
        QVERIFY(suite.contains(QStringLiteral("\"family\": \"kix_cpu_mode\"")));
    }

    // One run, every defect a case: each recorded with its status and exact message; the hang is stopped
    // by the per-case timeout and the crash ends only its runner; the last case still passes.
    void everyDefectIsARecordedCase() {
        REQUIRE_TORCH();
        Problem p;
        p.problem({1, 2, 3, 4, 5, 6, 7, 8, 9});
        p.solution(QStringLiteral("import os, signal, time\n"
                                  "def run(x, y):\n"
                                  "    m = x.shape[0]\n"
                                  "    if m == 1:\n"
                                  "        r = x + y\n"
                                  "        r[0, 1] += 1.0\n"
                                  "        return r\n"
                                  "    if m == 2:\n"
                                  "        return (x + y)[:, :2]\n"
                                  "    if m == 3:\n"
                                  "        return (x + y).double()\n"
                                  "    if m == 4:\n"
                                  "        raise RuntimeError('bad grid')\n"
                                  "    if m == 5:\n"
                                  "        while True:\n"
                                  "            time.sleep(0.05)\n"
                                  "    if m == 6:\n"
                                  "        os.kill(os.getpid(), signal.SIGKILL)\n"
                                  "    if m == 7:\n"
                                  "        return x.add_(y)\n"
                                  "    if m == 8:\n"
                                  "        r = x + y\n"
                                  "        y.zero_()\n"
                                  "        return r\n"
                                  "    return x + y\n"));
        const Run r = runKix(p.run({QStringLiteral("--case-timeout"), QStringLiteral("3")}));
        QCOMPARE(r.code, 5); // failed: the manifest is written with the cases' statuses
        QVERIFY2(r.err.contains(QStringLiteral("kix run: some cases failed their correctness check; wrote ")),
                 qPrintable(r.err));
        const QJsonArray c = p.evidenceCases();
        QCOMPARE(c.size(), 9);
        QCOMPARE(field(c, 0, "status"), QStringLiteral("incorrect_numerical"));
        QVERIFY2(field(c, 0, "error")
                     .startsWith(QStringLiteral("output 'out': 1 of 4 elements outside |out - ref| <= 1e-05 "
                                                "+ 1e-05*|ref|; first at [0, 1]: got ")),
                 qPrintable(field(c, 0, "error")));
        QVERIFY(field(c, 0, "error").endsWith(QStringLiteral("; matched 75.0000% (required 99.00%)")));
        QCOMPARE(field(c, 1, "status"), QStringLiteral("incorrect_shape"));
        QCOMPARE(field(c, 1, "error"),
                 QStringLiteral("output 'out' has shape [2, 2], the reference's is [2, 4]"));
        QCOMPARE(field(c, 2, "status"), QStringLiteral("incorrect_dtype"));
        QCOMPARE(field(c, 2, "error"),
                 QStringLiteral("output 'out' has dtype float64, the reference's is float32"));
        QCOMPARE(field(c, 3, "status"), QStringLiteral("runtime_error"));
        QCOMPARE(field(c, 3, "error"),
                 QStringLiteral("the solution failed: RuntimeError: bad grid (at kernel.py:13)"));
        QCOMPARE(field(c, 4, "status"), QStringLiteral("timeout"));
        QCOMPARE(field(c, 4, "error"),
                 QStringLiteral("the case did not finish within 3 s (--case-timeout); the runner "
                                "was stopped and the run went on with the next case"));
        QCOMPARE(field(c, 5, "status"), QStringLiteral("runtime_error"));
        QCOMPARE(field(c, 5, "error"),
                 QStringLiteral("the runner process crashed (killed by a signal) during the case"));
        QCOMPARE(field(c, 6, "status"), QStringLiteral("suspected_reward_hack"));
        QCOMPARE(field(c, 6, "error"), QStringLiteral("output 'out' aliases input 'x'"));
        QCOMPARE(field(c, 7, "status"), QStringLiteral("suspected_reward_hack"));
        QCOMPARE(field(c, 7, "error"), QStringLiteral("the solution changed its input 'y'"));
        QCOMPARE(field(c, 8, "status"), QStringLiteral("passed"));
        QCOMPARE(p.manifests(), 10);
    }

    // A source that does not import is every case's compile error, located; so is a missing function.
    void aSourceThatDoesNotBuildIsACompileError_data() {
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("message");
        QTest::newRow("syntax")
            << "import torch\ndef run(x, y)\n    return x + y\n"
            << "kernel.py: importing it failed: SyntaxError: expected ':' (kernel.py, line 2)";
        QTest::newRow("no entry function")
            << "def launch(x, y):\n    return x + y\n"
            << "kernel.py defines no function 'run' (the entry point 'kernel.py::run')";
        QTest::newRow("import error")
            << "import kix_no_such_module\n"
            << "kernel.py: importing it failed: ModuleNotFoundError: No module named "
               "'kix_no_such_module' (at kernel.py:1)";
    }
    void aSourceThatDoesNotBuildIsACompileError() {
        REQUIRE_TORCH();
        QFETCH(QString, code);
        QFETCH(QString, message);
        Problem p;
        p.problem({2, 3});
        p.solution(code);
        const Run r = runKix(p.run());
        QCOMPARE(r.code, 5);
        const QJsonArray c = p.evidenceCases();
        QCOMPARE(c.size(), 2);
        for (int i = 0; i < 2; ++i) {
            QCOMPARE(field(c, i, "status"), QStringLiteral("compile_error"));
            QCOMPARE(field(c, i, "error"), message);
        }
    }

    // --check with --solution (what the explorer asks before it offers a run): the engine only — the
    // Python and its torch, or the official CLI — with exit 4 and the reason when it cannot run, as an
    // event with --progress jsonl; the solution's files are read when the run starts.
    void checkTellsAboutTheEngine_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("err");
        QTest::addColumn<QString>("out");
        const QString standin =
            QStringLiteral(KIX_SOURCE_DIR "/tests/data/solutions/sol-execbench-standin/sol-execbench");
        QTest::newRow("no python")
            << QStringList{QStringLiteral("--python"), QStringLiteral("/nonexistent/python3")} << 4
            << "kix run: the solution cannot run here: --python: /nonexistent/python3 is not an executable "
               "Python\n"
            << QString();
        QTest::newRow("no official CLI")
            << QStringList{QStringLiteral("--harness"), QStringLiteral("sol-execbench"),
                           QStringLiteral("--sol-execbench"), QStringLiteral("/nonexistent/sol-execbench")}
            << 4
            << "kix run: the solution cannot run here: --sol-execbench: /nonexistent/sol-execbench is not an "
               "executable\n"
            << QString();
        QTest::newRow("official CLI")
            << QStringList{QStringLiteral("--harness"), QStringLiteral("sol-execbench"),
                           QStringLiteral("--sol-execbench"), standin}
            << 0 << QString()
            << QStringLiteral("kix run: a solution run is possible here: SOL-ExecBench's CLI %1\n")
                   .arg(standin);
        QTest::newRow("python with torch")
            << QStringList{QStringLiteral("--python"), QStringLiteral("TORCH")} << 0 << QString()
            << QStringLiteral("kix run: a solution run is possible here: Python "
                              "TORCH with torch\n");
    }
    void checkTellsAboutTheEngine() {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        QFETCH(QString, err);
        QFETCH(QString, out);
        if (args.contains(QStringLiteral("TORCH"))) {
            REQUIRE_TORCH();
            const QString python = QFileInfo(torchPython()).isAbsolute()
                                       ? torchPython()
                                       : QStandardPaths::findExecutable(torchPython());
            args.replaceInStrings(QStringLiteral("TORCH"), python);
            out.replace(QStringLiteral("TORCH"), python);
        }
        const QStringList base{QStringLiteral("run"), QStringLiteral("--solution"),
                               QStringLiteral("/nonexistent/solution.json"), QStringLiteral("--check")};
        Run r = runKix(base + args);
        QCOMPARE(r.err, err);
        QCOMPARE(r.out, out);
        QCOMPARE(r.code, code);
        r = runKix(base + args + QStringList{QStringLiteral("--progress"), QStringLiteral("jsonl")});
        QCOMPARE(r.code, code);
        // The event first; the sentence of a plain --check after it.
        const QJsonObject event = QJsonDocument::fromJson(r.out.section(u'\n', 0, 0).toUtf8()).object();
        QCOMPARE(event.value(QStringLiteral("event")).toString(),
                 code == 0 ? QStringLiteral("available") : QStringLiteral("unavailable"));
        const QString said = code == 0 ? out : err;
        QCOMPARE(event.value(QStringLiteral("message")).toString() + u'\n',
                 said.mid(said.indexOf(QStringLiteral("here: ")) + 6));
    }

    // What the machine lacks refuses the run (exit 4) with the reason and what to install; nothing is
    // written.
    void whatTheMachineLacksIsSaid() {
        REQUIRE_TORCH();
        Problem p;
        p.problem({2});
        p.solution(QStringLiteral("def run(x, y):\n    return x + y\n"));
        // No torch: a Python in which `import torch` fails.
        p.write(QStringLiteral("no-torch.sh"),
                "#!/bin/sh\nexec " + torchPython().toUtf8() +
                    " -c 'import runpy, sys; sys.modules[\"torch\"] = None; sys.argv = sys.argv[1:]; "
                    "runpy.run_path(sys.argv[0], run_name=\"__main__\")' \"$@\"\n");
        QFile::setPermissions(p.path(QStringLiteral("no-torch.sh")),
                              QFileDevice::ReadOwner | QFileDevice::ExeOwner);
        QStringList args = p.run();
        args[args.indexOf(QStringLiteral("--python")) + 1] = p.path(QStringLiteral("no-torch.sh"));
        Run r = runKix(args);
        QCOMPARE(r.code, 4);
        QVERIFY2(r.err.startsWith(QStringLiteral("kix run: torch is not importable by ")), qPrintable(r.err));
        QVERIFY2(r.err.contains(
                     QStringLiteral("Error: import of torch halted; None in sys.modules; install "
                                    "PyTorch for this Python (Debian: apt-get install python3-torch; "
                                    "elsewhere: pip install torch) or name another with kix run --python")),
                 qPrintable(r.err));
        QCOMPARE(p.manifests(), 0);

        // No Python at all.
        args[args.indexOf(QStringLiteral("--python")) + 1] = QStringLiteral("/nonexistent/python3");
        r = runKix(args);
        QCOMPARE(r.code, 4);
        QCOMPARE(r.err,
                 QStringLiteral("kix run: --python: /nonexistent/python3 is not an executable Python\n"));

        // A GPU language with --device cpu.
        p.solution(QStringLiteral("def run(x, y):\n    return x + y\n"), false, QStringLiteral("triton"));
        r = runKix(p.run());
        QCOMPARE(r.code, 4);
        QVERIFY2(r.err.startsWith(QStringLiteral("kix run: triton ")), qPrintable(r.err));
        QCOMPARE(p.manifests(), 0);
    }

    void noGpuIsSaid() {
        REQUIRE_TORCH();
        Problem p;
        p.problem({2});
        p.solution(QStringLiteral("def run(x, y):\n    return x + y\n"));
        QStringList args = p.run();
        args.removeAt(args.indexOf(QStringLiteral("--device")) + 1);
        args.removeOne(QStringLiteral("--device"));
        const Run r = runKix(args);
        if (r.code == 0)
            QSKIP("this machine's torch sees a CUDA device");
        QCOMPARE(r.code, 4);
        QVERIFY2(r.err.contains(QStringLiteral(" sees no CUDA device")), qPrintable(r.err));
        QVERIFY(r.err.endsWith(QStringLiteral("; kix run --device cpu runs pytorch solutions on the CPU\n")));
    }

    // Bad input never starts the runner: exit 3 for an invalid solution or problem, 2 for a bad command line.
    void badInputIsRefusedBeforeTheRun_data() {
        QTest::addColumn<QStringList>("args");   // after `run --solution S`; P is the problem folder
        QTest::addColumn<QString>("definition"); // the solution's, when not add_h4
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("err");
        QTest::newRow("no problem") << QStringList{} << QString() << 2
                                    << "kix run: --solution needs --problem DIR, or --definition FILE and "
                                       "--workloads FILE\n";
        QTest::newRow("both problem forms")
            << QStringList{QStringLiteral("--problem"), QStringLiteral("P"), QStringLiteral("--definition"),
                           QStringLiteral("P/definition.json")}
            << QString() << 2
            << "kix run: --solution needs --problem DIR, or --definition FILE and --workloads FILE\n";
        QTest::newRow("definition alone")
            << QStringList{QStringLiteral("--definition"), QStringLiteral("P/definition.json")} << QString()
            << 2 << "kix run: --definition and --workloads go together\n";
        QTest::newRow("no folder") << QStringList{QStringLiteral("--problem"), QStringLiteral("/nonexistent")}
                                   << QString() << 2 << "kix run: --problem: /nonexistent is not a folder\n";
        QTest::newRow("a case past the workloads")
            << QStringList{QStringLiteral("--problem"), QStringLiteral("P"), QStringLiteral("--cases"),
                           QStringLiteral("0,2")}
            << QString() << 2 << "kix run: case \"2\" is not a workload number from 0 to 1\n";
        QTest::newRow("a bad timeout")
            << QStringList{QStringLiteral("--problem"), QStringLiteral("P"), QStringLiteral("--case-timeout"),
                           QStringLiteral("0")}
            << QString() << 2 << "kix run: --case-timeout expects a whole number of seconds, got \"0\"\n";
        QTest::newRow("with slurm")
            << QStringList{QStringLiteral("--problem"), QStringLiteral("P"), QStringLiteral("--slurm")}
            << QString() << 2
            << "kix run: --solution runs on this machine; --slurm and the cluster options "
               "do not take it yet\n";
        QTest::newRow("an unknown harness")
            << QStringList{QStringLiteral("--problem"), QStringLiteral("P"), QStringLiteral("--harness"),
                           QStringLiteral("nvbench")}
            << QString() << 2 << "kix run: --harness expects kix or sol-execbench, got \"nvbench\"\n";
        QTest::newRow("the official harness on the CPU")
            << QStringList{QStringLiteral("--problem"), QStringLiteral("P"),
                           QStringLiteral("--harness"), QStringLiteral("sol-execbench"),
                           QStringLiteral("--device"),  QStringLiteral("cpu")}
            << QString() << 2
            << "kix run: --harness sol-execbench runs SOL-ExecBench's own CLI on every workload on the GPU "
               "and "
               "keeps one median each: --device cpu, --repeat 2 and --cases need kix's engine\n";
        QTest::newRow("another definition")
            << QStringList{QStringLiteral("--problem"), QStringLiteral("P")} << "rmsnorm_h4096" << 3
            << "kix run: S: definition: the solution is for definition \"rmsnorm_h4096\", not \"add_h4\" "
               "(the "
               "problem's definition)\nkix run: the solution or its problem is invalid; nothing was run\n";
    }
    void badInputIsRefusedBeforeTheRun() {
        QFETCH(QStringList, args);
        QFETCH(QString, definition);
        QFETCH(int, code);
        QFETCH(QString, err);
        Problem p;
        p.problem({2, 3});
        p.solution(QStringLiteral("def run(x, y):\n    return x + y\n"));
        if (!definition.isEmpty()) {
            QFile f(p.path(QStringLiteral("solution.json")));
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray edited =
                f.readAll().replace("\"add_h4\"", QByteArray("\"" + definition.toUtf8() + "\""));
            f.close();
            p.write(QStringLiteral("solution.json"), edited);
        }
        for (QString& a : args)
            a.replace(QRegularExpression(QStringLiteral("^P")), p.dir.path());
        const QString solution = p.path(QStringLiteral("solution.json"));
        const Run r = runKix(QStringList{QStringLiteral("run"), QStringLiteral("--solution"), solution,
                                         QStringLiteral("--output"), p.path(QStringLiteral("out"))} +
                             args);
        QCOMPARE(r.err, QString(err).replace(QStringLiteral("kix run: S:"),
                                             QStringLiteral("kix run: ") + solution + u':'));
        QCOMPARE(r.code, code);
        QCOMPARE(p.manifests(), 0);
    }

    void solutionOptionsNeedASolution() {
        const Run r = runKix({QStringLiteral("run"), QStringLiteral("--python"), QStringLiteral("python3")});
        QCOMPARE(r.code, 2);
        QCOMPARE(r.err, QStringLiteral("kix run: --definition, --workloads, --python, --case-timeout, "
                                       "--cupti-lib, --harness and --sol-execbench need --solution\n"));
    }

    // --harness sol-execbench: the official CLI's traces (real ones, replayed by a stand-in that takes its
    // arguments) imported, with the record of who timed them beside, all signed.
    void theOfficialHarnessIsImported() {
        const QString example =
            QStringLiteral(KIX_SOURCE_DIR "/../shared/sol-execbench/repo/examples/cuda_cpp/rmsnorm");
        const QString trace =
            QStringLiteral(KIX_SOURCE_DIR "/../shared/sol-execbench/traces/ki-fixture-rmsnorm-trace.jsonl");
        if (!QFileInfo::exists(example) || !QFileInfo::exists(trace))
            QSKIP("../shared/sol-execbench (SOL-ExecBench's examples and traces) is not here");
        QTemporaryDir out;
        const QString standIn =
            QStringLiteral(KIX_SOURCE_DIR "/tests/data/solutions/sol-execbench-standin/sol-execbench");
        const QStringList args = {QStringLiteral("run"),
                                  QStringLiteral("--solution"),
                                  example + QStringLiteral("/solution_cuda.json"),
                                  QStringLiteral("--problem"),
                                  example,
                                  QStringLiteral("--harness"),
                                  QStringLiteral("sol-execbench"),
                                  QStringLiteral("--sol-execbench"),
                                  standIn,
                                  QStringLiteral("--output"),
                                  out.path()};
        qputenv("KIX_STANDIN_TRACE", trace.toUtf8());
        Run r = runKix(args);
        QCOMPARE(r.code, 5); // the trace's second workload is INCORRECT_NUMERICAL
        QVERIFY2(r.err.endsWith(QStringLiteral("kix run: 2 workload(s) timed by the official harness "
                                               "(incorrect_numerical), imported; wrote ") +
                                out.filePath(QStringLiteral("gemini-2.5-pro_cuda_aaf481.manifest.json\n"))),
                 qPrintable(r.err));
        QFile record(out.filePath(QStringLiteral("gemini-2.5-pro_cuda_aaf481.harness.samples.json")));
        QVERIFY(record.open(QIODevice::ReadOnly));
        const QJsonObject h = QJsonDocument::fromJson(record.readAll()).object();
        QCOMPARE(h.value(QStringLiteral("harness")).toString(), QStringLiteral("sol-execbench"));
        QCOMPARE(h.value(QStringLiteral("arguments")).toArray().at(0).toString(), example);
        QVERIFY(h.contains(QStringLiteral("gpu")));
        QVERIFY(QFileInfo::exists(
            out.filePath(QStringLiteral("gemini-2.5-pro_cuda_aaf481.manifest.json.intoto.jsonl"))));
        QStringList files;
        for (const QString& f : QDir(out.path()).entryList({QStringLiteral("*.json")}, QDir::Files))
            files << out.filePath(f);
        const Run verified = runKix(QStringList{QStringLiteral("verify")} + files);
        QVERIFY2(verified.code == 0, qPrintable(verified.out + verified.err));

        // The official CLI failing, and absent.
        qputenv("KIX_STANDIN_EXIT", "3");
        QTemporaryDir out2;
        QStringList again = args;
        again.last() = out2.path();
        r = runKix(again);
        qunsetenv("KIX_STANDIN_EXIT");
        QCOMPARE(r.code, 5);
        QVERIFY2(r.err.endsWith(
                     standIn + QStringLiteral(" wrote no traces (exit status 3); no manifest was written\n")),
                 qPrintable(r.err));
        again[again.indexOf(standIn)] = QStringLiteral("/nonexistent/sol-execbench");
        r = runKix(again);
        QCOMPARE(r.code, 4);
        QCOMPARE(r.err, QStringLiteral(
                            "kix run: --sol-execbench: /nonexistent/sol-execbench is not an executable\n"));
        QCOMPARE(QDir(out2.path()).entryList(QDir::Files | QDir::NoDotAndDotDot).size(), 0);
    }

    // SIGTERM during a case: the runner is stopped, nothing is written, exit 6.
    void cancelWritesNothing() {
        REQUIRE_TORCH();
        Problem p;
        p.problem({2});
        p.solution(QStringLiteral("import time\ndef run(x, y):\n    time.sleep(60)\n"));
        QProcess k;
        k.setProcessEnvironment(isolated());
        k.start(QStringLiteral(KIX_CLI_PATH), p.run({QStringLiteral("--progress"), QStringLiteral("jsonl")}));
        QVERIFY(k.waitForStarted());
        QByteArray seen;
        while (!seen.contains("\"case-started\"") && k.waitForReadyRead(60000))
            seen += k.readAllStandardOutput();
        QVERIFY2(seen.contains("\"case-started\""), seen.constData());
        ::kill(pid_t(k.processId()), SIGTERM);
        QVERIFY(k.waitForFinished(30000));
        QCOMPARE(k.exitCode(), 6);
        QVERIFY(k.readAllStandardOutput().contains("\"exitCode\":6"));
        QCOMPARE(p.manifests(), 0);
    }
};

KIX_TEST_GUILESS_MAIN(TestRunSolution)
#include "tst_run_solution.moc"
