// `kix profile import` and `kix run --profile` without a GPU: a real H100 report (tests/data/ncu) attached
// to a copy of a bundled kix run (an H200's: refused as another GPU, then attached from a copy whose device
// name is edited to the run's, said so below), the sidecar the explorer reads, every bad input with its
// exact message and status, and the profiling step of kix run driven through a stand-in `ncu` (a shell
// script that writes a report file and prints the recorded CSV, or refuses as a driver does): the run's
// files never change, and a refusal is said in ncu's words.
#include "CliFixtures.h"
#include "CommandSupport.h"
#include "LocalRunner.h"
#include "ProfileRunner.h"
#include "ProfileSidecar.h"
#include "ProfileSupport.h"
#include "RunnerProtocol.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace kixcli;

namespace {

const QString kRunStem = QStringLiteral("kix-run-20261204T053602Z-nvidia-h200");
const QString kCase12 = QStringLiteral("aeadbd73-81ce-5578-8839-127d7bb3546a"); // 8x1024

// A bundled kix run (its suite manifest and raw samples) copied into `dir`, so that a sidecar can be
// written beside it; returns the manifest's path.
QString copyRun(const QTemporaryDir& dir, const QString& stem = kRunStem) {
    for (const QString& suffix : {QStringLiteral(".manifest.json"), QStringLiteral(".samples.json")}) {
        const QString from = kixtest::repoPath(QStringLiteral("resources/samples/kix/") + stem + suffix);
        if (!QFile::copy(from, dir.filePath(stem + suffix)))
            qFatal("cannot copy %s", qPrintable(from));
    }
    return dir.filePath(stem + QStringLiteral(".manifest.json"));
}

QString writeFile(const QString& path, const QByteArray& bytes, bool executable = false) {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
    f.close();
    if (executable)
        f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    return path;
}

QByteArray report(const char* name) {
    return kixtest::readAll(kixtest::dataPath(QStringLiteral("ncu/%1").arg(QLatin1String(name))));
}

// The H100 report with its device name edited to the bundled run's GPU: the matching and the artifact are
// what is tested here, not which card the numbers came from.
QByteArray asH200(QByteArray csv) {
    return csv.replace("\"NVIDIA H100 80GB HBM3\"", "\"NVIDIA H200\"");
}

// A stand-in for ncu on PATH: profiling writes the -o file and prints what ncu prints; --import prints
// `csvFile` (/bin/cat: PATH holds only the stand-in). With `refuse`, every call prints ncu's ERR_NVGPUCTRPERM
// and fails. Each call is counted.
QString fakeNcu(const QString& dir, const QString& csvFile, bool refuse) {
    const QByteArray perm = "==ERROR== ERR_NVGPUCTRPERM - The user does not have permission to access NVIDIA "
                            "GPU Performance Counters on the target device 0.";
    QByteArray script = "#!/bin/sh\necho x >> \"" + QFile::encodeName(dir) + "/calls\"\n";
    if (refuse)
        script += "echo '" + perm + "'\nexit 1\n";
    else
        script += "case \" $* \" in *' --import '*) /bin/cat \"" + QFile::encodeName(csvFile) +
                  "\"; exit 0;; esac\n"
                  "while [ $# -gt 0 ]; do if [ \"$1\" = -o ]; then echo rep > \"$2\"; fi; shift; done\n"
                  "echo '==PROF== Profiling \"fusedBackwardKernel\": 0%....50%....100% - 18 passes'\n";
    writeFile(dir + QStringLiteral("/ncu"), script, true);
    return dir + QStringLiteral("/ncu");
}

// Case 12's recorded report, as the runs' GPU, written into `dir` as case12.csv.
QString case12Report(const QTemporaryDir& dir) {
    return writeFile(dir.filePath(QStringLiteral("case12.csv")), asH200(report("h100-dram-case12.raw.csv")));
}

int callsOf(const QString& dir) {
    return int(kixtest::readAll(dir + QStringLiteral("/calls")).count('\n'));
}

// PATH set to `dir` alone (and no CUDA_HOME/CUDA_PATH) for the scope.
class OnlyPath {
public:
    explicit OnlyPath(const QString& dir)
        : m_path(qgetenv("PATH"))
        , m_home(qgetenv("CUDA_HOME"))
        , m_cudaPath(qgetenv("CUDA_PATH")) {
        qputenv("PATH", QFile::encodeName(dir));
        qunsetenv("CUDA_HOME");
        qunsetenv("CUDA_PATH");
    }
    ~OnlyPath() {
        qputenv("PATH", m_path);
        if (!m_home.isEmpty())
            qputenv("CUDA_HOME", m_home);
        if (!m_cudaPath.isEmpty())
            qputenv("CUDA_PATH", m_cudaPath);
    }
    OnlyPath(const OnlyPath&) = delete;
    OnlyPath& operator=(const OnlyPath&) = delete;

private:
    QByteArray m_path, m_home, m_cudaPath;
};

} // namespace

