// "Run on cluster…": the options of `kix run --slurm` (partition, account, shared output folder,
// GPU or CPU mode, gres, time, array split, cases), filled from and saved to the typed settings.
#pragma once

#include "Settings.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLineEdit;

namespace kix::ui {

class SolutionChoice;

// Why "a solution…" cannot be submitted to Slurm today (what `kix run --solution --slurm` refuses).
QString clusterSolutionRefusal();

// The `kix run` arguments for these settings, after --slurm, --progress and --output.
QStringList clusterArguments(const ClusterSettings& settings);

class ClusterRunDialog : public QDialog {
    Q_OBJECT
public:
    ClusterRunDialog(const ClusterSettings& settings, QWidget* parent = nullptr);
    ClusterSettings settings() const;

    QLineEdit* partition() const { return m_partition; }
    QLineEdit* account() const { return m_account; }
    QLineEdit* outputFolder() const { return m_output; }
    QComboBox* device() const { return m_device; }
    QLineEdit* array() const { return m_array; }
    QLineEdit* cases() const { return m_cases; }
    QCheckBox* quick() const { return m_quick; }
    SolutionChoice* choice() const { return m_choice; } // the bundled kernel only, saying why

private:
    QLineEdit *m_partition, *m_account, *m_output, *m_gres, *m_time, *m_array, *m_cases;
    QComboBox* m_device;
    QCheckBox* m_quick;
    SolutionChoice* m_choice;
    double m_pollSeconds;
};

} // namespace kix::ui
