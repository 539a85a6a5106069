// A view's model as an export table: what the user sees, in the view's sorted and filtered order.
#pragma once

#include "TableExport.h"

class QAbstractItemModel;

namespace kix::ui {

// Every row of `model` with its horizontal headers, each cell's display text.
ExportTable exportTableOf(const QAbstractItemModel* model);

} // namespace kix::ui
