// Sorting for the small tables (leaderboard, comparison): by SortRole (numbers as numbers), with missing
// values — an invalid variant or NaN — after every value in either direction, so a descending sort on
// SOL score shows the best scores first, not the runs that have none.
#pragma once

#include <QSortFilterProxyModel>

namespace kix::ui {

class MissingLastProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit MissingLastProxy(QObject* parent = nullptr);

protected:
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;
};

} // namespace kix::ui
