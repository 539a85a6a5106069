// kix-explorer: the desktop window. With no paths it opens the bundled sample runs (and earlier
// local runs) so that it is never empty. --screenshot renders the window to a PNG and exits.
#include "KixResources.h"
#include "MainWindow.h"
#include "Sha256.h"
#include "kix_config.h"

#include <QTabWidget>

#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    const kix::CryptoRuntime crypto; // OpenSSL shuts down after the pool's threads, never racing them
    kixInitResources();
    QApplication::setApplicationName(QStringLiteral("kix"));
    QApplication::setOrganizationName(QStringLiteral("kix"));
    QApplication::setApplicationVersion(QStringLiteral(KIX_VERSION));
    QApplication::setApplicationDisplayName(QStringLiteral("kix"));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Explore, compare, plot, verify and cite GPU-kernel benchmark runs."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("paths"),
                                 QStringLiteral("Manifest files or folders to open."),
                                 QStringLiteral("[FILE|DIR...]"));
    parser.addOption({QStringLiteral("select"),
                      QStringLiteral("Rows to select once loaded, e.g. 0 or 0,3 (two rows: compare)."),
                      QStringLiteral("rows")});
    parser.addOption({QStringLiteral("tab"),
                      QStringLiteral("Tab to show: details, compare, plot or digests."),
                      QStringLiteral("tab")});
    parser.addOption({QStringLiteral("screenshot"),
                      QStringLiteral("Render the window to this PNG once loaded, then exit."),
                      QStringLiteral("png")});
    parser.process(app);

    kix::ui::MainWindow window;
    window.show();
    const QStringList paths = parser.positionalArguments();
    const QString screenshot = parser.value(QStringLiteral("screenshot"));
    QObject::connect(&window, &kix::ui::MainWindow::loadFinished, &window, [&] {
        if (parser.isSet(QStringLiteral("select"))) {
            QList<int> rows;
            for (const QString& r : parser.value(QStringLiteral("select")).split(u','))
                rows << r.toInt();
            window.selectRows(rows);
            if (rows.size() == 2)
                window.compareSelected();
        }
        const QStringList tabs{QStringLiteral("details"), QStringLiteral("compare"), QStringLiteral("plot"),
                               QStringLiteral("digests")};
        if (const int tab = int(tabs.indexOf(parser.value(QStringLiteral("tab")))); tab >= 0)
            window.tabs()->setCurrentIndex(tab);
        if (!screenshot.isEmpty())
            QTimer::singleShot(600, &window, [&] {
                const bool ok = window.grab().save(screenshot);
                QCoreApplication::exit(ok ? 0 : 1);
            });
    });
    if (paths.isEmpty())
        window.openBundledSamples();
    else
        window.openPaths(paths);
    return QApplication::exec();
}
