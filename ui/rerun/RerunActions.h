// Run ▸ Run locally and Run on cluster: the two rerun controllers, their availability on the actions,
// the progress panel, and what a finished run wrote, handed back as a request to open it.
#pragma once

#include <QObject>
#include <QStringList>

class QAction;
class QWidget;

namespace kix::ui {

class RerunController;
class Settings;
struct ClusterSettings;
struct SolutionSettings;

class RerunActions : public QObject {
    Q_OBJECT
public:
    // `window` parents the dialogs and the object; `settings` outlives it.
    RerunActions(Settings* settings, QWidget* window);

    RerunController* local() const { return m_local; }
    RerunController* cluster() const { return m_cluster; }
    bool isRunning() const;
    // Closing the window: true when no run is going or the user agrees to stop it (a cluster job is
    // cancelled, a local run stopped).
    bool mayQuit(QWidget* window) const;
    // Keeps the two actions enabled only while their runner is there, their tips saying why not, and
    // starts the checks.
    void watchAvailability(QAction* runLocally, QAction* runOnCluster);
    // Asks what to run here (the bundled kernel or a solution), then runs it; a single run it writes is
    // compared with `baseline` (a file, or "").
    void runLocally(const QString& baseline);
    // Runs with these choices (what "Run locally…" does once its dialog is accepted).
    void startLocalRun(const SolutionSettings& run, const QString& baseline);
    // Asks for the cluster options, then submits.
    void runOnCluster();
    // Submits with these settings (what "Run on cluster…" does once its dialog is accepted).
    void startClusterRun(const ClusterSettings& settings);

signals:
    // Open `paths`; once loaded, select `selectAfter` (and compare them, if two).
    void openRequested(const QStringList& paths, const QStringList& selectAfter);
    void statusMessage(const QString& text, int timeoutMs);

private:
    void showAvailability(RerunController* controller, QAction* run, const QString& availableTip);
    void watchRerun(RerunController* controller, const QString& what, const QString& baseline);
    void tellUnavailable(const QString& title, const QString& text);

    Settings* m_settings;
    QWidget* m_window;
    RerunController* m_local;
    RerunController* m_cluster;
};

} // namespace kix::ui
