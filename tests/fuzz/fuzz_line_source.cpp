// libFuzzer target: LineSource over a file, plain and zstd. The first byte picks the mode:
//   bit 0: the file is named .jsonl.zst (else .jsonl)      bit 1: the rest is zstd-compressed first
//   bit 7: the compressed bytes are cut short               bits 2-5: the line cap, 16 << n bytes
// Where the text is known (plain, or compressed here and not cut), the lines delivered must be
// exactly the non-blank lines of the text, CR stripped, those over the cap reported instead.
#include "LineSource.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <cstdint>
#include <cstdlib>
#include <zstd.h>

namespace {

QString scratchDir() {
    static const QString dir = [] {
        QByteArray pattern = QDir::tempPath().toLocal8Bit() + "/kix-fuzz-lines-XXXXXX";
        return QString::fromLocal8Bit(mkdtemp(pattern.data()));
    }();
    return dir;
}

bool blank(const QByteArray& line) {
    for (char c : line)
        if (c != ' ' && c != '\t')
            return false;
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0)
        return 0;
    const unsigned mode = data[0];
    const QByteArray text(reinterpret_cast<const char*>(data + 1), qsizetype(size - 1));
    const qint64 cap = qint64(16) << ((mode >> 2) & 15);
    QByteArray file = text;
    bool known = true;
    if (mode & 2) {
        file.resize(qsizetype(ZSTD_compressBound(std::size_t(text.size()))));
        const std::size_t n = ZSTD_compress(file.data(), std::size_t(file.size()), text.constData(),
                                            std::size_t(text.size()), 1);
        if (ZSTD_isError(n))
            __builtin_trap();
        file.resize(qsizetype(n));
        if ((mode & 0x80) && !text.isEmpty()) {
            file.resize(file.size() * qsizetype(text[0] & 0x7f) / 128);
            known = false;
        }
    } else if (text.startsWith("\x28\xB5\x2F\xFD") || (mode & 1)) {
        known = false; // raw bytes read as zstd
    }
    const QString path =
        scratchDir() + ((mode & 1) ? QStringLiteral("/in.jsonl.zst") : QStringLiteral("/in.jsonl"));
    {
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(file) != file.size())
            std::abort();
    }
    kix::JsonLimits limits;
    limits.maxBytes = cap;
    kix::LineSource source(path, limits);
    if (source.open())
        return 0;
    QList<QByteArray> lines;
    QList<qint64> skipped;
    kix::SourceLine line;
    qint64 last = 0;
    while (source.next(line)) {
        if (line.number <= last)
            __builtin_trap(); // numbers only grow
        last = line.number;
        if (line.problem) {
            if (!line.text.isEmpty())
                __builtin_trap();
            skipped.append(line.number);
            continue;
        }
        if (line.text.size() > cap || line.text.contains('\n') || line.text.isEmpty())
            __builtin_trap();
        lines.append(line.text);
    }
    if (source.bytesConsumed() > source.fileSize())
        __builtin_trap();
    if (!known)
        return 0;
    if (source.error())
        __builtin_trap(); // a stream written here is whole and valid
    QList<QByteArray> expected;
    QList<qint64> expectedSkipped;
    const QList<QByteArray> parts = text.split('\n');
    for (qsizetype i = 0; i < parts.size(); ++i) {
        QByteArray p = parts[i];
        if (i == parts.size() - 1 && p.isEmpty())
            break; // after the final newline
        if (p.endsWith('\r'))
            p.chop(1);
        if (p.size() > cap)
            expectedSkipped.append(i + 1);
        else if (!p.isEmpty() && !blank(p))
            expected.append(p);
    }
    if (lines != expected || skipped != expectedSkipped)
        __builtin_trap();
    return 0;
}
