#include "ClusterTaskModel.h"

#include "Palette.h"
#include "PlainText.h"

namespace kix::ui {

using protocol::EventKind;
using protocol::TaskOutcome;

ClusterTaskModel::ClusterTaskModel(QObject* parent)
    : QAbstractTableModel(parent) {}

int ClusterTaskModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ClusterTaskModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ClusterTaskModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Task:
        return tr("Task");
    case State:
        return tr("State");
    case Progress:
        return tr("Progress");
    case Result:
        return tr("Result");
    default:
        return {};
    }
}

QVariant ClusterTaskModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= m_rows.size() || index.column() >= ColumnCount)
        return {};
    const Row& r = m_rows[index.row()];
    if (role == Qt::ToolTipRole && index.column() != Task) // the runner's words: never rich text
        return plainToolTip(data(index, Qt::DisplayRole).toString());
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (index.column()) {
        case Task:
            return index.row();
        case State:
            if (!r.finished)
                return r.reason.isEmpty() || r.reason == QLatin1String("None")
                           ? tr("Slurm: %1").arg(r.state)
                           : tr("Slurm: %1 (%2)").arg(r.state, r.reason);
            return QStringLiteral("%1 (%2)").arg(protocol::outcomeName(r.outcome), r.state);
        case Progress:
            return r.progress;
        case Result:
            return r.result;
        default:
            return {};
        }
    }
    if (role == Qt::ForegroundRole && index.column() == State && r.finished) {
        switch (r.outcome) {
        case TaskOutcome::Done:
            return toneColor(Tone::Good);
        case TaskOutcome::Failed:
        case TaskOutcome::TimedOut:
            return toneColor(Tone::Bad);
        case TaskOutcome::Cancelled:
            return toneColor(Tone::Caution);
        default:
            return {};
        }
    }
    return {};
}

void ClusterTaskModel::clear() {
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

TaskOutcome ClusterTaskModel::outcome(int task) const {
    return task >= 0 && task < m_rows.size() ? m_rows[task].outcome : TaskOutcome::Pending;
}

void ClusterTaskModel::changed(int row) {
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

void ClusterTaskModel::apply(const protocol::RunnerEvent& e) {
    if (e.kind == EventKind::JobSubmitted) {
        beginResetModel();
        m_rows = QList<Row>(std::max(e.tasks, 0));
        endResetModel();
        return;
    }
    if (e.task < 0 || e.task >= m_rows.size())
        return;
    Row& r = m_rows[e.task];
    switch (e.kind) {
    case EventKind::TaskState:
        r.outcome = e.outcome;
        r.state = protocol::printable(e.state);
        r.reason = protocol::printable(e.reason);
        break;
    case EventKind::CaseStarted:
        r.progress = tr("case %1 of %2 (workload %3)").arg(e.position).arg(e.total).arg(e.caseIndex);
        break;
    case EventKind::CaseFinished:
        r.progress = tr("%1 of %2 cases done").arg(e.position).arg(e.total);
        break;
    case EventKind::TaskFinished:
        r.finished = true;
        r.outcome = e.outcome;
        r.state = protocol::printable(e.state);
        r.result = protocol::printable(e.message);
        break;
    default:
        return;
    }
    changed(e.task);
}

} // namespace kix::ui
