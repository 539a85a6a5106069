// Runs `kix run` in its own process (a crashing kernel cannot take the explorer down), reads its
// JSON-lines progress with the runner-protocol parser, and stops it on request: terminate, then kill
// after a grace period. In cluster mode it runs `kix run --slurm`, which submits and follows the
// Slurm job; terminating it makes that kix call scancel (so the grace period is longer).
#pragma once

#include "RunnerProtocol.h"

#include <QObject>
#include <QProcess>
#include <QStringList>
#include <functional>

namespace kix::ui {

class RerunController : public QObject {
    Q_OBJECT
public:
    enum class Mode { Local, Cluster };
    explicit RerunController(QObject* parent = nullptr);
    RerunController(Mode mode, QObject* parent);
    ~RerunController() override;

    // KIX_RUNNER if set, else `kix` beside this program, else the build tree's, else the installed one.
    static QString runnerPath();
    QString exitMessage(int exitCode) const; // what each `kix run` status means in this mode

    Mode mode() const { return m_mode; }
    void checkAvailability(); // emits availabilityChanged
    // `kix run --solution … --check` (SolutionChoice.h's solutionCheckArguments): emits
    // solutionEngineChecked with the Python found and whether torch imports, or the official CLI.
    void checkSolutionEngine(const QStringList& checkArguments);
    void start(const QString& outputDir, const QStringList& extraArguments = {});
    void cancel();
    bool isRunning() const { return m_process && m_process->state() != QProcess::NotRunning; }
    bool isAvailable() const { return m_available; }
    QString unavailableReason() const { return m_reason; }
    QStringList writtenResources() const { return m_resources; } // implementation files beside the manifests

signals:
    void availabilityChanged(bool available, const QString& reason);
    void started();
    void progress(int position, int total, const QString& text);
    void logLine(const QString& line);
    void runnerEvent(const kix::protocol::RunnerEvent& event); // every event, for the per-task view
    void finished(bool success, const QString& message, const QStringList& manifestFiles);
    void solutionEngineChecked(bool available, const QString& text); // the reason, when not

private:
    void probe(const QStringList& args, const std::function<void(bool, QString)>& done);
    void readOutput();
    void handle(const protocol::ProgressStream::Item& item);
    QStringList modeArguments() const;

    Mode m_mode = Mode::Local;
    QProcess* m_process = nullptr;
    protocol::ProgressStream m_stream;
    QStringList m_written, m_resources;
    QString m_failure;
    int m_tasks = 0, m_tasksFinished = 0;
    bool m_cancelled = false;
    bool m_available = false;
    QString m_reason;
};

} // namespace kix::ui
