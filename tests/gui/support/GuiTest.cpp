#include "GuiTest.h"

#include "KixResources.h"

#include <QAbstractItemModel>
#include <QBrush>

namespace kixtest {

void initGui() {
    kixInitResources();
    qputenv("KIX_SETTINGS_ISOLATED", "1");
    qputenv("KIX_RUNNER", "/nonexistent/kix"); // tests never start a real run by accident
}

int allRows(const QAbstractItemModel* m, const QModelIndex& parent) {
    int n = 0;
    for (int r = 0; r < m->rowCount(parent); ++r)
        n += 1 + allRows(m, m->index(r, 0, parent));
    return n;
}

QStringList column(const QAbstractItemModel& m, int c) {
    QStringList out;
    for (int r = 0; r < m.rowCount(); ++r)
        out << m.index(r, c).data().toString();
    return out;
}

QColor foreground(const QModelIndex& index) {
    const QVariant v = index.data(Qt::ForegroundRole);
    return v.isValid() ? v.value<QBrush>().color() : QColor();
}

bool rightAligned(const QModelIndex& index) {
    return index.data(Qt::TextAlignmentRole).toInt() == int(Qt::AlignRight | Qt::AlignVCenter);
}

} // namespace kixtest
