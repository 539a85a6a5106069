// The look every read-only table in kix shares: whole-row selection, alternating rows, no row
// numbers, columns sized to their contents, the last one stretched.
#pragma once

class QAbstractItemModel;
class QTableView;
class QWidget;

namespace kix::ui {

QTableView* makeReadOnlyTable(QAbstractItemModel* model, QWidget* parent);
// The same over a MissingLastProxy, sorted by a click on a header: in the model's order until then (not
// by the first column, Qt's default, which also sorted 10,000 cases on every reset).
QTableView* makeSortableTable(QAbstractItemModel* model, QWidget* parent);

} // namespace kix::ui
