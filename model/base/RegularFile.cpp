#include "RegularFile.h"

#include <QFile>
#include <QFileInfo>
#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace kix {

namespace {

Problem readProblem(const QString& path, const char* code, const QString& message) {
    Problem p;
    p.file = path;
    p.message = message;
    p.code = QString::fromLatin1(code);
    return p;
}

} // namespace

QString fileKindName(unsigned mode) {
    if (S_ISDIR(mode))
        return QStringLiteral("a folder");
    if (S_ISFIFO(mode))
        return QStringLiteral("a FIFO (named pipe)");
    if (S_ISSOCK(mode))
        return QStringLiteral("a socket");
    if (S_ISCHR(mode))
        return QStringLiteral("a character device");
    if (S_ISBLK(mode))
        return QStringLiteral("a block device");
    return QStringLiteral("not a regular file");
}

RegularFile::~RegularFile() {
    close();
}

void RegularFile::close() {
    if (m_fd >= 0)
        ::close(m_fd);
    m_fd = -1;
    m_resource.reset();
}

std::optional<Problem> RegularFile::open(const QString& path) {
    close();
    if (path.startsWith(u':')) {
        const QFileInfo info(path);
        if (!info.exists())
            return readProblem(path, codes::readNotFound, QStringLiteral("no such file"));
        if (info.isDir())
            return readProblem(path, codes::readIsFolder,
                               QStringLiteral("is a folder, expected a manifest file"));
        m_resource = std::make_unique<QFile>(path);
        if (!m_resource->open(QIODevice::ReadOnly)) {
            const QString why = m_resource->errorString();
            m_resource.reset();
            return readProblem(path, codes::readUnreadable, QStringLiteral("cannot be read: %1").arg(why));
        }
        m_size = m_resource->size();
        return std::nullopt;
    }
    const QByteArray native = QFile::encodeName(path);
    // O_NONBLOCK: opening a FIFO must not wait for a writer; regular files ignore the flag.
    const int fd = ::open(native.constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        const int err = errno;
        struct stat link {};
        if (err == ENOENT && ::lstat(native.constData(), &link) == 0 && S_ISLNK(link.st_mode))
            return readProblem(path, codes::readDanglingLink,
                               QStringLiteral("is a symbolic link to a missing file"));
        if (err == ENOENT)
            return readProblem(path, codes::readNotFound, QStringLiteral("no such file"));
        return readProblem(path, codes::readUnreadable,
                           QStringLiteral("cannot be read: %1").arg(qt_error_string(err)));
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        const int err = errno;
        ::close(fd);
        return readProblem(path, codes::readUnreadable,
                           QStringLiteral("cannot be read: %1").arg(qt_error_string(err)));
    }
    if (S_ISDIR(st.st_mode)) {
        ::close(fd);
        return readProblem(path, codes::readIsFolder,
                           QStringLiteral("is a folder, expected a manifest file"));
    }
    if (!S_ISREG(st.st_mode)) {
        ::close(fd);
        return readProblem(path, codes::readNotRegular,
                           QStringLiteral("is %1, not a regular file: kix reads only regular files")
                               .arg(fileKindName(st.st_mode)));
    }
    m_fd = fd;
    m_size = qint64(st.st_size);
    return std::nullopt;
}

qint64 RegularFile::read(char* data, qint64 size) {
    if (m_resource) {
        const qint64 n = m_resource->read(data, size);
        if (n < 0)
            m_error = m_resource->errorString();
        return n;
    }
    if (m_fd < 0)
        return 0;
    while (true) {
        const ssize_t n = ::read(m_fd, data, std::size_t(size));
        if (n >= 0)
            return qint64(n);
        if (errno == EINTR)
            continue;
        m_error = qt_error_string(errno);
        return -1;
    }
}

} // namespace kix
