// The Slurm side without a cluster: options and the batch script, the task plan, reading squeue,
// sacct and scontrol, what the follower says when sbatch is missing, refuses or hangs (fake Slurm
// commands on PATH), and which returned files are taken back and how one is refused. tst_slurm_cluster
// drives the same code against a real one-node Slurm, where the manifests taken back are real ones.
#include "BatchScript.h"
#include "ClusterRun.h"
#include "ReturnedRuns.h"
#include "SlurmCommand.h"
#include "SlurmState.h"
#include "TestMain.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace kix;
using namespace kix::cluster;
using protocol::TaskOutcome;

namespace {
void writeTool(const QTemporaryDir& dir, const QString& name, const QByteArray& body) {
    QFile f(dir.filePath(name));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("#!/bin/sh\n" + body);
    f.close();
    f.setPermissions(f.permissions() | QFileDevice::ExeOwner);
}

struct PathGuard { // restores PATH however the test ends
    QByteArray saved = qgetenv("PATH");
    explicit PathGuard(const QString& path) { qputenv("PATH", path.toLocal8Bit()); }
    ~PathGuard() { qputenv("PATH", saved); }
};

ClusterOptions cpuOptions(const QString& out) {
    ClusterOptions o;
    o.cpu = true;
    o.quick = true;
    o.partition = QStringLiteral("debug");
    o.outputDir = out;
    o.runner = QStringLiteral("/opt/kix/bin/kix");
    o.split = Split::Gpus;
    o.count = 2;
    return o;
}
} // namespace

