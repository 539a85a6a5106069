// Run ▸ Run locally and Run on cluster from the window: availability on the actions and their tips,
// shortcuts.
#include "GuiTest.h"
#include "MainWindow.h"
#include "PlainText.h"
#include "TestMain.h"

#include <QAction>
#include <QObject>
#include <QString>
#include <QStringLiteral>
#include <QTest>

using namespace kixtest;

class TestRerunActions : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixtest::initGui(); }

    // The reason "Run locally…" is unavailable quotes the runner's path: its status tip shows the bidi
    // control and escape in it, like its tooltip.
    void runnerPathInTheStatusTipInert() {
        qputenv("KIX_RUNNER", "/nonexistent/evil\x1b[2J\xe2\x80\xaekix");
        MainWindow w;
        QAction* run = w.action(QStringLiteral("runLocally"));
        const bool answered =
            QTest::qWaitFor([&] { return run->statusTip().startsWith(QStringLiteral("Unavailable")); }, 5000);
        kixtest::initGui(); // KIX_RUNNER back to the tests' own
        QVERIFY(answered);
        QCOMPARE(run->statusTip(),
                 QStringLiteral("Unavailable: the runner /nonexistent/evil\\x1b[2J⟨U+202E⟩kix "
                                "could not be started: execvp: No such file or directory"));
        QCOMPARE(run->toolTip(), plainToolTip(run->statusTip()));
    }

    void shortcutsAndRerunAction() {
        MainWindow w;
        for (const char* name : {"open", "openFolder", "compare", "verifyAll", "cite", "exportPlot",
                                 "runLocally", "focusFilter", "logScale", "quit"})
            QVERIFY2(!w.action(QString::fromLatin1(name))->shortcut().isEmpty(), name);
        QAction* run = w.action(QStringLiteral("runLocally"));
        QTRY_VERIFY_WITH_TIMEOUT(run->statusTip().startsWith(QStringLiteral("Unavailable: the runner")),
                                 5000);
        QCOMPARE(run->toolTip(), plainToolTip(run->statusTip()));
        QVERIFY(!run->isEnabled());
    }
};

KIX_TEST_MAIN(TestRerunActions)
#include "tst_rerun_actions.moc"
