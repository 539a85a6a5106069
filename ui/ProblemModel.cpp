#include "ProblemModel.h"
#include "Palette.h"
#include "PlainText.h"

#include <QBrush>

namespace kix::ui {

ProblemModel::ProblemModel(QObject* parent)
    : RowTableModel({tr("Severity"), tr("JSON path"), tr("Problem")}, parent) {}

QVariant ProblemModel::cell(const Problem& p, int column, int role) const {
    if (role == Qt::ForegroundRole && column == 0 && p.isError())
        return QBrush(toneColor(Tone::Bad));
    if (role == Qt::ToolTipRole)
        return plainToolTip(cell(p, column, Qt::DisplayRole).toString());
    if (role != Qt::DisplayRole)
        return {};
    switch (column) {
    case 0:
        return p.isError() ? tr("✖ error") : tr("⚠ warning");
    case 1:
        return p.path.isEmpty() ? tr("(whole file)") : p.path;
    case 2:
        return p.message;
    }
    return {};
}

} // namespace kix::ui
