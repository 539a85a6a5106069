// The sanitizer for untrusted text: what each control, escape sequence, bidi control and invalid
// sequence turns into, per shape (line, block), the length cap, and that no output can ever carry
// a character a terminal or a widget would obey.
#include "TestMain.h"
#include "TextSanitizer.h"

#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QTest>
#include <algorithm>
#include <limits>

using kix::TextShape;

namespace {

QString fromUcs4(std::initializer_list<char32_t> codePoints) {
    const std::u32string s(codePoints);
    return QString::fromUcs4(s.data(), qsizetype(s.size()));
}

// The only characters an output may hold below U+00A0 besides printable ASCII: LF and TAB in blocks.
bool outputIsSafe(const QString& out, TextShape shape) {
    const std::u32string cps = out.toStdU32String();
    for (qsizetype i = 0; i < out.size(); ++i) {
        const char16_t u = out[i].unicode();
        const bool pairHigh =
            QChar::isHighSurrogate(u) && i + 1 < out.size() && QChar::isLowSurrogate(out[i + 1].unicode());
        const bool pairLow =
            QChar::isLowSurrogate(u) && i > 0 && QChar::isHighSurrogate(out[i - 1].unicode());
        if ((QChar::isSurrogate(u) && !pairHigh && !pairLow))
            return false;
    }
    return std::all_of(cps.begin(), cps.end(), [shape](char32_t c) {
        return (shape == TextShape::Block && (c == u'\n' || c == u'\t')) || !kix::isUnsafeCodePoint(c);
    });
}

} // namespace

class TestTextSanitizer : public QObject {
    Q_OBJECT
private slots:
    void text_data() {
        QTest::addColumn<QString>("input");
        QTest::addColumn<int>("shape");
        QTest::addColumn<int>("cap");
        QTest::addColumn<QString>("expected");
        const int line = int(TextShape::Line);
        const int block = int(TextShape::Block);
        const QChar lt(0x27E8), gt(0x27E9);
        auto marker = [&](const char* hex) -> QString {
            return lt + QStringLiteral("U+") + QLatin1String(hex) + gt;
        };

        QTest::newRow("plain ASCII is unchanged")
            << QStringLiteral("ac4k · B200") << line << 100 << QStringLiteral("ac4k · B200");
        QTest::newRow("letters, symbols and emoji are unchanged")
            << QStringLiteral("µs × é 日本 \U0001F600") << line << 100
            << QStringLiteral("µs × é 日本 \U0001F600");
        QTest::newRow("CSI clear screen")
            << QStringLiteral("\x1b[2J\x1b[H") << line << 100 << QStringLiteral("\\x1b[2J\\x1b[H");
        QTest::newRow("OSC 52 clipboard write") << QStringLiteral("\x1b]52;c;cm0gLXJmIH4=\x07") << line << 100
                                                << QStringLiteral("\\x1b]52;c;cm0gLXJmIH4=\\x07");
        QTest::newRow("OSC 8 link with ST")
            << QStringLiteral("\x1b]8;;http://x\x1b\\a\x1b]8;;\x1b\\") << line << 100
            << QStringLiteral("\\x1b]8;;http://x\\x1b\\a\\x1b]8;;\\x1b\\");
        QTest::newRow("DCS") << QStringLiteral("\x1bP1$r\x1b\\") << line << 100
                             << QStringLiteral("\\x1bP1$r\\x1b\\");
        QTest::newRow("NUL BEL BS VT FF DEL")
            << QString(QStringLiteral("a") + QChar(0) + QStringLiteral("\a\b\v\f\x7f")) << line << 100
            << QStringLiteral("a\\x00\\x07\\x08\\x0b\\x0c\\x7f");
        QTest::newRow("C1: NEL and the 8-bit CSI")
            << fromUcs4({u'a', 0x85, 0x9B, u'2', u'J'}) << line << 100
            << QString(QStringLiteral("a") + marker("0085") + marker("009B") + QStringLiteral("2J"));
        QTest::newRow("right-to-left override")
            << fromUcs4({u'a', 0x202E, u'f', u'd', u'p'}) << line << 100
            << QString(QStringLiteral("a") + marker("202E") + QStringLiteral("fdp"));
        QTest::newRow("every bidi control")
            << fromUcs4(
                   {0x202A, 0x202B, 0x202C, 0x202D, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C})
            << line << 100
            << QString(marker("202A") + marker("202B") + marker("202C") + marker("202D") + marker("2066") +
                       marker("2067") + marker("2068") + marker("2069") + marker("200E") + marker("200F") +
                       marker("061C"));
        QTest::newRow("line and paragraph separators")
            << fromUcs4({u'a', 0x2028, u'b', 0x2029}) << block << 100
            << QString(QStringLiteral("a") + marker("2028") + QStringLiteral("b") + marker("2029"));
        QTest::newRow("invisible characters")
            << fromUcs4({u'a', 0x200B, 0x2060, 0xFEFF, 0xE0041, u'b'}) << line << 100
            << QString(QStringLiteral("a") + marker("200B") + marker("2060") + marker("FEFF") +
                       marker("E0041") + QStringLiteral("b"));
        QTest::newRow("noncharacters")
            << fromUcs4({0xFFFE, 0xFFFF, 0xFDD0, 0x1FFFE, 0x10FFFF}) << line << 100
            << QString(marker("FFFE") + marker("FFFF") + marker("FDD0") + marker("1FFFE") + marker("10FFFF"));
        QTest::newRow("lone surrogates")
            << QString(QStringLiteral("a") + QChar(0xD800) + QStringLiteral("b") + QChar(0xDC00)) << line
            << 100 << QString(QStringLiteral("a") + marker("D800") + QStringLiteral("b") + marker("DC00"));
        QTest::newRow("line: tab, newline and CR are shown")
            << QStringLiteral("a\tb\nc\r\nd\re") << line << 100 << QStringLiteral("a\\tb\\nc\\r\\nd\\re");
        QTest::newRow("block: tab and newline kept, CRLF becomes LF, a lone CR is shown")
            << QStringLiteral("a\tb\nc\r\nd\re\r") << block << 100 << QStringLiteral("a\tb\nc\nd\\re\\r");
        QTest::newRow("block: escapes still shown")
            << QStringLiteral("ok\n\x1b[31mred\n") << block << 100 << QStringLiteral("ok\n\\x1b[31mred\n");
        QTest::newRow("at the cap: unchanged")
            << QStringLiteral("abcdef") << line << 6 << QStringLiteral("abcdef");
        QTest::newRow("past the cap: elided")
            << QStringLiteral("abcdef") << line << 3 << QStringLiteral("abc… (3 more characters)");
        QTest::newRow("one more character")
            << QStringLiteral("abcdef") << line << 5 << QStringLiteral("abcde… (1 more character)");
        QTest::newRow("cap counts characters, not UTF-16 units")
            << QStringLiteral("\U0001F600\U0001F600\U0001F600") << line << 1
            << QStringLiteral("\U0001F600… (2 more characters)");
        QTest::newRow("cap never cuts a marker") << QStringLiteral("\x1b\x1b\x1b") << line << 2
                                                 << QStringLiteral("\\x1b\\x1b… (1 more character)");
        QTest::newRow("cap between CR and LF in a block")
            << QStringLiteral("a\r\nb") << block << 2 << QStringLiteral("a\\r… (2 more characters)");
        QTest::newRow("no cap") << QString(5000, u'x') << line << int(kix::kNoCap) << QString(5000, u'x');
        QTest::newRow("empty") << QString() << line << 10 << QString();
    }
    void text() {
        QFETCH(QString, input);
        QFETCH(int, shape);
        QFETCH(int, cap);
        QFETCH(QString, expected);
        const QString out = kix::sanitizeText(input, {TextShape(shape), cap});
        QCOMPARE(out, expected);
        QVERIFY(outputIsSafe(out, TextShape(shape)));
    }

