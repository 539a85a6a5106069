// The per-task view of a cluster run: one row per Slurm array task with its state from Slurm, the
// case it is on (from the task's own progress), and its outcome once the follower verified it.
#pragma once

#include "RunnerProtocol.h"

#include <QAbstractTableModel>

namespace kix::ui {

class ClusterTaskModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Task, State, Progress, Result, ColumnCount };
    explicit ClusterTaskModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    void apply(const protocol::RunnerEvent& event); // job-submitted resets the rows
    void clear();
    protocol::TaskOutcome outcome(int task) const;

private:
    struct Row {
        protocol::TaskOutcome outcome = protocol::TaskOutcome::Pending;
        QString state = QStringLiteral("PENDING"), reason, progress, result;
        bool finished = false; // task-finished arrived: the outcome is kix's verdict, not only Slurm's
    };
    void changed(int row);
    QList<Row> m_rows;
};

} // namespace kix::ui
