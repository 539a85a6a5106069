#include "ExportTableOf.h"

#include <QAbstractItemModel>

namespace kix::ui {

namespace {

// The rows under `parent` and, after each, its own children (a suite run's case runs), in the view's order.
void appendExportRows(const QAbstractItemModel* model, const QModelIndex& parent, ExportTable& t) {
    for (int r = 0; r < model->rowCount(parent); ++r) {
        QStringList row;
        for (int c = 0; c < model->columnCount(parent); ++c)
            row << model->index(r, c, parent).data().toString();
        t.rows << row;
        const QModelIndex at = model->index(r, 0, parent);
        if (model->hasChildren(at))
            appendExportRows(model, at, t);
    }
}

} // namespace

ExportTable exportTableOf(const QAbstractItemModel* model) {
    ExportTable t;
    for (int c = 0; c < model->columnCount(); ++c)
        t.headers << model->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
    appendExportRows(model, {}, t);
    return t;
}

} // namespace kix::ui
