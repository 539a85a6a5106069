// "Run locally": the real `kix` on a machine without a GPU says so; a scripted runner drives the
// progress parsing and the cancel path (terminate, then kill).
#include "GuiTestSupport.h"
#include "LocalRunner.h"
#include "RerunController.h"

#include <QTemporaryDir>

using namespace kix::ui;

namespace {
// A stand-in runner: prints JSON-lines events like `kix run --progress jsonl`, then sleeps or exits.
QString writeScript(const QTemporaryDir& dir, const QByteArray& body) {
    const QString path = dir.filePath(QStringLiteral("fake-kix.sh"));
    QFile f(path);
    f.open(QIODevice::WriteOnly);
    f.write("#!/bin/sh\n" + body);
    f.close();
    f.setPermissions(f.permissions() | QFileDevice::ExeOwner);
    return path;
}
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
        QCOMPARE(finished.first().at(2).toString(), QStringLiteral("/tmp/x.manifest.json"));
        QCOMPARE(progress.size(), 4);
        QCOMPARE(progress.last().at(0).toInt(), 2);
        QCOMPARE(progress.last().at(2).toString(), QStringLiteral("case 2 of 2: 9.31 µs median, correct"));
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

    void exitMessages() {
        QCOMPARE(RerunController::exitMessage(4), QStringLiteral("no GPU can be used on this machine"));
        QCOMPARE(RerunController::exitMessage(6), QStringLiteral("cancelled; nothing was written"));
    }
};

QTEST_MAIN(TestRerunController)
#include "tst_rerun_controller.moc"
