#include "ClusterRun.h"

#include "SlurmCommand.h"
#include "SlurmState.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QThread>

namespace kix::cluster {

namespace {

using protocol::EventKind;
using protocol::RunnerEvent;
using protocol::TaskOutcome;

constexpr int kTailLines = 12;
constexpr qint64 kMaxLogRead = 4 << 20; // per poll and task: a runaway log cannot exhaust memory

QString caseText(const QList<int>& cases) {
    QStringList parts;
    for (int c : cases)
        parts << QString::number(c);
    return parts.join(QStringLiteral(", "));
}

} // namespace

ClusterRun::ClusterRun(ClusterOptions options, QList<QList<int>> plan, FollowOptions follow, Sink sink,
                       std::function<bool()> cancelled)
    : m_options(std::move(options))
    , m_plan(std::move(plan))
    , m_follow(std::move(follow))
    , m_sink(std::move(sink))
    , m_cancelled(std::move(cancelled))
    , m_returned(m_options.outputDir, m_follow.suitePath, m_follow.implementationFile,
                 m_follow.expectedFamily) {
    for (int t = 0; t < m_plan.size(); ++t) {
        Task task;
        task.status.task = t;
        task.status.state = QStringLiteral("PENDING");
        m_tasks << task;
    }
}

void ClusterRun::emitEvent(RunnerEvent e) const {
    if (e.jobId.isEmpty() && (e.kind == EventKind::TaskState || e.kind == EventKind::TaskFinished ||
                              e.kind == EventKind::Cancelling))
        e.jobId = m_jobId;
    m_sink(e);
}

void ClusterRun::log(const QString& message, int task) const {
    RunnerEvent e;
    e.kind = EventKind::Log;
    e.task = task;
    e.message = message;
    m_sink(e);
}

int ClusterRun::fail(int code, const QString& message) const {
    RunnerEvent e;
    e.kind = code == protocol::RunUnavailable ? EventKind::Unavailable : EventKind::Failed;
    e.exitCode = code;
    e.message = message;
    m_sink(e);
    return code;
}

int ClusterRun::run() {
    for (const char* tool : {"sbatch", "squeue", "scancel"})
        if (findSlurmTool(QString::fromLatin1(tool)).isEmpty())
            return fail(protocol::RunUnavailable,
                        QStringLiteral("%1 not found: Slurm's client commands are not on PATH")
                            .arg(QLatin1String(tool)));
    if (const int code = submit(); code != protocol::RunOk)
        return code;
    const bool following = follow();
    finalStates();
    readLogs();

    int done = 0;
    QStringList problems;
    for (int t = 0; t < m_tasks.size(); ++t)
        collect(t, m_tasks[t], done, problems);

    const int total = int(m_tasks.size());
    if (!following)
        return fail(protocol::RunFailed,
                    QStringLiteral("lost contact with Slurm; job %1 may still be running (squeue --jobs %1)")
                        .arg(m_jobId));
    if (m_cancelSent)
        return fail(protocol::RunCancelled,
                    QStringLiteral("cancelled (scancel %1); %2 of %3 tasks had finished")
                        .arg(m_jobId)
                        .arg(done)
                        .arg(total));
    if (done == total) {
        log(QStringLiteral("job %1: all %2 task%3 done, every manifest verified and in %4")
                .arg(m_jobId)
                .arg(total)
                .arg(total == 1 ? QString() : QStringLiteral("s"))
                .arg(m_options.outputDir));
        return protocol::RunOk;
    }
    return fail(protocol::RunFailed, QStringLiteral("job %1: %2 of %3 tasks done; %4")
                                         .arg(m_jobId)
                                         .arg(done)
                                         .arg(total)
                                         .arg(problems.join(QStringLiteral("; "))));
}

int ClusterRun::submit() {
    const QString staging = stagingFolder(m_options.outputDir);
    const QString script = QDir(staging).filePath(
        QStringLiteral("kix-rerun-%1.sbatch")
            .arg(QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd'T'HHmmsszzz'Z'"))));
    QSaveFile f(script);
    const QByteArray text = batchScript(m_options, m_plan).toUtf8();
    if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size() || !f.commit())
        return fail(protocol::RunFailed,
                    QStringLiteral("cannot write the batch script %1: %2").arg(script, f.errorString()));
    log(QStringLiteral("batch script: %1").arg(script));
    const CommandResult r = runSlurmCommand(QStringLiteral("sbatch"), {QStringLiteral("--parsable"), script},
                                            m_follow.commandTimeoutMs);
    if (!r.found)
        return fail(protocol::RunUnavailable,
                    QStringLiteral("sbatch not found: Slurm's client commands are not on PATH"));
    if (r.timedOut)
        return fail(protocol::RunFailed,
                    QStringLiteral("%1; the job may or may not have been submitted (see squeue --me)")
                        .arg(r.failure()));
    if (!r.ok())
        return fail(protocol::RunFailed, QStringLiteral("Slurm rejected the job: %1")
                                             .arg(r.errorText().isEmpty() ? r.failure() : r.errorText()));
    m_jobId = parseJobId(r.out);
    if (m_jobId.isEmpty())
        return fail(protocol::RunFailed, QStringLiteral("sbatch answered without a job id: \"%1\"")
                                             .arg(protocol::printable(QString::fromUtf8(r.out).trimmed())));
    if (!r.err.trimmed().isEmpty())
        log(QStringLiteral("sbatch: %1").arg(r.errorText()));
    RunnerEvent e;
    e.kind = EventKind::JobSubmitted;
    e.jobId = m_jobId;
    e.tasks = int(m_plan.size());
    emitEvent(e);
    for (int t = 0; t < m_plan.size(); ++t)
        log(QStringLiteral("cases %1; log %2")
                .arg(caseText(m_plan[t]), taskLogPath(m_options.outputDir, m_jobId, t)),
            t);
    return protocol::RunOk;
}

void ClusterRun::cancelJob() {
    const CommandResult r = runSlurmCommand(QStringLiteral("scancel"), {m_jobId}, m_follow.commandTimeoutMs);
    RunnerEvent e;
    e.kind = EventKind::Cancelling;
    e.message =
        r.ok()
            ? QStringLiteral("cancelling: called scancel %1; waiting for Slurm to stop the tasks")
                  .arg(m_jobId)
            : QStringLiteral("cancelling: scancel %1 failed: %2 (will try again)").arg(m_jobId, r.failure());
    emitEvent(e);
    if (r.ok()) {
        m_cancelSent = true;
        m_sinceCancel.start();
    }
}

// Sleeps one poll interval in short steps so that Ctrl+C is acted on at once. False when the wait
// for the tasks to stop after scancel is over.
bool ClusterRun::waitOrCancel() {
    for (int slept = 0; slept < m_follow.pollMs; slept += 100) {
        if (m_cancelled() && !m_cancelSent)
            return true; // cancel now, not after the rest of the interval
        QThread::msleep(std::min(100, m_follow.pollMs - slept));
    }
    return !(m_cancelSent && m_sinceCancel.elapsed() > m_follow.cancelGraceMs);
}

bool ClusterRun::follow() {
    int failures = 0, emptyAnswers = 0;
    bool seen = false;
    while (true) {
        if (m_cancelled() && !m_cancelSent)
            cancelJob();
        const CommandResult q =
            runSlurmCommand(QStringLiteral("squeue"), squeueArguments(m_jobId), m_follow.commandTimeoutMs);
        // A job that has left slurmctld's memory is "Invalid job id": it ended; the final query tells how.
        const bool gone = !q.ok() && q.errorText().contains(QLatin1String("Invalid job id"));
        if (!q.ok() && !gone) {
            log(QStringLiteral("squeue: %1").arg(q.failure()));
            if (++failures >= m_follow.maxSlurmFailures)
                return false;
        } else {
            failures = 0;
            const QList<TaskStatus> now = gone ? QList<TaskStatus>{} : parseSqueue(q.out, m_jobId);
            emptyAnswers = now.isEmpty() ? emptyAnswers + 1 : 0;
            seen = noteStates(now) || seen;
            readLogs();
            if (followed(seen, emptyAnswers))
                return true;
        }
        if (!waitOrCancel()) {
            log(QStringLiteral("the tasks did not stop within %1 s of scancel")
                    .arg(m_follow.cancelGraceMs / 1000));
            return true;
        }
    }
}

bool ClusterRun::followed(bool seen, int emptyAnswers) const {
    const bool allFinal =
        std::all_of(m_tasks.begin(), m_tasks.end(), [](const Task& t) { return isFinal(t.status.state); });
    return (seen && allFinal) || (seen && emptyAnswers > 0) || emptyAnswers >= 3;
}

bool ClusterRun::noteStates(const QList<TaskStatus>& now) {
    bool any = false;
    for (const TaskStatus& s : now) {
        if (s.task < 0 || s.task >= m_tasks.size())
            continue;
        any = true;
        TaskStatus& mine = m_tasks[s.task].status;
        if (mine.state != s.state || mine.reason != s.reason) {
            mine.state = s.state;
            mine.reason = s.reason;
            RunnerEvent e;
            e.kind = EventKind::TaskState;
            e.task = s.task;
            e.state = s.state;
            e.reason = s.reason;
            e.outcome = outcomeOf(s.state);
            emitEvent(e);
        }
    }
    return any;
}

void ClusterRun::finalStates() {
    // sacct knows exit statuses for good; scontrol only while slurmctld keeps the job (MinJobAge).
    QList<TaskStatus> finals;
    const CommandResult a =
        runSlurmCommand(QStringLiteral("sacct"), sacctArguments(m_jobId), m_follow.commandTimeoutMs);
    if (a.ok())
        finals = parseSacct(a.out, m_jobId);
    if (finals.isEmpty()) {
        const CommandResult c = runSlurmCommand(
            QStringLiteral("scontrol"),
            {QStringLiteral("--oneliner"), QStringLiteral("show"), QStringLiteral("job"), m_jobId},
            m_follow.commandTimeoutMs);
        if (c.ok())
            finals = parseScontrol(c.out, m_jobId);
        else
            log(QStringLiteral("final states: sacct: %1; scontrol: %2")
                    .arg(a.found ? a.failure() : QStringLiteral("not found"), c.failure()));
    }
    for (const TaskStatus& s : finals) {
        if (s.task < 0 || s.task >= m_tasks.size())
            continue;
        TaskStatus& mine = m_tasks[s.task].status;
        if (isFinal(s.state) || !isFinal(mine.state)) {
            mine.state = s.state;
            if (!s.reason.isEmpty())
                mine.reason = s.reason;
            mine.exitCode = s.exitCode;
            mine.signal = s.signal;
        }
    }
}

void ClusterRun::readLogs() {
    for (int t = 0; t < m_tasks.size(); ++t)
        readLog(t, m_tasks[t]);
}

void ClusterRun::readLog(int index, Task& task) {
    QFile f(taskLogPath(m_options.outputDir, m_jobId, index));
    if (!f.open(QIODevice::ReadOnly) || f.size() < task.logOffset)
        return;
    f.seek(task.logOffset);
    const QByteArray bytes = f.read(kMaxLogRead);
    task.logOffset += bytes.size();
    const bool ended = isFinal(task.status.state);
    QList<protocol::ProgressStream::Item> items = task.stream.feed(bytes);
    if (ended && f.atEnd())
        items += task.stream.finish();
    for (auto& item : items) {
        if (!item.event) {
            task.tail << item.text.left(300);
            log(item.text.left(300), index);
        } else {
            RunnerEvent e = *item.event;
            e.task = -1; // the tail is the task's own; no "task N:" in each line
            task.tail << protocol::describeEvent(e).left(300);
            e.task = index;
            if (e.kind == EventKind::Written) {
                task.stagedFile = e.file; // final only once verified and moved
                task.stagedStatus = e.status;
            } else if (e.kind == EventKind::Failed) {
                task.ownFailure = e.message;
                log(protocol::printable(e.message), index);
            } else if (e.kind != EventKind::Unknown)
                emitEvent(e);
        }
        while (task.tail.size() > kTailLines)
            task.tail.removeFirst();
    }
}

void ClusterRun::collect(int index, Task& task, int& done, QStringList& problems) {
    RunnerEvent e;
    e.kind = EventKind::TaskFinished;
    e.task = index;
    e.state = task.status.state;
    e.reason = task.status.reason;
    e.exitCode = task.status.exitCode;
    e.signal = task.status.signal;
    e.outcome = outcomeOf(task.status.state);
    const QString jobStaging = jobStagingFolder(m_options.outputDir, m_jobId);
    const QString staged = ownStagedFile(task.stagedFile, jobStaging, taskFileTag(m_jobId, index));

    if (e.outcome == TaskOutcome::Done) {
        const TakenBack taken = m_returned.takeBack(index, staged, jobStaging, task.stagedStatus);
        for (const RunnerEvent& event : taken.events)
            emitEvent(event);
        if (!taken.ok)
            e.outcome = TaskOutcome::Failed;
        e.file = taken.file;
        e.message = taken.message;
    } else {
        e.message = stateExplanation(task.status);
        if (!task.ownFailure.isEmpty())
            e.message += QStringLiteral(": ") + protocol::printable(task.ownFailure);
        if (!staged.isEmpty() && QFileInfo::exists(staged))
            e.message +=
                QStringLiteral("; the manifest it wrote stays in staging, not opened: %1").arg(staged);
        if (e.outcome != TaskOutcome::Cancelled)
            e.logTail = task.tail;
        if (e.outcome == TaskOutcome::Pending || e.outcome == TaskOutcome::Running) {
            e.outcome = TaskOutcome::Failed;
            e.message = QStringLiteral("Slurm gave no final state (last seen %1)")
                            .arg(protocol::printable(task.status.state));
        }
    }
    if (e.outcome == TaskOutcome::Done)
        ++done;
    else
        problems << QStringLiteral("task %1 %2").arg(index).arg(protocol::outcomeName(e.outcome));
    emitEvent(e);
}

} // namespace kix::cluster