    void utf8_data() {
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<QString>("expected");
        QTest::newRow("valid UTF-8") << QByteArray("\xe2\x82\xac 5 \xc2\xb5s") << QStringLiteral("€ 5 µs");
        QTest::newRow("raw ESC byte") << QByteArray("\x1b[2J") << QStringLiteral("\\x1b[2J");
        QTest::newRow("a byte that never starts UTF-8") << QByteArray("a\xff"
                                                                      "b")
                                                        << QStringLiteral("a\\xffb");
        QTest::newRow("truncated sequence") << QByteArray("\xe2\x82") << QStringLiteral("\\xe2\\x82");
        QTest::newRow("truncated, then ASCII") << QByteArray("\xe2\x82z") << QStringLiteral("\\xe2\\x82z");
        QTest::newRow("overlong slash") << QByteArray("\xc0\xaf") << QStringLiteral("\\xc0\\xaf");
        QTest::newRow("overlong NUL, three bytes")
            << QByteArray("\xe0\x80\x80") << QStringLiteral("\\xe0\\x80\\x80");
        QTest::newRow("encoded surrogate") << QByteArray("\xed\xa0\x80") << QStringLiteral("\\xed\\xa0\\x80");
        QTest::newRow("past U+10FFFF")
            << QByteArray("\xf4\x90\x80\x80") << QStringLiteral("\\xf4\\x90\\x80\\x80");
        QTest::newRow("U+FFFE encoded") << QByteArray("\xef\xbf\xbe")
                                        << QString(QChar(0x27E8) + QStringLiteral("U+FFFE") + QChar(0x27E9));
        QTest::newRow("C1 CSI encoded")
            << QByteArray("\xc2\x9b"
                          "2J")
            << QString(QChar(0x27E8) + QStringLiteral("U+009B") + QChar(0x27E9) + QStringLiteral("2J"));
        QTest::newRow("RLO encoded") << QByteArray("\xe2\x80\xae")
                                     << QString(QChar(0x27E8) + QStringLiteral("U+202E") + QChar(0x27E9));
        QTest::newRow("four-byte emoji") << QByteArray("\xf0\x9f\x98\x80") << QStringLiteral("\U0001F600");
        QTest::newRow("lone continuation byte") << QByteArray("\x80") << QStringLiteral("\\x80");
    }
    void utf8() {
        QFETCH(QByteArray, input);
        QFETCH(QString, expected);
        const QString out = kix::terminalLine(input);
        QCOMPARE(out, expected);
        QVERIFY(outputIsSafe(out, TextShape::Line));
    }

