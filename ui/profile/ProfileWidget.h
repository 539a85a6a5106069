// The Profile tab: the Nsight Compute profile of the selected run's case (docs/profiles.md) — kix's metric
// set, each against its peak where ncu measures one, the case's kernels with their launch shapes and warp
// stalls, and the profile's DRAM bytes against the roofline's (ProfileChecks.h). A suite run picks its case
// in a list; a case run shows its own. A run without a profile, or a case the profile does not hold, says
// so; a profile that names another run is refused with the reason (RunProfile.h).
#pragma once

#include "Manifest.h"
#include "RunProfile.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QTableView;

namespace kix::ui {

class ProfileKernelModel;
class ProfileMetricsModel;

class ProfileWidget : public QWidget {
    Q_OBJECT
public:
    explicit ProfileWidget(QWidget* parent = nullptr);
    void showRun(ManifestPtr run); // nullptr: nothing selected

    QLabel* statusLabel() const { return m_status; }
    QLabel* rooflineLabel() const { return m_roofline; }
    QComboBox* caseBox() const { return m_cases; }
    ProfileMetricsModel* metricsModel() const { return m_metrics; }
    ProfileKernelModel* kernelModel() const { return m_kernels; }

private:
    void showCase(int index);

    ManifestPtr m_run;
    RunProfile m_profile;
    QHash<QString, double> m_rooflineBytes;
    QLabel* m_status;
    QComboBox* m_cases;
    QLabel* m_roofline;
    ProfileMetricsModel* m_metrics;
    ProfileKernelModel* m_kernels;
    QTableView* m_metricView;
    QTableView* m_kernelView;
};

} // namespace kix::ui
