// "Run on cluster…" against the one-node Slurm of the slurm_cluster fixture: a two-task array in CPU
// mode is submitted from the explorer, followed in the progress panel task by task, and the two
// verified manifests that come back are opened, selected and compared.
#include "CaseDiffModel.h"
#include "ClusterRunDialog.h"
#include "ClusterTaskModel.h"
#include "DiffWidget.h"
#include "GuiTest.h"
#include "MainWindow.h"
#include "RerunController.h"
#include "RerunDialog.h"
#include "Settings.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QIODevice>
#include <QLabel>
#include <QLineEdit>
#include <QObject>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTemporaryDir>

using namespace kix::ui;

class TestClusterGui : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        kixtest::initGui();
        const QString scratch = qEnvironmentVariable("KIX_SLURM_SCRATCH");
        if (scratch.isEmpty())
            QSKIP("no one-node Slurm cluster: run through ctest, whose slurm_cluster fixture starts it");
        QFile reason(QDir(scratch).filePath(QStringLiteral("skip-reason")));
        if (reason.open(QIODevice::ReadOnly))
            QSKIP(qPrintable(QStringLiteral("the one-node Slurm cluster was not started: ") +
                             QString::fromUtf8(reason.readAll()).trimmed()));
        qputenv("KIX_RUNNER", KIX_CLI_PATH);
    }

    void twoTaskArrayOpensAndCompares() {
        MainWindow w;
        QSignalSpy availability(w.clusterRerun(), &RerunController::availabilityChanged);
        QVERIFY(availability.wait(20000));
        QVERIFY2(w.action(QStringLiteral("runOnCluster"))->isEnabled(),
                 qPrintable(w.clusterRerun()->unavailableReason()));

        // The form the action opens, filled in as a user would.
        QTemporaryDir out;
        w.action(QStringLiteral("runOnCluster"))->trigger();
        auto* form = w.findChild<ClusterRunDialog*>();
        QVERIFY(form);
        form->partition()->setText(QStringLiteral("debug"));
        form->outputFolder()->setText(out.path());
        form->device()->setCurrentIndex(1); // CPU mode
        form->array()->setText(QStringLiteral("gpus:2"));
        form->cases()->setText(QStringLiteral("8,15"));
        form->quick()->setChecked(true);
        ClusterSettings s = form->settings();
        QCOMPARE(clusterArguments(s),
                 (QStringList{QStringLiteral("--partition"), QStringLiteral("debug"),
                              QStringLiteral("--array"), QStringLiteral("gpus:2"), QStringLiteral("--cases"),
                              QStringLiteral("8,15"), QStringLiteral("--device"), QStringLiteral("cpu"),
                              QStringLiteral("--quick"), QStringLiteral("--poll"), QStringLiteral("5")}));
        form->reject();
        s.pollSeconds = 0.2; // the test's cluster answers at once
        QSignalSpy finished(w.clusterRerun(), &RerunController::finished);
        QSignalSpy loaded(&w, &MainWindow::loadFinished);
        w.startClusterRun(s);
        auto* panel = w.findChild<RerunDialog*>();
        QVERIFY(panel);
        QCOMPARE(panel->windowTitle(), QStringLiteral("Run on cluster"));
        QVERIFY(panel->tasks());
        QAbstractItemModelTester tester(panel->tasks(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(finished.wait(90000));
        QVERIFY2(finished.first().at(0).toBool(), qPrintable(finished.first().at(1).toString()));
        const QStringList files = finished.first().at(2).toStringList();
        QCOMPARE(files.size(), 2);
        QCOMPARE(panel->tasks()->rowCount(), 2);
        for (int t = 0; t < 2; ++t) {
            QCOMPARE(panel->tasks()->outcome(t), kix::protocol::TaskOutcome::Done);
            QVERIFY(panel->tasks()
                        ->index(t, ClusterTaskModel::Result)
                        .data()
                        .toString()
                        .startsWith(QStringLiteral("manifest verified: kix-cpu-run-")));
        }
        QCOMPARE(panel->status()->text(),
                 QStringLiteral("Done: finished: every task done and its manifest verified"));

        // The explorer opens both, selects them and compares them.
        QVERIFY(!loaded.isEmpty() || loaded.wait(20000));
        QCOMPARE(w.selectedStoreIndices().size(), 2);
        for (int i : w.selectedStoreIndices()) {
            const auto m = w.store()->at(i);
            QVERIFY(files.contains(m->file));
            QVERIFY(m->gpuLabel().startsWith(QStringLiteral("CPU: ")));
            for (const auto& c : w.store()->verify(i))
                QVERIFY2(c.state == kix::DigestCheck::State::Verified, qPrintable(c.field + u' ' + c.reason));
        }
        QCOMPARE(w.tabs()->currentWidget(), w.diff());
        QVERIFY(w.diff()->waitUntilShown(10000)); // compared off the UI thread
        QVERIFY2(w.diff()->verdictLabel()->text().startsWith(QStringLiteral("✔ Comparable")),
                 qPrintable(w.diff()->verdictLabel()->text()));
        QCOMPARE(w.diff()->caseModel()->rowCount(), 2);
        // Settings remembered for the next submission.
        QCOMPARE(Settings().cluster().partition, QStringLiteral("debug"));
        QCOMPARE(Settings().cluster().outputFolder, out.path());
        panel->close();
    }

    // Cancel in the progress panel: kix calls scancel, the task ends cancelled, nothing is opened.
    void cancelFromThePanel() {
        MainWindow w;
        QSignalSpy availability(w.clusterRerun(), &RerunController::availabilityChanged);
        QVERIFY(availability.wait(20000));
        QTemporaryDir out;
        ClusterSettings s;
        s.partition = QStringLiteral("debug");
        s.outputFolder = out.path();
        s.cpuMode = true; // every small case, full timing: long enough to cancel mid-run
        s.pollSeconds = 0.2;
        QSignalSpy finished(w.clusterRerun(), &RerunController::finished);
        bool running = false;
        connect(w.clusterRerun(), &RerunController::runnerEvent, this,
                [&running](const kix::protocol::RunnerEvent& e) {
                    running = running || (e.kind == kix::protocol::EventKind::CaseStarted && e.task == 0);
                });
        w.startClusterRun(s);
        auto* panel = w.findChild<RerunDialog*>();
        QVERIFY(panel);
        QTRY_VERIFY_WITH_TIMEOUT(running, 60000);
        panel->reject(); // closing the panel (or its Cancel job button) cancels the job
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.first().at(0).toBool(), false);
        QVERIFY2(finished.first().at(1).toString().startsWith(QStringLiteral("cancelled (scancel ")),
                 qPrintable(finished.first().at(1).toString()));
        QCOMPARE(finished.first().at(2).toStringList(), QStringList{});
        QCOMPARE(panel->tasks()->outcome(0), kix::protocol::TaskOutcome::Cancelled);
        QVERIFY(panel->log()->toPlainText().contains(QStringLiteral("cancelling: called scancel ")));
        QCOMPARE(QDir(out.path()).entryList({QStringLiteral("*.json")}, QDir::Files), QStringList{});
    }
};

KIX_TEST_MAIN(TestClusterGui)
#include "tst_cluster_gui.moc"
