#include "Statistics.h"
#include "TestMain.h"

#include <QTest>

Q_DECLARE_METATYPE(std::vector<double>)

class TestStatistics : public QObject {
    Q_OBJECT
private slots:
    void summary() {
        const auto s = kix::summarizeSamples({4, 1, 3, 2});
        QCOMPARE(*s.mean, 2.5);
        QCOMPARE(*s.median, 2.5);
        QCOMPARE(*s.min, 1.0);
        QCOMPARE(*s.max, 4.0);
        QVERIFY(qAbs(*s.stddev - std::sqrt(5.0 / 3.0)) < 1e-12);
        QCOMPARE(*s.samples, qint64(4));
        QVERIFY(kix::summarizeSamples({}).isEmpty());
    }
    void geomean_data() {
        QTest::addColumn<std::vector<double>>("values");
        QTest::addColumn<double>("expected");
        QTest::newRow("pair") << std::vector<double>{2, 8} << 4.0;
        QTest::newRow("one") << std::vector<double>{3} << 3.0;
    }
    void geomean() {
        QFETCH(std::vector<double>, values);
        QFETCH(double, expected);
        QVERIFY(qAbs(*kix::geometricMean(values) - expected) < 1e-12);
    }
    void geomeanRefusesNonPositive() {
        QVERIFY(!kix::geometricMean({1, 0}));
        QVERIFY(!kix::geometricMean({}));
    }
    void welch() {
        kix::LatencyStats a, b;
        a.mean = 100, a.stddev = 5, a.samples = 30;
        b.mean = 110, b.stddev = 5, b.samples = 30;
        const auto r = kix::welchTest(a, b);
        QVERIFY(r);
        QVERIFY(qAbs(r->t - 10 / std::sqrt(25.0 / 30 * 2)) < 1e-9);
        QVERIFY(r->beyondNoise);
        b.mean = 101;
        QVERIFY(!kix::welchTest(a, b)->beyondNoise);
        b.samples = 1;
        QVERIFY(!kix::welchTest(a, b));
    }
    void criticalValuesAreConservative() {
        QCOMPARE(kix::tCritical99(11), 3.169); // the df = 10 value, not df = 12
        QCOMPARE(kix::tCritical99(1000), 2.617);
    }
};

KIX_TEST_GUILESS_MAIN(TestStatistics)
#include "tst_statistics.moc"
