// Runs the `kix` command line in-process, as its main() would, and keeps what it printed.
#pragma once

#include "Commands.h"

#include <QString>
#include <QStringList>
#include <QTextStream>

namespace kixtest {

struct CliResult {
    int code = 0;
    QString out, err;
};

// `arguments` are what follows the program name: runKix({"verify", path}).
inline CliResult runKix(const QStringList& arguments) {
    CliResult r;
    QTextStream o(&r.out), e(&r.err);
    r.code = kix::cli::runCli(QStringList{QStringLiteral("kix")} + arguments, {o, e});
    o.flush();
    e.flush();
    return r;
}

} // namespace kixtest
