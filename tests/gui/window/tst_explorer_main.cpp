// The real kix-explorer program (app/explorer/main.cpp), started as a user or a script starts it, on the
// offscreen platform: --screenshot with the bundled samples and with given files writes a PNG of the
// window and exits 0; a bad command line or a screenshot that cannot be written says why on stderr,
// sanitized, and exits non-zero.
#include "GuiTest.h"
#include "MainWindow.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QChar>
#include <QFileInfo>
#include <QImage>
#include <QLatin1String>
#include <QObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRgb>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

namespace {

struct Outcome {
    int exitCode = -1;
    QStringList messages; // the lines of stderr the explorer itself wrote ("kix-explorer: …")
    QString log;          // everything it wrote, for a failure's message
};

// Runs kix-explorer with `arguments`, its settings, configuration and data in `home` (never the user's),
// and no runner: nothing outside the test's folders is read or written.
Outcome runExplorer(const QStringList& arguments, const QTemporaryDir& home) {
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("KIX_SETTINGS_FILE"), home.filePath(QStringLiteral("settings.ini")));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
    env.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
    env.insert(QStringLiteral("KIX_RUNNER"), QStringLiteral("/nonexistent/kix"));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(KIX_EXPLORER_PATH), arguments);
    Outcome out;
    if (!p.waitForFinished(60000)) {
        p.kill();
        p.waitForFinished();
        out.log = QStringLiteral("did not finish in 60 s");
        return out;
    }
    out.log = QString::fromUtf8(p.readAllStandardError());
    for (const QString& line : out.log.split(u'\n'))
        if (line.startsWith(QLatin1String("kix-explorer: ")))
            out.messages << line;
    out.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    return out;
}

} // namespace

class TestExplorerMain : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        kixtest::initGui();
        QVERIFY2(QFileInfo(QStringLiteral(KIX_EXPLORER_PATH)).isExecutable(), KIX_EXPLORER_PATH);
    }

    void screenshot_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("bundled samples") << QStringList{};
        QTest::newRow("a manifest, its plot")
            << QStringList{kixtest::seedPath(), QStringLiteral("--select"), QStringLiteral("0"),
                           QStringLiteral("--tab"), QStringLiteral("plot")};
        // A path that does not exist is a red row in the window, not a failure of the program.
        QTest::newRow("a missing manifest") << QStringList{QStringLiteral("/nonexistent/run.manifest.json")};
    }
    void screenshot() {
        QFETCH(QStringList, arguments);
        const QTemporaryDir home;
        const QString png = home.filePath(QStringLiteral("window.png"));
        const Outcome out = runExplorer(arguments + QStringList{QStringLiteral("--screenshot"), png}, home);
        QVERIFY2(out.exitCode == 0, qPrintable(out.log));
        QVERIFY2(out.messages.isEmpty(), qPrintable(out.log));
        QVERIFY(QFileInfo(png).size() > 20000); // a window's worth of pixels, compressed
        const QImage image(png, "PNG");
        QVERIFY(!image.isNull());
        QCOMPARE(image.size(), kix::ui::MainWindow::kDefaultWindowSize); // with no saved geometry
        QSet<QRgb> colours;                                              // not a blank window
        for (int y = 0; y < image.height(); y += 7)
            for (int x = 0; x < image.width(); x += 7)
                colours.insert(image.pixel(x, y));
        QVERIFY2(colours.size() > 20, qPrintable(QString::number(colours.size())));
    }

    // Issue 40 item 5: a settings file that is a FIFO hung the start (QSettings opened it and waited for a
    // writer); now it is left alone with a warning, and the explorer starts with default settings.
    void settingsFileThatIsAFifo() {
        const QTemporaryDir home;
        const QString settings = home.filePath(QStringLiteral("settings.ini"));
        QCOMPARE(::mkfifo(QFile::encodeName(settings).constData(), 0600), 0);
        const QString png = home.filePath(QStringLiteral("window.png"));
        const Outcome out = runExplorer({QStringLiteral("--screenshot"), png}, home);
        QVERIFY2(out.exitCode == 0, qPrintable(out.log));
        QCOMPARE(out.messages,
                 QStringList{QStringLiteral("kix-explorer: the settings file %1 is not used, it is a "
                                            "FIFO (named pipe), not a regular file; starting with "
                                            "default settings")
                                 .arg(settings)});
        QVERIFY(QFileInfo(png).size() > 20000);
    }

    void failsWithItsReason_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown option") << QStringList{QStringLiteral("--bogus")} << 2
                                        << QStringLiteral("kix-explorer: Unknown option 'bogus'.");
        QTest::newRow("missing value") << QStringList{QStringLiteral("--screenshot")} << 2
                                       << QStringLiteral("kix-explorer: Missing value after '--screenshot'.");
        // An option as a script passed it: its escape sequence and bidi control are shown, not obeyed.
        QTest::newRow("hostile option")
            << QStringList{QStringLiteral("--evil\x1b]52;c;cm0g\x07\u202Eoption")} << 2
            << QStringLiteral("kix-explorer: Unknown option 'evil\\x1b]52;c;cm0g\\x07⟨U+202E⟩option'.");
        QTest::newRow("screenshot folder missing")
            << QStringList{QStringLiteral("--screenshot"), QStringLiteral("/nonexistent/evil\u202Edir/w.png")}
            << 1
            << QStringLiteral(
                   "kix-explorer: could not write the screenshot /nonexistent/evil⟨U+202E⟩dir/w.png: "
                   "Cannot open device for writing: No such file or directory");
    }
    void failsWithItsReason() {
        QFETCH(QStringList, arguments);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        const QTemporaryDir home;
        const Outcome out = runExplorer(arguments, home);
        QVERIFY2(out.exitCode == exitCode, qPrintable(out.log));
        QCOMPARE(out.messages, QStringList{message});
        QVERIFY2(!out.log.contains(QChar(0x1b)) && !out.log.contains(QChar(0x202E)), qPrintable(out.log));
    }
};

KIX_TEST_MAIN(TestExplorerMain)
#include "tst_explorer_main.moc"
