// `kix run`: without a GPU, an unusable --output, CPU mode, and the --slurm checks (a rejected job, the
// printed batch script, no sbatch).
#include "CliFixtures.h"
#include "Commands.h"
#include "KixResources.h"
#include "LocalRunner.h"
#include "RunnerProtocol.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

using namespace kixcli;

class TestRunCommand : public QObject {
    Q_OBJECT
    SuiteConfig m_config; // resources and this suite's own XDG_CONFIG_HOME

private slots:
    void initTestCase() { QVERIFY(m_config.setUp()); }

    void runWithoutGpu() {
        const QString why = kix::runner::localRunUnavailableReason();
        if (why.isEmpty())
            QSKIP("a GPU is present here; tst_kernel_cuda covers the local run");
        const Result r = run({QStringLiteral("run"), QStringLiteral("--output"),
                              QDir::tempPath() + QStringLiteral("/kix-never")});
        QCOMPARE(r.code, int(kix::protocol::RunUnavailable));
        QCOMPARE(r.err, QStringLiteral("kix run: cannot run locally: %1\n").arg(why));
        QVERIFY(!QFileInfo::exists(QDir::tempPath() + QStringLiteral("/kix-never")));
        const Result jsonl = run({QStringLiteral("run"), QStringLiteral("--check"),
                                  QStringLiteral("--progress"), QStringLiteral("jsonl")});
        QCOMPARE(jsonl.code, int(kix::protocol::RunUnavailable));
        QCOMPARE(QString::fromStdString((Json::parse(jsonl.out.toStdString())["event"]).get<std::string>()),
                 QStringLiteral("unavailable"));
    }

