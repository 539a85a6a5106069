#include "SourceReader.h"

#include "DocumentReader.h"
#include "YamlReader.h"

#include <QDir>
#include <QFileInfo>
#include <QSet>
#include <algorithm>

#ifdef Q_OS_UNIX
#include <sys/stat.h>
#endif

namespace kix {

using namespace codes;

namespace {

Problem readProblem(const char* code, const QString& file, const QString& message) {
    return makeProblem(Problem::Severity::Error, code, file, QString(), message);
}

// Python's json module writes NaN and Infinity as bare words; name them instead of a generic syntax error.
void explainNonFinite(const QByteArray& bytes, Problem& p) {
    static const QByteArray words[] = {"NaN", "Infinity", "-Infinity"};
    for (const auto& w : words) {
        if (bytes.contains(QByteArray(QByteArray(": ") + w)) ||
            bytes.contains(QByteArray(QByteArray(":") + w))) {
            p.message += QStringLiteral(" (NaN and Infinity are not JSON numbers)");
            return;
        }
    }
}

struct Walk {
    QSet<QString> seenFiles;
    QSet<QString> seenFolders;
    Inputs out;

    void addFile(const QString& path, qint64 size) {
        const QString id = fileIdentity(path);
        if (seenFiles.contains(id))
            return;
        seenFiles.insert(id);
        out.files << path;
        out.sizes << size;
    }

    // Entries a folder holds that kix would read but cannot: reported, never skipped silently.
    bool checkEntry(const QFileInfo& info) {
        const QString path = info.filePath();
        if (info.isSymLink() && !info.exists()) {
            out.problems << readProblem(
                readDanglingLink, path,
                QStringLiteral("symbolic link to \"%1\", which does not exist").arg(info.symLinkTarget()));
            return false;
        }
        if (!info.isFile()) {
            out.problems << readProblem(
                readNotRegular, path,
                QStringLiteral("not a regular file (a FIFO, socket or device); not read"));
            return false;
        }
        if (!info.isReadable()) {
            out.problems << readProblem(readUnreadable, path,
                                        QStringLiteral("cannot be read: permission denied"));
            return false;
        }
        return true;
    }

    int walkFolder(const QString& folder) {
        const QString canonical = QFileInfo(folder).canonicalFilePath();
        if (seenFolders.contains(canonical))
            return -1; // a link back up the tree, or the same folder given twice
        seenFolders.insert(canonical);
        QDir dir(folder);
        if (!dir.isReadable()) {
            out.problems << readProblem(readUnreadable, folder,
                                        QStringLiteral("folder cannot be read: permission denied"));
            return 1;
        }
        int found = 0;
        const QFileInfoList entries =
            dir.entryInfoList(QDir::AllEntries | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
        for (const QFileInfo& info : entries) {
            if (info.fileName().startsWith(u'.'))
                continue; // hidden files and folders (.git) are not inputs
            if (info.isDir()) {
                found += std::max(0, walkFolder(info.filePath()));
                continue;
            }
            if (!isSourceName(info.fileName()))
                continue;
            ++found;
            if (checkEntry(info))
                addFile(info.filePath(), info.size());
        }
        return found;
    }
};

} // namespace

QString fileIdentity(const QString& path) {
#ifdef Q_OS_UNIX
    if (!path.startsWith(u':')) {
        struct stat st {};
        if (::stat(QFile::encodeName(path).constData(), &st) == 0)
            return QStringLiteral("%1:%2").arg(qulonglong(st.st_dev)).arg(qulonglong(st.st_ino));
    }
#endif
    const QFileInfo info(path);
    return info.exists() ? info.canonicalFilePath() : info.absoluteFilePath();
}

Inputs collectInputs(const QStringList& paths) {
    Walk walk;
    if (paths.isEmpty()) {
        walk.out.problems << readProblem(readNoInput, QString(),
                                         QStringLiteral("no file or folder to read was given"));
        return walk.out;
    }
    for (const QString& path : paths) {
        const QFileInfo info(path);
        if (info.isSymLink() && !info.exists()) {
            walk.out.problems << readProblem(
                readDanglingLink, path,
                QStringLiteral("symbolic link to \"%1\", which does not exist").arg(info.symLinkTarget()));
        } else if (!info.exists()) {
            walk.out.problems << readProblem(readNotFound, path, QStringLiteral("no such file"));
        } else if (info.isDir()) {
            if (walk.walkFolder(path) == 0)
                walk.out.problems << readProblem(readEmptyFolder, path,
                                                 QStringLiteral("no manifest in this folder (looked for %1, "
                                                                "in subfolders too)")
                                                     .arg(sourceNamePatterns()));
        } else {
            // A file named explicitly is read whatever its name; readLimitedFile refuses what is not a file.
            walk.addFile(path, info.size());
        }
    }
    return walk.out;
}

ParsedDocument readDocumentBytes(const QByteArray& bytes, const QString& file, SourceFormat format,
                                 const JsonLimits& limits) {
    ParsedDocument doc;
    doc.origin = Origin{file, 0, QString()};
    doc.bytes = bytes.size();
    JsonReadResult parsed;
    if (format == SourceFormat::Yaml) {
        parsed = parseYaml(bytes, file, limits);
    } else {
        parsed = parseJson(bytes, file, limits);
    }
    if (!parsed.value) {
        explainNonFinite(bytes, parsed.error);
        doc.problems.append(parsed.error);
        return doc;
    }
    readManifestDocument(*parsed.value, DocumentContext{file, 0, QString(), QString(), bytes.size()}, doc);
    return doc;
}

ParsedDocument readDocumentFile(const QString& path, const JsonLimits& limits) {
    QByteArray bytes;
    if (auto problem = readLimitedFile(path, limits, bytes)) {
        ParsedDocument doc;
        doc.origin = Origin{path, 0, QString()};
        if (problem->code.isEmpty())
            problem->code = QString::fromLatin1(readUnreadable);
        doc.problems.append(*problem);
        return doc;
    }
    return readDocumentBytes(bytes, path, formatOf(path), limits);
}

} // namespace kix
