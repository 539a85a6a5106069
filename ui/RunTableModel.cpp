#include "RunTableModel.h"
#include "Palette.h"
#include "PlainText.h"

#include "Format.h"
#include "Roles.h"
#include "Statistics.h"

#include <QBrush>
#include <QFileInfo>
#include <QPalette>

namespace kix::ui {

RunTableModel::RunTableModel(RunStore* store, QObject* parent)
    : QAbstractTableModel(parent)
    , m_store(store) {
    connect(store, &RunStore::manifestsAdded, this, [this](int first, int last) {
        appendFromStore(first, last);
        refreshDigests();
    });
    connect(store, &RunStore::cleared, this, [this] {
        beginResetModel();
        m_rows.clear();
        m_digests.clear();
        endResetModel();
    });
    appendFromStore(0, store->size() - 1);
    refreshDigests();
}

void RunTableModel::appendFromStore(int first, int last) {
    QList<int> fresh;
    for (int i = first; i <= last; ++i) {
        const ManifestPtr m = m_store->at(i);
        if (m && (m->run || m->hasErrors()))
            fresh << i;
    }
    if (fresh.isEmpty())
        return;
    beginInsertRows({}, int(m_rows.size()), int(m_rows.size() + fresh.size() - 1));
    m_rows += fresh;
    m_digests.resize(m_rows.size());
    endInsertRows();
}

void RunTableModel::refreshDigests() {
    for (int row = 0; row < m_rows.size(); ++row)
        m_digests[row] = summarize(m_store->verify(m_rows[row]));
    if (!m_rows.isEmpty())
        emit dataChanged(index(0, Digests), index(int(m_rows.size()) - 1, Digests));
}

int RunTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}
int RunTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    static const char* const names[] = {"Implementation", "GPU",     "Latency",   "SOL score", "Speedup",
                                        "Status",         "Digests", "Benchmark", "Observed",  "File"};
    return section >= 0 && section < ColumnCount ? tr(names[section]) : QVariant();
}

QVariant RunTableModel::display(const Manifest& m, int row, int column) const {
    if (m.hasErrors()) {
        switch (column) {
        case Status:
            return tr("error");
        case Implementation:
            return m.problems.first().message;
        case File:
            return QFileInfo(m.file).fileName();
        default:
            return QVariant();
        }
    }
    const RunSpec& r = m.runSpec;
    switch (column) {
    case Benchmark:
        return r.benchmark;
    case Implementation:
        return m.implementationLabel();
    case Gpu:
        return m.gpuLabel();
    case Latency: {
        const QString text = formatLatency(r.primaryLatencyNs());
        return r.cases.isEmpty() ? text : text + tr(" (%1 cases)").arg(r.cases.size());
    }
    case SolScore:
        return formatNumber(r.metric(QStringLiteral("sol_score")), 4);
    case Speedup: {
        if (const auto s = r.metric(QStringLiteral("avg_speedup")))
            return formatRatio(s);
        std::vector<double> speedups;
        for (const auto& c : r.cases)
            if (const auto s = c.effectiveSpeedup())
                speedups.push_back(*s);
        return formatRatio(geometricMean(speedups)); // of the per-case speedups
    }
    case Status:
        return r.status;
    case Observed:
        return r.observedAt.left(10);
    case Digests:
        return m_digests.value(row).text();
    case File:
        return QFileInfo(m.file).fileName();
    }
    return {};
}

QVariant RunTableModel::sortValue(const Manifest& m, int row, int column) const {
    if (m.hasErrors())
        return column == Status ? QVariant(QStringLiteral("~error")) : QVariant();
    switch (column) {
    case Latency: {
        const auto v = m.runSpec.primaryLatencyNs();
        return v ? QVariant(*v) : QVariant();
    }
    case SolScore: {
        const auto v = m.runSpec.metric(QStringLiteral("sol_score"));
        return v ? QVariant(*v) : QVariant();
    }
    case Observed:
        return m.runSpec.observedAt;
    default:
        return display(m, row, column);
    }
}

QVariant RunTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const ManifestPtr m = m_store->at(m_rows[index.row()]);
    if (!m)
        return {};
    switch (role) {
    case Qt::DisplayRole:
        return display(*m, index.row(), index.column());
    case SortRole:
        return sortValue(*m, index.row(), index.column());
    case ManifestIndexRole:
        return m_rows[index.row()];
    case Qt::ToolTipRole:
        if (m->hasErrors())
            return plainToolTip(m->problems.first().toString());
        if (index.column() == File)
            return plainToolTip(m->file);
        if (index.column() == Digests)
            return tr("Digest checks against the loaded set; see the Digests tab");
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == Latency || index.column() == SolScore || index.column() == Speedup)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ForegroundRole:
        if (m->hasErrors())
            return QBrush(toneColor(Tone::Bad));
        if (index.column() == Digests && m_digests.value(index.row()).mismatch > 0)
            return QBrush(toneColor(Tone::Bad));
        return {};
    }
    return {};
}

} // namespace kix::ui
