#include "MissingLastProxy.h"

#include "Roles.h"

#include <cmath>

namespace kix::ui {

namespace {
bool missing(const QVariant& v) {
    if (!v.isValid() || v.isNull())
        return true;
    if (v.typeId() == QMetaType::Double)
        return std::isnan(v.toDouble());
    return v.typeId() == QMetaType::QString && v.toString().isEmpty();
}
} // namespace

MissingLastProxy::MissingLastProxy(QObject* parent)
    : QSortFilterProxyModel(parent) {
    setSortRole(SortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
}

bool MissingLastProxy::lessThan(const QModelIndex& left, const QModelIndex& right) const {
    const QVariant l = left.data(sortRole());
    const QVariant r = right.data(sortRole());
    const bool lm = missing(l);
    const bool rm = missing(r);
    // The view reverses lessThan for a descending sort; answer so that missing values still come last.
    const bool descending = sortOrder() == Qt::DescendingOrder;
    if (lm || rm)
        return lm && !rm ? descending : (!lm && rm ? !descending : false);
    if (l.typeId() == QMetaType::Double && r.typeId() == QMetaType::Double)
        return l.toDouble() < r.toDouble();
    return QSortFilterProxyModel::lessThan(left, right);
}

} // namespace kix::ui
