#include "ProfileDiffModel.h"

namespace kix::ui {

namespace {

QString valueText(const profile::MetricChange& c, const std::optional<double>& v) {
    const profile::MetricSpec* spec = profile::metricSpec(c.key);
    return v && spec ? profile::formatMetric(*spec, *v) : QStringLiteral("n/a");
}

} // namespace

QList<ProfileDiffRow> profileDiffRows(const ProfileComparison& comparison) {
    QList<ProfileDiffRow> rows;
    for (const CaseProfileComparison& c : comparison.cases) {
        if (c.changes.isEmpty()) {
            rows.append({c.label, verdictToken(c.verdict.verdict), std::nullopt, c.line()});
            continue;
        }
        for (qsizetype i = 0; i < c.changes.size(); ++i)
            rows.append({c.label, i == 0 ? c.line() : QString(), c.changes[i], {}});
    }
    return rows;
}

ProfileDiffModel::ProfileDiffModel(QObject* parent)
    : RowTableModel({tr("Case"), tr("Verdict"), tr("Metric"), tr("A"), tr("B"), tr("Change")}, parent) {}

QVariant ProfileDiffModel::cell(const ProfileDiffRow& row, int column, int role) const {
    if (role == Qt::TextAlignmentRole && column >= AColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (column) {
    case CaseColumn:
        return row.caseLabel;
    case VerdictColumn:
        return row.verdict;
    case MetricColumn:
        return row.change ? row.change->label : row.note;
    case AColumn:
        return row.change ? valueText(*row.change, row.change->a) : QString();
    case BColumn:
        return row.change ? valueText(*row.change, row.change->b) : QString();
    case ChangeColumn:
        if (!row.change || !row.change->relative)
            return QString();
        return QStringLiteral("%1%2%")
            .arg(*row.change->relative >= 0 ? QStringLiteral("+") : QString())
            .arg(*row.change->relative * 100, 0, 'f', 1);
    default:
        return {};
    }
}

} // namespace kix::ui
