#include "SaveFile.h"

#include "RegularFile.h"

#include <QFile>
#include <QSaveFile>
#include <cerrno>
#include <sys/stat.h>

namespace kix {

QString saveTargetProblem(const QString& path) {
    if (path.isEmpty())
        return QStringLiteral("no file name given");
    struct stat st {};
    // stat, not lstat: what matters is what a write would replace, the link's target.
    if (::stat(QFile::encodeName(path).constData(), &st) != 0) {
        if (errno == ENOENT)
            return {}; // a new file (or a dangling link, which QSaveFile replaces by a file)
        return QStringLiteral("cannot write %1: %2").arg(path, qt_error_string(errno));
    }
    if (!S_ISREG(st.st_mode))
        return QStringLiteral("cannot write %1: it is %2; kix saves only to regular files")
            .arg(path, fileKindName(st.st_mode));
    return {};
}

QString saveFile(const QString& path, const QByteArray& bytes) {
    if (QString problem = saveTargetProblem(path); !problem.isEmpty())
        return problem;
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit())
        return QStringLiteral("cannot write %1: %2").arg(path, f.errorString());
    return {};
}

} // namespace kix
