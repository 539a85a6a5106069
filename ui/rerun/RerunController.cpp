#include "RerunController.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QTimer>

namespace kix::ui {

using protocol::EventKind;

RerunController::RerunController(QObject* parent)
    : RerunController(Mode::Local, parent) {}

RerunController::RerunController(Mode mode, QObject* parent)
    : QObject(parent)
    , m_mode(mode)
    , m_reason(mode == Mode::Cluster ? tr("checking for sbatch…") : tr("checking for a GPU…")) {}

RerunController::~RerunController() {
    if (isRunning()) {
        m_process->terminate();
        if (!m_process->waitForFinished(m_mode == Mode::Cluster ? 15000 : 1000))
            m_process->kill();
        m_process->waitForFinished(1000);
    }
}

QString RerunController::runnerPath() {
    QString fromEnv = qEnvironmentVariable("KIX_RUNNER");
    if (!fromEnv.isEmpty())
        return fromEnv;
    QString beside = QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("kix"));
    if (QFileInfo(beside).isExecutable())
        return beside;
    if (QFileInfo(QStringLiteral(KIX_RUNNER_BUILD_PATH)).isExecutable())
        return QStringLiteral(KIX_RUNNER_BUILD_PATH);
    return QStringLiteral(KIX_RUNNER_INSTALL_PATH);
}

QString RerunController::exitMessage(int code) const {
    if (m_mode == Mode::Cluster) {
        switch (code) {
        case protocol::RunOk:
            return tr("finished: every task done and its manifest verified");
        case protocol::RunUnavailable:
            return tr("Slurm cannot be used from here");
        case protocol::RunCancelled:
            return tr("cancelled (scancel)");
        default:
            break;
        }
    }
    return protocol::exitMeaning(code);
}

QStringList RerunController::modeArguments() const {
    return m_mode == Mode::Cluster ? QStringList{QStringLiteral("--slurm")} : QStringList{};
}

// `kix run ARGS --progress jsonl`, a check: `done(ok, what its available or unavailable event said)`.
void RerunController::probe(const QStringList& args, const std::function<void(bool, QString)>& done) {
    auto* probe = new QProcess(this);
    connect(probe, &QProcess::finished, this, [probe, done](int code, QProcess::ExitStatus status) {
        QString message;
        protocol::ProgressStream stream;
        auto items = stream.feed(probe->readAllStandardOutput());
        items += stream.finish();
        for (const auto& item : items)
            if (item.event &&
                (item.event->kind == EventKind::Unavailable || item.event->kind == EventKind::Available))
                message = protocol::printable(item.event->message);
        const bool available = status == QProcess::NormalExit && code == protocol::RunOk;
        if (!available && message.isEmpty())
            message = tr("the runner could not be started (%1)").arg(runnerPath());
        probe->deleteLater();
        done(available, message);
    });
    connect(probe, &QProcess::errorOccurred, this, [probe, done](QProcess::ProcessError error) {
        if (error != QProcess::FailedToStart)
            return;
        probe->deleteLater();
        done(false, tr("the runner %1 could not be started: %2").arg(runnerPath(), probe->errorString()));
    });
    probe->start(runnerPath(), QStringList{QStringLiteral("run")} + args +
                                   QStringList{QStringLiteral("--progress"), QStringLiteral("jsonl")});
}

void RerunController::checkAvailability() {
    probe(modeArguments() + QStringList{QStringLiteral("--check")},
          [this](bool available, const QString& why) {
              m_available = available;
              m_reason = available ? QString() : why;
              emit availabilityChanged(m_available, m_reason);
          });
}

void RerunController::checkSolutionEngine(const QStringList& checkArguments) {
    probe(checkArguments,
          [this](bool available, const QString& what) { emit solutionEngineChecked(available, what); });
}

