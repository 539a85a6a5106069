// `kix run --slurm` against a real one-node Slurm (the slurm_cluster CTest fixture, tests/cluster/slurm/):
// a two-task array in CPU mode returns two verified manifests, and each failure drill — a task
// exiting non-zero, Ctrl+C mid-run, the node going down, a partition that does not exist — ends with
// the right per-task state and no manifest of an unfinished task in the output folder.
#include "Comparability.h"
#include "KixResources.h"
#include "LocalRunner.h"
#include "RunStore.h"
#include "RunnerProtocol.h"
#include "TestMain.h"
#include "TestSupport.h"
#include "Verification.h"

#include <QDir>
#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>

using namespace kix;
using protocol::EventKind;
using protocol::RunnerEvent;
using protocol::TaskOutcome;

namespace {

struct Run {
    int code = -1;
    QList<RunnerEvent> events;
    QString err;
    QList<RunnerEvent> of(EventKind kind) const {
        QList<RunnerEvent> out;
        for (const auto& e : events)
            if (e.kind == kind)
                out << e;
        return out;
    }
};

QStringList cpuArgs(const QString& out) {
    return {QStringLiteral("run"),         QStringLiteral("--slurm"),
            QStringLiteral("--device"),    QStringLiteral("cpu"),
            QStringLiteral("--partition"), QStringLiteral("debug"),
            QStringLiteral("--output"),    out,
            QStringLiteral("--poll"),      QStringLiteral("0.2"),
            QStringLiteral("--progress"),  QStringLiteral("jsonl")};
}

// Runs kix to the end; `whenSeen` may act (cancel, take the node down) once an event matches.
Run runKix(const QStringList& args, const std::function<bool(const RunnerEvent&, QProcess&)>& whenSeen = {}) {
    QProcess p;
    p.start(QStringLiteral(KIX_CLI_PATH), args);
    Run r;
    protocol::ProgressStream stream;
    bool acted = !whenSeen;
    QElapsedTimer t;
    t.start();
    while (p.state() != QProcess::NotRunning && t.elapsed() < 120000) {
        p.waitForReadyRead(100);
        for (const auto& item : stream.feed(p.readAllStandardOutput())) {
            if (!item.event)
                continue;
            r.events << *item.event;
            if (!acted && whenSeen(*item.event, p))
                acted = true;
        }
    }
    p.waitForFinished(5000);
    for (const auto& item : stream.feed(p.readAllStandardOutput()) + stream.finish())
        if (item.event)
            r.events << *item.event;
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

QStringList manifestsIn(const QString& dir) {
    return QDir(dir).entryList({QStringLiteral("*.manifest.json")}, QDir::Files);
}

QString slurm(const QStringList& args) {
    QProcess p;
    p.start(QStringLiteral("scontrol"), args);
    p.waitForFinished(20000);
    return QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError());
}

bool nodeIdle() {
    QProcess p;
    p.start(QStringLiteral("sinfo"), {QStringLiteral("--noheader"), QStringLiteral("--format=%T")});
    p.waitForFinished(20000);
    return p.readAllStandardOutput().trimmed() == "idle";
}

} // namespace

