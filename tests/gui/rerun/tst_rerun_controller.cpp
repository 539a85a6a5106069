// "Run locally": the real `kix` on a machine without a GPU says so; a scripted runner drives the
// progress parsing and the cancel path (terminate, then kill).
#include "ClusterTaskModel.h"
#include "GuiTest.h"
#include "KeyStore.h"
#include "LocalRunner.h"
#include "MainWindow.h"
#include "PlainText.h"
#include "RerunController.h"
#include "RerunDialog.h"
#include "Signing.h"
#include "TestMain.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QByteArray>
#include <QChar>
#include <QDir>
#include <QFile>
#include <QFileDevice>
#include <QFileInfo>
#include <QIODevice>
#include <QLabel>
#include <QList>
#include <QObject>
#include <QPair>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTemporaryDir>
#include <QTest>
#include <QVariantList>

using namespace kix::ui;

namespace {
// A stand-in runner in `folder`: prints JSON-lines events like `kix run --progress jsonl`, then sleeps
// or exits.
QString writeScriptIn(const QString& folder, const QByteArray& body) {
    QDir().mkpath(folder);
    QString path = folder + QStringLiteral("/fake-kix.sh");
    QFile f(path);
    f.open(QIODevice::WriteOnly);
    f.write("#!/bin/sh\n" + body);
    f.close();
    f.setPermissions(f.permissions() | QFileDevice::ExeOwner);
    return path;
}
QString writeScript(const QTemporaryDir& dir, const QByteArray& body) {
    return writeScriptIn(dir.path(), body);
}

// The same in a folder whose name holds an escape sequence and a bidi control (a runner path and an
// output folder are untrusted text in the log).
QString writeScriptInHostileFolder(const QTemporaryDir& dir, const QByteArray& body) {
    return writeScriptIn(dir.filePath(QStringLiteral("evil\x1b[2J\u202Edir")), body);
}

// Scripts of a local run: two cases reported, then how it ends.
QByteArray twoCases(const QByteArray& end) {
    return "echo "
           "'{\"event\":\"case-started\",\"position\":1,\"total\":2,\"case\":0,\"batch_size\":4,\"seq_len\":"
           "1973}'\n"
           "echo "
           "'{\"event\":\"case-finished\",\"position\":1,\"total\":2,\"case\":0,\"correct\":true,"
           "\"medianNs\":63470}'\n" +
           end;
}
const char kSucceeds[] =
    "echo "
    "'{\"event\":\"case-started\",\"position\":2,\"total\":2,\"case\":8,\"batch_size\":1,\"seq_len\":128}'\n"
    "echo "
    "'{\"event\":\"case-finished\",\"position\":2,\"total\":2,\"case\":8,\"correct\":true,\"medianNs\":9310}'"
    "\n"
    "echo '{\"event\":\"written\",\"file\":\"/tmp/x.manifest.json\",\"status\":\"passed\"}'\n"
    "exit 0\n";
const char kFails[] =
    "echo '{\"event\":\"failed\",\"exitCode\":5,\"message\":\"case 2 failed \\u001b[2J\\u202e\"}'\n"
    "exit 5\n";
const char kRunsOn[] = "exec sleep 30\n";
} // namespace

