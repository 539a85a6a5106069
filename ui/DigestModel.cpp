#include "DigestModel.h"
#include "Palette.h"
#include "PlainText.h"

#include <QBrush>

namespace kix::ui {

QString stateSymbol(DigestCheck::State state) {
    switch (state) {
    case DigestCheck::State::Verified:
        return QStringLiteral("✔");
    case DigestCheck::State::Mismatch:
        return QStringLiteral("✖");
    case DigestCheck::State::NotVerifiable:
        return QStringLiteral("?");
    }
    return {};
}

DigestModel::DigestModel(QObject* parent)
    : RowTableModel({tr("Run"), tr("Digest"), tr("State"), tr("Expected"), tr("Computed"), tr("How / why")},
                    parent) {}

QVariant DigestModel::cell(const DigestRow& r, int column, int role) const {
    const DigestCheck& c = r.check;
    if (role == Qt::ForegroundRole && column == State) {
        switch (c.state) {
        case DigestCheck::State::Verified:
            return QBrush(toneColor(Tone::Good));
        case DigestCheck::State::Mismatch:
            return QBrush(toneColor(Tone::Bad));
        case DigestCheck::State::NotVerifiable:
            return QBrush(toneColor(Tone::Caution));
        }
    }
    if (role == Qt::ToolTipRole)
        return plainToolTip(
            column == Reason || column == State ? c.reason : cell(r, column, Qt::DisplayRole).toString());
    if (role != Qt::DisplayRole)
        return {};
    switch (column) {
    case Run:
        return r.run;
    case Field:
        return c.field;
    case State:
        return QString(stateSymbol(c.state) + u' ' + stateName(c.state) +
                       (c.afterNormalization ? tr(" (normalized)") : QString()));
    case Expected:
        return c.expected;
    case Computed:
        return c.computed.isEmpty() ? QStringLiteral("—") : c.computed;
    case Reason:
        return c.reason;
    }
    return {};
}

} // namespace kix::ui