    void contexts() {
        const QString hostile = QStringLiteral("t\x1b]0;owned\x07\ni\tx");
        QCOMPARE(kix::terminalLine(hostile), QStringLiteral("t\\x1b]0;owned\\x07\\ni\\tx"));
        QCOMPARE(kix::widgetLine(hostile), QStringLiteral("t\\x1b]0;owned\\x07\\ni\\tx"));
        QCOMPARE(kix::terminalBlock(hostile), QStringLiteral("t\\x1b]0;owned\\x07\ni\tx"));
        QCOMPARE(kix::widgetBlock(hostile), QStringLiteral("t\\x1b]0;owned\\x07\ni\tx"));
        // std::string (what nlohmann/json holds) goes in as UTF-8.
        QCOMPARE(kix::terminalLine(std::string("a\x1b"
                                               "b")),
                 QStringLiteral("a\\x1bb"));
        const QString longLine(5000, u'y');
        QCOMPARE(kix::terminalLine(longLine),
                 QString(4096, u'y') + QStringLiteral("… (904 more characters)"));
        QCOMPARE(kix::widgetLine(longLine), QString(1024, u'y') + QStringLiteral("… (3976 more characters)"));
        QCOMPARE(kix::terminalBlock(longLine), longLine);
        QCOMPARE(kix::widgetBlock(longLine), longLine);
    }

    // Issue 13: a 15 MiB title froze the explorer. Eliding it costs one pass that only counts.
    void hugeTitleIsElidedCheaply() {
        const QString title(qsizetype{15} << 20, u'T');
        // The best of five runs: this machine is shared, and a busy neighbour only ever adds time.
        qint64 ms = std::numeric_limits<qint64>::max();
        QString shown;
        for (int run = 0; run < 5; ++run) {
            QElapsedTimer timer;
            timer.start();
            shown = kix::widgetLine(title);
            ms = std::min(ms, timer.elapsed());
        }
        QCOMPARE(shown, QString(1024, u'T') + QStringLiteral("… (15727616 more characters)"));
        qInfo("widgetLine of a 15 MiB title: %lld ms", ms);
        const QByteArray utf8(qsizetype{15} << 20, 'T');
        QCOMPARE(kix::terminalLine(utf8),
                 QString(4096, u'T') + QStringLiteral("… (15724544 more characters)"));
    }

    // Every code point, in one string and one at a time: nothing unsafe ever comes out.
    void noCodePointEscapes() {
        std::u32string all;
        for (char32_t c = 0; c <= 0x10FFFF; ++c)
            if (c < 0xD800 || c > 0xDFFF)
                all.push_back(c);
        const QString text = QString::fromUcs4(all.data(), qsizetype(all.size()));
        QVERIFY(outputIsSafe(kix::sanitizeText(text, {TextShape::Line, kix::kNoCap}), TextShape::Line));
        QVERIFY(outputIsSafe(kix::sanitizeText(text, {TextShape::Block, kix::kNoCap}), TextShape::Block));
        for (char16_t s = 0xD800; s <= 0xDFFF; ++s)
            QVERIFY(outputIsSafe(kix::terminalLine(QString(QChar(s))), TextShape::Line));
    }

    // Random bytes as UTF-8: every byte either decodes or is shown; the output is always safe.
    void randomBytesAreSafe() {
        QRandomGenerator rng(13);
        for (int round = 0; round < 20000; ++round) {
            QByteArray bytes(int(rng.bounded(1, 24)), Qt::Uninitialized);
            for (char& b : bytes)
                b = char(rng.bounded(256));
            const QString line = kix::terminalLine(bytes);
            const QString block = kix::terminalBlock(bytes);
            if (!outputIsSafe(line, TextShape::Line) || !outputIsSafe(block, TextShape::Block))
                QFAIL(qPrintable(QStringLiteral("unsafe output for bytes ") +
                                 QString::fromLatin1(bytes.toHex())));
            if (QString::fromUtf8(bytes).toUtf8() == bytes && !bytes.contains('\r') &&
                !bytes.contains('\n')) {
                // Valid UTF-8 of safe characters comes back unchanged.
                bool safe = true;
                for (const char32_t c : QString::fromUtf8(bytes).toStdU32String())
                    safe = safe && !kix::isUnsafeCodePoint(c);
                if (safe)
                    QCOMPARE(line, QString::fromUtf8(bytes));
            }
        }
    }
};

KIX_TEST_GUILESS_MAIN(TestTextSanitizer)
#include "tst_text_sanitizer.moc"
