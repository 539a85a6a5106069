// From paths to sources: which files a list of paths and folders names (by identity, so one file given
// twice, through a symbolic link or spelled another way is read once), what could not be read and why,
// and reading one JSON or YAML file into its document. JSON Lines sources (catalog exports) are streamed
// line by line by the loader instead (LoadJob). Which suffix holds which format: SourceExtensions.h.
#pragma once

#include "JsonReader.h"
#include "Records.h"
#include "SourceExtensions.h"

#include <QStringList>

namespace kix {

struct Inputs {
    QStringList files;   // to read, in order, each once
    QList<qint64> sizes; // each file's size as the walk saw it (for progress: no second stat per file)
    // What cannot be read, one problem per path: paths that do not exist, empty folders, and inside
    // folders unreadable files, dangling symbolic links and FIFOs, sockets or devices.
    Problems problems;
    bool empty() const { return files.isEmpty() && problems.isEmpty(); }
};
Inputs collectInputs(const QStringList& paths);

// A stable identity of a file (device and inode where the system has them, else the canonical path),
// so that "a.json", "./a.json" and a link to it are one file.
QString fileIdentity(const QString& path);

// Reads a JSON or YAML file into one document (origin: the file).
ParsedDocument readDocumentFile(const QString& path, const JsonLimits& limits = {});
ParsedDocument readDocumentBytes(const QByteArray& bytes, const QString& file, SourceFormat format,
                                 const JsonLimits& limits = {});

} // namespace kix
