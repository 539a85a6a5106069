#include "ExportTableOf.h"

#include <QAbstractItemModel>

namespace kix::ui {

ExportTable exportTableOf(const QAbstractItemModel* model) {
    ExportTable t;
    for (int c = 0; c < model->columnCount(); ++c)
        t.headers << model->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
    for (int r = 0; r < model->rowCount(); ++r) {
        QStringList row;
        for (int c = 0; c < model->columnCount(); ++c)
            row << model->index(r, c).data().toString();
        t.rows << row;
    }
    return t;
}

} // namespace kix::ui
