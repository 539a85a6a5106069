#include "RerunController.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>

namespace kix::ui {

RerunController::RerunController(QObject* parent)
    : QObject(parent) {}

RerunController::~RerunController() {
    if (isRunning()) {
        m_process->terminate();
        if (!m_process->waitForFinished(1000))
            m_process->kill();
        m_process->waitForFinished(1000);
    }
}

QString RerunController::runnerPath() {
    const QString fromEnv = qEnvironmentVariable("KIX_RUNNER");
    if (!fromEnv.isEmpty())
        return fromEnv;
    const QString beside = QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("kix"));
    if (QFileInfo(beside).isExecutable())
        return beside;
    if (QFileInfo(QStringLiteral(KIX_RUNNER_BUILD_PATH)).isExecutable())
        return QStringLiteral(KIX_RUNNER_BUILD_PATH);
    return QStringLiteral(KIX_RUNNER_INSTALL_PATH);
}

QString RerunController::exitMessage(int code) {
    switch (code) {
    case 0:
        return tr("finished: every case passed");
    case 2:
        return tr("the runner rejected its arguments");
    case 4:
        return tr("no GPU can be used on this machine");
    case 5:
        return tr("the run failed");
    case 6:
        return tr("cancelled; nothing was written");
    default:
        return tr("the runner ended with status %1").arg(code);
    }
}

void RerunController::checkAvailability() {
    auto* probe = new QProcess(this);
    connect(probe, &QProcess::finished, this, [this, probe](int code, QProcess::ExitStatus status) {
        const QJsonObject event = QJsonDocument::fromJson(probe->readAllStandardOutput().trimmed()).object();
        m_available = status == QProcess::NormalExit && code == 0;
        m_reason = m_available ? QString() : event.value(QStringLiteral("message")).toString();
        if (!m_available && m_reason.isEmpty())
            m_reason = tr("the runner could not be started (%1)").arg(runnerPath());
        probe->deleteLater();
        emit availabilityChanged(m_available, m_reason);
    });
    connect(probe, &QProcess::errorOccurred, this, [this, probe](QProcess::ProcessError error) {
        if (error != QProcess::FailedToStart)
            return;
        m_available = false;
        m_reason = tr("the runner %1 could not be started: %2").arg(runnerPath(), probe->errorString());
        probe->deleteLater();
        emit availabilityChanged(false, m_reason);
    });
    probe->start(runnerPath(), {QStringLiteral("run"), QStringLiteral("--check"),
                                QStringLiteral("--progress"), QStringLiteral("jsonl")});
}

void RerunController::start(const QString& outputDir, const QStringList& extraArguments) {
    if (isRunning())
        return;
    delete m_process;
    m_process = new QProcess(this);
    m_buffer.clear();
    m_written.clear();
    m_failure.clear();
    m_cancelled = false;
    m_process->setProcessChannelMode(QProcess::SeparateChannels);
    connect(m_process, &QProcess::readyReadStandardOutput, this, &RerunController::readOutput);
    connect(m_process, &QProcess::readyReadStandardError, this, [this] {
        for (const QByteArray& line : m_process->readAllStandardError().split('\n'))
            if (!line.trimmed().isEmpty())
                emit logLine(QString::fromUtf8(line));
    });
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            emit finished(false, tr("could not start %1: %2").arg(runnerPath(), m_process->errorString()),
                          {});
    });
    connect(m_process, &QProcess::finished, this, [this](int code, QProcess::ExitStatus status) {
        readOutput();
        if (status == QProcess::CrashExit && !m_cancelled) {
            emit finished(false, tr("the runner crashed; nothing was written"), {});
            return;
        }
        if (m_cancelled) {
            emit finished(false, exitMessage(6), {});
            return;
        }
        QString message = exitMessage(code);
        if (!m_failure.isEmpty())
            message += QStringLiteral(": ") + m_failure;
        emit finished(code == 0, message, m_written);
    });
    QStringList args{QStringLiteral("run"), QStringLiteral("--progress"), QStringLiteral("jsonl"),
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
    emit logLine(tr("stopping the run…"));
    m_process->terminate(); // the runner stops between launches and writes nothing
    QTimer::singleShot(1000, m_process, [p = m_process] {
        if (p->state() != QProcess::NotRunning)
            p->kill();
    });
}

void RerunController::readOutput() {
    if (!m_process)
        return;
    m_buffer += m_process->readAllStandardOutput();
    qsizetype newline;
    while ((newline = m_buffer.indexOf('\n')) >= 0) {
        const QByteArray line = m_buffer.left(newline).trimmed();
        m_buffer.remove(0, newline + 1);
        if (!line.isEmpty())
            handleLine(line);
    }
}

void RerunController::handleLine(const QByteArray& line) {
    const QJsonObject e = QJsonDocument::fromJson(line).object();
    const QString kind = e.value(QStringLiteral("event")).toString();
    if (kind.isEmpty()) {
        emit logLine(QString::fromUtf8(line));
        return;
    }
    if (kind == QLatin1String("device")) {
        emit logLine(tr("GPU: %1 (compute capability %2)")
                         .arg(e.value(QStringLiteral("name")).toString(),
                              e.value(QStringLiteral("computeCapability")).toString()));
    } else if (kind == QLatin1String("copy-bandwidth")) {
        emit logLine(
            tr("device-to-device copy: %1 GB/s").arg(qRound(e.value(QStringLiteral("GBps")).toDouble())));
    } else if (kind == QLatin1String("case-started")) {
        const int pos = e.value(QStringLiteral("position")).toInt(),
                  total = e.value(QStringLiteral("total")).toInt();
        emit progress(pos - 1, total,
                      tr("case %1 of %2: batch_size=%3 seq_len=%4")
                          .arg(pos)
                          .arg(total)
                          .arg(e.value(QStringLiteral("batch_size")).toInt())
                          .arg(e.value(QStringLiteral("seq_len")).toInt()));
    } else if (kind == QLatin1String("case-finished")) {
        const int pos = e.value(QStringLiteral("position")).toInt(),
                  total = e.value(QStringLiteral("total")).toInt();
        const QString text =
            tr("case %1 of %2: %3 µs median, %4")
                .arg(pos)
                .arg(total)
                .arg(e.value(QStringLiteral("medianNs")).toDouble() / 1e3, 0, 'f', 2)
                .arg(e.value(QStringLiteral("correct")).toBool() ? tr("correct") : tr("INCORRECT"));
        emit logLine(text);
        emit progress(pos, total, text);
    } else if (kind == QLatin1String("written")) {
        m_written = e.value(QStringLiteral("file")).toString();
        emit logLine(tr("wrote %1").arg(m_written));
    } else if (kind == QLatin1String("failed") || kind == QLatin1String("unavailable")) {
        m_failure = e.value(QStringLiteral("message")).toString();
        emit logLine(m_failure);
    }
}

} // namespace kix::ui
