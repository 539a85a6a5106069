#include "OutputFolder.h"

#include <QDir>
#include <QFileInfo>
#include <QTemporaryFile>

namespace kix::runner {

QString prepareOutputFolder(const QString& folder) {
    if (folder.trimmed().isEmpty())
        return QStringLiteral("the output folder is empty");
    const QFileInfo info(folder);
    if (info.exists() && !info.isDir())
        return QStringLiteral("%1 exists and is not a folder").arg(folder);
    if (!info.exists() && !QDir().mkpath(folder)) {
        // Name the nearest existing ancestor, which is what refused.
        QFileInfo parent(info.absolutePath());
        while (!parent.exists() && parent.absoluteFilePath() != QDir::rootPath())
            parent = QFileInfo(parent.absolutePath());
        return parent.isDir()
                   ? QStringLiteral("cannot create %1 (in %2)").arg(folder, parent.absoluteFilePath())
                   : QStringLiteral("cannot create %1: %2 is not a folder")
                         .arg(folder, parent.absoluteFilePath());
    }
    QTemporaryFile probe(QDir(folder).filePath(QStringLiteral(".kix-write-check-XXXXXX")));
    if (!probe.open())
        return QStringLiteral("%1 is not writable: %2").arg(folder, probe.errorString());
    return {};
}

} // namespace kix::runner