class TestRerunController : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixtest::initGui(); }

    void realRunnerWithoutGpu() {
        const QString why = kix::runner::localRunUnavailableReason();
        if (why.isEmpty())
            QSKIP("this machine has a GPU");
        qputenv("KIX_RUNNER", KIX_CLI_PATH);
        RerunController c;
        QSignalSpy availability(&c, &RerunController::availabilityChanged);
        c.checkAvailability();
        QVERIFY(availability.wait(10000));
        QCOMPARE(availability.first().at(0).toBool(), false);
        QCOMPARE(availability.first().at(1).toString(), why);

        QTemporaryDir out;
        QSignalSpy finished(&c, &RerunController::finished);
        c.start(out.filePath(QStringLiteral("runs")));
        QVERIFY(finished.wait(10000));
        QCOMPARE(finished.first().at(0).toBool(), false);
        QCOMPARE(finished.first().at(1).toString(),
                 QStringLiteral("no GPU can be used on this machine: %1").arg(why));
        QVERIFY(!QFileInfo::exists(out.filePath(QStringLiteral("runs"))));
    }

    // Run locally signs what it wrote: the real `kix run` (in CPU mode, so it runs here) signs with this
    // user's key, says so in the log, and the envelope beside the manifest verifies as trusted (issue 10).
    void realRunnerSignsWhatItWrote() {
        QTemporaryDir config, out;
        const QByteArray oldConfig = qgetenv("XDG_CONFIG_HOME");
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(config.path())); // the runner process inherits it
        qputenv("KIX_RUNNER", KIX_CLI_PATH);
        RerunController c;
        QSignalSpy finished(&c, &RerunController::finished);
        QStringList log;
        connect(&c, &RerunController::logLine, this, [&log](const QString& line) { log << line; });
        c.start(out.path(), {QStringLiteral("--device"), QStringLiteral("cpu"), QStringLiteral("--quick"),
                             QStringLiteral("--cases"), QStringLiteral("15")});
        QVERIFY(finished.wait(60000));
        QVERIFY2(finished.first().at(0).toBool(), qPrintable(log.join(u'\n')));
        const QStringList manifests = finished.first().at(2).toStringList();
        QCOMPARE(manifests.size(), 1);
        QString error;
        // The runner is the `kix` program: its config folder is <XDG_CONFIG_HOME>/kix/kix, not this test's.
        const kix::KeyStore keys(config.filePath(QStringLiteral("kix/kix")));
        const auto key = keys.existingSigningKey(error);
        const auto trust = keys.trustStore(error);
        if (oldConfig.isNull())
            qunsetenv("XDG_CONFIG_HOME");
        else
            qputenv("XDG_CONFIG_HOME", oldConfig);
        QVERIFY2(key && trust, qPrintable(error));
        QVERIFY2(
            log.contains(
                QStringLiteral("signed by %1: %2.intoto.jsonl").arg(key->fingerprint(), manifests.first())),
            qPrintable(log.join(u'\n')));
        const auto checks = kix::verifyEnvelopesBeside(manifests.first(), *trust);
        QCOMPARE(checks.size(), 1);
        QCOMPARE(checks.first().state, kix::SignatureState::Trusted);
        QCOMPARE(checks.first().subjects.size(), 2); // the manifest and the implementation beside it
    }

    void progressFromJsonLines() {
        QTemporaryDir dir;
        qputenv("KIX_RUNNER",
                writeScript(dir, R"(echo '{"event":"device","name":"Fake GPU","computeCapability":"9.0"}'
echo '{"event":"case-started","position":1,"total":2,"case":0,"batch_size":4,"seq_len":1973}'
echo '{"event":"case-finished","position":1,"total":2,"case":0,"correct":true,"medianNs":63470}'
echo '{"event":"case-started","position":2,"total":2,"case":8,"batch_size":1,"seq_len":128}'
echo '{"event":"case-finished","position":2,"total":2,"case":8,"correct":true,"medianNs":9310}'
echo '{"event":"written","file":"/tmp/x.manifest.json","status":"passed"}'
exit 0
)")
                    .toLocal8Bit());
        RerunController c;
        QSignalSpy progress(&c, &RerunController::progress);
        QSignalSpy finished(&c, &RerunController::finished);
        c.start(dir.path());
        QVERIFY(finished.wait(10000));
        QCOMPARE(finished.first().at(0).toBool(), true);
        QCOMPARE(finished.first().at(2).toStringList(), QStringList{QStringLiteral("/tmp/x.manifest.json")});
        QCOMPARE(progress.size(), 4);
        QCOMPARE(progress.last().at(0).toInt(), 2);
        QCOMPARE(progress.last().at(2).toString(),
                 QStringLiteral("case 2 of 2 (workload 8): 9.31 µs median, correct"));
    }

    void cancelStopsTheProcess() {
        QTemporaryDir dir;
        qputenv("KIX_RUNNER",
                writeScript(dir, "echo "
                                 "'{\"event\":\"case-started\",\"position\":1,\"total\":16,\"case\":0,"
                                 "\"batch_size\":4,\"seq_len\":1973}'\nexec sleep 30\n")
                    .toLocal8Bit());
        RerunController c;
        QSignalSpy progress(&c, &RerunController::progress);
        QSignalSpy finished(&c, &RerunController::finished);
        c.start(dir.path());
        QVERIFY(progress.wait(10000));
        QVERIFY(c.isRunning());
        c.cancel();
        QVERIFY(finished.wait(5000));
        QCOMPARE(finished.first().at(0).toBool(), false);
        QCOMPARE(finished.first().at(1).toString(), QStringLiteral("cancelled; nothing was written"));
        QVERIFY(!c.isRunning());
    }

    // The local run's panel: the runner's command line first in the log (its path shown inert), each
    // case's progress in the status line and the bar, Cancel asking the runner to stop, and the final
    // word for a success, a failure and a cancel.
    void localDialogProgressAndOutcome_data() {
        QTest::addColumn<QByteArray>("script");
        QTest::addColumn<bool>("cancel");
        QTest::addColumn<bool>("success");
        QTest::addColumn<QString>("status");
        QTest::addColumn<int>("progressShown");
        QTest::newRow("success") << twoCases(kSucceeds) << false << true
                                 << QStringLiteral("Done: finished: every case passed") << 4;
        QTest::newRow("failure") << twoCases(kFails) << false << false
                                 << QStringLiteral(
                                        "Not completed: the run failed: case 2 failed \\x1b[2J⟨U+202E⟩")
                                 << 2;
        QTest::newRow("cancel") << twoCases(kRunsOn) << true << false
                                << QStringLiteral("Not completed: cancelled; nothing was written") << 2;
    }
    void localDialogProgressAndOutcome() {
        QFETCH(QByteArray, script);
        QFETCH(bool, cancel);
        QFETCH(bool, success);
        QFETCH(QString, status);
        QFETCH(int, progressShown);
        QTemporaryDir dir;
        const QString runner = writeScriptInHostileFolder(dir, script);
        qputenv("KIX_RUNNER", QFile::encodeName(runner));
        RerunController c;
        RerunDialog panel(&c);
        QCOMPARE(panel.windowTitle(), QStringLiteral("Run locally"));
        QCOMPARE(panel.tasks(), nullptr);
        QCOMPARE(panel.status()->text(), QStringLiteral("Starting the runner…"));
        auto* bar = panel.findChild<QProgressBar*>();
        QVERIFY(bar);
        QPushButton* button = nullptr;
        for (QPushButton* b : panel.findChildren<QPushButton*>())
            if (b->text() == QStringLiteral("Cancel run"))
                button = b;
        QVERIFY(button);
        // What the panel shows after each progress report (the panel's own slot runs first).
        QStringList shown;
        QList<QPair<int, int>> bars;
        connect(&c, &RerunController::progress, this, [&] {
            shown << panel.status()->text();
            bars << qMakePair(bar->value(), bar->maximum());
        });
        QSignalSpy progress(&c, &RerunController::progress);
        QSignalSpy log(&c, &RerunController::logLine);
        QSignalSpy finished(&c, &RerunController::finished);
        c.start(dir.path());
        QCOMPARE(panel.log()->toPlainText().split(u'\n').first(),
                 QStringLiteral("$ %1/evil\\x1b[2J⟨U+202E⟩dir/fake-kix.sh run --progress jsonl --output %1")
                     .arg(dir.path()));
        if (cancel) {
            QTRY_COMPARE_WITH_TIMEOUT(progress.size(), progressShown, 10000);
            QVERIFY(c.isRunning());
            button->click();
            QVERIFY(log.contains(QVariantList{QStringLiteral("stopping the run…")}));
        }
        QVERIFY(!finished.isEmpty() || finished.wait(10000));
        QCOMPARE(finished.first().at(0).toBool(), success);
        QCOMPARE(progress.size(), progressShown);
        QCOMPARE(shown.first(), QStringLiteral("case 1 of 2 (workload 0): batch_size=4 seq_len=1973"));
        QCOMPARE(bars.first(), qMakePair(0, 2));
        QCOMPARE(shown.at(1), QStringLiteral("case 1 of 2 (workload 0): 63.47 µs median, correct"));
        QCOMPARE(bars.at(1), qMakePair(1, 2));
        if (success) {
            QCOMPARE(shown.last(), QStringLiteral("case 2 of 2 (workload 8): 9.31 µs median, correct"));
            QCOMPARE(bars.last(), qMakePair(2, 2));
        }
        QCOMPARE(panel.status()->text(), status);
        QCOMPARE(bar->value(), success ? 1 : 0);
        QCOMPARE(bar->maximum(), 1);
        QCOMPARE(button->text(), QStringLiteral("Close"));
        QVERIFY(!c.isRunning());
        QVERIFY(!panel.log()->toPlainText().contains(QChar(0x1b)));
        QVERIFY(!panel.log()->toPlainText().contains(QChar(0x202E)));
    }

    // A runner that cannot be started: the panel's status names its path with the escape and bidi
    // control in it shown, never obeyed.
    void localDialogShowsAFailedStartInert() {
        qputenv("KIX_RUNNER", "/nonexistent/evil\x1b[2J\xe2\x80\xaekix");
        RerunController c;
        RerunDialog panel(&c);
        QSignalSpy finished(&c, &RerunController::finished);
        QTemporaryDir out;
        c.start(out.path());
        QVERIFY(!finished.isEmpty() || finished.wait(10000));
        QCOMPARE(panel.status()->text(), QStringLiteral("Not completed: could not start "
                                                        "/nonexistent/evil\\x1b[2J⟨U+202E⟩kix: execvp: No "
                                                        "such file or directory"));
    }

    void exitMessages() {
        RerunController local;
        QCOMPARE(local.exitMessage(4), QStringLiteral("no GPU can be used on this machine"));
        QCOMPARE(local.exitMessage(6), QStringLiteral("cancelled; nothing was written"));
        RerunController cluster(RerunController::Mode::Cluster, nullptr);
        QCOMPARE(cluster.exitMessage(0),
                 QStringLiteral("finished: every task done and its manifest verified"));
        QCOMPARE(cluster.exitMessage(4), QStringLiteral("Slurm cannot be used from here"));
        QCOMPARE(cluster.exitMessage(5), QStringLiteral("the run failed"));
    }

    // "Run on cluster…" is disabled with the reason when sbatch is not on PATH (the real kix says so).
    void clusterUnavailableWithoutSbatch() {
        QTemporaryDir empty;
        const QByteArray path = qgetenv("PATH");
        qputenv("PATH", empty.path().toLocal8Bit());
        qputenv("KIX_RUNNER", KIX_CLI_PATH);
        MainWindow w;
        QSignalSpy availability(w.clusterRerun(), &RerunController::availabilityChanged);
        const bool answered = availability.wait(10000);
        qputenv("PATH", path);
        QVERIFY(answered);
        QCOMPARE(availability.first().at(0).toBool(), false);
        QCOMPARE(availability.first().at(1).toString(),
                 QStringLiteral("sbatch not found: Slurm's client commands are not on PATH"));
        QAction* a = w.action(QStringLiteral("runOnCluster"));
        QVERIFY(!a->isEnabled());
        QCOMPARE(a->statusTip(),
                 QStringLiteral("Unavailable: sbatch not found: Slurm's client commands are not on PATH"));
    }

    // A scripted `kix run --slurm`: task states, per-task cases, a failed task with its log tail, and the
    // verified manifests it reports.
    void clusterProgressPerTask() {
        QTemporaryDir dir;
        qputenv(
            "KIX_RUNNER",
            writeScript(dir, QByteArray("echo '{\"event\":\"job-submitted\",\"jobId\":\"7\",\"tasks\":2}'\n"
                                        "echo "
                                        "'{\"event\":\"task-state\",\"task\":0,\"jobId\":\"7\",\"state\":"
                                        "\"RUNNING\",\"reason\":\"None\",\"outcome\":\"running\"}'\n"
                                        "echo "
                                        "'{\"event\":\"task-state\",\"task\":1,\"jobId\":\"7\",\"state\":"
                                        "\"PENDING\",\"reason\":\"Resources\",\"outcome\":\"pending\"}'\n"
                                        "echo "
                                        "'{\"event\":\"case-started\",\"task\":0,\"position\":1,\"total\":2,"
                                        "\"case\":8,\"batch_size\":1,\"seq_len\":128}'\n"
                                        "echo "
                                        "'{\"event\":\"written\",\"task\":0,\"file\":\"/out/"
                                        "kix-cpu-reference-0.1.0.json\",\"status\":\"resource\"}'\n"
                                        "echo "
                                        "'{\"event\":\"written\",\"task\":0,\"file\":\"/out/"
                                        "a-job7-task0.manifest.json\",\"status\":\"passed\"}'\n"
                                        "echo "
                                        "'{\"event\":\"task-finished\",\"task\":0,\"jobId\":\"7\",\"state\":"
                                        "\"COMPLETED\",\"reason\":\"None\",\"outcome\":\"done\",\"exitCode\":"
                                        "0,\"signal\":0,\"message\":\"manifest verified: "
                                        "a-job7-task0.manifest.json\",\"file\":\"/out/"
                                        "a-job7-task0.manifest.json\",\"logTail\":[]}'\n"
                                        "echo "
                                        "'{\"event\":\"task-finished\",\"task\":1,\"jobId\":\"7\",\"state\":"
                                        "\"FAILED\",\"reason\":\"NonZeroExitCode\",\"outcome\":\"failed\","
                                        "\"exitCode\":3,\"signal\":0,\"message\":\"exit status 3 (FAILED, "
                                        "NonZeroExitCode)\",\"logTail\":[\"boom \\u001b[2J\"]}'\n"
                                        "echo '{\"event\":\"failed\",\"exitCode\":5,\"message\":\"job 7: 1 "
                                        "of 2 tasks done; task 1 failed\"}'\n"
                                        "exit 5\n"))
                .toLocal8Bit());
        RerunController c(RerunController::Mode::Cluster, nullptr);
        RerunDialog panel(&c);
        QVERIFY(panel.tasks());
        QAbstractItemModelTester tester(panel.tasks(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy finished(&c, &RerunController::finished);
        QSignalSpy progress(&c, &RerunController::progress);
        c.start(dir.path());
        QVERIFY(finished.wait(10000));
        QCOMPARE(finished.first().at(0).toBool(), false);
        QCOMPARE(finished.first().at(1).toString(),
                 QStringLiteral("job 7: 1 of 2 tasks done; task 1 failed"));
        QCOMPARE(finished.first().at(2).toStringList(),
                 QStringList{QStringLiteral("/out/a-job7-task0.manifest.json")});
        QCOMPARE(c.writtenResources(), QStringList{QStringLiteral("/out/kix-cpu-reference-0.1.0.json")});
        QCOMPARE(progress.last().at(0).toInt(), 2);
        QCOMPARE(progress.last().at(2).toString(), QStringLiteral("job 7: 2 of 2 tasks finished"));
        ClusterTaskModel* tasks = panel.tasks();
        QCOMPARE(tasks->rowCount(), 2);
        QCOMPARE(tasks->index(0, ClusterTaskModel::State).data().toString(),
                 QStringLiteral("done (COMPLETED)"));
        QCOMPARE(tasks->index(0, ClusterTaskModel::Progress).data().toString(),
                 QStringLiteral("case 1 of 2 (workload 8)"));
        QCOMPARE(tasks->index(1, ClusterTaskModel::State).data().toString(),
                 QStringLiteral("failed (FAILED)"));
        QCOMPARE(tasks->index(1, ClusterTaskModel::Result).data().toString(),
                 QStringLiteral("exit status 3 (FAILED, NonZeroExitCode)"));
        // A tooltip of the runner's words is plain text, never rich text.
        QCOMPARE(tasks->index(1, ClusterTaskModel::Result).data(Qt::ToolTipRole).toString(),
                 plainToolTip(QStringLiteral("exit status 3 (FAILED, NonZeroExitCode)")));
        QVERIFY(panel.log()->toPlainText().contains(QStringLiteral("    | boom \\x1b[2J")));
        QCOMPARE(panel.status()->text(),
                 QStringLiteral("Not completed: job 7: 1 of 2 tasks done; task 1 failed"));
    }
};

KIX_TEST_MAIN(TestRerunController)
#include "tst_rerun_controller.moc"
