#include "SlurmState.h"

#include <QRegularExpression>

namespace kix::cluster {

namespace {

using protocol::TaskOutcome;

QString firstWord(const QString& state) {
    return state.trimmed().section(u' ', 0, 0).toUpper();
}

// "3", "0-3", "0,2,5-6", "0-7%2" (a throttle) -> the task numbers.
QList<int> expandTasks(QString spec) {
    QList<int> tasks;
    spec.remove(u'[').remove(u']');
    spec = spec.section(u'%', 0, 0);
    for (const QString& part : spec.split(u',', Qt::SkipEmptyParts)) {
        bool okA = false, okB = false;
        const int a = part.section(u'-', 0, 0).toInt(&okA);
        const int b = part.contains(u'-') ? part.section(u'-', 1, 1).toInt(&okB) : a;
        if (!okA || (part.contains(u'-') && !okB) || b < a || b - a > 100000)
            continue;
        for (int t = a; t <= b; ++t)
            tasks << t;
    }
    return tasks;
}

// "12_3" or "12_[0-3]" of job 12 -> the tasks; another job's id -> nothing.
QList<int> tasksOfId(const QString& id, const QString& jobId) {
    const QString prefix = jobId + u'_';
    if (!id.startsWith(prefix))
        return {};
    return expandTasks(id.mid(prefix.size()));
}

// "3:0" -> (3, 0); "0:15" -> (0, 15).
std::pair<int, int> exitAndSignal(const QString& text) {
    bool okA = false, okB = false;
    const int code = text.section(u':', 0, 0).toInt(&okA);
    const int sig = text.section(u':', 1, 1).toInt(&okB);
    return {okA ? code : -1, okB ? sig : 0};
}

} // namespace

TaskOutcome outcomeOf(const QString& state) {
    const QString s = firstWord(state);
    if (s == QLatin1String("COMPLETED"))
        return TaskOutcome::Done;
    if (s == QLatin1String("CANCELLED") || s == QLatin1String("REVOKED"))
        return TaskOutcome::Cancelled;
    if (s == QLatin1String("TIMEOUT") || s == QLatin1String("DEADLINE"))
        return TaskOutcome::TimedOut;
    if (s == QLatin1String("FAILED") || s == QLatin1String("NODE_FAIL") ||
        s == QLatin1String("OUT_OF_MEMORY") || s == QLatin1String("BOOT_FAIL") ||
        s == QLatin1String("PREEMPTED") || s == QLatin1String("SPECIAL_EXIT"))
        return TaskOutcome::Failed;
    if (s == QLatin1String("RUNNING") || s == QLatin1String("COMPLETING") ||
        s == QLatin1String("SUSPENDED") || s == QLatin1String("STOPPED") || s == QLatin1String("SIGNALING") ||
        s == QLatin1String("STAGE_OUT") || s == QLatin1String("RESIZING"))
        return TaskOutcome::Running;
    return TaskOutcome::Pending; // PENDING, CONFIGURING, REQUEUED, REQUEUE_HOLD, RESV_DEL_HOLD, …
}

bool isFinal(const QString& state) {
    const TaskOutcome o = outcomeOf(state);
    return o != TaskOutcome::Pending && o != TaskOutcome::Running;
}

QString stateExplanation(const TaskStatus& t) {
    const QString s = firstWord(t.state);
    const QString reason = t.reason.isEmpty() || t.reason == QLatin1String("None")
                               ? QString()
                               : QStringLiteral(", %1").arg(protocol::printable(t.reason));
    if (s == QLatin1String("NODE_FAIL"))
        return QStringLiteral("its node failed or was set down (NODE_FAIL%1)").arg(reason);
    if (s == QLatin1String("OUT_OF_MEMORY"))
        return QStringLiteral("it ran out of memory (OUT_OF_MEMORY)");
    if (s == QLatin1String("PREEMPTED"))
        return QStringLiteral("it was preempted (PREEMPTED%1)").arg(reason);
    if (s == QLatin1String("BOOT_FAIL"))
        return QStringLiteral("its node failed to boot (BOOT_FAIL%1)").arg(reason);
    if (s == QLatin1String("TIMEOUT") || s == QLatin1String("DEADLINE"))
        return QStringLiteral("it reached its time limit (%1)").arg(s);
    if (s == QLatin1String("CANCELLED"))
        return QStringLiteral("it was cancelled (%1)").arg(protocol::printable(t.state.trimmed()));
    if (t.signal > 0)
        return QStringLiteral("it was killed by signal %1 (%2%3)").arg(t.signal).arg(s, reason);
    if (t.exitCode > 0)
        return QStringLiteral("exit status %1 (%2%3)").arg(t.exitCode).arg(s, reason);
    return QStringLiteral("%1%2").arg(protocol::printable(s), reason);
}

QStringList squeueArguments(const QString& jobId) {
    return {QStringLiteral("--noheader"),
            QStringLiteral("--array"),
            QStringLiteral("--states=all"),
            QStringLiteral("--jobs"),
            jobId,
            QStringLiteral("--format"),
            QStringLiteral("%i|%T|%r")};
}

QList<TaskStatus> parseSqueue(const QByteArray& output, const QString& jobId) {
    QList<TaskStatus> out;
    for (const QString& line : QString::fromUtf8(output).split(u'\n', Qt::SkipEmptyParts)) {
        const QStringList f = line.trimmed().split(u'|');
        if (f.size() < 3)
            continue;
        for (int task : tasksOfId(f[0].trimmed(), jobId))
            out.append({task, f[1].trimmed(), f[2].trimmed(), -1, 0});
    }
    return out;
}

QStringList sacctArguments(const QString& jobId) {
    return {QStringLiteral("--allocations"),
            QStringLiteral("--noheader"),
            QStringLiteral("--parsable2"),
            QStringLiteral("--jobs"),
            jobId,
            QStringLiteral("--format"),
            QStringLiteral("JobID,State,ExitCode")};
}

QList<TaskStatus> parseSacct(const QByteArray& output, const QString& jobId) {
    QList<TaskStatus> out;
    for (const QString& line : QString::fromUtf8(output).split(u'\n', Qt::SkipEmptyParts)) {
        const QStringList f = line.trimmed().split(u'|');
        if (f.size() < 3)
            continue;
        const auto [code, sig] = exitAndSignal(f[2]);
        for (int task : tasksOfId(f[0].trimmed(), jobId))
            out.append({task, f[1].trimmed(), {}, code, sig});
    }
    return out;
}

QList<TaskStatus> parseScontrol(const QByteArray& output, const QString& jobId) {
    QList<TaskStatus> out;
    static const QRegularExpression field(QStringLiteral("(?:^|\\s)(\\w+)=(\\S*)"));
    for (const QString& line : QString::fromUtf8(output).split(u'\n', Qt::SkipEmptyParts)) {
        QHash<QString, QString> values;
        for (auto it = field.globalMatch(line); it.hasNext();) {
            const auto m = it.next();
            if (!values.contains(m.captured(1)))
                values.insert(m.captured(1), m.captured(2));
        }
        if (values.value(QStringLiteral("ArrayJobId")) != jobId)
            continue;
        const auto [code, sig] = exitAndSignal(values.value(QStringLiteral("ExitCode")));
        for (int task : expandTasks(values.value(QStringLiteral("ArrayTaskId"))))
            out.append({task, values.value(QStringLiteral("JobState")),
                        values.value(QStringLiteral("Reason")), code, sig});
    }
    return out;
}

QString parseJobId(const QByteArray& sbatchOutput) {
    const QString first =
        QString::fromUtf8(sbatchOutput).trimmed().section(u'\n', -1).section(u';', 0, 0).trimmed();
    static const QRegularExpression digits(QStringLiteral("^[0-9]+$"));
    return digits.match(first).hasMatch() ? first : QString();
}

} // namespace kix::cluster
