#include "RerunActions.h"

#include "ClusterRunDialog.h"
#include "LocalRunDialog.h"
#include "PlainText.h"
#include "RerunController.h"
#include "RerunDialog.h"
#include "Settings.h"
#include "SolutionChoice.h"
#include "TextSanitizer.h"

#include <QAction>
#include <QFileInfo>
#include <QMessageBox>
#include <memory>

namespace kix::ui {

RerunActions::RerunActions(Settings* settings, QWidget* window)
    : QObject(window)
    , m_settings(settings)
    , m_window(window)
    , m_local(new RerunController(this))
    , m_cluster(new RerunController(RerunController::Mode::Cluster, this)) {}

bool RerunActions::isRunning() const {
    return m_local->isRunning() || m_cluster->isRunning();
}

bool RerunActions::mayQuit(QWidget* window) const {
    return !isRunning() || QMessageBox::question(
                               window, tr("Quit"),
                               cluster()->isRunning()
                                   ? tr("A cluster run is still going. Cancel its job and quit?")
                                   : tr("A local run is still going. Stop it and quit?")) == QMessageBox::Yes;
}

void RerunActions::watchAvailability(QAction* runLocally, QAction* runOnCluster) {
    showAvailability(m_local, runLocally,
                     tr("Run the bundled kernel on this GPU over the 16 workloads (Ctrl+R)"));
    showAvailability(m_cluster, runOnCluster,
                     tr("Submit the rerun to Slurm and open the verified manifests (Ctrl+Shift+R)"));
    m_local->checkAvailability();
    m_cluster->checkAvailability();
}

void RerunActions::showAvailability(RerunController* controller, QAction* run, const QString& availableTip) {
    connect(controller, &RerunController::availabilityChanged, run,
            [run, availableTip](bool ok, const QString& why) {
                run->setEnabled(ok);
                // The reason quotes the runner's path and what it said.
                const QString tip = widgetLine(ok ? availableTip : tr("Unavailable: %1").arg(why));
                run->setToolTip(plainToolTip(tip));
                run->setStatusTip(tip);
            });
}

void RerunActions::tellUnavailable(const QString& title, const QString& text) {
    QMessageBox box(QMessageBox::Information, title, text, QMessageBox::Ok, m_window);
    box.setTextFormat(Qt::PlainText);
    box.exec();
}

void RerunActions::runLocally(const QString& baseline) {
    if (!m_local->isAvailable()) {
        tellUnavailable(
            tr("Run locally"),
            tr("A local run is not possible here: %1").arg(widgetLine(m_local->unavailableReason())));
        return;
    }
    auto* form = new LocalRunDialog(m_settings->solutionRun(), m_local, m_window);
    form->setAttribute(Qt::WA_DeleteOnClose);
    connect(form, &QDialog::accepted, this,
            [this, form, baseline] { startLocalRun(form->choice()->settings(), baseline); });
    form->open();
}

void RerunActions::startLocalRun(const SolutionSettings& run, const QString& baseline) {
    if (m_local->isRunning())
        return;
    m_settings->setSolutionRun(run);
    watchRerun(m_local, run.useSolution ? tr("Solution run") : tr("Local run"), baseline);
    m_local->start(m_settings->runsFolder(), run.useSolution ? solutionArguments(run) : QStringList());
}

void RerunActions::runOnCluster() {
    if (!m_cluster->isAvailable()) {
        tellUnavailable(tr("Run on cluster"), tr("A cluster run cannot be submitted from here: %1")
                                                  .arg(widgetLine(m_cluster->unavailableReason())));
        return;
    }
    auto* form = new ClusterRunDialog(m_settings->cluster(), m_window);
    form->setAttribute(Qt::WA_DeleteOnClose);
    connect(form, &QDialog::accepted, this, [this, form] { startClusterRun(form->settings()); });
    form->open();
}

void RerunActions::startClusterRun(const ClusterSettings& settings) {
    if (m_cluster->isRunning())
        return;
    m_settings->setCluster(settings);
    watchRerun(m_cluster, tr("Cluster run"), QString());
    m_cluster->start(settings.outputFolder, clusterArguments(settings));
}

// Shows the progress panel, then asks to open what the run wrote (with the implementation resources it
// names, so their digests verify) and to compare it with the run selected before, or two returned runs.
void RerunActions::watchRerun(RerunController* controller, const QString& what, const QString& baseline) {
    auto* dialog = new RerunDialog(controller, m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    auto connection = std::make_shared<QMetaObject::Connection>();
    *connection =
        connect(controller, &RerunController::finished, this,
                [this, what, baseline, controller, connection](bool, const QString& message,
                                                               const QStringList& files) {
                    disconnect(*connection);
                    emit statusMessage(QStringLiteral("%1: %2").arg(what, widgetLine(message)), 10000);
                    if (files.isEmpty())
                        return;
                    QStringList selectAfter = files;
                    if (!baseline.isEmpty() && files.size() == 1)
                        selectAfter.prepend(baseline);
                    if (controller->mode() == RerunController::Mode::Local)
                        emit openRequested({QFileInfo(files.first()).absolutePath()}, selectAfter);
                    else
                        emit openRequested(files + controller->writtenResources(), selectAfter);
                });
    dialog->show();
}

} // namespace kix::ui
