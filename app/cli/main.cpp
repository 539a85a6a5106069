// kix: the command line. Headless; all work is in the kix_cli library.
#include "Commands.h"
#include "KixResources.h"

#include <QCoreApplication>

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    kixInitResources();
    QCoreApplication::setApplicationName(QStringLiteral("kix"));
    QCoreApplication::setOrganizationName(QStringLiteral("kix"));
    QTextStream out(stdout);
    QTextStream err(stderr);
    const int code = kix::cli::runCli(QCoreApplication::arguments(), {out, err});
    out.flush();
    err.flush();
    return code;
}
