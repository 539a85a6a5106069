// "What changed since I last looked" in the run list (issue 23): a catalog opened a first time says so in
// the banner; opened again after it gained a faster run, the banner names the changed cohort, and the
// "Changed since last open" filter shows only that cohort's runs (QSignalSpy on the proxy's passes,
// QAbstractItemModelTester on the proxy throughout); Close all clears it; a cancelled load compares nothing.
#include "CatalogFixture.h"
#include "GuiTest.h"
#include "RunFilterProxy.h"
#include "RunListPane.h"
#include "RunStore.h"
#include "RunTableModel.h"
#include "Settings.h"
#include "SinceLastOpen.h"
#include "SinceLastOpenTracker.h"
#include "TestMain.h"

#include <QAbstractItemModelTester>
#include <QByteArray>
#include <QCheckBox>
#include <QLabel>
#include <QObject>
#include <QSignalSpy>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTemporaryDir>

using namespace kixtest;
using kixfix::Json;

namespace {

// The fixture catalog, and at the second open one more run of the first cohort, faster than its record.
kixfix::Catalog catalogAt(bool second) {
    kixfix::Catalog c;
    if (second)
        c.lines << kixfix::Json{
            {"table", "benchmark_runs"},
            {"row", kixfix::runRow("run-5", c.runBundle("run-e", c.w1, 7000), "wl-1", "impl-1", c.keyOf(c.w1),
                                   kixfix::handCorrectnessKey("elementwise_close"))}};
    return c;
}

} // namespace

class TestSinceLastOpenTracker : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    // Opens `path` as the main window does: noted, loaded, the load's end reported; waits for the banner.
    static bool openAndCompare(RunStore& store, RunListPane& pane, const QString& path) {
        QSignalSpy finished(&store, &RunStore::loadFinished);
        QSignalSpy changed(pane.sinceLastOpen(), &SinceLastOpenTracker::changed);
        pane.noteOpened({path});
        store.loadAsync({path});
        if (!finished.wait(10000))
            return false;
        pane.noteLoaded(store.snapshot(), false);
        return changed.wait(10000);
    }

private slots:
    void initTestCase() { kixtest::initGui(); }

    void changedCohortsAndTheFilter() {
        const QString path = m_dir.filePath(QStringLiteral("runs.jsonl"));
        QVERIFY(kixfix::writeFile(path, catalogAt(false).text()));
        Settings settings;
        RunStore store;
        RunTableModel model(&store);
        RunFilterProxy proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        RunListPane pane(&proxy, &settings);
        pane.setBanner(QStringLiteral("Catalog"));

        QVERIFY(openAndCompare(store, pane, path));
        QCOMPARE(pane.banner()->text(),
                 QStringLiteral("Catalog\nruns.jsonl: first open: no snapshot of an earlier open is kept"));
        QVERIFY(pane.changedOnly()->isHidden());
        QVERIFY(pane.sinceLastOpen()->storeRows().isEmpty());

        // Close all, the file gains run-e (7000 ns, faster than run-a's 8120), and it is opened again.
        store.clear();
        pane.clearChanges();
        QCOMPARE(pane.banner()->text(), QStringLiteral("Catalog"));
        QVERIFY(kixfix::writeFile(path, catalogAt(true).text()));
        QVERIFY(openAndCompare(store, pane, path));
        const QString line = pane.banner()->text().section(u'\n', 1);
        QVERIFY2(line.startsWith(QStringLiteral("runs.jsonl: 1 cohort(s) changed since ")), qPrintable(line));
        QVERIFY2(line.endsWith(QStringLiteral(": 1 with a new record, 1 new run(s)")), qPrintable(line));
        QVERIFY(!pane.changedOnly()->isHidden());
        QCOMPARE(pane.changedOnly()->text(), QStringLiteral("Changed since last open (3 run(s))"));
        QTRY_COMPARE_WITH_TIMEOUT(proxy.rowCount(), 5, 5000); // run-a … run-e

        // On: only the first workload's cohort (run-a, run-b, run-e); off: every run again.
        QSignalSpy ordered(&proxy, &RunFilterProxy::ordered);
        pane.changedOnly()->setChecked(true);
        QVERIFY(ordered.wait(5000));
        QVERIFY(proxy.isRestricted());
        QStringList names = column(proxy, RunTableModel::Implementation);
        names.sort();
        QCOMPARE(names,
                 (QStringList{QStringLiteral("run-a"), QStringLiteral("run-b"), QStringLiteral("run-e")}));
        // With the text filter too: both must hold.
        proxy.setFilterFixedString(QStringLiteral("run-b"));
        QVERIFY(ordered.wait(5000));
        QCOMPARE(column(proxy, RunTableModel::Implementation), QStringList{QStringLiteral("run-b")});
        proxy.setFilterFixedString(QStringLiteral("run-c")); // not in a changed cohort
        QVERIFY(ordered.wait(5000));
        QCOMPARE(proxy.rowCount(), 0);
        proxy.setFilterFixedString(QString());
        QVERIFY(ordered.wait(5000));
        QCOMPARE(proxy.rowCount(), 3);
        pane.changedOnly()->setChecked(false);
        QVERIFY(ordered.wait(5000));
        QVERIFY(!proxy.isRestricted());
        QCOMPARE(proxy.rowCount(), 5);

        // Opened a third time, unchanged: nothing changed, the filter goes (and lifts itself if on).
        pane.changedOnly()->setChecked(true);
        QVERIFY(ordered.wait(5000));
        store.clear();
        pane.clearChanges();
        QVERIFY(openAndCompare(store, pane, path));
        QVERIFY2(pane.banner()->text().section(u'\n', 1).startsWith(
                     QStringLiteral("runs.jsonl: nothing changed since ")),
                 qPrintable(pane.banner()->text()));
        QVERIFY(pane.changedOnly()->isHidden());
        QVERIFY(!pane.changedOnly()->isChecked());
        QTRY_VERIFY_WITH_TIMEOUT(!proxy.isRestricted() && proxy.rowCount() == 5, 5000);
    }

    // A cancelled load compares nothing and keeps no snapshot; a resource path is never noted.
    void cancelledAndResources() {
        const QString path = m_dir.filePath(QStringLiteral("cancelled.jsonl"));
        QVERIFY(kixfix::writeFile(path, catalogAt(false).text()));
        Settings settings;
        SinceLastOpenTracker tracker(&settings);
        RunStore store;
        QSignalSpy finished(&store, &RunStore::loadFinished);
        QSignalSpy changed(&tracker, &SinceLastOpenTracker::changed);
        tracker.noteOpened({path, QStringLiteral(":/kix/samples")});
        store.loadAsync({path});
        QVERIFY(finished.wait(10000));
        tracker.noteLoaded(store.snapshot(), true);
        QVERIFY(!tracker.isBusy());
        QVERIFY(!changed.wait(300));
        QCOMPARE(tracker.line(), QString());
        QCOMPARE(settings.cohortSnapshot(lastOpenIdentity(path)), QByteArray());
        // Noted again and loaded: a first open (nothing was kept by the cancelled one).
        tracker.noteOpened({path});
        tracker.noteLoaded(store.snapshot(), false);
        QVERIFY(changed.wait(10000));
        QCOMPARE(tracker.line(),
                 QStringLiteral("cancelled.jsonl: first open: no snapshot of an earlier open is kept"));
        QVERIFY(settings.cohortSnapshot(lastOpenIdentity(path)).startsWith("kix-cohort-snapshot 1\n"));
    }
};

KIX_TEST_MAIN(TestSinceLastOpenTracker)
#include "tst_since_last_open_tracker.moc"