class TestSlurmCluster : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        kixInitResources();
        const QString scratch = qEnvironmentVariable("KIX_SLURM_SCRATCH");
        if (scratch.isEmpty())
            QSKIP("no one-node Slurm cluster: run through ctest, whose slurm_cluster fixture starts it");
        QFile reason(QDir(scratch).filePath(QStringLiteral("skip-reason")));
        if (reason.open(QIODevice::ReadOnly))
            QSKIP(qPrintable(QStringLiteral("the one-node Slurm cluster was not started: ") +
                             QString::fromUtf8(reason.readAll()).trimmed()));
        QVERIFY2(nodeIdle(), "the fixture's node is not idle");
    }

    void twoTaskArrayInCpuMode() {
        QTemporaryDir out;
        const Run r =
            runKix(cpuArgs(out.path()) + QStringList{QStringLiteral("--quick"), QStringLiteral("--cases"),
                                                     QStringLiteral("8,15"), QStringLiteral("--array"),
                                                     QStringLiteral("gpus:2")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QCOMPARE(r.of(EventKind::JobSubmitted).value(0).tasks, 2);
        const QString job = r.of(EventKind::JobSubmitted).value(0).jobId;
        const auto finished = r.of(EventKind::TaskFinished);
        QCOMPARE(finished.size(), 2);
        QStringList files;
        for (const auto& f : finished) {
            QCOMPARE(f.outcome, TaskOutcome::Done);
            QCOMPARE(f.state, QStringLiteral("COMPLETED"));
            QVERIFY(f.file.endsWith(QStringLiteral("-job%1-task%2.manifest.json").arg(job).arg(f.task)));
            files << f.file;
        }
        // Each task's own progress came through, case by case.
        int relayed = 0;
        for (const auto& e : r.of(EventKind::CaseFinished))
            relayed += e.task >= 0 && e.correct;
        QCOMPARE(relayed, 4);
        QCOMPARE(manifestsIn(out.path()).size(), 2);
        QVERIFY(QFileInfo::exists(out.filePath(QStringLiteral("kix-cpu-reference-0.1.0.json"))));

        // What came back verifies here too, and the two CPU runs compare with each other.
        RunStore store;
        store.add(RunStore::loadBlocking({out.path(), runner::bundledSuitePath()}));
        QList<ManifestPtr> runs;
        for (const QString& f : files) {
            const int i = store.indexOfFile(f);
            QVERIFY2(i >= 0, qPrintable(f));
            QVERIFY(!store.at(i)->hasErrors());
            const auto checks = store.verify(i);
            QCOMPARE(checks.size(), 4);
            for (const auto& c : checks)
                QVERIFY2(c.state == DigestCheck::State::Verified, qPrintable(c.field + u' ' + c.reason));
            runs << store.at(i);
        }
        const auto verdict = assessComparability(*runs[0], *runs[1]);
        QVERIFY2(verdict.comparable, qPrintable(verdict.reasons.join(u'\n')));
    }

    void taskExitingNonZero() {
        QTemporaryDir out, tools;
        const QString wrapper = tools.filePath(QStringLiteral("kix-on-node"));
        QFile w(wrapper);
        QVERIFY(w.open(QIODevice::WriteOnly));
        w.write(
            "#!/bin/sh\nif [ \"$SLURM_ARRAY_TASK_ID\" = 1 ]; then echo 'drill: task 1 fails on purpose' >&2; "
            "exit 3; fi\nexec '" KIX_CLI_PATH "' \"$@\"\n");
        w.close();
        w.setPermissions(w.permissions() | QFileDevice::ExeOwner);
        const Run r = runKix(cpuArgs(out.path()) +
                             QStringList{QStringLiteral("--quick"), QStringLiteral("--cases"),
                                         QStringLiteral("8"), QStringLiteral("--array"),
                                         QStringLiteral("gpus:2"), QStringLiteral("--runner"), wrapper});
        QCOMPARE(r.code, int(protocol::RunFailed));
        const auto finished = r.of(EventKind::TaskFinished);
        QCOMPARE(finished.size(), 2);
        QCOMPARE(finished[0].outcome, TaskOutcome::Done);
        QCOMPARE(finished[1].outcome, TaskOutcome::Failed);
        QCOMPARE(finished[1].exitCode, 3);
        QCOMPARE(finished[1].message, QStringLiteral("exit status 3 (FAILED, NonZeroExitCode)"));
        QVERIFY2(finished[1].logTail.contains(QStringLiteral("drill: task 1 fails on purpose")),
                 qPrintable(finished[1].logTail.join(u'\n')));
        QVERIFY(r.err.endsWith(QStringLiteral("tasks done; task 1 failed\n")));
        QCOMPARE(manifestsIn(out.path()).size(), 1);
        QVERIFY(manifestsIn(out.path()).first().contains(QStringLiteral("-task0.")));
    }

    void cancelledMidRun() {
        QTemporaryDir out;
        qint64 pid = 0;
        const Run r = runKix(cpuArgs(out.path()), [&pid](const RunnerEvent& e, QProcess& p) {
            if (e.kind != EventKind::CaseStarted || e.task != 0)
                return false;
            pid = p.processId();
            ::kill(pid_t(pid), SIGINT); // Ctrl+C
            return true;
        });
        QVERIFY(pid > 0);
        QCOMPARE(r.code, int(protocol::RunCancelled));
        const QString job = r.of(EventKind::JobSubmitted).value(0).jobId;
        QCOMPARE(
            r.of(EventKind::Cancelling).value(0).message,
            QStringLiteral("cancelling: called scancel %1; waiting for Slurm to stop the tasks").arg(job));
        const auto finished = r.of(EventKind::TaskFinished);
        QCOMPARE(finished.size(), 1);
        QCOMPARE(finished[0].outcome, TaskOutcome::Cancelled);
        QCOMPARE(finished[0].state, QStringLiteral("CANCELLED"));
        QVERIFY(r.err.contains(
            QStringLiteral("kix run: cancelled (scancel %1); 0 of 1 tasks had finished").arg(job)));
        QCOMPARE(manifestsIn(out.path()), QStringList{});
        QCOMPARE(manifestsIn(out.filePath(QStringLiteral(".kix-slurm/job") + job)), QStringList{});
    }

    void nodeGoingDown() {
        QTemporaryDir out;
        QString answer;
        const Run r = runKix(cpuArgs(out.path()), [&answer](const RunnerEvent& e, QProcess&) {
            if (e.kind != EventKind::CaseStarted || e.task != 0)
                return false;
            answer = slurm({QStringLiteral("update"), QStringLiteral("nodename=kixnode"),
                            QStringLiteral("state=down"), QStringLiteral("reason=kix-drill")});
            return true;
        });
        // Put the node back for whatever runs next (ReturnToService=2 may already have).
        QElapsedTimer t;
        t.start();
        while (!nodeIdle() && t.elapsed() < 30000) {
            slurm({QStringLiteral("update"), QStringLiteral("nodename=kixnode"),
                   QStringLiteral("state=resume")});
            QTest::qWait(500);
        }
        QVERIFY2(answer.trimmed().isEmpty(), qPrintable(answer));
        QCOMPARE(r.code, int(protocol::RunFailed));
        const auto finished = r.of(EventKind::TaskFinished);
        QCOMPARE(finished.size(), 1);
        QCOMPARE(finished[0].outcome, TaskOutcome::Failed);
        QCOMPARE(finished[0].state, QStringLiteral("NODE_FAIL"));
        // The task's own runner may have reported its end (killed with the node) before Slurm's word
        // arrived; then that is appended after a colon, never in place of Slurm's explanation.
        const QString explanation = QStringLiteral("its node failed or was set down (NODE_FAIL, NodeDown)");
        QVERIFY2(finished[0].message == explanation ||
                     finished[0].message.startsWith(explanation + QStringLiteral(": ")),
                 qPrintable(finished[0].message));
        QCOMPARE(manifestsIn(out.path()), QStringList{});
        QVERIFY(nodeIdle());
    }

    void partitionThatDoesNotExist() {
        QTemporaryDir out;
        QStringList args = cpuArgs(out.path());
        args[args.indexOf(QStringLiteral("debug"))] = QStringLiteral("nope");
        const Run r = runKix(args);
        QCOMPARE(r.code, int(protocol::RunFailed));
        QCOMPARE(r.err, QStringLiteral(
                            "kix run: Slurm rejected the job: invalid partition specified: nope; Batch job "
                            "submission failed: Invalid partition name specified\n"));
        QCOMPARE(r.of(EventKind::JobSubmitted).size(), 0);
        QCOMPARE(r.of(EventKind::Failed).value(0).exitCode, int(protocol::RunFailed));
        QCOMPARE(manifestsIn(out.path()), QStringList{});
    }
};

KIX_TEST_GUILESS_MAIN(TestSlurmCluster)
#include "tst_slurm_cluster.moc"
