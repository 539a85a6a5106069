#include "SlurmCommand.h"

#include "RunnerProtocol.h"

#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>

namespace kix::cluster {

QString findSlurmTool(const QString& name) {
    return QStandardPaths::findExecutable(name);
}

QString CommandResult::errorText() const {
    QStringList lines;
    static const QRegularExpression prefix(QStringLiteral("^[a-z_]+: (error|fatal): "));
    for (const QString& raw : QString::fromUtf8(err).split(u'\n', Qt::SkipEmptyParts)) {
        QString line = raw.trimmed();
        line.remove(prefix);
        if (!line.isEmpty())
            lines << protocol::printable(line);
    }
    return lines.join(QStringLiteral("; "));
}

QString CommandResult::failure() const {
    if (!found)
        return QStringLiteral("%1 not found (not on PATH)").arg(program);
    if (!started)
        return QStringLiteral("%1 could not be started").arg(program);
    if (timedOut)
        return QStringLiteral("%1 did not answer within %2 s (stopped it)")
            .arg(program)
            .arg(QString::number(timeoutMs / 1000.0, 'g', 3));
    if (exitCode != 0) {
        const QString why = errorText();
        return why.isEmpty()
                   ? QStringLiteral("%1 exited with status %2").arg(program).arg(exitCode)
                   : QStringLiteral("%1 exited with status %2: %3").arg(program).arg(exitCode).arg(why);
    }
    return {};
}

CommandResult runSlurmCommand(const QString& program, const QStringList& arguments, int timeoutMs) {
    CommandResult r;
    r.program = program;
    r.timeoutMs = timeoutMs;
    const QString path = findSlurmTool(program);
    r.found = !path.isEmpty();
    if (!r.found)
        return r;
    QProcess p;
    p.setProcessChannelMode(QProcess::SeparateChannels);
    p.setStandardInputFile(QProcess::nullDevice());
    p.start(path, arguments);
    if (!p.waitForStarted(timeoutMs))
        return r;
    r.started = true;
    if (!p.waitForFinished(timeoutMs)) {
        r.timedOut = true;
        p.kill();
        p.waitForFinished(2000);
    } else {
        r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    }
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

} // namespace kix::cluster
