#include "MultiCompareModels.h"

#include "Format.h"
#include "Palette.h"
#include "PlainText.h"
#include "Roles.h"
#include "TextSanitizer.h"

#include <QBrush>
#include <cmath>
#include <limits>

namespace kix::ui {

QStringList runHeaders(const MultiComparison& m) {
    QStringList out;
    for (int r = 0; r < m.runs.size(); ++r)
        out << QStringLiteral("%1 %2%3").arg(r + 1).arg(widgetLine(m.runs[r]->implementationLabel()),
                                                        r == m.baseline ? QObject::tr(" (baseline)")
                                                                        : QString());
    return out;
}

MultiCaseModel::MultiCaseModel(QObject* parent)
    : QAbstractTableModel(parent) {}

void MultiCaseModel::setComparison(const MultiComparison& comparison) {
    beginResetModel();
    m_rows = comparison.cases;
    m_runs = runHeaders(comparison);
    m_baseline = comparison.baseline;
    endResetModel();
}

int MultiCaseModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

int MultiCaseModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : 1 + 2 * int(m_runs.size()); // case, then latency and ratio per run
}

QVariant MultiCaseModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (section == 0)
        return tr("Case");
    const int run = (section - 1) / 2;
    if (run >= m_runs.size())
        return {};
    return (section - 1) % 2 == 0 ? m_runs[run] : tr("%1 ÷ baseline").arg(run + 1);
}

namespace {

QVariant caseNameData(const MultiCaseRow& row, int role) {
    if (role == Qt::DisplayRole || role == SortRole)
        return widgetLine(row.axes.isEmpty() ? row.id : row.axes);
    if (role == Qt::ToolTipRole)
        return plainToolTip(row.id + u'\n' + row.axes);
    return {};
}

// Coloured only where the verdict engine calls it: a ratio past the minimum effect that its interval
// does not support stays uncoloured ("can't tell" is not a result). A row may come without verdicts
// (built by hand): none then, and no colour.
QVariant ratioColour(const MultiCaseRow& row, int run) {
    const std::optional<CaseVerdict> judged = row.verdict.value(run);
    if (judged && (judged->verdict == Verdict::Faster || judged->verdict == Verdict::Slower))
        return QBrush(toneColor(judged->verdict == Verdict::Faster ? Tone::Good : Tone::Bad));
    return {};
}

QVariant runCellData(const MultiCaseRow& row, int run, bool ratio, int role) {
    const std::optional<double> v = ratio ? row.ratio[run] : row.latencyNs[run];
    switch (role) {
    case Qt::DisplayRole:
        return ratio ? formatRatio(v) : formatLatency(v);
    case SortRole:
        return v ? QVariant(*v) : QVariant(std::numeric_limits<double>::quiet_NaN());
    case Qt::TextAlignmentRole:
        return int(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ForegroundRole:
        return ratio ? ratioColour(row, run) : QVariant();
    case Qt::ToolTipRole:
        if (const std::optional<CaseVerdict> judged = row.verdict.value(run); ratio && judged)
            return plainToolTip(verdictLine(*judged));
        return v ? QVariant(QString::number(*v, 'g', 10)) : QVariant();
    }
    return {};
}

} // namespace

QVariant MultiCaseModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= m_rows.size() || index.column() >= columnCount())
        return {};
    const MultiCaseRow& row = m_rows[index.row()];
    if (index.column() == 0)
        return caseNameData(row, role);
    return runCellData(row, (index.column() - 1) / 2, (index.column() - 1) % 2 == 1, role);
}

MultiFieldModel::MultiFieldModel(QObject* parent)
    : QAbstractTableModel(parent) {}

void MultiFieldModel::setComparison(const MultiComparison& comparison) {
    beginResetModel();
    m_all = comparison.fields;
    m_runs = runHeaders(comparison);
    m_rows = filterFields(m_all, m_text, m_decidingOnly);
    endResetModel();
}

void MultiFieldModel::setFilter(const QString& text, bool decidingOnly) {
    beginResetModel();
    m_text = text;
    m_decidingOnly = decidingOnly;
    m_rows = filterFields(m_all, m_text, m_decidingOnly);
    endResetModel();
}

int MultiFieldModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

int MultiFieldModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : 2 + int(m_runs.size()); // kind, path, then one value per run
}

QVariant MultiFieldModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (section == 0)
        return tr("Role");
    if (section == 1)
        return tr("JSON path");
    return m_runs.value(section - 2);
}

QVariant MultiFieldModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= m_rows.size() || index.column() >= columnCount())
        return {};
    const MultiFieldRow& row = m_rows[index.row()];
    QString text;
    if (index.column() == 0)
        text = row.decides ? tr("decides comparability") : tr("context");
    else if (index.column() == 1)
        text = row.path;
    else
        text = row.values.value(index.column() - 2);
    switch (role) {
    case Qt::DisplayRole:
    case SortRole:
        return widgetLine(text);
    case Qt::ToolTipRole:
        return plainToolTip(widgetBlock(text));
    case Qt::ForegroundRole:
        if (index.column() == 0 && row.decides)
            return QBrush(toneColor(Tone::Caution));
        return {};
    }
    return {};
}

} // namespace kix::ui
