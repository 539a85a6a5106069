#include "Actions.h"

#include <QAction>

namespace kix::ui {

QAction* namedAction(QObject* parent, const QString& name, const QString& text,
                     const QKeySequence& shortcut) {
    auto* a = new QAction(text, parent);
    a->setObjectName(name);
    a->setShortcut(shortcut);
    if (!shortcut.isEmpty())
        a->setToolTip(QStringLiteral("%1 (%2)").arg(QString(text).remove(u'&').remove(QStringLiteral("…")),
                                                    shortcut.toString(QKeySequence::NativeText)));
    return a;
}

} // namespace kix::ui
