#include "LineSource.h"

#include "RegularFile.h"

#include <cstring>
#include <utility>
#include <vector>
#include <zstd.h>

namespace kix {

namespace {

constexpr qsizetype kChunk = 1 << 20; // decoded text is handled in chunks of this size

bool isZstdMagic(const char* p, qint64 n) {
    if (n < 4)
        return false;
    const auto b = [&](int i) { return static_cast<unsigned char>(p[i]); };
    if (b(0) == 0x28 && b(1) == 0xB5 && b(2) == 0x2F && b(3) == 0xFD)
        return true;
    // Skippable frames (0x184D2A50..0x184D2A5F, little-endian) are valid zstd too.
    return (b(0) & 0xF0) == 0x50 && b(1) == 0x2A && b(2) == 0x4D && b(3) == 0x18;
}

bool isBlank(const char* p, qsizetype n) {
    for (qsizetype i = 0; i < n; ++i) {
        if (p[i] != ' ' && p[i] != '\t')
            return false;
    }
    return true;
}

} // namespace

struct LineSource::Impl {
    QString path;
    JsonLimits limits;
    RegularFile file;
    bool opened = false;
    bool compressed = false;
    bool stopped = false;
    std::optional<Problem> error;
    qint64 consumed = 0;

    // Compressed input (zstd only).
    std::vector<char> in;
    std::size_t inPos = 0, inEnd = 0;
    bool inputEof = false;
    std::size_t frameRemaining = 0;         // ZSTD_decompressStream's last hint: 0 at a frame boundary
    qint64 compressedUsed = 0, decoded = 0; // for the expansion bound (LineSource.h)
    ZSTD_DStream* zstd = nullptr;

    // Decoded text not yet split into lines.
    std::vector<char> out;
    std::size_t pos = 0, end = 0;
    bool textEof = false;

    // The line being assembled across chunks.
    QByteArray pending;
    bool skipping = false; // the current line is over the cap: count it, keep nothing
    qint64 skippedBytes = 0;
    bool skippedEndsInCr = false;
    qint64 lineNumber = 0;

    ~Impl() {
        if (zstd)
            ZSTD_freeDStream(zstd);
    }

    Problem problem(const char* code, const QString& message) const {
        Problem p;
        p.file = path;
        p.message = message;
        p.code = QString::fromLatin1(code);
        return p;
    }

    void stop(const Problem& p) {
        stopped = true;
        error = p;
    }

    qint64 readFile(char* data, qint64 size) {
        const qint64 n = file.read(data, size);
        if (n < 0) {
            stop(problem(
                codes::readUnreadable,
                QStringLiteral("cannot be read after %1 bytes: %2").arg(consumed).arg(file.errorString())));
            return -1;
        }
        consumed += n;
        return n;
    }

    // Counts the text one decompression step made; true (reading stopped) once it expands beyond the bound
    // of LineSource.h over the compressed bytes used so far (compressedUsed).
    bool overExpanded(qint64 made) {
        decoded += made;
        if (decoded <= kZstdExpansionAllowance || decoded <= compressedUsed * kMaxZstdExpansion)
            return false;
        stop(problem(codes::readZstdRatio,
                     QStringLiteral(
                         "the zstd data expands more than %1-fold, kix's limit (%2 bytes from %3 compressed "
                         "bytes, in line %4: a decompression bomb?); the lines before it were read, the "
                         "rest is not")
                         .arg(kMaxZstdExpansion)
                         .arg(decoded)
                         .arg(compressedUsed)
                         .arg(lineNumber + 1)));
        return true;
    }

