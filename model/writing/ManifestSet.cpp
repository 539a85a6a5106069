#include "ManifestSet.h"

#include <QDir>
#include <QFile>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace kix {

namespace {

QString errnoText(int error) {
    return QString::fromLocal8Bit(std::strerror(error));
}

QByteArray native(const QString& path) {
    return QFile::encodeName(path);
}

// Creates the file (never through a link, never over an existing one) and writes all of it to disk.
QString writeNewFile(const QString& path, const QByteArray& bytes) {
    const int fd =
        ::open(native(path).constData(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd < 0)
        return QStringLiteral("cannot write %1: %2").arg(path, errnoText(errno));
    qsizetype done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.constData() + done, std::size_t(bytes.size() - done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            const int error = errno;
            ::close(fd);
            return QStringLiteral("cannot write %1: %2").arg(path, errnoText(error));
        }
        done += n;
    }
    if (::fsync(fd) != 0) {
        const int error = errno;
        ::close(fd);
        return QStringLiteral("cannot write %1: %2").arg(path, errnoText(error));
    }
    ::close(fd);
    return {};
}

// Moves `from` to `to` only if `to` does not exist: the check and the move are one step, so a file
// planted at the target in between is never replaced.
bool moveNoReplace(const QByteArray& from, const QByteArray& to) {
    if (::renameat2(AT_FDCWD, from.constData(), AT_FDCWD, to.constData(), RENAME_NOREPLACE) == 0)
        return true;
    if (errno != EINVAL && errno != ENOSYS)
        return false;
    // A file system without RENAME_NOREPLACE: link() refuses an existing target in the same way.
    if (::link(from.constData(), to.constData()) != 0)
        return false;
    ::unlink(from.constData());
    return true;
}

// Whether the regular file at `path` holds exactly `bytes` (read without following a link).
bool holdsExactly(const QString& path, const QByteArray& bytes) {
    const int fd = ::open(native(path).constData(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return false;
    QByteArray buffer(bytes.size() + 1, Qt::Uninitialized);
    qsizetype done = 0;
    while (done < buffer.size()) {
        const ssize_t n = ::read(fd, buffer.data() + done, std::size_t(buffer.size() - done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        done += n;
    }
    ::close(fd);
    return done == bytes.size() && buffer.left(done) == bytes;
}

// What is at a target path now, without following a link.
QString targetProblem(const QString& path, bool replace, bool& exists) {
    struct stat st {};
    exists = ::lstat(native(path).constData(), &st) == 0;
    if (!exists)
        return errno == ENOENT ? QString()
                               : QStringLiteral("cannot inspect %1: %2").arg(path, errnoText(errno));
    if (S_ISLNK(st.st_mode))
        return QStringLiteral("%1 is a symbolic link; kix does not write through or replace one").arg(path);
    if (!S_ISREG(st.st_mode))
        return QStringLiteral("%1 exists and is not a regular file").arg(path);
    if (!replace)
        return QStringLiteral("%1 already exists; nothing was written (--force replaces it)").arg(path);
    return {};
}

void removeTree(const QString& staging) {
    QDir(staging).removeRecursively();
}

struct Placed {
    QByteArray target;
    QByteArray backup; // where the replaced file waits, empty when nothing was replaced
};

void rollBack(const QList<Placed>& placed, const QString& staging) {
    for (auto it = placed.crbegin(); it != placed.crend(); ++it) {
        // Take ours back into the staging folder (it is removed with it), then restore what it replaced.
        const QByteArray mine = native(QDir(staging).filePath(QStringLiteral("rollback"))) +
                                QByteArray::number(qsizetype(it - placed.crbegin()));
        ::rename(it->target.constData(), mine.constData());
        if (!it->backup.isEmpty())
            ::rename(it->backup.constData(), it->target.constData());
    }
}

// Moves one staged file to its target; a file it replaces (only when it existed at the check, which
// required `replace`) waits in the staging folder until the whole set is in place.
QString place(const QByteArray& staged, const QString& target, bool existed, const QByteArray& backup,
              Placed& p) {
    if (existed) {
        // Checked again right before the move: a link planted since the first check is refused.
        bool exists = false;
        if (QString why = targetProblem(target, true, exists); !why.isEmpty())
            return why;
        if (exists) {
            if (::rename(p.target.constData(), backup.constData()) != 0)
                return QStringLiteral("cannot replace %1: %2").arg(target, errnoText(errno));
            p.backup = backup;
        }
    }
    if (moveNoReplace(staged, p.target))
        return {};
    const int error = errno;
    if (!p.backup.isEmpty())
        ::rename(p.backup.constData(), p.target.constData());
    return error == EEXIST
               ? QStringLiteral("%1 appeared while kix was writing; nothing was written").arg(target)
               : QStringLiteral("cannot write %1: %2").arg(target, errnoText(error));
}

} // namespace

QByteArray jsonFileBytes(const nlohmann::json& document) {
    return QByteArray::fromStdString(document.dump(2, ' ', false) + "\n");
}

QString ManifestSet::add(const QString& fileName, const nlohmann::json& document) {
    return addBytes(fileName, jsonFileBytes(document));
}

QString ManifestSet::addBytes(const QString& fileName, const QByteArray& bytes) {
    if (fileName.isEmpty() || fileName.contains(u'/') || fileName == QLatin1String(".") ||
        fileName == QLatin1String(".."))
        return QStringLiteral("\"%1\" is not a plain file name").arg(fileName);
    if (const SetFile* existing = find(fileName)) {
        if (existing->bytes == bytes)
            return {};
        return QStringLiteral("two different documents would both be written to %1").arg(fileName);
    }
    m_files.append({fileName, bytes});
    return {};
}

const SetFile* ManifestSet::find(const QString& fileName) const {
    for (const auto& f : m_files)
        if (f.name == fileName)
            return &f;
    return nullptr;
}

SetWriteResult writeManifestSet(const QString& folder, const ManifestSet& set, bool replace) {
    SetWriteResult out;
    const QDir dir(folder);
    if (!QDir().mkpath(folder)) {
        out.errors << QStringLiteral("cannot create folder %1").arg(folder);
        return out;
    }
    QList<bool> existed;
    QList<bool> unchanged; // already there with exactly these bytes: left alone
    for (const auto& f : set.files()) {
        bool exists = false;
        const QString target = dir.filePath(f.name);
        QString why = targetProblem(target, true, exists);
        const bool same = why.isEmpty() && exists && holdsExactly(target, f.bytes);
        if (why.isEmpty() && exists && !same && !replace)
            why = targetProblem(target, false, exists);
        if (!why.isEmpty())
            out.errors << why;
        existed << exists;
        unchanged << same;
    }
    if (!out.errors.isEmpty())
        return out;

    QByteArray pattern = native(dir.filePath(QStringLiteral(".kix-staging-XXXXXX")));
    if (!::mkdtemp(pattern.data())) {
        out.errors << QStringLiteral("cannot write in %1: %2").arg(folder, errnoText(errno));
        return out;
    }
    const QString staging = QFile::decodeName(pattern);
    const QDir stage(staging);
    for (qsizetype i = 0; i < set.files().size(); ++i) {
        const SetFile& f = set.files()[i];
        const QString staged = stage.filePath(QStringLiteral("new-%1").arg(i));
        if (QString err = writeNewFile(staged, f.bytes); !err.isEmpty()) {
            out.errors << err.replace(staged, dir.filePath(f.name)); // name the file the user asked for
            removeTree(staging);
            return out;
        }
    }
    QList<Placed> placed;
    for (qsizetype i = 0; i < set.files().size(); ++i) {
        if (unchanged[i])
            continue;
        const QString target = dir.filePath(set.files()[i].name);
        Placed p{native(target), {}};
        const QString err = place(native(stage.filePath(QStringLiteral("new-%1").arg(i))), target, existed[i],
                                  native(stage.filePath(QStringLiteral("old-%1").arg(i))), p);
        // Another writer (a second Slurm task into the shared output folder) placed the same document,
        // say the WorkloadCase both runs name, since the check: the file holds what this set would write.
        if (!err.isEmpty() && !existed[i] && holdsExactly(target, set.files()[i].bytes))
            continue;
        if (!err.isEmpty()) {
            out.errors << err;
            rollBack(placed, staging);
            removeTree(staging);
            return out;
        }
        placed << p;
    }
    const int dirFd = ::open(native(folder).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dirFd >= 0) {
        ::fsync(dirFd); // the new names themselves reach the disk
        ::close(dirFd);
    }
    removeTree(staging);
    for (const auto& f : set.files())
        out.written << dir.filePath(f.name);
    return out;
}

} // namespace kix
