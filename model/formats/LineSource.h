// JSON Lines, plain (.jsonl) or zstd-compressed (.jsonl.zst), read line by line with bounded memory:
// the file is never held whole, only a 1 MiB buffer, the decompressor's window and the current line.
// The per-record cap (limits.maxBytes) applies to each line: a longer line is skipped with a located
// problem and reading goes on. Empty (or blank) lines are skipped. A corrupt or truncated zstd stream
// stops reading with a located problem; lines already delivered stay delivered. Only regular files
// are read (FIFOs, sockets and devices are refused without blocking). A zstd stream that expands beyond
// kMaxZstdExpansion times the compressed bytes it has used (past the first kZstdExpansionAllowance
// decoded bytes) stops reading with read.zstd_ratio: a 1.9 MB file of 20 GB of "{}" lines (issue 40)
// would otherwise keep `kix verify` busy for 50 minutes.
#pragma once

#include "JsonReader.h"
#include "Problem.h"

#include <QByteArray>
#include <QString>
#include <memory>
#include <optional>

namespace kix {

// KernelIndex's catalog export compresses 15.6-fold (44.9 MiB in 2.87 MiB, 2026-08-16): 100 leaves room
// for text more repetitive than that; a bomb of one repeated line expands thousands of times.
inline constexpr qint64 kMaxZstdExpansion = 100;
inline constexpr qint64 kZstdExpansionAllowance = qint64{16} * 1024 * 1024; // decoded before the ratio counts

struct SourceLine {
    QByteArray text;                // the line without its newline (empty when `problem` is set)
    qint64 number = 0;              // 1-based line number in the (decompressed) text
    std::optional<Problem> problem; // set instead of text for a line that could not be delivered
};

class LineSource {
public:
    explicit LineSource(QString path, JsonLimits limits = JsonLimits::defaults());
    ~LineSource();
    LineSource(const LineSource&) = delete;
    LineSource& operator=(const LineSource&) = delete;

    // Opens and checks the file: a regular file, and the zstd magic number when the name ends in .zst.
    // Content that starts with the zstd magic is decompressed whatever the name.
    std::optional<Problem> open();
    // The next line (or a problem for a skipped line); false at the end or when reading stopped
    // (then error() is set).
    bool next(SourceLine& line);
    std::optional<Problem> error() const;
    qint64 bytesConsumed() const; // bytes of the file read so far (compressed bytes for .zst)
    qint64 fileSize() const;      // for progress
    bool isCompressed() const;

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

} // namespace kix
