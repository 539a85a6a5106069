// Opens a path for reading only when it is a regular file. FIFOs, sockets and devices are refused up
// front (the open itself never blocks: a FIFO with no writer would otherwise hang, /dev/zero would be
// read forever), and the type is checked on the opened descriptor, so the path cannot be swapped
// between the check and the read.
#pragma once

#include "Problem.h"

#include <QFile>
#include <QString>
#include <memory>
#include <optional>

namespace kix {

// What a file that is not a regular one is, for messages: "a FIFO (named pipe)", "a folder", …
QString fileKindName(unsigned mode); // st_mode of stat()

class RegularFile {
public:
    RegularFile() = default;
    ~RegularFile();
    RegularFile(const RegularFile&) = delete;
    RegularFile& operator=(const RegularFile&) = delete;

    // The problem (codes read.*) when the path is missing, a dangling link, a folder, not a regular
    // file or unreadable. Qt resource paths (":/kix/samples/...") are read through QFile: they live
    // in the program's memory and are always regular.
    std::optional<Problem> open(const QString& path);
    // Reads up to `size` bytes; returns the count (0 at the end), or -1 with errorString() set.
    qint64 read(char* data, qint64 size);
    qint64 size() const { return m_size; } // at open time
    QString errorString() const { return m_error; }
    void close();

private:
    int m_fd = -1;
    std::unique_ptr<QFile> m_resource;
    qint64 m_size = 0;
    QString m_error;
};

} // namespace kix
