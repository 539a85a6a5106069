// Sorting by SortRole (numbers as numbers) and filtering on every column's text.
#pragma once

#include <QSortFilterProxyModel>

namespace kix::ui {

class RunFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit RunFilterProxy(QObject* parent = nullptr);

protected:
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;
};

} // namespace kix::ui