void RerunController::start(const QString& outputDir, const QStringList& extraArguments) {
    if (isRunning())
        return;
    delete m_process;
    m_process = new QProcess(this);
    m_stream = {};
    m_written.clear();
    m_resources.clear();
    m_failure.clear();
    m_tasks = m_tasksFinished = 0;
    m_cancelled = false;
    m_process->setProcessChannelMode(QProcess::SeparateChannels);
    connect(m_process, &QProcess::readyReadStandardOutput, this, &RerunController::readOutput);
    connect(m_process, &QProcess::readyReadStandardError, this, [this] {
        for (const QByteArray& line : m_process->readAllStandardError().split('\n'))
            if (!line.trimmed().isEmpty())
                emit logLine(protocol::printable(QString::fromUtf8(line)));
    });
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            emit finished(false, tr("could not start %1: %2").arg(runnerPath(), m_process->errorString()),
                          {});
    });
    connect(m_process, &QProcess::finished, this, [this](int code, QProcess::ExitStatus status) {
        readOutput();
        for (const auto& item : m_stream.finish())
            handle(item);
        if (status == QProcess::CrashExit && !m_cancelled) {
            emit finished(false, tr("the runner crashed; nothing was written"), {});
            return;
        }
        if (m_cancelled && m_mode == Mode::Local) {
            emit finished(false, exitMessage(protocol::RunCancelled), {});
            return;
        }
        QString message = exitMessage(code);
        if (!m_failure
                 .isEmpty()) // the cluster follower's last word says it all ("job 7: 1 of 2 tasks done; …")
            message = m_mode == Mode::Cluster ? m_failure : message + QStringLiteral(": ") + m_failure;
        // A cluster run that was cancelled may still have returned verified manifests of tasks that had
        // ended.
        emit finished(code == protocol::RunOk, message, m_written);
    });
    QStringList args = QStringList{QStringLiteral("run")} + modeArguments() +
                       QStringList{QStringLiteral("--progress"), QStringLiteral("jsonl"),
                                   QStringLiteral("--output"), outputDir};
    args += extraArguments;
    emit logLine(QStringLiteral("$ %1 %2").arg(runnerPath(), args.join(u' ')));
    m_process->start(runnerPath(), args);
    emit started();
}

void RerunController::cancel() {
    if (!isRunning())
        return;
    m_cancelled = true;
    emit logLine(m_mode == Mode::Cluster ? tr("cancelling the job (kix calls scancel)…")
                                         : tr("stopping the run…"));
    m_process->terminate(); // a local runner stops between launches and writes nothing
    // A cluster run needs time for scancel and for Slurm to stop the tasks before it reports.
    QTimer::singleShot(m_mode == Mode::Cluster ? 90000 : 1000, m_process, [p = m_process] {
        if (p->state() != QProcess::NotRunning)
            p->kill();
    });
}

void RerunController::readOutput() {
    if (!m_process)
        return;
    for (const auto& item : m_stream.feed(m_process->readAllStandardOutput()))
        handle(item);
}

void RerunController::handle(const protocol::ProgressStream::Item& item) {
    if (!item.event) {
        emit logLine(item.text);
        return;
    }
    const protocol::RunnerEvent& e = *item.event;
    emit runnerEvent(e);
    const QString text = protocol::describeEvent(e);
    switch (e.kind) {
    case EventKind::CaseStarted:
        if (e.task < 0)
            emit progress(e.position - 1, e.total, text);
        break;
    case EventKind::CaseFinished:
        emit logLine(text);
        if (e.task < 0)
            emit progress(e.position, e.total, text);
        break;
    case EventKind::Written:
        (e.status == QLatin1String("resource") ? m_resources : m_written) << e.file;
        emit logLine(text);
        break;
    case EventKind::Failed:
    case EventKind::Unavailable:
        m_failure = protocol::printable(e.message);
        emit logLine(m_failure);
        break;
    case EventKind::JobSubmitted:
        m_tasks = e.tasks;
        emit logLine(text);
        emit progress(0, m_tasks, tr("job %1: 0 of %2 tasks finished").arg(e.jobId).arg(m_tasks));
        break;
    case EventKind::TaskFinished:
        ++m_tasksFinished;
        emit logLine(text);
        for (const QString& line : e.logTail)
            emit logLine(QStringLiteral("    | ") + protocol::printable(line));
        emit progress(m_tasksFinished, m_tasks,
                      tr("job %1: %2 of %3 tasks finished").arg(e.jobId).arg(m_tasksFinished).arg(m_tasks));
        break;
    default:
        emit logLine(text);
    }
}

} // namespace kix::ui
