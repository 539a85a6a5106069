#include "ProfileDiffModel.h"

namespace kix::ui {

namespace {

QString valueText(const profile::MetricChange& c, const std::optional<double>& v) {
    const profile::MetricSpec* spec = profile::metricSpec(c.key);
    return v && spec ? profile::formatMetric(*spec, *v) : QStringLiteral("n/a");
}

const profile::CaseProfile* sideOf(const Manifest& m, const RunProfile& p, qsizetype index) {
    if (!p.artifact || index < 0 || index >= m.runSpec.cases.size())
        return nullptr;
    return caseProfileOf(*p.artifact, m.runSpec.cases[index].id);
}

} // namespace

QList<ProfileDiffRow> profileDiffRows(const Manifest& a, const RunProfile& profileA, const Manifest& b,
                                      const RunProfile& profileB, const CaseComparison& cmp) {
    QList<ProfileDiffRow> rows;
    for (const CaseDelta& d : cmp.rows) {
        const QString word = verdictToken(d.verdict.verdict);
        const profile::CaseProfile* pa = sideOf(a, profileA, d.indexA);
        const profile::CaseProfile* pb = sideOf(b, profileB, d.indexB);
        const QString label = d.axes.isEmpty() ? d.id : d.axes;
        if (!pa || !pb) {
            rows.append({label, word, std::nullopt,
                         !pa && !pb ? QObject::tr("no profile for this case in A or B")
                         : !pa      ? QObject::tr("no profile for this case in A")
                                    : QObject::tr("no profile for this case in B")});
            continue;
        }
        const QList<profile::MetricChange> changes = profile::compareProfiles(*pa, *pb);
        bool first = true;
        for (const profile::MetricChange& c : changes) {
            rows.append({label, first ? profile::verdictWithWhy(word, changes) : QString(), c, {}});
            first = false;
        }
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
