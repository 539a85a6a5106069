// Change points (issue 23): E-divisive means with its permutation test and the minimum effect
// (ChangePoints.h). A planted 5% step after run 20 of 40 with 1% noise is found at 20 ± 1 for every seed
// tried; a series without a step yields none; the false-positive rates with and without the minimum
// effect are measured and printed (docs/history.md quotes them).
#include "ChangePoints.h"
#include "TestMain.h"

#include <QTest>
#include <random>

using namespace kix;

namespace {

constexpr int kSeeds = 200;

// 40 values around 100 with a relative noise of `noise` (normal), times 1 + `step` from index 20 on.
std::vector<double> plantedSeries(std::uint64_t seed, double step, double noise = 0.01, int n = 40,
                                  int at = 20) {
    std::mt19937_64 random(seed);
    std::normal_distribution<double> normal(0.0, noise);
    std::vector<double> values;
    values.reserve(std::size_t(n));
    for (int i = 0; i < n; ++i)
        values.push_back(100.0 * (1.0 + normal(random)) * (i >= at ? 1.0 + step : 1.0));
    return values;
}

} // namespace

class TestChangePoints : public QObject {
    Q_OBJECT
private slots:
    void energySplitOfAPlainStep() {
        const std::vector<double> v{1, 1, 1, 1, 5, 5, 5, 5, 5};
        const auto split = bestEnergySplit(v, 0, int(v.size()), 3);
        QVERIFY(split);
        QCOMPARE(split->first, 4);
        QVERIFY(split->second > 0);
        // Inside a sub-range, the index is the series'.
        const auto inner = bestEnergySplit(v, 1, 9, 2);
        QCOMPARE(inner->first, 4);
        // Shorter than two minimum segments: no split.
        QVERIFY(!bestEnergySplit(v, 0, 5, 3));
    }

    void medians() {
        QCOMPARE(medianOf({3, 1, 2}), 2.0);
        QCOMPARE(medianOf({4, 1, 2, 3}), 2.5);
    }

    // The planted 5% step after run 20 of 40 (noise 1%): exactly one change point, at 20 ± 1, each seed.
    void plantedStepIsFound_data() {
        QTest::addColumn<double>("step");
        QTest::newRow("5% slower") << 0.05;
        QTest::newRow("5% faster") << -0.05;
    }
    void plantedStepIsFound() {
        QFETCH(double, step);
        int exact = 0;
        for (int seed = 1; seed <= kSeeds; ++seed) {
            const std::vector<ChangePoint> found = findChangePoints(plantedSeries(std::uint64_t(seed), step));
            QVERIFY2(found.size() == 1,
                     qPrintable(QStringLiteral("seed %1: %2 change points").arg(seed).arg(found.size())));
            const ChangePoint& cp = found.front();
            QVERIFY2(std::abs(cp.index - 20) <= 1,
                     qPrintable(QStringLiteral("seed %1: at %2").arg(seed).arg(cp.index)));
            exact += cp.index == 20;
            QVERIFY(cp.pValue < 0.01);
            // The medians' ratio, within 2% of the planted one (each median of 20 values has about 0.3% noise).
            QVERIFY(std::abs(cp.ratio() - (1.0 + step)) < 0.02);
        }
        qInfo("planted %+.0f%% step found at 20 +- 1 in %d of %d seeds (exactly at 20 in %d)", step * 100,
              kSeeds, kSeeds, exact);
    }

    // Without a step: no change point with the 2% minimum effect, for any seed; the permutation test
    // alone (minimum effect 0) errs at about its significance level (1%).
    void noStepNoChangePoint() {
        int withEffect = 0, testAlone = 0;
        ChangePointOptions bare;
        bare.minimumEffect = 0;
        for (int seed = 1; seed <= kSeeds; ++seed) {
            const std::vector<double> v = plantedSeries(std::uint64_t(seed) + 100000, 0.0);
            withEffect += !findChangePoints(v).empty();
            testAlone += !findChangePoints(v, bare).empty();
        }
        qInfo("series without a step: a change point in %d of %d seeds with the 2%% minimum effect, in %d of "
              "%d "
              "with the permutation test alone (p < 0.01)",
              withEffect, kSeeds, testAlone, kSeeds);
        QCOMPARE(withEffect, 0);
        QVERIFY2(testAlone <= kSeeds / 25, qPrintable(QString::number(testAlone)));
    }

    // Two steps (up 5% at 15, down 8% at 30) in 45 values: both found, in order.
    void twoSteps() {
        std::mt19937_64 random(7);
        std::normal_distribution<double> normal(0.0, 0.01);
        std::vector<double> v;
        v.reserve(45);
        for (int i = 0; i < 45; ++i)
            v.push_back(100.0 * (1.0 + normal(random)) * (i >= 15 ? 1.05 : 1.0) * (i >= 30 ? 0.92 : 1.0));
        const std::vector<ChangePoint> found = findChangePoints(v);
        QCOMPARE(found.size(), std::size_t(2));
        QVERIFY(std::abs(found[0].index - 15) <= 1);
        QVERIFY(std::abs(found[1].index - 30) <= 1);
        QVERIFY(found[0].ratio() > 1.03);
        QVERIFY(found[1].ratio() < 0.95);
    }

    // Too short for two segments of the minimum size: nothing, and no crash on tiny inputs.
    void shortSeries() {
        QVERIFY(findChangePoints({}).empty());
        QVERIFY(findChangePoints({1.0}).empty());
        QVERIFY(findChangePoints({1, 1, 1, 2, 2}).empty());
    }

    // Deterministic: the same series and seed give the same p-values.
    void deterministic() {
        const std::vector<double> v = plantedSeries(3, 0.05);
        const auto a = findChangePoints(v), b = findChangePoints(v);
        QCOMPARE(a.size(), b.size());
        QCOMPARE(a.front().pValue, b.front().pValue);
    }
};

KIX_TEST_GUILESS_MAIN(TestChangePoints)
#include "tst_change_points.moc"
