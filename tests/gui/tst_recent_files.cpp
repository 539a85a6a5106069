// Recent files: newest first, no duplicates, capped at nine with Ctrl+1..9, missing files pruned
// on start, Clear; kept in the (isolated) settings between windows.
#include "GuiTestSupport.h"
#include "RecentFiles.h"
#include "Settings.h"
#include "TestMain.h"

#include <QMenu>
#include <QTemporaryDir>

using namespace kix::ui;

class TestRecentFiles : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        kixtest::initGui();
        Settings().setRecentFiles({});
    }

    void newestFirstCappedPruned() {
        QTemporaryDir dir;
        QStringList files;
        for (int i = 0; i < 11; ++i) {
            files << dir.filePath(QStringLiteral("run-%1.json").arg(i));
            QFile f(files.last());
            QVERIFY(f.open(QIODevice::WriteOnly));
        }
        Settings settings;
        QMenu menu;
        RecentFiles recent(&settings, &menu);
        for (const QString& f : files)
            recent.add(f);
        recent.add(files[5]); // again: moves to the top, no duplicate
        QCOMPARE(recent.files().size(), 9);
        QCOMPARE(recent.files().first(), files[5]);
        QCOMPARE(recent.files().at(1), files[10]);
        QCOMPARE(menu.actions().first()->shortcut(), QKeySequence(QStringLiteral("Ctrl+1")));
        QCOMPARE(menu.actions().last()->text(), QStringLiteral("Clear recent files"));

        QSignalSpy open(&recent, &RecentFiles::openRequested);
        menu.actions().at(1)->trigger();
        QCOMPARE(open.first().first().toString(), files[10]);

        QFile::remove(files[10]);
        QMenu menu2;
        RecentFiles reloaded(&settings, &menu2);
        QCOMPARE(reloaded.files().size(), 8); // the removed file is pruned
        QVERIFY(!reloaded.files().contains(files[10]));

        menu2.actions().last()->trigger(); // Clear
        QVERIFY(reloaded.files().isEmpty());
        QVERIFY(Settings().recentFiles().isEmpty());
    }

    void bundledSamplesAreNotRecent() {
        Settings settings;
        QMenu menu;
        RecentFiles recent(&settings, &menu);
        recent.add(QStringLiteral(":/kix/samples"));
        QVERIFY(recent.files().isEmpty());
    }
};

KIX_TEST_MAIN(TestRecentFiles)
#include "tst_recent_files.moc"
