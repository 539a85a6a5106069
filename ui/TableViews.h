// The look every read-only table in kix shares: whole-row selection, alternating rows, no row
// numbers, columns sized to their contents, the last one stretched.
#pragma once

class QAbstractItemModel;
class QTableView;
class QWidget;

namespace kix::ui {

QTableView* makeReadOnlyTable(QAbstractItemModel* model, QWidget* parent);

} // namespace kix::ui