class TestProfileCommand : public QObject {
    Q_OBJECT
    SuiteConfig m_config;

private slots:
    void initTestCase() { QVERIFY(m_config.setUp()); }

    void importAttachesTheReportToItsCase() {
        QTemporaryDir dir;
        const QString manifest = copyRun(dir);
        const QByteArray runBytes = kixtest::readAll(manifest);
        const QString csv = case12Report(dir);
        const Result r = run({QStringLiteral("profile"), QStringLiteral("import"), csv,
                              QStringLiteral("--run"), manifest, QStringLiteral("--case"), kCase12});
        QCOMPARE(r.err, QString());
        QCOMPARE(r.code, 0);
        const QString sidecar = dir.filePath(kRunStem + QStringLiteral(".profile.json"));
        QVERIFY(r.out.startsWith(QStringLiteral("batch_size=8 hidden_size=2560 seq_len=1024 "
                                                "[fusedBackwardKernel + reducePartialsKernel]: ")));
        QVERIFY2(r.out.contains(QStringLiteral("of peak; ")), qPrintable(r.out));
        QVERIFY(r.out.endsWith(
            QStringLiteral("kix profile import: 1 of 16 cases profiled; wrote %1\n").arg(sidecar)));
        QCOMPARE(kixtest::readAll(manifest), runBytes); // the run is not changed
        // The sidecar names the run by its digest; read back it is that run's.
        const kix::cli::Loaded l = kix::cli::loadInputs({manifest});
        const QString digest = l.index.run(0).run->digest();
        const kix::profile::ProfileSidecarRead back = kix::profile::readProfileSidecar(sidecar, digest);
        QVERIFY(back.artifact);
        QCOMPARE(back.artifact->run.name, QStringLiteral("kix-run-20261204t053602z-nvidia-h200"));
        QCOMPARE(back.artifact->set.cases.size(), 1);
        QCOMPARE(back.artifact->set.cases.front().caseId, kCase12);
        QCOMPARE(back.artifact->source, QStringLiteral("case12.csv"));
        // A folder holding the run and its profile still loads as the run alone.
        const kix::cli::Loaded folder = kix::cli::loadInputs({dir.path()});
        QVERIFY(!folder.anyErrors());
        QCOMPARE(folder.index.runCount(), 1);
    }