    // Fills `out` with the next decoded text; false at the end of the text or when reading stopped.
    bool refill() {
        pos = end = 0;
        if (stopped || textEof)
            return false;
        if (!compressed) {
            const qint64 n = readFile(out.data(), qint64(out.size()));
            if (n <= 0) {
                textEof = true;
                return false;
            }
            end = std::size_t(n);
            return true;
        }
        for (;;) {
            if (inPos == inEnd && !inputEof) {
                const qint64 n = readFile(in.data(), qint64(in.size()));
                if (n < 0)
                    return false;
                inPos = 0;
                inEnd = std::size_t(n);
                inputEof = n == 0;
            }
            const std::size_t ibStart = inPos;
            ZSTD_inBuffer ib{in.data(), inEnd, inPos};
            ZSTD_outBuffer ob{out.data(), out.size(), 0};
            const std::size_t r = ZSTD_decompressStream(zstd, &ob, &ib);
            const bool progressed = ib.pos > inPos || ob.pos > 0;
            inPos = ib.pos;
            if (ZSTD_isError(r)) {
                stop(problem(codes::readZstdCorrupt,
                             QStringLiteral("the zstd data is corrupt (zstd: %1) near compressed byte %2, in "
                                            "line %3: the lines before it were read, the rest is not")
                                 .arg(QString::fromLatin1(ZSTD_getErrorName(r)))
                                 .arg(consumed - qint64(inEnd - inPos))
                                 .arg(lineNumber + 1)));
                return false;
            }
            if (progressed) // a call that did nothing reports the next frame's header size, not a cut
                frameRemaining = r;
            compressedUsed += qint64(ib.pos) - qint64(ibStart);
            if (ob.pos > 0) {
                end = ob.pos;
                return !overExpanded(qint64(ob.pos));
            }
            if (inPos == inEnd && inputEof) {
                textEof = true;
                if (frameRemaining != 0)
                    stop(problem(
                        codes::readZstdTruncated,
                        QStringLiteral("the zstd data ends inside a frame after %1 compressed bytes, in "
                                       "line %2: the file is truncated; the lines before it were read")
                            .arg(consumed)
                            .arg(lineNumber + 1)));
                return false;
            }
        }
    }

    // Turns a complete line (without '\n') into `line`; false when it is blank and to be skipped.
    bool deliver(const char* data, qsizetype size, SourceLine& line) {
        ++lineNumber;
        if (size > 0 && data[size - 1] == '\r')
            --size;
        line.number = lineNumber;
        line.problem.reset();
        if (size > limits.maxBytes) {
            deliverTooLong(size, line);
            return true;
        }
        if (size == 0 || ((data[0] == ' ' || data[0] == '\t') && isBlank(data, size)))
            return false;
        line.text.resize(size);
        std::memcpy(line.text.data(), data, std::size_t(size));
        return true;
    }

    void deliverTooLong(qint64 size, SourceLine& line) const {
        line.number = lineNumber;
        line.text.clear();
        line.problem =
            problem(codes::readLineTooLong,
                    QStringLiteral("line %1: %2; the line is skipped")
                        .arg(lineNumber)
                        .arg(tooLargeMessage(QStringLiteral("the record"), size, limits.maxBytes)));
    }

    bool next(SourceLine& line) {
        if (!opened || stopped)
            return false;
        for (;;) {
            if (pos == end && !refill())
                return deliverLast(line);
            const char* begin = out.data() + pos;
            const std::size_t available = end - pos;
            const auto* newline = static_cast<const char*>(std::memchr(begin, '\n', available));
            const qsizetype segment = newline ? qsizetype(newline - begin) : qsizetype(available);
            pos += std::size_t(segment) + (newline ? 1 : 0);
            if (skipping ? skipSegment(begin, segment, newline != nullptr, line)
                         : takeSegment(begin, segment, newline != nullptr, line))
                return true;
        }
    }

    // At the end of the text: the line still open there (one without a newline, or the one being
    // skipped); false when there is none.
    bool deliverLast(SourceLine& line) {
        if (stopped)
            return false; // a partial last line of a corrupt or truncated stream is not delivered
        if (skipping) {
            skipping = false;
            ++lineNumber;
            deliverTooLong(skippedBytes - (skippedEndsInCr ? 1 : 0), line);
            return true;
        }
        if (!pending.isEmpty()) {
            const QByteArray last = std::exchange(pending, QByteArray());
            if (deliver(last.constData(), last.size(), line))
                return true;
        }
        return false;
    }

