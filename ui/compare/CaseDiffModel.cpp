#include "CaseDiffModel.h"
#include "Palette.h"
#include "PlainText.h"

#include "Format.h"

#include <QBrush>

namespace kix::ui {

namespace {

// A symbol as well as a colour, so the verdict reads without colour vision.
QString verdictSymbol(kix::Verdict v) {
    switch (v) {
    case kix::Verdict::Faster:
        return QStringLiteral("▼ ");
    case kix::Verdict::Slower:
        return QStringLiteral("▲ ");
    case kix::Verdict::Same:
        return QStringLiteral("= ");
    case kix::Verdict::CantTell:
        break;
    }
    return QStringLiteral("? ");
}

} // namespace

CaseDiffModel::CaseDiffModel(QObject* parent)
    : RowTableModel(
          {tr("Case"), tr("A"), tr("B"), tr("B / A"), tr("95% interval"), tr("Verdict"), tr("Evidence")},
          parent) {}

QVariant CaseDiffModel::cell(const CaseDelta& d, int column, int role) const {
    const CaseVerdict& v = d.verdict;
    if (role == Qt::ForegroundRole && column == Verdict) {
        if (v.verdict == kix::Verdict::Faster)
            return QBrush(toneColor(Tone::Good));
        if (v.verdict == kix::Verdict::Slower)
            return QBrush(toneColor(Tone::Bad));
    }
    if (role == Qt::TextAlignmentRole && column >= A && column <= Interval)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && column == Verdict && !v.reason.isEmpty())
        return plainToolTip(v.reason);
    if (role == Qt::ToolTipRole && column == Evidence && v.mannWhitneyP)
        return tr("Mann–Whitney p = %1").arg(*v.mannWhitneyP, 0, 'g', 3);
    if (role != Qt::DisplayRole)
        return {};
    switch (column) {
    case Case:
        return d.axes.isEmpty() ? d.id : d.axes;
    case A:
        return formatLatency(d.latencyA);
    case B:
        return formatLatency(d.latencyB);
    case Ratio:
        return ratioLabel(v);
    case Interval:
        return intervalLabel(v);
    case Verdict:
        return QString(verdictSymbol(v.verdict) + verdictName(v.verdict));
    case Evidence:
        return evidenceLabel(v);
    }
    return {};
}

} // namespace kix::ui
