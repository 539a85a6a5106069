#include "SetReference.h"

#include "QuotedForMessage.h"
#include "RegularFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <sys/stat.h>

namespace kix {

namespace {

SetReference refused(const QString& reference, const QString& why) {
    return {QString(), QStringLiteral("%1 %2").arg(quotedForMessage(reference), why)};
}

bool inside(const QString& canonicalFolder, const QString& canonicalPath) {
    const QString prefix = canonicalFolder.endsWith(u'/') ? canonicalFolder : canonicalFolder + u'/'; // "/"
    return canonicalPath.startsWith(prefix);
}

} // namespace

SetReference resolveSetReference(const QString& folder, const QString& reference) {
    if (reference.isEmpty())
        return refused(reference,
                       QStringLiteral("is empty; expected a file name relative to the set's folder"));
    if (reference.contains(QChar(0)))
        return refused(reference, QStringLiteral("holds a NUL character"));
    if (QDir::isAbsolutePath(reference) || reference.startsWith(u'/'))
        return refused(
            reference,
            QStringLiteral("is an absolute path; a reference must be relative to the set's folder"));
    if (reference.split(u'/').contains(QStringLiteral("..")))
        return refused(reference, QStringLiteral("leaves the set's folder (a \"..\" segment)"));
    const QString path = QDir(folder).filePath(reference);
    const QByteArray native = QFile::encodeName(path);
    struct stat link {};
    if (::lstat(native.constData(), &link) != 0)
        return {path, std::nullopt}; // missing: the reader says so
    const QString canonicalFolder = QFileInfo(folder).canonicalFilePath();
    const QString canonical = QFileInfo(path).canonicalFilePath();
    if (!canonical.isEmpty() && !inside(canonicalFolder, canonical))
        return refused(reference, QStringLiteral("is a symbolic link out of the set's folder (to %1)")
                                      .arg(quotedForMessage(canonical, 200)));
    struct stat target {};
    if (!canonical.isEmpty() && ::stat(native.constData(), &target) == 0 && !S_ISREG(target.st_mode))
        return refused(reference,
                       QStringLiteral("is %1, not a regular file").arg(fileKindName(target.st_mode)));
    return {path, std::nullopt};
}

} // namespace kix
