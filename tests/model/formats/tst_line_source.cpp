// JSON Lines, plain and zstd: every line delivered once with its number, over-long lines skipped with
// a located problem, corrupt or truncated streams stopped with one, special files refused at once.
#include "LineSource.h"
#include "TestMain.h"

#include "SharedData.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <sys/stat.h>
#include <zstd.h>

namespace {

QByteArray compress(const QByteArray& text, bool checksum = false) {
    ZSTD_CCtx* cctx = ZSTD_createCCtx();
    ZSTD_CCtx_setParameter(cctx, ZSTD_c_compressionLevel, 3);
    ZSTD_CCtx_setParameter(cctx, ZSTD_c_checksumFlag, checksum ? 1 : 0);
    QByteArray out(qsizetype(ZSTD_compressBound(std::size_t(text.size()))), Qt::Uninitialized);
    const std::size_t n =
        ZSTD_compress2(cctx, out.data(), std::size_t(out.size()), text.constData(), std::size_t(text.size()));
    ZSTD_freeCCtx(cctx);
    if (ZSTD_isError(n))
        qFatal("zstd: %s", ZSTD_getErrorName(n));
    out.resize(qsizetype(n));
    return out;
}

struct Read {
    QList<QByteArray> texts;
    QList<qint64> numbers;
    QStringList problems; // "number: message"
    std::optional<kix::Problem> error;
};

Read readAll(const QString& path, qint64 cap = 1 << 20) {
    kix::JsonLimits limits;
    limits.maxBytes = cap;
    kix::LineSource source(path, limits);
    Read r;
    if (auto p = source.open()) {
        r.error = p;
        return r;
    }
    kix::SourceLine line;
    while (source.next(line)) {
        if (line.problem) {
            r.problems.append(QString::number(line.number) + QStringLiteral(": ") + line.problem->toString());
        } else {
            r.texts.append(line.text);
            r.numbers.append(line.number);
        }
    }
    r.error = source.error();
    return r;
}

} // namespace

class TestLineSource : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;

    QString write(const QString& name, const QByteArray& bytes) {
        QString path = m_dir.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(bytes) != bytes.size())
            qFatal("cannot write %s", qPrintable(path));
        return path;
    }

