#include "PairsModel.h"
#include "PlainText.h"

namespace kix::ui {

PairsModel::PairsModel(QObject* parent)
    : RowTableModel({tr("Field"), tr("Value")}, parent) {}

QVariant PairsModel::cell(const QPair<QString, QString>& row, int column, int role) const {
    if (role == Qt::DisplayRole)
        return column == 0 ? row.first : row.second;
    if (role == Qt::ToolTipRole)
        return plainToolTip(column == 0 ? row.first : row.second);
    return {};
}

} // namespace kix::ui
