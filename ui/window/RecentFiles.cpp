#include "RecentFiles.h"

#include "PlainText.h"
#include "Settings.h"
#include "TextSanitizer.h"

#include <QFileInfo>
#include <QMenu>

namespace kix::ui {

RecentFiles::RecentFiles(Settings* settings, QMenu* menu, QObject* parent)
    : QObject(parent)
    , m_settings(settings)
    , m_menu(menu) {
    for (const QString& f : settings->recentFiles())
        if (QFileInfo::exists(f))
            m_files << f;
    rebuild();
}

void RecentFiles::add(const QString& path) {
    if (path.startsWith(u':'))
        return; // bundled samples are always one click away anyway
    const QString absolute = QFileInfo(path).absoluteFilePath();
    m_files.removeAll(absolute);
    m_files.prepend(absolute);
    m_files = m_files.mid(0, Settings::kMaxRecent);
    m_settings->setRecentFiles(m_files);
    rebuild();
}

void RecentFiles::rebuild() {
    m_menu->clear();
    for (int i = 0; i < m_files.size(); ++i) {
        const QString f = m_files[i];
        // A file name is untrusted: a bidi control in it spoofs the name shown ("txt.exe" read as
        // "exe.txt"), and an '&' would underline the next letter as a mnemonic.
        const QString name = widgetLine(QFileInfo(f).fileName()).replace(u'&', QStringLiteral("&&"));
        QAction* a = m_menu->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(name));
        a->setToolTip(plainToolTip(f));
        a->setShortcut(QKeySequence(QStringLiteral("Ctrl+%1").arg(i + 1)));
        connect(a, &QAction::triggered, this, [this, f] { emit openRequested(f); });
    }
    if (!m_files.isEmpty())
        m_menu->addSeparator();
    QAction* clear = m_menu->addAction(tr("Clear recent files"));
    clear->setEnabled(!m_files.isEmpty());
    connect(clear, &QAction::triggered, this, [this] {
        m_files.clear();
        m_settings->setRecentFiles({});
        rebuild();
    });
}

} // namespace kix::ui
