// Runs `kix run` in its own process (a crashing kernel cannot take the explorer down), reads its
// JSON-lines progress, and stops it on request: terminate, then kill after a second.
#pragma once

#include <QObject>
#include <QProcess>

namespace kix::ui {

class RerunController : public QObject {
    Q_OBJECT
public:
    explicit RerunController(QObject* parent = nullptr);
    ~RerunController() override;

    // KIX_RUNNER if set, else `kix` beside this program, else the build tree's, else the installed one.
    static QString runnerPath();
    static QString exitMessage(int exitCode); // what each `kix run` status means

    void checkAvailability(); // emits availabilityChanged
    void start(const QString& outputDir, const QStringList& extraArguments = {});
    void cancel();
    bool isRunning() const { return m_process && m_process->state() != QProcess::NotRunning; }
    bool isAvailable() const { return m_available; }
    QString unavailableReason() const { return m_reason; }

signals:
    void availabilityChanged(bool available, const QString& reason);
    void started();
    void progress(int position, int total, const QString& text);
    void logLine(const QString& line);
    void finished(bool success, const QString& message, const QString& manifestFile);

private:
    void readOutput();
    void handleLine(const QByteArray& line);

    QProcess* m_process = nullptr;
    QByteArray m_buffer;
    QString m_written;
    QString m_failure;
    bool m_cancelled = false;
    bool m_available = false;
    QString m_reason = tr("checking for a GPU…");
};

} // namespace kix::ui
