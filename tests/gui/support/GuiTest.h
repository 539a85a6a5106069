// What every GUI suite shares: the application's setup, and reading an item model's cells.
#pragma once

#include <QColor>
#include <QModelIndex>
#include <QStringList>

class QAbstractItemModel;

namespace kix::ui {}

namespace kixtest {

// The suites name kix's and the explorer's types unqualified.
using namespace kix;
using namespace kix::ui;

// Before the first window: the bundled resources, settings of the test's own, and no real runner.
void initGui();

// Every row of a model at every level (a suite run's case runs included).
int allRows(const QAbstractItemModel* m, const QModelIndex& parent = {});

// The display text of column `c`, top-level rows only.
QStringList column(const QAbstractItemModel& m, int c);

// The colour of a cell's text; invalid when the cell has none of its own.
QColor foreground(const QModelIndex& index);

bool rightAligned(const QModelIndex& index);

} // namespace kixtest
