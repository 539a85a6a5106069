#include "CaseTableModel.h"
#include "Palette.h"
#include "PlainText.h"

#include "Format.h"
#include "Roles.h"

#include <QBrush>
#include <limits>

namespace kix::ui {

void CaseTableModel::setManifest(ManifestPtr manifest) {
    beginResetModel();
    m_manifest = std::move(manifest);
    m_labels.clear();
    if (m_manifest) {
        m_labels.reserve(m_manifest->runSpec.cases.size());
        for (const CaseResult& c : m_manifest->runSpec.cases) {
            const QString axes = c.axesLabel();
            m_labels << widgetLine(axes.isEmpty() ? c.id : axes);
        }
    }
    endResetModel();
}

int CaseTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !m_manifest ? 0 : int(m_manifest->runSpec.cases.size());
}
int CaseTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CaseTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    static const char* const names[] = {"Case", "Status",     "Mean",       "Median",    "Min",
                                        "Max",  "Std dev",    "Samples",    "Reference", "Speedup",
                                        "GB/s", "Of copy BW", "Worst error"};
    return section >= 0 && section < ColumnCount ? tr(names[section]) : QVariant();
}

namespace {
QString worstError(const CaseResult& c) {
    const OutputError* worst = nullptr;
    for (const auto& e : c.errors)
        if (e.maxRelError && (!worst || *e.maxRelError > *worst->maxRelError))
            worst = &e;
    if (!worst)
        return QStringLiteral("—");
    return QStringLiteral("%1: rel %2, abs %3")
        .arg(worst->output, formatNumber(worst->maxRelError, 3), formatNumber(worst->maxAbsError, 3));
}

std::optional<double> numeric(const CaseResult& c, int column) {
    switch (column) {
    case CaseTableModel::Mean:
        return c.latencyNs.mean;
    case CaseTableModel::Median:
        return c.latencyNs.median;
    case CaseTableModel::Min:
        return c.latencyNs.min;
    case CaseTableModel::Max:
        return c.latencyNs.max;
    case CaseTableModel::Stddev:
        return c.latencyNs.stddev;
    case CaseTableModel::Samples:
        return c.latencyNs.samples ? std::optional<double>(double(*c.latencyNs.samples)) : std::nullopt;
    case CaseTableModel::Reference:
        return c.referenceLatencyNs.mean;
    case CaseTableModel::Speedup:
        return c.effectiveSpeedup();
    case CaseTableModel::Bandwidth:
        return c.bandwidthGBps;
    case CaseTableModel::OfCopy:
        return c.copyBandwidthFraction;
    default:
        return std::nullopt;
    }
}
} // namespace

QVariant CaseTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !m_manifest || index.row() >= m_manifest->runSpec.cases.size())
        return {};
    const CaseResult& c = m_manifest->runSpec.cases[index.row()];
    const int col = index.column();
    if (role == SortRole) {
        if (const auto v = numeric(c, col))
            return *v;
        // A missing number is NaN, which MissingLastProxy sorts last; its text "—" among the numbers made
        // the order inconsistent (10 µs sorted before 9 µs once a case lacked the value).
        return col >= Mean && col <= OfCopy ? QVariant(std::numeric_limits<double>::quiet_NaN())
                                            : data(index, Qt::DisplayRole);
    }
    if (role == Qt::ToolTipRole && col == Axes)
        return plainToolTip(c.id);
    if (role == Qt::ForegroundRole && col == Status && c.status != QLatin1String("passed"))
        return QBrush(toneColor(Tone::Bad));
    if (role == Qt::TextAlignmentRole && col >= Mean && col <= OfCopy)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (col) {
    case Axes:
        return m_labels.value(index.row());
    case Status:
        return c.status;
    case Samples:
        return c.latencyNs.samples ? QVariant(*c.latencyNs.samples) : QVariant(QStringLiteral("—"));
    case Speedup:
        return formatRatio(c.effectiveSpeedup());
    case Bandwidth:
        return formatNumber(c.bandwidthGBps, 4);
    case OfCopy:
        return c.copyBandwidthFraction ? QStringLiteral("%1%").arg(*c.copyBandwidthFraction * 100, 0, 'f', 1)
                                       : QStringLiteral("—");
    case MaxError:
        return worstError(c);
    default:
        return formatLatency(numeric(c, col));
    }
}

} // namespace kix::ui