    // Without --case the report's one launch is the run's first case; the 15 others are said.
    void importWithoutCaseSaysWhatIsLeft() {
        QTemporaryDir dir;
        const QString manifest = copyRun(dir);
        const QString csv =
            writeFile(dir.filePath(QStringLiteral("r.csv")), asH200(report("h100-case2.raw.csv")));
        const Result r = run(
            {QStringLiteral("profile"), QStringLiteral("import"), csv, QStringLiteral("--run"), manifest});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.endsWith(QStringLiteral("kix profile import: 2 of 16 cases profiled; wrote %1\n")
                                   .arg(dir.filePath(kRunStem + QStringLiteral(".profile.json")))));
        QVERIFY2(
            r.err.contains(QStringLiteral("case batch_size=2 hidden_size=2560 seq_len=256: the report holds "
                                          "no launch for it")),
            qPrintable(r.err));
        QCOMPARE(r.err.count(QStringLiteral("the report holds no launch for it")), 14);
    }

    void badImports_data() {
        QTest::addColumn<QByteArray>("csv");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("err");
        const QString nothing = QStringLiteral("kix profile import: nothing was attached to %1\n");
        QTest::newRow("another GPU") << report("h100-dram-case12.raw.csv") << "r.csv" << QStringList{} << 3
                                     << QStringLiteral(
                                            "r.csv: the report was taken on \"NVIDIA H100 80GB HBM3\", "
                                            "the run on \"NVIDIA H200\"\n") +
                                            nothing;
        QTest::newRow("details page")
            << report("h100-case2.details.csv") << "d.csv" << QStringList{} << 3
            << QStringLiteral("d.csv:1: this is Nsight Compute's details page; export the raw "
                              "page (ncu --import REPORT --csv --page raw)\n") +
                   nothing;
        QTest::newRow("truncated")
            << asH200(report("h100-case2.raw.csv")).left(2000) << "t.csv" << QStringList{} << 3
            << QStringLiteral("t.csv: line 1: a quoted field is not closed before the end of the file "
                              "(truncated?)\n") +
                   nothing;
        QTest::newRow("no such case") << asH200(report("h100-case2.raw.csv")) << "r.csv"
                                      << QStringList{QStringLiteral("--case"), QStringLiteral("case-99")} << 3
                                      << QStringLiteral("r.csv: the run has no case \"case-99\"\n") + nothing;
    }
    void badImports() {
        QFETCH(QByteArray, csv);
        QFETCH(QString, name);
        QFETCH(QStringList, extra);
        QFETCH(int, code);
        QFETCH(QString, err);
        QTemporaryDir dir;
        const QString manifest = copyRun(dir);
        const QString file = writeFile(dir.filePath(name), csv); // messages name it as the report's file name
        const Result r = run(QStringList{QStringLiteral("profile"), QStringLiteral("import"), file,
                                         QStringLiteral("--run"), manifest} +
                             extra);
        QCOMPARE(r.code, code);
        QCOMPARE(r.err, err.arg(manifest));
        QCOMPARE(r.out, QString());
        QVERIFY(!QFileInfo::exists(dir.filePath(kRunStem + QStringLiteral(".profile.json"))));
    }

    void importUsage() {
        QTemporaryDir dir;
        const QString manifest = copyRun(dir);
        Result r = run({QStringLiteral("profile"), QStringLiteral("import"), QStringLiteral("r.csv")});
        QCOMPARE(r.code, 2);
        QCOMPARE(r.err, QStringLiteral(
                            "kix profile import: --run RUN names the run's manifest file the report belongs "
                            "to\n"));
        const QString missing = dir.filePath(QStringLiteral("missing.csv"));
        r = run({QStringLiteral("profile"), QStringLiteral("import"), missing, QStringLiteral("--run"),
                 manifest});
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.startsWith(QStringLiteral("kix profile import: ")) && r.err.contains(missing),
                 qPrintable(r.err));
        r = run({QStringLiteral("profile"), QStringLiteral("frobnicate")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.startsWith(QStringLiteral("kix profile: unknown subcommand \"frobnicate\"\n")));
        r = run({QStringLiteral("profile"), QStringLiteral("launch"), QStringLiteral("--case"),
                 QStringLiteral("16")});
        QCOMPARE(r.code, 2);
        QCOMPARE(r.err,
                 QStringLiteral("kix profile launch: --case expects a number from 0 to 15, got \"16\"\n"));
    }

    // An .ncu-rep needs ncu to be read; without it the message says how to export the raw page instead.
    void ncuRepWithoutNcu() {
        if (QFileInfo(QStringLiteral("/usr/local/cuda/bin/ncu")).isExecutable())
            QSKIP("/usr/local/cuda/bin/ncu is installed here, so ncu cannot be made absent");
        QTemporaryDir dir;
        const QString manifest = copyRun(dir);
        const QString rep = writeFile(dir.filePath(QStringLiteral("r.ncu-rep")), "not read");
        const OnlyPath path(dir.filePath(QStringLiteral("empty")));
        const Result r = run(
            {QStringLiteral("profile"), QStringLiteral("import"), rep, QStringLiteral("--run"), manifest});
        QCOMPARE(r.code, 3);
        QCOMPARE(r.err,
                 QStringLiteral("kix profile import: %1 is an Nsight Compute report, and reading it needs "
                                "ncu, which is not on PATH, in $CUDA_HOME/bin, $CUDA_PATH/bin or "
                                "/usr/local/cuda/bin; where ncu is, export its raw page (ncu --import "
                                "REPORT --csv --page raw > REPORT.csv) and import that\n")
                     .arg(rep));
    }

    // kix diff of two profiled runs: the verdict of case 12 with the metric that moved most, beside a GPU
    // load in another process (B) against alone (A). Without profiles, kix diff prints no such section.
    void diffNamesTheMetricThatMoved() {
        QTemporaryDir dir;
        const QString a = copyRun(dir);
        const QString b = copyRun(dir, QStringLiteral("kix-run-20261204T053608Z-nvidia-h200"));
        const QString heading = QStringLiteral("\nNsight Compute profiles (docs/profiles.md), per case: the "
                                               "verdict and the metric that moved most\n");
        QVERIFY(!run({QStringLiteral("diff"), a, b}).out.contains(heading));
        const QString loaded = writeFile(dir.filePath(QStringLiteral("load.csv")),
                                         asH200(report("h100-dram-case12-load.raw.csv")));
        for (const auto& [manifest, csv] : {std::pair{a, case12Report(dir)}, std::pair{b, loaded}})
            QCOMPARE(run({QStringLiteral("profile"), QStringLiteral("import"), csv, QStringLiteral("--run"),
                          manifest, QStringLiteral("--case"), kCase12})
                         .code,
                     0);
        const Result r = run({QStringLiteral("diff"), a, b});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.endsWith(heading +
                                QStringLiteral("  batch_size=8 hidden_size=2560 seq_len=1024: cant-tell: "
                                               "DRAM bytes written 67.73 MB → 90.4 MB\n")),
                 qPrintable(r.out));
    }

    void runProfileUsage_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("err");
        QTest::newRow("cpu")
            << QStringList{QStringLiteral("--profile"), QStringLiteral("--device"), QStringLiteral("cpu")}
            << "kix run: --profile profiles GPU kernels with Nsight Compute; it has no meaning "
               "with --device cpu\n";
        QTest::newRow("reports alone")
            << QStringList{QStringLiteral("--keep-ncu-reports")}
            << "kix run: --keep-ncu-reports keeps the reports of --profile; give --profile too\n";
        QTest::newRow("slurm") << QStringList{QStringLiteral("--profile"), QStringLiteral("--slurm")}
                               << "kix run: --profile runs ncu on this machine; it cannot be combined with "
                                  "--slurm\n";
    }
    void runProfileUsage() {
        QFETCH(QStringList, args);
        QFETCH(QString, err);
        const Result r = run(QStringList{QStringLiteral("run")} + args);
        QCOMPARE(r.code, int(kix::protocol::RunUsage));
        QCOMPARE(r.err, err);
    }

    // kix run --profile's step after the run is written, through a stand-in ncu: every case profiled
    // (each given the same recorded report) and the sidecar written; the run's files unchanged.
    void runProfileWritesTheSidecar() {
        QTemporaryDir dir;
        const QString manifest = copyRun(dir);
        const QByteArray runBytes = kixtest::readAll(manifest);
        const QString csv = case12Report(dir);
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("bin")));
        fakeNcu(dir.filePath(QStringLiteral("bin")), csv, false);
        const OnlyPath path(dir.filePath(QStringLiteral("bin")));
        QString out, err;
        QTextStream o(&out), e(&err);
        QStringList logs;
        const auto progress = [&logs](const kix::protocol::RunnerEvent& ev) { logs << ev.message; };
        QList<int> all;
        for (int i = 0; i < 16; ++i)
            all << i;
        kix::cli::profileWrittenRun(manifest, all, true, progress, [] { return false; }, {o, e});
        o.flush();
        e.flush();
        QCOMPARE(err, QString());
        QCOMPARE(callsOf(dir.filePath(QStringLiteral("bin"))), 32); // profile and export, per case
        const QString sidecar = dir.filePath(kRunStem + QStringLiteral(".profile.json"));
        QVERIFY2(logs.last().startsWith(
                     QStringLiteral("profiled 16 of 16 cases under ncu; wrote %1 (sha256:").arg(sidecar)),
                 qPrintable(logs.last()));
        QCOMPARE(logs.first(), QStringLiteral("profile: case 0 (batch_size=4 hidden_size=2560 seq_len=1973) "
                                              "under ncu"));
        QVERIFY(QFileInfo::exists(dir.filePath(kRunStem + QStringLiteral(".case12.ncu-rep")))); // kept
        QCOMPARE(kixtest::readAll(manifest), runBytes);
        const kix::cli::Loaded l = kix::cli::loadInputs({manifest});
        const auto back = kix::profile::readProfileSidecar(sidecar, l.index.run(0).run->digest());
        QVERIFY(back.artifact);
        QCOMPARE(back.artifact->set.cases.size(), 16);
        QCOMPARE(back.artifact->set.unmatched, QStringList{});
    }

    // A driver that refuses: said once in ncu's words for the first case, the rest not tried; no sidecar.
    void runProfileRefused() {
        QTemporaryDir dir;
        const QString manifest = copyRun(dir);
        const QByteArray runBytes = kixtest::readAll(manifest);
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("bin")));
        fakeNcu(dir.filePath(QStringLiteral("bin")), {}, true);
        const OnlyPath path(dir.filePath(QStringLiteral("bin")));
        QString out, err;
        QTextStream o(&out), e(&err);
        // No --cases: the run ran all 16, and all 16 are asked for.
        kix::cli::profileWrittenRun(
            manifest, {}, false, [](const kix::protocol::RunnerEvent&) {}, [] { return false; }, {o, e});
        e.flush();
        QCOMPARE(callsOf(dir.filePath(QStringLiteral("bin"))), 1);
        const QString why =
            QStringLiteral("the driver refuses access to the GPU's performance counters (ERR_NVGPUCTRPERM: "
                           "profile as root, or "
                           "load the driver with NVreg_RestrictProfilingToAdminUsers=0; in a container, add "
                           "--cap-add=SYS_ADMIN); ncu said: ==ERROR== ERR_NVGPUCTRPERM - The user does not "
                           "have permission to "
                           "access NVIDIA GPU Performance Counters on the target device 0.");
        const QStringList lines = err.split(u'\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 17);
        QCOMPARE(lines.first(),
                 QStringLiteral("kix run: profile: case 0 (batch_size=4 hidden_size=2560 seq_len=1973): not "
                                "profiled: ") +
                     why);
        QCOMPARE(lines[15], QStringLiteral("kix run: profile: case 15 (batch_size=1 hidden_size=2560 "
                                           "seq_len=131): not profiled: ") +
                                why);
        QCOMPARE(lines.last(), QStringLiteral("kix run: no profile was written; the run is kept"));
        QVERIFY(!QFileInfo::exists(dir.filePath(kRunStem + QStringLiteral(".profile.json"))));
        QCOMPARE(kixtest::readAll(manifest), runBytes);
    }

    void runProfileWithoutNcu() {
        if (QFileInfo(QStringLiteral("/usr/local/cuda/bin/ncu")).isExecutable())
            QSKIP("/usr/local/cuda/bin/ncu is installed here, so ncu cannot be made absent");
        QTemporaryDir dir;
        const QString manifest = copyRun(dir);
        const OnlyPath path(dir.filePath(QStringLiteral("empty")));
        QString out, err;
        QTextStream o(&out), e(&err);
        kix::cli::profileWrittenRun(
            manifest, {12}, false, [](const kix::protocol::RunnerEvent&) {}, [] { return false; }, {o, e});
        e.flush();
        QCOMPARE(err,
                 QStringLiteral("kix run: no profile: ncu (Nsight Compute) is not on PATH, in "
                                "$CUDA_HOME/bin, $CUDA_PATH/bin or /usr/local/cuda/bin; the run is written "
                                "without one\n"));
    }
};

KIX_TEST_GUILESS_MAIN(TestProfileCommand)
#include "tst_profile_command.moc"