class TestSlurmScript : public QObject {
    Q_OBJECT
private slots:
    void arraySpecs_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("split"); // -1: refused
        QTest::addColumn<int>("count");
        QTest::newRow("cases") << "cases" << int(Split::Cases) << 0;
        QTest::newRow("case groups") << "cases:3" << int(Split::Cases) << 3;
        QTest::newRow("gpus") << "gpus:4" << int(Split::Gpus) << 4;
        QTest::newRow("gpus without count") << "gpus" << -1 << 0;
        QTest::newRow("zero") << "cases:0" << -1 << 0;
        QTest::newRow("raw slurm spec") << "0-3" << -1 << 0;
    }
    void arraySpecs() {
        QFETCH(QString, text);
        QFETCH(int, split);
        QFETCH(int, count);
        QString error;
        const auto spec = parseArraySpec(text, &error);
        if (split < 0) {
            QVERIFY(!spec);
            QCOMPARE(error,
                     QStringLiteral("--array expects cases, cases:N or gpus:N (N from 1 to 9999), got \"%1\"")
                         .arg(text));
            return;
        }
        QVERIFY(spec);
        QCOMPARE(int(spec->first), split);
        QCOMPARE(spec->second, count);
    }

    void badOptions_data() {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("error");
        QTest::newRow("partition with a space")
            << "partition"
            << "gpu nodes"
            << "--partition \"gpu nodes\" is not one word of letters, digits and _ . : , = + @ / - %";
        QTest::newRow("account with a newline")
            << "account"
            << "a\n#SBATCH --x"
            << "--account \"a\n#SBATCH --x\" is not one word of letters, digits and _ . : , = + @ / - %";
        QTest::newRow("quote in gres")
            << "gres"
            << "gpu:'1'"
            << "--gres \"gpu:'1'\" is not one word of letters, digits and _ . : , = + @ / - %";
        QTest::newRow("module")
            << "module"
            << "cuda; rm -rf"
            << "--module \"cuda; rm -rf\" is not a module name (letters, digits and _ . + / -)";
        QTest::newRow("relative output") << "output"
                                         << "runs"
                                         << "--output must be an absolute path for --slurm, got \"runs\"";
        // A path goes into the script, which --print-script writes to a terminal: no control at all.
        QTest::newRow("output with a line break")
            << "output"
            << "/o\n#SBATCH --x"
            << "--output \"/o\n#SBATCH --x\" holds a line break, tab or other control character, which "
               "cannot go into a batch script";
        QTest::newRow("output with an escape")
            << "output"
            << "/o\x1b[2J"
            << "--output \"/o\x1b[2J\" holds a line break, tab or other control character, which cannot go "
               "into a batch script";
        QTest::newRow("output with a space") << "output"
                                             << "/shared/my runs"
                                             << "--output \"/shared/my runs\" holds a space, which an "
                                                "#SBATCH line cannot carry (sbatch splits it "
                                                "there); choose a folder without one";
        QTest::newRow("runner with a carriage return")
            << "runner"
            << "/opt/kix\rrm"
            << "--runner \"/opt/kix\rrm\" holds a line break, tab or other control character, which cannot "
               "go into a batch script";
        QTest::newRow("runner with a bidi override")
            << "runner"
            << "/opt/kix\u202Exe"
            << "--runner \"/opt/kix\u202Exe\" holds a line break, tab or other control character, which "
               "cannot go into a batch script";
    }
    void badOptions() {
        QFETCH(QString, field);
        QFETCH(QString, value);
        QFETCH(QString, error);
        ClusterOptions o = cpuOptions(QStringLiteral("/shared/out"));
        if (field == QLatin1String("partition"))
            o.partition = value;
        else if (field == QLatin1String("account"))
            o.account = value;
        else if (field == QLatin1String("gres"))
            o.gres = value;
        else if (field == QLatin1String("module"))
            o.modules = {value};
        else if (field == QLatin1String("runner"))
            o.runner = value;
        else
            o.outputDir = value;
        QCOMPARE(validateOptions(o), error);
    }

    void plans() {
        ClusterOptions o = cpuOptions(QStringLiteral("/o"));
        const QList<int> cases{2, 3, 4, 5, 7};
        QCOMPARE(planTasks(o, cases), (QList<QList<int>>{cases, cases}));
        o.split = Split::Cases;
        o.count = 0;
        QCOMPARE(planTasks(o, cases), (QList<QList<int>>{{2}, {3}, {4}, {5}, {7}}));
        o.count = 2;
        QCOMPARE(planTasks(o, cases), (QList<QList<int>>{{2, 3, 4}, {5, 7}}));
        o.count = 9; // no empty tasks
        QCOMPARE(planTasks(o, cases).size(), 5);
    }

    void script() {
        ClusterOptions o = cpuOptions(QStringLiteral("/shared/it's here"));
        o.account = QStringLiteral("proj42");
        o.time = QStringLiteral("00:10:00");
        const QString s = batchScript(o, planTasks(o, {8, 15}));
        QCOMPARE(
            s,
            QStringLiteral(
                "#!/bin/bash\n"
                "# kix 0.1.0: rerun of the bundled fused RMSNorm-backward kernel in CPU mode (not a GPU "
                "result), written by `kix run --slurm`.\n"
                "# Each array task runs `kix run` on its allocation and writes one manifest to the staging\n"
                "# folder; the submitting kix verifies every digest before it moves the manifest to\n"
                "# /shared/it's here\n"
                "#SBATCH --job-name=kix-rerun\n"
                "#SBATCH --array=0-1\n"
                "#SBATCH --partition=debug\n"
                "#SBATCH --account=proj42\n"
                "#SBATCH --time=00:10:00\n"
                "#SBATCH --ntasks=1\n"
                "#SBATCH --cpus-per-task=1\n"
                "#SBATCH --no-requeue\n"
                "#SBATCH --output=/shared/it's here/.kix-slurm/kix-%A_%a.log\n"
                "set -euo pipefail\n"
                "task=\"${SLURM_ARRAY_TASK_ID:?not started as a Slurm array task}\"\n"
                "job=\"${SLURM_ARRAY_JOB_ID}\"\n"
                "case \"$task\" in\n"
                "  0) cases=8,15 ;;\n"
                "  1) cases=8,15 ;;\n"
                "  *) echo \"kix: array task $task has no cases\" >&2; exit %1 ;;\n"
                "esac\n"
                "exec '/opt/kix/bin/kix' run --device cpu --quick --cases \"$cases\" --progress jsonl \\\n"
                "  --output '/shared/it'\\''s here/.kix-slurm'/\"job$job\" --file-tag "
                "\"job$job-task$task\"\n")
                .arg(int(protocol::RunUsage)));
    }

    void gpuScriptAsksForAGpu() {
        ClusterOptions o = cpuOptions(QStringLiteral("/o"));
        o.cpu = false;
        o.modules = {QStringLiteral("cuda/13.0")};
        QString s = batchScript(o, planTasks(o, {0}));
        QVERIFY(s.startsWith(QStringLiteral("#!/bin/bash -l\n")));
        QVERIFY(s.contains(QStringLiteral("\n#SBATCH --gres=gpu:1\n")));
        QVERIFY(s.contains(QStringLiteral("\nmodule load cuda/13.0\n")));
        QVERIFY(!s.contains(QStringLiteral("--device cpu")));
        o.gpusPerTask = QStringLiteral("1");
        s = batchScript(o, planTasks(o, {0}));
        QVERIFY(!s.contains(QStringLiteral("--gres")));
        QVERIFY(s.contains(QStringLiteral("\n#SBATCH --gpus-per-task=1\n")));
    }

    void outcomes_data() {
        QTest::addColumn<QString>("state");
        QTest::addColumn<int>("outcome");
        QTest::newRow("pending") << "PENDING" << int(TaskOutcome::Pending);
        QTest::newRow("configuring") << "CONFIGURING" << int(TaskOutcome::Pending);
        QTest::newRow("running") << "RUNNING" << int(TaskOutcome::Running);
        QTest::newRow("completing") << "COMPLETING" << int(TaskOutcome::Running);
        QTest::newRow("completed") << "COMPLETED" << int(TaskOutcome::Done);
        QTest::newRow("failed") << "FAILED" << int(TaskOutcome::Failed);
        QTest::newRow("node fail") << "NODE_FAIL" << int(TaskOutcome::Failed);
        QTest::newRow("oom") << "OUT_OF_MEMORY" << int(TaskOutcome::Failed);
        QTest::newRow("cancelled by") << "CANCELLED by 0" << int(TaskOutcome::Cancelled);
        QTest::newRow("timeout") << "TIMEOUT" << int(TaskOutcome::TimedOut);
    }
    void outcomes() {
        QFETCH(QString, state);
        QFETCH(int, outcome);
        QCOMPARE(int(outcomeOf(state)), outcome);
        QCOMPARE(isFinal(state), outcome >= int(TaskOutcome::Done));
    }

    void explanations_data() {
        QTest::addColumn<QString>("state");
        QTest::addColumn<QString>("reason");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<int>("signal");
        QTest::addColumn<QString>("text");
        QTest::newRow("exit") << "FAILED"
                              << "NonZeroExitCode" << 3 << 0 << "exit status 3 (FAILED, NonZeroExitCode)";
        QTest::newRow("signal") << "FAILED"
                                << "None" << 0 << 9 << "it was killed by signal 9 (FAILED)";
        QTest::newRow("node") << "NODE_FAIL"
                              << "NodeDown" << 0 << 0
                              << "its node failed or was set down (NODE_FAIL, NodeDown)";
        QTest::newRow("time") << "TIMEOUT"
                              << "TimeLimit" << 0 << 15 << "it reached its time limit (TIMEOUT)";
        QTest::newRow("cancel") << "CANCELLED by 0"
                                << "" << 0 << 15 << "it was cancelled (CANCELLED by 0)";
    }
    void explanations() {
        QFETCH(QString, state);
        QFETCH(QString, reason);
        QFETCH(int, exitCode);
        QFETCH(int, signal);
        QFETCH(QString, text);
        QCOMPARE(stateExplanation({0, state, reason, exitCode, signal}), text);
    }

    void readSqueue() {
        const auto tasks = parseSqueue("12_1|RUNNING|None\n12_0|PENDING|Resources\n13_0|RUNNING|None\n"
                                       "12_[2-3]|PENDING|Priority\ngarbage\n",
                                       QStringLiteral("12"));
        QCOMPARE(tasks.size(), 4);
        QCOMPARE(tasks[0].task, 1);
        QCOMPARE(tasks[0].state, QStringLiteral("RUNNING"));
        QCOMPARE(tasks[1].reason, QStringLiteral("Resources"));
        QCOMPARE(tasks[3].task, 3);
        QVERIFY(parseSqueue("", QStringLiteral("12")).isEmpty());
        QCOMPARE(squeueArguments(QStringLiteral("12")).join(u' '),
                 QStringLiteral("--noheader --array --states=all --jobs 12 --format %i|%T|%r"));
    }

    void readSacct() {
        const auto tasks = parseSacct("12_0|COMPLETED|0:0\n12_1|FAILED|3:0\n12_2|CANCELLED by 0|0:15\n"
                                      "12_[3-4]|PENDING|0:0\n",
                                      QStringLiteral("12"));
        QCOMPARE(tasks.size(), 5);
        QCOMPARE(tasks[1].exitCode, 3);
        QCOMPARE(tasks[2].signal, 15);
        QCOMPARE(outcomeOf(tasks[2].state), TaskOutcome::Cancelled);
        QCOMPARE(tasks[4].task, 4);
    }

    void readScontrol() {
        // As Slurm 22.05 prints `scontrol --oneliner show job` (fields trimmed).
        const QByteArray out =
            "JobId=13 ArrayJobId=12 ArrayTaskId=0 JobName=kix-rerun JobState=COMPLETED Reason=None "
            "Dependency=(null) ExitCode=0:0 RunTime=00:00:01\n"
            "JobId=12 ArrayJobId=12 ArrayTaskId=1 JobName=kix-rerun JobState=NODE_FAIL Reason=NodeDown "
            "ExitCode=143:0\n"
            "JobId=14 ArrayJobId=12 ArrayTaskId=2-3%1 JobState=PENDING Reason=JobArrayTaskLimit "
            "ExitCode=0:0\n"
            "JobId=20 ArrayJobId=20 ArrayTaskId=0 JobState=RUNNING Reason=None ExitCode=0:0\n";
        const auto tasks = parseScontrol(out, QStringLiteral("12"));
        QCOMPARE(tasks.size(), 4);
        QCOMPARE(tasks[0].state, QStringLiteral("COMPLETED"));
        QCOMPARE(tasks[1].reason, QStringLiteral("NodeDown"));
        QCOMPARE(tasks[1].exitCode, 143);
        QCOMPARE(tasks[3].task, 3);
    }

    void jobIds() {
        QCOMPARE(parseJobId("42\n"), QStringLiteral("42"));
        QCOMPARE(parseJobId("42;cluster-a\n"), QStringLiteral("42"));
        QCOMPARE(parseJobId("Submitted batch job 42\n"), QString());
    }

    void commandTimeoutAndErrors() {
        QTemporaryDir tools;
        writeTool(tools, QStringLiteral("squeue"), "exec /bin/sleep 30\n");
        writeTool(tools, QStringLiteral("sacct"),
                  "echo 'sacct: error: Slurm accounting storage is disabled' >&2\nexit 1\n");
        PathGuard path(tools.path());
        QElapsedTimer t;
        t.start();
        const CommandResult slow = runSlurmCommand(QStringLiteral("squeue"), {}, 500);
        QVERIFY(t.elapsed() < 5000);
        QCOMPARE(slow.failure(), QStringLiteral("squeue did not answer within 0.5 s (stopped it)"));
        const CommandResult refused = runSlurmCommand(QStringLiteral("sacct"), {}, 5000);
        QCOMPARE(refused.failure(),
                 QStringLiteral("sacct exited with status 1: Slurm accounting storage is disabled"));
        QCOMPARE(runSlurmCommand(QStringLiteral("sinfo"), {}, 500).failure(),
                 QStringLiteral("sinfo not found (not on PATH)"));
    }

    // What `kix run --slurm` says before any job exists, with fake Slurm commands standing in.
    // Only a file the task named, inside this job's staging folder, with this task's tag, is its result.
    void ownStagedFiles_data() {
        QTest::addColumn<QString>("named");
        QTest::addColumn<bool>("own");
        const QString staging = jobStagingFolder(QStringLiteral("/out"), QStringLiteral("42"));
        QTest::newRow("its own") << staging + "/kix-run-x-job42-task3.manifest.json" << true;
        QTest::newRow("another task's") << staging + "/kix-run-x-job42-task4.manifest.json" << false;
        QTest::newRow("task 13 is not task 3") << staging + "/kix-run-x-job42-task13.manifest.json" << false;
        QTest::newRow("another job's folder")
            << jobStagingFolder(QStringLiteral("/out"), QStringLiteral("41")) +
                   "/kix-run-x-job42-task3.manifest.json"
            << false;
        QTest::newRow("outside staging") << "/out/kix-run-x-job42-task3.manifest.json" << false;
        QTest::newRow("not a manifest") << staging + "/kix-run-x-job42-task3.samples.json" << false;
        QTest::newRow("none") << QString() << false;
    }
    void ownStagedFiles() {
        QFETCH(QString, named);
        QFETCH(bool, own);
        const QString staging = jobStagingFolder(QStringLiteral("/out"), QStringLiteral("42"));
        QCOMPARE(ownStagedFile(named, staging, taskFileTag(QStringLiteral("42"), 3)),
                 own ? named : QString());
    }

    // A completed task whose manifest is missing or unreadable: nothing reaches the output folder, the
    // unreadable file is kept as *.rejected, and no event but the task's own says so.
    void takeBackRefusals() {
        QTemporaryDir out;
        const QString staging = jobStagingFolder(out.path(), QStringLiteral("42"));
        QVERIFY(QDir().mkpath(staging));
        ReturnedRuns returned(out.path(), QString(), QStringLiteral("impl.json"),
                              QStringLiteral("kix_local_rerun"));
        TakenBack none = returned.takeBack(3, QString(), staging, QStringLiteral("passed"));
        QVERIFY(!none.ok);
        QCOMPARE(none.message, QStringLiteral("Slurm says COMPLETED but the task wrote no manifest"));
        QVERIFY(none.events.isEmpty());

        const QString staged = staging + "/kix-run-x-job42-task3.manifest.json";
        QFile f(staged);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"run\": ");
        f.close();
        const TakenBack bad = returned.takeBack(3, staged, staging, QStringLiteral("passed"));
        QVERIFY(!bad.ok);
        QVERIFY(bad.file.isEmpty());
        QCOMPARE(bad.message,
                 QStringLiteral("its manifest failed verification: it is not a valid manifest: %1: not valid "
                                "JSON (line 1, column 9): syntax error while parsing value - unexpected end "
                                "of input; expected '[', '{', or a literal; kept as %1.rejected, not opened")
                     .arg(staged));
        QVERIFY(bad.events.isEmpty());
        QVERIFY(!QFile::exists(staged));
        QVERIFY(QFile::exists(staged + ".rejected"));
        QCOMPARE(QDir(out.path()).entryList(QDir::Files), QStringList());
    }

    void submissionFailures_data() {
        QTest::addColumn<QByteArray>("sbatch"); // empty: no sbatch on PATH
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("message");
        QTest::newRow("no sbatch") << QByteArray() << int(protocol::RunUnavailable)
                                   << "sbatch not found: Slurm's client commands are not on PATH";
        QTest::newRow("rejected")
            << QByteArray(
                   "echo 'sbatch: error: invalid partition specified: nope' >&2\n"
                   "echo 'sbatch: error: Batch job submission failed: Invalid partition name specified' >&2\n"
                   "exit 1\n")
            << int(protocol::RunFailed)
            << "Slurm rejected the job: invalid partition specified: nope; Batch job submission failed: "
               "Invalid "
               "partition name specified";
        QTest::newRow("hangs")
            << QByteArray("exec /bin/sleep 30\n") << int(protocol::RunFailed)
            << "sbatch did not answer within 1 s (stopped it); the job may or may not have been "
               "submitted (see squeue --me)";
        QTest::newRow("no job id") << QByteArray("echo 'Submitted batch job'\n") << int(protocol::RunFailed)
                                   << "sbatch answered without a job id: \"Submitted batch job\"";
        QTest::newRow("control characters in stderr")
            << QByteArray("printf 'sbatch: error: \\033]52;c;eA==\\007bad\\n' >&2\nexit 1\n")
            << int(protocol::RunFailed) << "Slurm rejected the job: \\x1b]52;c;eA==\\x07bad";
    }
    void submissionFailures() {
        QFETCH(QByteArray, sbatch);
        QFETCH(int, code);
        QFETCH(QString, message);
        QTemporaryDir tools, out;
        if (!sbatch.isEmpty())
            writeTool(tools, QStringLiteral("sbatch"), sbatch);
        writeTool(tools, QStringLiteral("squeue"), "exit 0\n");
        writeTool(tools, QStringLiteral("scancel"), "exit 0\n");
        QVERIFY(QDir().mkpath(stagingFolder(out.path())));
        PathGuard path(tools.path());
        QList<protocol::RunnerEvent> events;
        FollowOptions follow;
        follow.commandTimeoutMs = 1000;
        const ClusterOptions o = cpuOptions(out.path());
        ClusterRun run(
            o, planTasks(o, {8}), follow, [&](const protocol::RunnerEvent& e) { events << e; },
            [] { return false; });
        QCOMPARE(run.run(), code);
        QCOMPARE(events.last().message, message);
        QCOMPARE(events.last().exitCode, code);
        // Nothing but the script (kept for the record) in the output folder.
        QCOMPARE(QDir(out.path()).entryList(QDir::Files | QDir::NoDotAndDotDot), QStringList{});
    }
};

KIX_TEST_GUILESS_MAIN(TestSlurmScript)
#include "tst_slurm_script.moc"
