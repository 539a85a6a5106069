// kix-explorer: the desktop window. With no paths it opens the bundled sample runs (and earlier
// local runs) so that it is never empty. --screenshot renders the window to a PNG and exits.
#include "ExplorerCommandLine.h"
#include "InteractiveProcess.h"
#include "KixResources.h"
#include "MainWindow.h"
#include "Sha256.h"
#include "TraceOnOpen.h"
#include "kix_config.h"

#include <QApplication>
#include <cstdio>

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    const kix::CryptoRuntime crypto; // OpenSSL shuts down after the pool's threads, never racing them
    kixInitResources();
    kix::configureInteractiveProcess(); // background threads yield to the UI thread
    kix::installTraceOpening();         // a SOL-ExecBench trace opens as its runs, imported in memory
    QApplication::setApplicationName(QStringLiteral("kix"));
    QApplication::setOrganizationName(QStringLiteral("kix"));
    QApplication::setApplicationVersion(QStringLiteral(KIX_VERSION));
    QApplication::setApplicationDisplayName(QStringLiteral("kix"));

    kix::ui::ExplorerCommandLine commandLine;
    // A bad command line is reported here, sanitized (QCommandLineParser::process would print the
    // option as typed); process() then only answers --help and --version.
    if (!commandLine.parse(QApplication::arguments())) {
        const QString message = kix::ui::ExplorerCommandLine::terminalMessage(commandLine.errorText());
        std::fprintf(stderr, "%s\n", message.toUtf8().constData());
        return kix::ui::ExplorerCommandLine::kBadCommandLine;
    }
    commandLine.parser().process(app);
    kix::ui::MainWindow window;
    window.show();
    commandLine.start(window);
    return QApplication::exec();
}
