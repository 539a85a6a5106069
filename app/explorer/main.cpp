// kix-explorer: the desktop window. With no paths it opens the bundled sample runs (and earlier
// local runs) so that it is never empty. --screenshot renders the window to a PNG and exits.
#include "ExplorerCommandLine.h"
#include "KixResources.h"
#include "MainWindow.h"
#include "Sha256.h"
#include "kix_config.h"

#include <QApplication>

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    const kix::CryptoRuntime crypto; // OpenSSL shuts down after the pool's threads, never racing them
    kixInitResources();
    QApplication::setApplicationName(QStringLiteral("kix"));
    QApplication::setOrganizationName(QStringLiteral("kix"));
    QApplication::setApplicationVersion(QStringLiteral(KIX_VERSION));
    QApplication::setApplicationDisplayName(QStringLiteral("kix"));

    kix::ui::ExplorerCommandLine commandLine;
    commandLine.parser().process(app);
    kix::ui::MainWindow window;
    window.show();
<<<<<<< HEAD
    commandLine.start(window);
    return app.exec();
=======
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
>>>>>>> main
}
