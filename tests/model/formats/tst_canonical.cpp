// RFC 8785 (JCS): the RFC's own number table (Appendix B), its key-sorting and escaping examples,
// and hand-built cases. The seed's digests alone cannot catch a canonicalization bug; these can.
#include "Canonical.h"
#include "JsonReader.h"
#include "TestMain.h"

#include <QTest>
#include <bit>
#include <cstdint>

using kix::canonicalJson;
using kix::ecmaScriptNumber;

class TestCanonical : public QObject {
    Q_OBJECT
private slots:
    void rfcNumbers_data() {
        QTest::addColumn<quint64>("bits");
        QTest::addColumn<QString>("expected");
        QTest::newRow("zero") << quint64(0x0000000000000000) << "0";
        QTest::newRow("minus zero") << quint64(0x8000000000000000) << "0";
        QTest::newRow("min pos") << quint64(0x0000000000000001) << "5e-324";
        QTest::newRow("min neg") << quint64(0x8000000000000001) << "-5e-324";
        QTest::newRow("max pos") << quint64(0x7fefffffffffffff) << "1.7976931348623157e+308";
        QTest::newRow("max neg") << quint64(0xffefffffffffffff) << "-1.7976931348623157e+308";
        QTest::newRow("max pos int") << quint64(0x4340000000000000) << "9007199254740992";
        QTest::newRow("max neg int") << quint64(0xc340000000000000) << "-9007199254740992";
        QTest::newRow("~2**68") << quint64(0x4430000000000000) << "295147905179352830000";
        QTest::newRow("9.999999999999997e+22") << quint64(0x44b52d02c7e14af5) << "9.999999999999997e+22";
        QTest::newRow("1e+23") << quint64(0x44b52d02c7e14af6) << "1e+23";
        QTest::newRow("1.0000000000000001e+23") << quint64(0x44b52d02c7e14af7) << "1.0000000000000001e+23";
        QTest::newRow("999999999999999700000") << quint64(0x444b1ae4d6e2ef4e) << "999999999999999700000";
        QTest::newRow("999999999999999900000") << quint64(0x444b1ae4d6e2ef4f) << "999999999999999900000";
        QTest::newRow("1e+21") << quint64(0x444b1ae4d6e2ef50) << "1e+21";
        QTest::newRow("9.999999999999997e-7") << quint64(0x3eb0c6f7a0b5ed8c) << "9.999999999999997e-7";
        QTest::newRow("0.000001") << quint64(0x3eb0c6f7a0b5ed8d) << "0.000001";
        QTest::newRow("333333333.3333332") << quint64(0x41b3de4355555553) << "333333333.3333332";
        QTest::newRow("333333333.33333325") << quint64(0x41b3de4355555554) << "333333333.33333325";
        QTest::newRow("333333333.3333333") << quint64(0x41b3de4355555555) << "333333333.3333333";
        QTest::newRow("333333333.3333334") << quint64(0x41b3de4355555556) << "333333333.3333334";
        QTest::newRow("333333333.33333343") << quint64(0x41b3de4355555557) << "333333333.33333343";
        QTest::newRow("-0.0000033333333333333333")
            << quint64(0xbecbf647612f3696) << "-0.0000033333333333333333";
        QTest::newRow("1424953923781206.2") << quint64(0x43143ff3c1cb0959) << "1424953923781206.2";
    }
    void rfcNumbers() {
        QFETCH(quint64, bits);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(ecmaScriptNumber(std::bit_cast<double>(std::uint64_t(bits)))),
                 expected);
    }

    void handNumbers_data() {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("expected");
        QTest::newRow("1e21") << 1e21 << "1e+21";
        QTest::newRow("1e20") << 1e20 << "100000000000000000000";
        QTest::newRow("0.1") << 0.1 << "0.1";
        QTest::newRow("1e-7") << 1e-7 << "1e-7";
        QTest::newRow("1.23e-18") << 123e-20 << "1.23e-18";
        QTest::newRow("4.5") << 4.5 << "4.5";
        QTest::newRow("45344") << 45344.0 << "45344";
        QTest::newRow("-1.5") << -1.5 << "-1.5";
        QTest::newRow("0.045344") << 0.045344 << "0.045344";
    }
    void handNumbers() {
        QFETCH(double, value);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(ecmaScriptNumber(value)), expected);
    }

    void nonFiniteThrows() {
        QVERIFY_THROWS_EXCEPTION(kix::CanonicalError,
                                 ecmaScriptNumber(std::numeric_limits<double>::quiet_NaN()));
        QVERIFY_THROWS_EXCEPTION(kix::CanonicalError,
                                 ecmaScriptNumber(std::numeric_limits<double>::infinity()));
    }

    // Member names are ordered by their UTF-16 code units, so a name that is not UTF-8 has no place:
    // every kind of bad bytes is refused the same way (Utf8.h), not only a sequence cut short.
    void invalidMemberNameThrows_data() {
        QTest::addColumn<QByteArray>("name");
        QTest::newRow("cut short") << QByteArray("a\xe2\x82");
        QTest::newRow("overlong") << QByteArray("\xc0\xaf");
        QTest::newRow("surrogate") << QByteArray("\xed\xa0\x80");
        QTest::newRow("past U+10FFFF") << QByteArray("\xf4\x90\x80\x80");
        QTest::newRow("lone continuation") << QByteArray("\x80");
    }
    void invalidMemberNameThrows() {
        QFETCH(QByteArray, name);
        nlohmann::json value = nlohmann::json::object();
        value[name.toStdString()] = 1;
        try {
            (void)canonicalJson(value);
            QFAIL("no CanonicalError");
        } catch (const kix::CanonicalError& e) {
            QCOMPARE(QString::fromLatin1(e.what()), QStringLiteral("invalid UTF-8 in a string"));
        }
    }

    void documents_data() {
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<QByteArray>("expected");
        // RFC 8785 section 3.2.2's example.
        QTest::newRow("rfc 3.2.2")
            << QByteArray(
                   R"({"numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],)"
                   R"( "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/", "literals": [null, true, false]})")
            << QByteArray(
                   "{\"literals\":[null,true,false],\"numbers\":[333333333.3333333,1e+30,4.5,0.002,1e-27],"
                   "\"string\":\"\xe2\x82\xac$\\u000f\\nA'B\\\"\\\\\\\\\\\"/\"}");
        // RFC 8785 section 3.2.3: sorting by UTF-16 code units, not UTF-8 bytes (the emoji sorts before
        // U+FB33).
        QTest::newRow("rfc 3.2.3 sorting")
            << QByteArray(
                   R"({"\u20ac": "Euro Sign", "\r": "Carriage Return", "\ufb33": "Hebrew Letter Dalet With Dagesh",)"
                   R"( "1": "One", "\ud83d\ude00": "Emoji: Grinning Face", "\u0080": "Control",)"
                   R"( "\u00f6": "Latin Small Letter O With Diaeresis"})")
            << QByteArray("{\"\\r\":\"Carriage "
                          "Return\",\"1\":\"One\",\"\xc2\x80\":\"Control\",\"\xc3\xb6\":\"Latin Small "
                          "Letter O With Diaeresis\",\"\xe2\x82\xac\":\"Euro "
                          "Sign\",\"\xf0\x9f\x98\x80\":\"Emoji: Grinning "
                          "Face\",\"\xef\xac\xb3\":\"Hebrew Letter Dalet With Dagesh\"}");
        QTest::newRow("nested and empty") << QByteArray(R"({ "b": [ {}, [] ], "a": { "d": 1, "c": 2 } })")
                                          << QByteArray(R"({"a":{"c":2,"d":1},"b":[{},[]]})");
        QTest::newRow("integer beyond 2^53")
            << QByteArray("[9007199254740993]") << QByteArray("[9007199254740992]");
        QTest::newRow("minus zero integer") << QByteArray("[-0]") << QByteArray("[0]");
        QTest::newRow("minus zero float") << QByteArray("[-0.0]") << QByteArray("[0]");
        QTest::newRow("1e21 literal") << QByteArray("[1e21]") << QByteArray("[1e+21]");
        QTest::newRow("5e-324 literal") << QByteArray("[5e-324]") << QByteArray("[5e-324]");
        QTest::newRow("surrogate pair escape")
            << QByteArray(R"(["\ud834\udd1e"])") << QByteArray("[\"\xf0\x9d\x84\x9e\"]");
        QTest::newRow("non-ASCII keys") << QByteArray("{\"\xc3\xa9\":1,\"z\":2,\"\xe6\x97\xa5\":3}")
                                        << QByteArray("{\"z\":2,\"\xc3\xa9\":1,\"\xe6\x97\xa5\":3}");
        QTest::newRow("control characters")
            << QByteArray(R"(["\u0001\u001f\t\b\f"])") << QByteArray(R"(["\u0001\u001f\t\b\f"])");
        QTest::newRow("slash not escaped") << QByteArray(R"(["a\/b"])") << QByteArray(R"(["a/b"])");
    }
    void documents() {
        QFETCH(QByteArray, input);
        QFETCH(QByteArray, expected);
        const auto parsed = kix::parseJson(input, QStringLiteral("test"));
        QVERIFY2(parsed.value.has_value(), qPrintable(parsed.error.toString()));
        QCOMPARE(QByteArray::fromStdString(canonicalJson(*parsed.value)), expected);
    }

    void differsFromNlohmannDump() {
        // Why a canonicaliser of our own: nlohmann sorts keys by UTF-8 bytes and prints 1e21 differently.
        const auto parsed =
            kix::parseJson(QByteArray(R"({"\ufb33": 1, "\ud83d\ude00": 1e21})"), QStringLiteral("t"));
        QVERIFY(parsed.value);
        QVERIFY(QByteArray::fromStdString(parsed.value->dump()) !=
                QByteArray::fromStdString(canonicalJson(*parsed.value)));
    }
};

KIX_TEST_GUILESS_MAIN(TestCanonical)
#include "tst_canonical.moc"
