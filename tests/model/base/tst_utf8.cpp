// The one UTF-8 decoder (Utf8.h): every class of bad bytes at its exact offset, the boundaries of each
// sequence length, what the lenient readers make of bad bytes, and JavaScript's length and order.
#include "TestMain.h"
#include "Utf8.h"

#include <QTest>
#include <string_view>
#include <vector>

namespace utf8 = kix::utf8;

namespace {

std::string_view view(const QByteArray& bytes) {
    return {bytes.constData(), std::size_t(bytes.size())};
}

} // namespace

class TestUtf8 : public QObject {
    Q_OBJECT
private slots:
    // Valid sequences at the edges of each length: the code point and the length read at offset 0.
    void sequenceAt_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<uint>("codePoint");
        QTest::addColumn<int>("length");
        QTest::newRow("U+0000") << QByteArray("\x00", 1) << 0x0u << 1;
        QTest::newRow("U+007F") << QByteArray("\x7f") << 0x7Fu << 1;
        QTest::newRow("U+0080") << QByteArray("\xc2\x80") << 0x80u << 2;
        QTest::newRow("U+07FF") << QByteArray("\xdf\xbf") << 0x7FFu << 2;
        QTest::newRow("U+0800") << QByteArray("\xe0\xa0\x80") << 0x800u << 3;
        QTest::newRow("U+D7FF") << QByteArray("\xed\x9f\xbf") << 0xD7FFu << 3;
        QTest::newRow("U+E000") << QByteArray("\xee\x80\x80") << 0xE000u << 3;
        QTest::newRow("U+FFFF") << QByteArray("\xef\xbf\xbf") << 0xFFFFu << 3;
        QTest::newRow("U+10000") << QByteArray("\xf0\x90\x80\x80") << 0x10000u << 4;
        QTest::newRow("U+10FFFF") << QByteArray("\xf4\x8f\xbf\xbf") << 0x10FFFFu << 4;
        QTest::newRow("only the first of two") << QByteArray("\xc3\xa9z") << 0xE9u << 2;
    }
    void sequenceAt() {
        QFETCH(QByteArray, bytes);
        QFETCH(uint, codePoint);
        QFETCH(int, length);
        char32_t cp = 0xDEAD;
        QCOMPARE(utf8::sequenceAt(view(bytes), 0, cp), length);
        QCOMPARE(uint(cp), codePoint);
        QVERIFY(!utf8::firstInvalid(view(bytes)));
    }

    // Every class of bad bytes, with the offset of the first bad sequence; -1: all valid.
    void firstInvalid_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<int>("offset");
        QTest::newRow("empty") << QByteArray() << -1;
        QTest::newRow("ASCII") << QByteArray("kernelindex") << -1;
        QTest::newRow("mixed valid") << QByteArray("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x9a\x80") << -1;
        QTest::newRow("lone continuation") << QByteArray("ab\x80") << 2;
        QTest::newRow("continuation after a full sequence") << QByteArray("\xc3\xa9\xa9") << 2;
        QTest::newRow("lead 0xC0 (overlong)") << QByteArray("a\xc0\xaf") << 1;
        QTest::newRow("lead 0xC1 (overlong)") << QByteArray("a\xc1\xbf") << 1;
        QTest::newRow("overlong three bytes") << QByteArray("ab\xe0\x80\xaf") << 2;
        QTest::newRow("overlong three, largest") << QByteArray("\xe0\x9f\xbf") << 0;
        QTest::newRow("overlong four bytes") << QByteArray("abc\xf0\x80\x80\xaf") << 3;
        QTest::newRow("overlong four, largest") << QByteArray("\xf0\x8f\xbf\xbf") << 0;
        QTest::newRow("surrogate U+D800") << QByteArray("x\xed\xa0\x80") << 1;
        QTest::newRow("surrogate U+DFFF") << QByteArray("x\xed\xbf\xbf") << 1;
        QTest::newRow("surrogate pair as CESU-8") << QByteArray("\xed\xa0\xbd\xed\xb8\x80") << 0;
        QTest::newRow("past U+10FFFF") << QByteArray("ok\xf4\x90\x80\x80") << 2;
        QTest::newRow("lead 0xF5") << QByteArray("\xf5\x80\x80\x80") << 0;
        QTest::newRow("lead 0xFF") << QByteArray("a\xff") << 1;
        QTest::newRow("lead 0xFE") << QByteArray("a\xfe") << 1;
        QTest::newRow("two bytes cut by the end") << QByteArray("ab\xc3") << 2;
        QTest::newRow("three bytes cut by the end") << QByteArray("ab\xe2\x82") << 2;
        QTest::newRow("four bytes cut by the end") << QByteArray("ab\xf0\x9f\x9a") << 2;
        QTest::newRow("three bytes cut by ASCII") << QByteArray("\xe2\x82"
                                                                "A")
                                                  << 0;
        QTest::newRow("four bytes cut by a lead byte") << QByteArray("\xf0\x9f\xc3\xa9") << 0;
        QTest::newRow("bad after valid non-ASCII") << QByteArray("\xc3\xa9\xe2\x82\xac\xff") << 5;
    }
    void firstInvalid() {
        QFETCH(QByteArray, bytes);
        QFETCH(int, offset);
        const std::optional<std::size_t> bad = utf8::firstInvalid(view(bytes));
        QCOMPARE(bad ? int(*bad) : -1, offset);
        if (bad) {
            char32_t cp = 0;
            QCOMPARE(utf8::sequenceAt(view(bytes), *bad, cp), 0);
        }
    }

    // next(): each byte that does not start a valid sequence reads as U+FFFD and moves one byte.
    void next_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<std::vector<char32_t>>("codePoints");
        QTest::newRow("valid") << QByteArray("a\xc2\xb5\xf0\x9f\x98\x80")
                               << std::vector<char32_t>{U'a', 0xB5, 0x1F600};
        QTest::newRow("cut short, then ASCII")
            << QByteArray("a\xe2\x82z") << std::vector<char32_t>{U'a', 0xFFFD, 0xFFFD, U'z'};
        QTest::newRow("surrogate") << QByteArray("\xed\xa0\x80")
                                   << std::vector<char32_t>{0xFFFD, 0xFFFD, 0xFFFD};
        QTest::newRow("overlong") << QByteArray("\xc0\xaf"
                                                "b")
                                  << std::vector<char32_t>{0xFFFD, 0xFFFD, U'b'};
    }
    void next() {
        QFETCH(QByteArray, bytes);
        QFETCH(std::vector<char32_t>, codePoints);
        std::vector<char32_t> read;
        for (std::size_t i = 0; i < std::size_t(bytes.size());)
            read.push_back(utf8::next(view(bytes), i));
        QCOMPARE(read, codePoints);
    }

    void utf16Length_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<int>("units");
        QTest::newRow("empty") << QByteArray() << 0;
        QTest::newRow("ASCII") << QByteArray("abc") << 3;
        QTest::newRow("two and three bytes, one unit each") << QByteArray("\xc2\xb5\xe2\x82\xac") << 2;
        QTest::newRow("past U+FFFF: a surrogate pair") << QByteArray("a\xf0\x9f\x98\x80") << 3;
        QTest::newRow("bad bytes: one unit each") << QByteArray("\xe2\x82z\xff") << 4;
    }
    void utf16Length() {
        QFETCH(QByteArray, bytes);
        QFETCH(int, units);
        QCOMPARE(int(utf8::utf16Length(view(bytes))), units);
    }

    // UTF-16 code-unit order: a code point past U+FFFF (a high surrogate first) sorts after U+D7FF and
    // before U+E000..U+FFFF, unlike code point (and UTF-8 byte) order.
    void utf16Less_data() {
        QTest::addColumn<QByteArray>("a");
        QTest::addColumn<QByteArray>("b");
        QTest::addColumn<bool>("less");
        QTest::newRow("ASCII") << QByteArray("abc") << QByteArray("abd") << true;
        QTest::newRow("ASCII, reversed") << QByteArray("abd") << QByteArray("abc") << false;
        QTest::newRow("equal") << QByteArray("\xc3\xa9") << QByteArray("\xc3\xa9") << false;
        QTest::newRow("a prefix is less") << QByteArray("ab") << QByteArray("ab\xc3\xa9") << true;
        QTest::newRow("longer is not less") << QByteArray("ab\xc3\xa9") << QByteArray("ab") << false;
        QTest::newRow("ASCII before non-ASCII") << QByteArray("z") << QByteArray("\xc2\x80") << true;
        QTest::newRow("U+10000 before U+E000")
            << QByteArray("\xf0\x90\x80\x80") << QByteArray("\xee\x80\x80") << true;
        QTest::newRow("U+FFFF after U+1F600")
            << QByteArray("\xef\xbf\xbf") << QByteArray("\xf0\x9f\x98\x80") << false;
        QTest::newRow("U+D7FF before U+10000")
            << QByteArray("\xed\x9f\xbf") << QByteArray("\xf0\x90\x80\x80") << true;
        QTest::newRow("same high surrogate")
            << QByteArray("\xf0\x9f\x98\x80") << QByteArray("\xf0\x9f\x98\x81") << true;
    }
    void utf16Less() {
        QFETCH(QByteArray, a);
        QFETCH(QByteArray, b);
        QFETCH(bool, less);
        QCOMPARE(utf8::utf16Less(view(a), view(b)), less);
        // The same order as QString's, which compares UTF-16 code units.
        QCOMPARE(QString::fromUtf8(a) < QString::fromUtf8(b), less);
    }
};

KIX_TEST_MAIN(TestUtf8)
#include "tst_utf8.moc"
