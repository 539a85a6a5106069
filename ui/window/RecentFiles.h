// The File ▸ Recent menu: newest first, capped, missing paths pruned, Ctrl+1..9, Clear.
#pragma once

#include <QObject>
#include <QStringList>

class QMenu;

namespace kix::ui {

class Settings;

class RecentFiles : public QObject {
    Q_OBJECT
public:
    RecentFiles(Settings* settings, QMenu* menu, QObject* parent = nullptr);
    void add(const QString& path);
    QStringList files() const { return m_files; }

signals:
    void openRequested(const QString& path);

private:
    void rebuild();

    Settings* m_settings;
    QMenu* m_menu;
    QStringList m_files;
};

} // namespace kix::ui