    // issue 13: an unusable --output is found before any work, not after a whole run.
    void runRefusesAnUnusableOutputFirst() {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("a-file"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        Result r = run({QStringLiteral("run"), QStringLiteral("--device"), QStringLiteral("cpu"),
                        QStringLiteral("--output"), file});
        QCOMPARE(r.code, int(kix::protocol::RunUsage));
        QCOMPARE(
            r.err,
            QStringLiteral("kix run: --output: %1 exists and is not a folder; nothing was run\n").arg(file));
        QCOMPARE(r.out, QString());
        const QString below = file + QStringLiteral("/runs");
        r = run({QStringLiteral("run"), QStringLiteral("--device"), QStringLiteral("cpu"),
                 QStringLiteral("--output"), below});
        QCOMPARE(r.code, int(kix::protocol::RunUsage));
        QCOMPARE(r.err,
                 QStringLiteral("kix run: --output: cannot create %1: %2 is not a folder; nothing was run\n")
                     .arg(below, file));
        // The path is echoed through the sanitizer.
        const QString evil = dir.filePath(QStringLiteral("evil\x1b[2J\r"));
        QFile e(evil);
        QVERIFY(e.open(QIODevice::WriteOnly));
        e.close();
        r = run({QStringLiteral("run"), QStringLiteral("--device"), QStringLiteral("cpu"),
                 QStringLiteral("--output"), evil});
        QCOMPARE(r.code, int(kix::protocol::RunUsage));
        QCOMPARE(r.err,
                 QStringLiteral("kix run: --output: %1/evil\\x1b[2J\\r exists and is not a folder; nothing "
                                "was run\n")
                     .arg(dir.path()));
    }

    // sbatch's stderr reaches the terminal only through the sanitizer, its line breaks included.
    void slurmRejectionIsShownVisibly() {
        QTemporaryDir tools, out;
        const auto tool = [&tools](const char* name, const QByteArray& body) {
            QFile t(tools.filePath(QString::fromLatin1(name)));
            QVERIFY(t.open(QIODevice::WriteOnly));
            t.write("#!/bin/sh\n" + body);
            t.close();
            QVERIFY(t.setPermissions(t.permissions() | QFileDevice::ExeOwner));
        };
        tool("sbatch",
             "printf 'sbatch: error: \\033[2Jbad\\rCOMPARABLE\\342\\200\\256\\nnext\\n' >&2\nexit 1\n");
        tool("squeue", "exit 0\n");
        tool("scancel", "exit 0\n");
        const QByteArray path = qgetenv("PATH");
        qputenv("PATH", QFile::encodeName(tools.path()));
        const Result r = run({QStringLiteral("run"), QStringLiteral("--slurm"), QStringLiteral("--device"),
                              QStringLiteral("cpu"), QStringLiteral("--output"), out.path()});
        qputenv("PATH", path);
        QCOMPARE(r.code, int(kix::protocol::RunFailed));
        QVERIFY2(unsafeIn(r.out + r.err).isEmpty(), qPrintable(r.err));
        QVERIFY2(r.err.endsWith(
                     QStringLiteral("kix run: Slurm rejected the job: \\x1b[2Jbad\\rCOMPARABLE⟨U+202E⟩; "
                                    "next\n")),
                 qPrintable(r.err));
    }

    void runInCpuMode() {
        QTemporaryDir dir;
        const Result r =
            run({QStringLiteral("run"), QStringLiteral("--device"), QStringLiteral("cpu"),
                 QStringLiteral("--quick"), QStringLiteral("--cases"), QStringLiteral("15"),
                 QStringLiteral("--file-tag"), QStringLiteral("t1"), QStringLiteral("--output"), dir.path()});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.startsWith(QStringLiteral("CPU: ")), qPrintable(r.out));
        QVERIFY(r.out.contains(
            QStringLiteral("(CPU mode: the kernel's math on one CPU thread, not a GPU result)\n")));
        QVERIFY(r.out.contains(QStringLiteral("case 1 of 1 (workload 15): ")));
        QVERIFY(r.out.contains(QStringLiteral("-t1.manifest.json\n")));
        const QStringList written =
            QDir(dir.path()).entryList({QStringLiteral("kix-cpu-run-*-t1.manifest.json")});
        QCOMPARE(written.size(), 1);
        // What it wrote is signed with this user's key, created on first use (issue 10).
        const QString manifest = dir.filePath(written.first());
        const QString fingerprint = ownKey().fingerprint();
        QVERIFY2(r.out.contains(
                     QStringLiteral("kix run: signed by %1: %2.intoto.jsonl\n").arg(fingerprint, manifest)),
                 qPrintable(r.out));
        const Result verified = run({QStringLiteral("verify"), manifest,
                                     dir.filePath(QStringLiteral("kix-cpu-reference-0.1.0.json")),
                                     kix::runner::bundledSuitePath()});
        QCOMPARE(verified.code, int(kix::cli::ExitOk));
        QVERIFY2(verified.out.contains(
                     QStringLiteral("  evidence              rerun here: signed by %1 (trusted)\n")
                         .arg(fingerprint)),
                 qPrintable(verified.out));
        const Result keyVerify = run({QStringLiteral("key"), QStringLiteral("verify"), manifest});
        QCOMPARE(keyVerify.code, int(kix::cli::ExitOk));
        // A key others can read is refused: the run's files are still written, unsigned, with the reason.
        const kix::KeyStore keys(kix::KeyStore::defaultConfigDirectory());
        QVERIFY(
            QFile::setPermissions(keys.keyFile(), QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup));
        QTemporaryDir second;
        const Result loose = run({QStringLiteral("run"), QStringLiteral("--device"), QStringLiteral("cpu"),
                                  QStringLiteral("--quick"), QStringLiteral("--cases"), QStringLiteral("15"),
                                  QStringLiteral("--output"), second.path()});
        QVERIFY(QFile::setPermissions(keys.keyFile(), QFile::ReadOwner | QFile::WriteOwner));
        QCOMPARE(loose.code, int(kix::protocol::RunOk));
        QCOMPARE(
            loose.err,
            QStringLiteral("kix run: the run's files are written but not signed: %1: the signing key can be "
                           "read or written by other users (permissions 0640); kix refuses to sign with it. "
                           "Make it private (chmod 600 %1), or delete it to have kix create a new key\n")
                .arg(keys.keyFile()));
        QCOMPARE(QDir(second.path()).entryList({QStringLiteral("*.intoto.jsonl")}), QStringList());
        QCOMPARE(QDir(second.path()).entryList({QStringLiteral("*.manifest.json")}).size(), 1);
        const Result check = run({QStringLiteral("run"), QStringLiteral("--device"), QStringLiteral("cpu"),
                                  QStringLiteral("--check")});
        QCOMPARE(check.code, 0);
        QCOMPARE(check.out, QStringLiteral("kix run: a CPU-mode run is possible here\n"));
    }

    // Issue 37, item 1: kix bundles none of the dataset's uuids or tolerances; --problem DIR takes them from
    // the user's own copy: the case is named by the copy's uuid and checked with its tolerance, each
    // workload the copy lacks keeps kix's rule with a warning, and a copy of another problem is refused.
    void runWithTheUsersDatasetCopy() {
        QTemporaryDir copy;
        QVERIFY(kixfix::writeFile(copy.filePath(QStringLiteral("definition.json")),
                                  R"({"name": "013_fused_residual_rms_norm_backward", "axes": {}})"));
        QVERIFY(kixfix::writeFile(copy.filePath(QStringLiteral("workload.jsonl")),
                                  R"({"uuid": "my-copy-15", "axes": {"batch_size": 1, "seq_len": 131}, )"
                                  R"("inputs": {}, "tolerance": {"max_atol": 0.001, "max_rtol": 0.03}})"
                                  "\n"));
        QTemporaryDir out;
        const Result r =
            run({QStringLiteral("run"), QStringLiteral("--device"), QStringLiteral("cpu"),
                 QStringLiteral("--quick"), QStringLiteral("--cases"), QStringLiteral("15"),
                 QStringLiteral("--problem"), copy.path(), QStringLiteral("--output"), out.path()});
        QCOMPARE(r.code, 0);
        const QString jsonl = copy.filePath(QStringLiteral("workload.jsonl"));
        QCOMPARE(r.err.count(jsonl + QStringLiteral(": warning: no workload has the axes of (")), 15);
        QVERIFY2(
            r.err.contains(jsonl + QStringLiteral(": warning: no workload has the axes of (batch_size=4, "
                                                  "seq_len=1973): that case is checked by kix's own rule\n")),
            qPrintable(r.err));
        const QStringList written =
            QDir(out.path()).entryList({QStringLiteral("kix-cpu-run-*.manifest.json")});
        QCOMPARE(written.size(), 1);
        const kix::Json m = kix::Json::parse(kixtest::readAll(out.filePath(written.first())).toStdString());
        const std::string text = m.dump();
        QVERIFY2(text.find(R"("id":"my-copy-15")") != std::string::npos, text.c_str());
        QVERIFY2(text.find(R"("atol":0.001)") != std::string::npos &&
                     text.find(R"("rtol":0.03)") != std::string::npos,
                 text.c_str());

        QVERIFY(kixfix::writeFile(copy.filePath(QStringLiteral("definition.json")), R"({"name": "other"})"));
        const Result other =
            run({QStringLiteral("run"), QStringLiteral("--device"), QStringLiteral("cpu"),
                 QStringLiteral("--problem"), copy.path(), QStringLiteral("--output"), out.path()});
        QCOMPARE(other.code, int(kix::protocol::RunUsage));
        QCOMPARE(other.err,
                 QStringLiteral("kix run: --problem: %1: name: is \"other\", not the problem kix runs "
                                "(013_fused_residual_rms_norm_backward)\n")
                     .arg(copy.filePath(QStringLiteral("definition.json"))));
    }

