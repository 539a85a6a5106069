// kix: the command line. Headless; all work is in the kix_cli library.
#include "Commands.h"
#include "KixResources.h"
#include "Sha256.h"

#include <QCoreApplication>

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const kix::CryptoRuntime crypto; // OpenSSL shuts down after the pool's threads, never racing them
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
