#include "CaseDiffModel.h"
#include "Palette.h"

#include "Format.h"

#include <QBrush>

namespace kix::ui {

CaseDiffModel::CaseDiffModel(QObject* parent)
    : RowTableModel({tr("Case"), tr("A"), tr("B"), tr("B / A"), tr("B is"), tr("Noise")}, parent) {}

QVariant CaseDiffModel::cell(const CaseDelta& d, int column, int role) const {
    const bool significant = d.noise == CaseDelta::Noise::BeyondNoise;
    if (role == Qt::ForegroundRole && column == Direction && significant) {
        if (d.direction == CaseDelta::Direction::Faster)
            return QBrush(toneColor(Tone::Good));
        if (d.direction == CaseDelta::Direction::Slower)
            return QBrush(toneColor(Tone::Bad));
    }
    if (role == Qt::TextAlignmentRole && column >= A && column <= Ratio)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && column == Noise && d.t)
        return tr("Welch's t = %1").arg(*d.t, 0, 'f', 2);
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
        return formatNumber(d.ratio, 4);
    case Direction: {
        // A symbol as well as a colour, so the direction reads without colour vision.
        const QString arrow = d.direction == CaseDelta::Direction::Faster   ? QStringLiteral("▼ ")
                              : d.direction == CaseDelta::Direction::Slower ? QStringLiteral("▲ ")
                                                                            : QStringLiteral("= ");
        return QString(arrow + directionName(d.direction));
    }
    case Noise:
        return noiseName(d.noise);
    }
    return {};
}

} // namespace kix::ui
