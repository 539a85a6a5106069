#include "ProfileMetricsModel.h"

#include "ProfileChecks.h"
#include "Roles.h"
#include "TextSanitizer.h"

namespace kix::ui {

namespace {

QString valueText(const profile::MetricSpec& spec, const std::optional<double>& v) {
    return v ? profile::formatMetric(spec, *v) : QStringLiteral("n/a");
}

} // namespace

ProfileMetricsModel::ProfileMetricsModel(QObject* parent)
    : QAbstractTableModel(parent) {}

void ProfileMetricsModel::setCase(const std::optional<profile::CaseProfile>& profile) {
    beginResetModel();
    m_case = profile;
    endResetModel();
}

int ProfileMetricsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !m_case ? 0 : int(profile::kMetricSet.size());
}

int ProfileMetricsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : FirstKernel + (m_case ? int(m_case->kernels.size()) : 0);
}

QVariant ProfileMetricsModel::data(const QModelIndex& index, int role) const {
    if (!m_case || !index.isValid() || index.row() >= rowCount() || index.column() >= columnCount())
        return {};
    const profile::MetricSpec& spec = profile::kMetricSet[std::size_t(index.row())];
    const int column = index.column();
    const std::optional<double> caseValue = profile::caseMetric(*m_case, spec);
    const std::optional<double> kernelValue =
        column >= FirstKernel ? m_case->kernels[column - FirstKernel].value(spec.key) : std::nullopt;
    if (role == SortRole || role == Qt::UserRole) {
        if (column == Metric)
            return QString::fromLatin1(spec.label);
        const auto v = column >= FirstKernel ? kernelValue : caseValue;
        return v ? QVariant(*v) : QVariant();
    }
    if (role == Qt::TextAlignmentRole && column != Metric)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && column == Metric)
        return QStringLiteral("%1 (ncu: %2)").arg(QLatin1String(spec.label), QLatin1String(spec.ncuName));
    if (role != Qt::DisplayRole)
        return {};
    switch (column) {
    case Metric:
        return QString::fromLatin1(spec.label);
    case Case:
        return valueText(spec, caseValue);
    case AgainstPeak:
        return spec.ofPeak && caseValue ? tr("%1 of peak").arg(profile::formatMetric(spec, *caseValue))
                                        : QString();
    default:
        return valueText(spec, kernelValue);
    }
}

QVariant ProfileMetricsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Metric:
        return tr("Metric");
    case Case:
        return tr("Case");
    case AgainstPeak:
        return tr("Against peak");
    default:
        if (m_case && section - FirstKernel < m_case->kernels.size())
            return widgetLine(m_case->kernels[section - FirstKernel].function);
        return {};
    }
}

ProfileKernelModel::ProfileKernelModel(QObject* parent)
    : QAbstractTableModel(parent) {}

void ProfileKernelModel::setKernels(const QList<profile::KernelProfile>& kernels) {
    beginResetModel();
    m_kernels = kernels;
    endResetModel();
}

int ProfileKernelModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_kernels.size());
}

int ProfileKernelModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ProfileKernelModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount)
        return {};
    const profile::KernelProfile& k = m_kernels[index.row()];
    if (role == Qt::ToolTipRole && index.column() == Function)
        return widgetLine(k.kernelName);
    if (role != Qt::DisplayRole && role != SortRole)
        return {};
    switch (index.column()) {
    case Function:
        return widgetLine(k.function);
    case Grid:
        return widgetLine(k.gridSize);
    case Block:
        return widgetLine(k.blockSize);
    case Duration: {
        const auto d = k.value("durationNs");
        if (role == SortRole)
            return d ? QVariant(*d) : QVariant();
        return valueText(*profile::metricSpec(QStringLiteral("durationNs")), d);
    }
    case TopStalls: {
        QStringList stalls;
        for (const profile::Stall& s : k.stalls)
            stalls << QStringLiteral("%1 %2").arg(widgetLine(s.reason), QString::number(s.ratio, 'f', 2));
        return stalls.join(QStringLiteral(", "));
    }
    default:
        return {};
    }
}

QVariant ProfileKernelModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Function:
        return tr("Kernel");
    case Grid:
        return tr("Grid");
    case Block:
        return tr("Block");
    case Duration:
        return tr("Duration");
    case TopStalls:
        return tr("Top warp stalls (warps per issue)");
    default:
        return {};
    }
}

} // namespace kix::ui
