// Recent files: newest first, no duplicates, capped at nine with Ctrl+1..9, missing files pruned
// on start, Clear; kept in the (isolated) settings between windows.
#include "GuiTest.h"
#include "RecentFiles.h"
#include "Settings.h"
#include "TestMain.h"

#include <QAction>
#include <QFile>
#include <QIODevice>
#include <QKeySequence>
#include <QMenu>
#include <QObject>
#include <QSignalSpy>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
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

    // A file name is untrusted: the menu shows its bidi control and escape visibly (the name is not
    // reordered into "evil.json.txt"), an '&' as itself rather than a mnemonic, and the tooltip the path
    // as plain text. Opening it still opens the file as it is named.
    void hostileFileNameShownInert() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("evil\x1b[2J\u202Etxt.json&b.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        Settings settings;
        settings.setRecentFiles({});
        QMenu menu;
        RecentFiles recent(&settings, &menu);
        recent.add(path);
        QAction* a = menu.actions().first();
        QCOMPARE(a->text(), QStringLiteral("&1 evil\\x1b[2J⟨U+202E⟩txt.json&&b.json"));
        QCOMPARE(a->toolTip(), QStringLiteral("<p style='white-space:pre-wrap'>%1/"
                                              "evil\\x1b[2J⟨U+202E⟩txt.json&amp;b.json</p>")
                                   .arg(dir.path()));
        QSignalSpy open(&recent, &RecentFiles::openRequested);
        a->trigger();
        QCOMPARE(open.first().first().toString(), path);
        settings.setRecentFiles({});
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