    // Without a copy, a case is named by KernelIndex's case id and checked by kix's own rule (2^-7).
    void runWithoutACopyUsesKixsRule() {
        QTemporaryDir out;
        const Result r = run({QStringLiteral("run"), QStringLiteral("--device"), QStringLiteral("cpu"),
                              QStringLiteral("--quick"), QStringLiteral("--cases"), QStringLiteral("15"),
                              QStringLiteral("--output"), out.path()});
        QCOMPARE(r.code, 0);
        const QStringList written =
            QDir(out.path()).entryList({QStringLiteral("kix-cpu-run-*.manifest.json")});
        QCOMPARE(written.size(), 1);
        const std::string text =
            kix::Json::parse(kixtest::readAll(out.filePath(written.first())).toStdString()).dump();
        QVERIFY2(text.find(R"("id":"051eea6beddd")") != std::string::npos, text.c_str());
        QVERIFY2(text.find(R"("rtol":0.0078125)") != std::string::npos, text.c_str());
    }

    void printScript() {
        const Result r =
            run({QStringLiteral("run"), QStringLiteral("--slurm"), QStringLiteral("--print-script"),
                 QStringLiteral("--array"), QStringLiteral("cases:2"), QStringLiteral("--cases"),
                 QStringLiteral("0,1,2"), QStringLiteral("--partition"), QStringLiteral("h100"),
                 QStringLiteral("--runner"), QStringLiteral("/opt/kix/bin/kix"), QStringLiteral("--output"),
                 QStringLiteral("/shared/kix")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.startsWith(QStringLiteral("#!/bin/bash\n")), qPrintable(r.out));
        QVERIFY(r.out.contains(QStringLiteral("\n#SBATCH --array=0-1\n#SBATCH --partition=h100\n")));
        QVERIFY(r.out.contains(QStringLiteral("\n#SBATCH --gres=gpu:1\n")));
        QVERIFY(r.out.contains(QStringLiteral("\n  0) cases=0,1 ;;\n  1) cases=2 ;;\n")));
        QVERIFY(r.out.contains(
            QStringLiteral("exec '/opt/kix/bin/kix' run --cases \"$cases\" --progress jsonl")));
        QVERIFY(!QFileInfo::exists(QStringLiteral("/shared/kix"))); // printing submits and creates nothing
    }

    void slurmWithoutSbatch() {
        QTemporaryDir empty, out;
        const QByteArray path = qgetenv("PATH");
        qputenv("PATH", empty.path().toLocal8Bit());
        const Result r = run({QStringLiteral("run"), QStringLiteral("--slurm"), QStringLiteral("--device"),
                              QStringLiteral("cpu"), QStringLiteral("--output"), out.path()});
        const Result check = run({QStringLiteral("run"), QStringLiteral("--slurm"), QStringLiteral("--check"),
                                  QStringLiteral("--progress"), QStringLiteral("jsonl")});
        qputenv("PATH", path);
        QCOMPARE(r.code, int(kix::protocol::RunUnavailable));
        QCOMPARE(r.err,
                 QStringLiteral("kix run: sbatch not found: Slurm's client commands are not on PATH\n"));
        QCOMPARE(QDir(out.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
                 QStringList{});
        QCOMPARE(check.code, int(kix::protocol::RunUnavailable));
        QCOMPARE(check.out,
                 QStringLiteral("{\"event\":\"unavailable\",\"message\":\"sbatch not found: Slurm's "
                                "client commands are not on PATH\"}\n"));
    }
};

KIX_TEST_GUILESS_MAIN(TestRunCommand)
#include "tst_run_command.moc"
