#include "PairsModel.h"

namespace kix::ui {

PairsModel::PairsModel(QObject* parent)
    : RowTableModel({tr("Field"), tr("Value")}, parent) {}

QVariant PairsModel::cell(const QPair<QString, QString>& row, int column, int role) const {
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole)
        return column == 0 ? row.first : row.second;
    return {};
}

} // namespace kix::ui
