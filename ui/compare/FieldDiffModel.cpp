#include "FieldDiffModel.h"
#include "Palette.h"
#include "PlainText.h"

#include <QBrush>

namespace kix::ui {

FieldDiffModel::FieldDiffModel(QObject* parent)
    : RowTableModel({tr("Change"), tr("JSON path"), tr("A"), tr("B")}, parent) {}

QVariant FieldDiffModel::cell(const FieldChange& f, int column, int role) const {
    if (role == Qt::ForegroundRole && column == Change) {
        switch (f.kind) {
        case FieldChange::Kind::Added:
            return QBrush(toneColor(Tone::Good));
        case FieldChange::Kind::Removed:
            return QBrush(toneColor(Tone::Bad));
        case FieldChange::Kind::Changed:
            return QBrush(toneColor(Tone::Caution));
        }
    }
    if (role == Qt::ToolTipRole)
        return plainToolTip(cell(f, column, Qt::DisplayRole).toString());
    if (role != Qt::DisplayRole)
        return {};
    switch (column) {
    case Change:
        return QString(QString(changeKindSymbol(f.kind)) + u' ' + changeKindName(f.kind));
    case Path:
        return f.path;
    case Before:
        return f.before;
    case After:
        return f.after;
    }
    return {};
}

} // namespace kix::ui