    // A segment of a line over the cap, up to a newline (or the chunk's end): counted, not kept; true
    // when its newline ends the line and the problem is delivered.
    bool skipSegment(const char* begin, qsizetype segment, bool newline, SourceLine& line) {
        skippedBytes += segment;
        if (segment > 0)
            skippedEndsInCr = begin[segment - 1] == '\r';
        if (!newline)
            return false;
        skipping = false;
        ++lineNumber;
        deliverTooLong(skippedBytes - (skippedEndsInCr ? 1 : 0), line);
        return true;
    }

    // A segment of text up to a newline (or the chunk's end): added to the line being assembled, or
    // ending it; true when a line (or the problem of a line over the cap) is delivered.
    bool takeSegment(const char* begin, qsizetype segment, bool newline, SourceLine& line) {
        if (!newline) {
            // +1: a line exactly at the cap may still carry its '\r'.
            if (pending.size() + segment > limits.maxBytes + 1) {
                skipping = true;
                skippedBytes = pending.size() + segment;
                skippedEndsInCr = segment > 0 ? begin[segment - 1] == '\r' : pending.endsWith('\r');
                pending = QByteArray();
            } else {
                pending.append(begin, segment);
            }
            return false;
        }
        if (pending.isEmpty())
            return deliver(begin, segment, line);
        if (pending.size() + segment > limits.maxBytes + 1) {
            ++lineNumber;
            const bool cr = segment > 0 ? begin[segment - 1] == '\r' : pending.endsWith('\r');
            deliverTooLong(pending.size() + segment - (cr ? 1 : 0), line);
            pending = QByteArray();
            return true;
        }
        pending.append(begin, segment);
        const QByteArray whole = std::exchange(pending, QByteArray());
        return deliver(whole.constData(), whole.size(), line);
    }
};

LineSource::LineSource(QString path, JsonLimits limits)
    : d(std::make_unique<Impl>()) {
    d->path = std::move(path);
    d->limits = limits;
}

LineSource::~LineSource() = default;

std::optional<Problem> LineSource::open() {
    const QString path = d->path;
    const JsonLimits limits = d->limits;
    d = std::make_unique<Impl>();
    d->path = path;
    d->limits = limits;
    if (auto problem = d->file.open(path)) {
        d->stop(*problem);
        return problem;
    }
    d->out.resize(kChunk);
    // Read the first chunk to look for the zstd magic number.
    const qint64 n = d->readFile(d->out.data(), kChunk);
    if (n < 0)
        return d->error;
    const bool namedZst = path.endsWith(QStringLiteral(".zst"), Qt::CaseInsensitive);
    d->compressed = isZstdMagic(d->out.data(), n);
    if (namedZst && !d->compressed) {
        d->stop(d->problem(codes::readZstdMagic,
                           n == 0
                               ? QStringLiteral("is empty: a .zst file must hold zstd-compressed data")
                               : QStringLiteral("is not zstd-compressed data (the name ends in .zst, but the "
                                                "file does not start with the zstd magic number)")));
        return d->error;
    }
    if (d->compressed) {
        d->zstd = ZSTD_createDStream();
        if (!d->zstd) {
            d->stop(d->problem(codes::readUnreadable, QStringLiteral("cannot start the zstd decompressor")));
            return d->error;
        }
        ZSTD_initDStream(d->zstd);
        d->in.resize(std::max<std::size_t>(ZSTD_DStreamInSize(), std::size_t(kChunk)));
        std::memcpy(d->in.data(), d->out.data(), std::size_t(n));
        d->inPos = 0;
        d->inEnd = std::size_t(n);
        d->inputEof = n == 0;
    } else {
        d->pos = 0;
        d->end = std::size_t(n);
        d->textEof = n == 0;
    }
    d->opened = true;
    return std::nullopt;
}

bool LineSource::next(SourceLine& line) {
    return d->next(line);
}

std::optional<Problem> LineSource::error() const {
    return d->error;
}

qint64 LineSource::bytesConsumed() const {
    return d->consumed;
}

qint64 LineSource::fileSize() const {
    return d->file.size();
}

bool LineSource::isCompressed() const {
    return d->compressed;
}

} // namespace kix
