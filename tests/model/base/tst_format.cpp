// Human-readable latencies, ratios and numbers, rounding boundaries included (issue 13: 999.6 µs
// was shown as "1000 µs").
#include "Format.h"
#include "TestMain.h"

#include <QTest>
#include <cmath>
#include <limits>

using OptDouble = std::optional<double>;
Q_DECLARE_METATYPE(OptDouble)

class TestFormat : public QObject {
    Q_OBJECT
private slots:
    void latency_data() {
        QTest::addColumn<OptDouble>("ns");
        QTest::addColumn<QString>("expected");
        auto row = [](const char* name, OptDouble ns, const char* expected) {
            QTest::newRow(name) << ns << QString::fromUtf8(expected);
        };
        row("none", std::nullopt, "—");
        row("NaN", std::numeric_limits<double>::quiet_NaN(), "—");
        row("infinity", std::numeric_limits<double>::infinity(), "—");
        row("zero", 0.0, "0.00 ns");
        row("one nanosecond", 1.0, "1.00 ns");
        row("9.994 ns", 9.994, "9.99 ns");
        row("9.996 ns carries to 10.0", 9.996, "10.0 ns");
        row("99.94 ns", 99.94, "99.9 ns");
        row("99.96 ns carries to 100", 99.96, "100 ns");
        row("999.4 ns", 999.4, "999 ns");
        row("999.6 ns is 1.00 µs", 999.6, "1.00 µs");
        row("1000 ns", 1000.0, "1.00 µs");
        row("seed mean", 45344.0, "45.3 µs");
        row("9.996 µs", 9996.0, "10.0 µs");
        row("99.96 µs", 99960.0, "100 µs");
        row("999.4 µs", 999400.0, "999 µs");
        row("999.6 µs is 1.00 ms (issue 13)", 999600.0, "1.00 ms");
        row("3.12 ms", 3.1234e6, "3.12 ms");
        row("999.6 ms is 1.00 s", 999.6e6, "1.00 s");
        row("seconds", 2.5e9, "2.50 s");
        row("999.6 s stays in seconds", 999.6e9, "1000 s");
        row("thousands of seconds", 5e12, "5000 s");
        row("tiny", 0.004, "0.00 ns");
        row("negative rounds to zero, not -0.00", -0.001, "0.00 ns");
        row("negative", -45344.0, "-45.3 µs");
    }
    void latency() {
        QFETCH(OptDouble, ns);
        QFETCH(QString, expected);
        QCOMPARE(kix::formatLatency(ns), expected);
    }

    void ratio_data() {
        QTest::addColumn<OptDouble>("ratio");
        QTest::addColumn<QString>("expected");
        auto row = [](const char* name, OptDouble r, const char* expected) {
            QTest::newRow(name) << r << QString::fromUtf8(expected);
        };
        row("none", std::nullopt, "—");
        row("NaN", std::numeric_limits<double>::quiet_NaN(), "—");
        row("one", 1.0, "1.00×");
        row("half", 0.5, "0.50×");
        row("1.234", 1.234, "1.23×");
        row("9.996 carries to 10.0", 9.996, "10.0×");
        row("42.36", 42.36, "42.4×");
        row("99.96 carries to 100", 99.96, "100×");
        row("1234.4", 1234.4, "1234×");
        row("tiny", 0.0001, "0.00×");
    }
    void ratio() {
        QFETCH(OptDouble, ratio);
        QFETCH(QString, expected);
        QCOMPARE(kix::formatRatio(ratio), expected);
    }

    void number_data() {
        QTest::addColumn<OptDouble>("value");
        QTest::addColumn<int>("significant");
        QTest::addColumn<QString>("expected");
        QTest::newRow("none") << OptDouble() << 4 << QStringLiteral("—");
        QTest::newRow("infinity") << OptDouble(-std::numeric_limits<double>::infinity()) << 4
                                  << QStringLiteral("—");
        QTest::newRow("four digits") << OptDouble(0.80802) << 4 << QStringLiteral("0.808");
        QTest::newRow("rounds") << OptDouble(5.4683) << 4 << QStringLiteral("5.468");
        QTest::newRow("integer") << OptDouble(16) << 4 << QStringLiteral("16");
        QTest::newRow("large") << OptDouble(12345678) << 4 << QStringLiteral("1.235e+07");
        QTest::newRow("two digits") << OptDouble(3.14159) << 2 << QStringLiteral("3.1");
    }
    void number() {
        QFETCH(OptDouble, value);
        QFETCH(int, significant);
        QFETCH(QString, expected);
        QCOMPARE(kix::formatNumber(value, significant), expected);
    }
};

KIX_TEST_GUILESS_MAIN(TestFormat)
#include "tst_format.moc"
