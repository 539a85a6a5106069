#include "DigestModel.h"
#include "Palette.h"
#include "PlainText.h"
#include "TextSanitizer.h"

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

QString signatureSymbol(SignatureState state) {
    switch (state) {
    case SignatureState::Trusted:
        return QStringLiteral("✔");
    case SignatureState::UnknownKey:
        return QStringLiteral("?");
    case SignatureState::SignatureInvalid:
    case SignatureState::SubjectMismatch:
    case SignatureState::Malformed:
        break;
    }
    return QStringLiteral("✖");
}

QString signatureStateText(const SignatureCheck& c) {
    return signatureSymbol(c.state) + u' ' + c.summary;
}

DigestModel::DigestModel(QObject* parent)
    : RowTableModel({tr("Run"), tr("Digest"), tr("State"), tr("Expected"), tr("Computed"), tr("How / why")},
                    parent) {}

QVariant DigestModel::signatureCell(const DigestRow& r, int column, int role) const {
    const SignatureCheck& s = *r.signature;
    if (role == Qt::ForegroundRole && column == State)
        return QBrush(toneColor(s.state == SignatureState::Trusted      ? Tone::Good
                                : s.state == SignatureState::UnknownKey ? Tone::Caution
                                                                        : Tone::Bad));
    // Envelope text (file names from a statement, a signer's label) is untrusted: shown, never obeyed.
    if (role == Qt::ToolTipRole)
        return plainToolTip(column == Reason || column == State
                                ? widgetLine(s.detail)
                                : signatureCell(r, column, Qt::DisplayRole).toString());
    if (role != Qt::DisplayRole)
        return {};
    switch (column) {
    case Run:
        return r.run;
    case Field:
        return tr("signature");
    case State:
        return widgetLine(signatureStateText(s));
    case Expected:
        return widgetLine(s.line > 0 ? tr("%1, line %2").arg(s.envelopeFile).arg(s.line) : s.envelopeFile);
    case Computed:
        return s.fingerprint.isEmpty() ? QStringLiteral("—") : widgetLine(s.fingerprint);
    case Reason:
        return widgetLine(s.detail);
    }
    return {};
}

QVariant DigestModel::cell(const DigestRow& r, int column, int role) const {
    if (r.signature)
        return signatureCell(r, column, role);
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