private slots:
    // The same text, plain and compressed, must give the same lines and numbers.
    void lines_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QList<QByteArray>>("texts");
        QTest::addColumn<QList<qint64>>("numbers");
        QTest::newRow("plain lines") << QByteArray("{\"a\":1}\n{\"b\":2}\n")
                                     << QList<QByteArray>{"{\"a\":1}", "{\"b\":2}"} << QList<qint64>{1, 2};
        QTest::newRow("no final newline")
            << QByteArray("a\nb") << QList<QByteArray>{"a", "b"} << QList<qint64>{1, 2};
        QTest::newRow("crlf") << QByteArray("a\r\nb\r\n") << QList<QByteArray>{"a", "b"}
                              << QList<qint64>{1, 2};
        QTest::newRow("crlf without final newline")
            << QByteArray("a\r\nb\r") << QList<QByteArray>{"a", "b"} << QList<qint64>{1, 2};
        QTest::newRow("empty and blank lines skipped")
            << QByteArray("\n\na\n \t \n\r\nb\n\n") << QList<QByteArray>{"a", "b"} << QList<qint64>{3, 6};
        QTest::newRow("a lone carriage return inside a line stays")
            << QByteArray("a\rb\n") << QList<QByteArray>{"a\rb"} << QList<qint64>{1};
        QTest::newRow("empty file") << QByteArray() << QList<QByteArray>{} << QList<qint64>{};
        QTest::newRow("only newlines") << QByteArray("\n\n\n") << QList<QByteArray>{} << QList<qint64>{};
        QTest::newRow("nul bytes are delivered")
            << QByteArray("a\0b\n", 4) << QList<QByteArray>{QByteArray("a\0b", 3)} << QList<qint64>{1};
    }
    void lines() {
        QFETCH(QByteArray, text);
        QFETCH(QList<QByteArray>, texts);
        QFETCH(QList<qint64>, numbers);
        const Read plain = readAll(write(QStringLiteral("t.jsonl"), text));
        QVERIFY(!plain.error);
        QCOMPARE(plain.texts, texts);
        QCOMPARE(plain.numbers, numbers);
        QVERIFY(plain.problems.isEmpty());
        const Read packed = readAll(write(QStringLiteral("t.jsonl.zst"), compress(text)));
        QVERIFY2(!packed.error, qPrintable(packed.error ? packed.error->toString() : QString()));
        QCOMPARE(packed.texts, texts);
        QCOMPARE(packed.numbers, numbers);
    }

    // A line over the cap is a located problem; reading goes on. Also across 1 MiB chunk boundaries.
    void overCap_data() {
        QTest::addColumn<bool>("compressed");
        QTest::newRow("plain") << false;
        QTest::newRow("zstd") << true;
    }
    void overCap() {
        QFETCH(bool, compressed);
        const QByteArray big(3 * 1024 * 1024 + 5, 'x');
        const QByteArray text = "first\n" + big + "\r\nsecond\n" + QByteArray(20, 'y') + "\nexactly-ten\n" +
                                QByteArray(10, 'z') + "\r\n" + big;
        const QString path = compressed ? write(QStringLiteral("cap.jsonl.zst"), compress(text))
                                        : write(QStringLiteral("cap.jsonl"), text);
        const Read r = readAll(path, 10);
        QVERIFY(!r.error);
        QCOMPARE(r.texts, (QList<QByteArray>{"first", "second", QByteArray(10, 'z')}));
        QCOMPARE(r.numbers, (QList<qint64>{1, 3, 6}));
        const QString limit =
            QStringLiteral("over the limit of 10 bytes per record (raise it with the environment variable "
                           "KIX_MAX_RECORD_BYTES, for example KIX_MAX_RECORD_BYTES=%1); the line is skipped");
        QCOMPARE(
            r.problems,
            (QStringList{QStringLiteral("2: %1: line 2: the record is 3145733 bytes, ").arg(path) +
                             limit.arg(QStringLiteral("4M")),
                         QStringLiteral("4: %1: line 4: the record is 20 bytes, ").arg(path) + limit.arg(20),
                         QStringLiteral("5: %1: line 5: the record is 11 bytes, ").arg(path) + limit.arg(11),
                         QStringLiteral("7: %1: line 7: the record is 3145733 bytes, ").arg(path) +
                             limit.arg(QStringLiteral("4M"))}));
        // A long line under a larger cap is delivered whole, across the reader's chunks.
        const Read whole = readAll(path, qint64(4) * 1024 * 1024);
        QCOMPARE(whole.texts.size(), 7);
        QCOMPARE(whole.texts[1], big);
        QCOMPARE(whole.texts[6], big);
    }

    void problemCode() {
        kix::JsonLimits limits;
        limits.maxBytes = 2;
        kix::LineSource source(write(QStringLiteral("code.jsonl"), "abc\n"), limits);
        QVERIFY(!source.open());
        kix::SourceLine line;
        QVERIFY(source.next(line));
        QVERIFY(line.problem);
        QCOMPARE(line.problem->code, QStringLiteral("read.line_too_long"));
        QVERIFY(line.text.isEmpty());
        QVERIFY(!source.next(line));
        QVERIFY(!source.error());
    }

    void multiFrame() {
        const QByteArray packed = compress("one\ntw") + compress("o\nthree\n") + compress(QByteArray());
        const Read r = readAll(write(QStringLiteral("multi.jsonl.zst"), packed));
        QVERIFY(!r.error);
        QCOMPARE(r.texts, (QList<QByteArray>{"one", "two", "three"}));
    }

    void skippableFrameFirst() {
        QByteArray skippable("\x50\x2A\x4D\x18\x04\x00\x00\x00"
                             "abcd",
                             12);
        const Read r = readAll(write(QStringLiteral("skip.jsonl.zst"), skippable + compress("a\n")));
        QVERIFY(!r.error);
        QCOMPARE(r.texts, (QList<QByteArray>{"a"}));
    }

    void compressedWhateverTheName() {
        const Read r = readAll(write(QStringLiteral("named-plain.jsonl"), compress("a\nb\n")));
        QVERIFY(!r.error);
        QCOMPARE(r.texts, (QList<QByteArray>{"a", "b"}));
    }

    void truncated() {
        // Several zstd blocks (a block holds at most 128 KiB of text), so that whole blocks come before the
        // cut.
        QByteArray text;
        QList<QByteArray> original;
        for (int i = 0; i < 20000; ++i) {
            original.append(QStringLiteral("{\"line\": %1, \"pad\": \"%2\"}")
                                .arg(i)
                                .arg(QString(i % 50, u'p'))
                                .toLatin1());
            text += original.back() + '\n';
        }
        const QByteArray packed = compress(text);
        const QByteArray cut = packed.left(packed.size() - 7);
        const QString path = write(QStringLiteral("cut.jsonl.zst"), cut);
        const Read r = readAll(path);
        QVERIFY(r.error);
        QCOMPARE(r.error->code, QStringLiteral("read.zstd_truncated"));
        QVERIFY(!r.texts.isEmpty());
        // Every line delivered is a whole line of the original, in order; the cut one is not delivered.
        QVERIFY(r.texts.size() < original.size());
        QCOMPARE(r.texts, original.mid(0, r.texts.size()));
        const qint64 next = r.texts.size() + 1;
        QCOMPARE(
            r.error->toString(),
            QStringLiteral("%1: the zstd data ends inside a frame after %2 compressed bytes, in line %3: the "
                           "file is truncated; the lines before it were read")
                .arg(path)
                .arg(cut.size())
                .arg(next));
        // Every byte-offset cut of a small stream stops cleanly or reads all: never a crash or a hang.
        const QByteArray small = compress("{\"a\":1}\n{\"b\":2}\n");
        for (qsizetype n = 0; n < small.size(); ++n) {
            const Read part = readAll(write(QStringLiteral("part.jsonl.zst"), small.left(n)));
            QVERIFY(part.error);
            QVERIFY(part.texts.size() <= 2);
        }
    }

    // Issue 40: a 1.9 MB file of 20 GB of "{}" lines kept kix verify busy for 50 minutes. Frames of 64 MiB,
    // one compressed here and repeated, make 1 GiB of text in about 5 KB; reading stops at the expansion
    // bound, counting lines, keeping none.
    void anExpansionBombStopsAtTheBound() {
        const QByteArray frame = compress(QByteArray("{}\n").repeated((qsizetype{64} << 20) / 3));
        const QString path = write(QStringLiteral("bomb.jsonl.zst"), frame.repeated(16));
        kix::LineSource source(path);
        QVERIFY(!source.open());
        kix::SourceLine line;
        qint64 lines = 0;
        while (source.next(line))
            ++lines;
        QVERIFY(source.error());
        QCOMPARE(source.error()->code, QStringLiteral("read.zstd_ratio"));
        // Stopped within the first chunk of text past the allowance: at most 1 MiB more of 3-byte lines.
        QVERIFY2(lines * 3 >= kix::kZstdExpansionAllowance - 3 &&
                     lines * 3 <= kix::kZstdExpansionAllowance + (qint64{1} << 20),
                 qPrintable(QString::number(lines)));
        QVERIFY2(source.error()->message.startsWith(
                     QStringLiteral("the zstd data expands more than 100-fold, kix's limit (")),
                 qPrintable(source.error()->message));
        QVERIFY(source.error()->message.endsWith(
            QStringLiteral(
                " in line %1: a decompression bomb?); the lines before it were read, the rest is not")
                .arg(lines + 1)));
    }

    // Text that expands as much as a real catalog (KernelIndex's export: 15.6-fold) is read whole.
    void catalogLikeExpansionIsReadWhole() {
        QByteArray text;
        for (int i = 0; i < 400000; ++i)
            text += QByteArray("{\"table\": \"benchmark_runs\", \"row\": {\"id\": ") + QByteArray::number(i) +
                    ", \"latencyNs\": " + QByteArray::number((i * 7919) % 100003) + "}}\n";
        QVERIFY(text.size() > kix::kZstdExpansionAllowance);
        const QByteArray packed = compress(text);
        QVERIFY(text.size() > packed.size() * 10); // more than the catalog's ratio
        kix::LineSource source(write(QStringLiteral("catalog-like.jsonl.zst"), packed));
        QVERIFY(!source.open());
        kix::SourceLine line;
        qint64 lines = 0;
        while (source.next(line))
            ++lines;
        QVERIFY2(!source.error(), qPrintable(source.error() ? source.error()->message : QString()));
        QCOMPARE(lines, qint64{400000});
    }

    void corrupt() {
        const QByteArray first = compress("good\n");
        QByteArray second = compress("bad\n");
        second[0] = 'X'; // the second frame's magic number: not a zstd frame
        const QString path = write(QStringLiteral("corrupt.jsonl.zst"), first + second);
        const Read r = readAll(path);
        QCOMPARE(r.texts, (QList<QByteArray>{"good"}));
        QVERIFY(r.error);
        QCOMPARE(r.error->code, QStringLiteral("read.zstd_corrupt"));
        QCOMPARE(
            r.error->toString(),
            QStringLiteral("%1: the zstd data is corrupt (zstd: Unknown frame descriptor) near compressed "
                           "byte %2, in line 2: the lines before it were read, the rest is not")
                .arg(path)
                .arg(first.size()));
        // A flipped byte inside a checksummed frame is caught by the checksum.
        QByteArray text;
        for (int i = 0; i < 500; ++i)
            text += "{\"k\": \"value value value\"}\n";
        QByteArray flipped = compress(text, true);
        flipped[flipped.size() / 2] = char(flipped[flipped.size() / 2] ^ 0x5A);
        const Read f = readAll(write(QStringLiteral("flipped.jsonl.zst"), flipped));
        QVERIFY(f.error);
        QCOMPARE(f.error->code, QStringLiteral("read.zstd_corrupt"));
    }

    void notZstd() {
        const QString path = write(QStringLiteral("fake.jsonl.zst"), "{\"a\": 1}\n");
        const Read r = readAll(path);
        QVERIFY(r.error);
        QCOMPARE(r.error->toString(),
                 QStringLiteral(
                     "%1: is not zstd-compressed data (the name ends in .zst, but the file does not start "
                     "with the zstd magic number)")
                     .arg(path));
        QCOMPARE(r.error->code, QStringLiteral("read.zstd_magic"));
        const Read empty = readAll(write(QStringLiteral("empty.jsonl.zst"), QByteArray()));
        QCOMPARE(empty.error->message,
                 QStringLiteral("is empty: a .zst file must hold zstd-compressed data"));
    }

    void specialFiles() {
        const QString fifo = m_dir.filePath(QStringLiteral("pipe.jsonl"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        QElapsedTimer timer;
        timer.start();
        const Read r = readAll(fifo);
        QVERIFY(timer.elapsed() < 2000); // refused at once, not after waiting for a writer
        QVERIFY(r.error);
        QCOMPARE(r.error->toString(),
                 fifo + QStringLiteral(
                            ": is a FIFO (named pipe), not a regular file: kix reads only regular files"));
        QCOMPARE(r.error->code, QStringLiteral("read.not_regular"));
        const Read zero = readAll(QStringLiteral("/dev/zero"));
        QCOMPARE(zero.error->toString(),
                 QStringLiteral(
                     "/dev/zero: is a character device, not a regular file: kix reads only regular files"));
        QCOMPARE(readAll(m_dir.path()).error->code, QStringLiteral("read.is_folder"));
        QCOMPARE(readAll(m_dir.filePath(QStringLiteral("missing.jsonl"))).error->message,
                 QStringLiteral("no such file"));
        const QString link = m_dir.filePath(QStringLiteral("dangling.jsonl"));
        QVERIFY(QFile::link(m_dir.filePath(QStringLiteral("nothing-here")), link));
        QCOMPARE(readAll(link).error->toString(),
                 link + QStringLiteral(": is a symbolic link to a missing file"));
        QCOMPARE(readAll(link).error->code, QStringLiteral("read.dangling_link"));
    }

    void progress() {
        QByteArray text;
        for (int i = 0; i < 100000; ++i)
            text += "{\"n\": 123456789}\n";
        const QByteArray packed = compress(text);
        const QString path = write(QStringLiteral("progress.jsonl.zst"), packed);
        kix::LineSource source(path);
        QVERIFY(!source.open());
        QCOMPARE(source.fileSize(), packed.size());
        QVERIFY(source.isCompressed());
        kix::SourceLine line;
        qint64 count = 0;
        while (source.next(line))
            ++count;
        QCOMPARE(count, 100000);
        QCOMPARE(source.bytesConsumed(), packed.size());
        kix::LineSource plain(write(QStringLiteral("progress.jsonl"), text));
        QVERIFY(!plain.open());
        QVERIFY(!plain.isCompressed());
        while (plain.next(line)) {
        }
        QCOMPARE(plain.bytesConsumed(), text.size());
    }

    void notOpened() {
        kix::LineSource source(m_dir.filePath(QStringLiteral("never.jsonl")));
        kix::SourceLine line;
        QVERIFY(!source.next(line));
    }

    // KernelIndex's public catalog export: every line delivered, none over a 1 MiB cap.
    void catalog() {
        KIX_REQUIRE_SHARED(folder, QStringLiteral("kernelindex"));
        const QDir dir(folder);
        const QStringList found = dir.entryList({QStringLiteral("catalog-*.jsonl.zst")}, QDir::Files);
        if (found.isEmpty())
            QSKIP(
                qPrintable(kixtest::sharedMissingReason(QStringLiteral("kernelindex/catalog-*.jsonl.zst"))));
        kix::JsonLimits limits;
        limits.maxBytes = qint64(1024) * 1024;
        kix::LineSource source(dir.filePath(found.first()), limits);
        QVERIFY(!source.open());
        kix::SourceLine line;
        qint64 lines = 0, bytes = 0, problems = 0;
        QElapsedTimer timer;
        timer.start();
        while (source.next(line)) {
            if (line.problem) {
                ++problems;
                continue;
            }
            ++lines;
            bytes += line.text.size() + 1;
            if (!line.text.startsWith("{\"table\":") || !line.text.endsWith('}'))
                QFAIL(qPrintable(QStringLiteral("line %1 is not a catalog record").arg(line.number)));
        }
        const qint64 ms = std::max<qint64>(1, timer.elapsed());
        QVERIFY(!source.error());
        QCOMPARE(problems, 0);
        QCOMPARE(lines, 39099);
        QCOMPARE(line.number, 39099);
        QCOMPARE(bytes, 47039591);
        QCOMPARE(source.bytesConsumed(), source.fileSize());
        qInfo("catalog: %lld lines, %lld bytes of text in %lld ms (%.0f MB/s)", lines, bytes, ms,
              bytes / 1000.0 / ms);
    }
};

KIX_TEST_GUILESS_MAIN(TestLineSource)
#include "tst_line_source.moc"
