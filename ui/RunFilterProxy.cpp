#include "RunFilterProxy.h"

#include "Roles.h"

namespace kix::ui {

RunFilterProxy::RunFilterProxy(QObject* parent)
    : QSortFilterProxyModel(parent) {
    setSortRole(SortRole);
    setFilterKeyColumn(-1);
    setFilterCaseSensitivity(Qt::CaseInsensitive);
    setSortCaseSensitivity(Qt::CaseInsensitive);
}

bool RunFilterProxy::lessThan(const QModelIndex& left, const QModelIndex& right) const {
    const QVariant l = left.data(SortRole), r = right.data(SortRole);
    // Missing values sort after present ones in either order of numbers.
    if (!l.isValid() || !r.isValid())
        return l.isValid() && !r.isValid();
    if (l.typeId() == QMetaType::Double && r.typeId() == QMetaType::Double)
        return l.toDouble() < r.toDouble();
    return QString::localeAwareCompare(l.toString(), r.toString()) < 0;
}

} // namespace kix::ui
