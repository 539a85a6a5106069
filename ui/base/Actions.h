// A named action, as the window's menus and the panes make them: the object name tests and the toolbar
// find it by, its shortcut, and the shortcut in its tooltip.
#pragma once

#include <QKeySequence>
#include <QString>

class QAction;
class QObject;

namespace kix::ui {

QAction* namedAction(QObject* parent, const QString& name, const QString& text, const QKeySequence& shortcut);

} // namespace kix::ui
