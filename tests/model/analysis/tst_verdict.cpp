// The verdict engine (Verdict.h) and its parts: Student's t and the normal distribution, the Mann–Whitney
// U test against hand-computed values, the seeded percentile bootstrap, every reason the engine writes,
// and its statistical promises on samples of known distributions (normal, skewed, bimodal): "same" for
// two draws of one distribution, "slower" for a 5% shift, "can't tell" for 1% at n = 5, and intervals
// that cover the true ratio at about their nominal rate.
#include "BlockMedians.h"
#include "Bootstrap.h"
#include "Distributions.h"
#include "MannWhitney.h"
#include "SeededSource.h"
#include "Statistics.h"
#include "TestMain.h"
#include "Verdict.h"

#include <QElapsedTimer>
#include <QTest>
#include <cmath>
#include <numbers>
#include <random>

using kix::TimingEvidence;
using kix::Verdict;
using kix::VerdictMethod;
using kix::VerdictOptions;

Q_DECLARE_METATYPE(std::vector<double>)
Q_DECLARE_METATYPE(kix::TimingEvidence)
Q_DECLARE_METATYPE(kix::VerdictOptions)
Q_DECLARE_METATYPE(kix::Verdict)
Q_DECLARE_METATYPE(kix::VerdictMethod)
Q_DECLARE_METATYPE(kix::MannWhitneyMethod)
Q_DECLARE_METATYPE(QList<kix::EvidencePair>)

namespace {

// The statistical checks run over this many seeds each, with fewer resamples than the default to stay
// fast (the interval's quantiles are then a little noisier, which only makes the checks harder).
constexpr int kSeeds = 200;
constexpr int kFastResamples = 500;
// The launches per side at which the statistical promises below hold, judged by block medians without a
// floor (their interval is about 3.3 times the bootstrap's on independent launches: docs/verdicts.md).
constexpr int kSameCount = 1000;
constexpr int kSlowerCount = 300;

// Kernel-like timings around 100 (any unit): symmetric, right-skewed with a floor, and bimodal.
enum class Shape { Normal, Skewed, Bimodal };
constexpr double kCenter = 100;
constexpr double kNormalSpread = 0.02; // 2% standard deviation
constexpr double kSkewFloor = 95;      // the skewed shape: 95 + 5 exp(0.5 z), median 100
constexpr double kSkewScale = 5;
constexpr double kSkewSigma = 0.5;
constexpr double kSlowModeShare = 0.2; // the bimodal shape: 20% of launches in a mode 12% slower
constexpr double kFastModeSpread = 1.5;
constexpr double kSlowModeCenter = 112;
constexpr double kSlowModeSpread = 2;

// The samples of a shape from a seeded source of the tests' own (SeededSource.h).
class Source : public kixtest::SeededSource {
public:
    using SeededSource::SeededSource;
    // n launches of `shape`, every one `scale` times as long (a pure slow-down: the true ratio of
    // medians, of means and of any quantile is `scale`).
    std::vector<double> draw(Shape shape, int n, double scale = 1) {
        std::vector<double> out(std::size_t(n), 0.0);
        for (double& v : out) {
            switch (shape) {
            case Shape::Normal:
                v = kCenter * (1 + kNormalSpread * normal());
                break;
            case Shape::Skewed:
                v = kSkewFloor + kSkewScale * std::exp(kSkewSigma * normal());
                break;
            case Shape::Bimodal:
                v = uniform() < kSlowModeShare ? kSlowModeCenter + kSlowModeSpread * normal()
                                               : kCenter + kFastModeSpread * normal();
                break;
            }
            v *= scale;
        }
        return out;
    }
};

std::vector<double> draw(Shape shape, int n, double scale, std::uint64_t seed) {
    return Source(seed).draw(shape, n, scale);
}

VerdictOptions fastOptions(std::uint64_t seed) {
    VerdictOptions o;
    o.resamples = kFastResamples;
    o.seed = seed;
    return o;
}

void addShapes() {
    QTest::addColumn<int>("shape");
    QTest::newRow("normal") << int(Shape::Normal);
    QTest::newRow("skewed (shifted lognormal)") << int(Shape::Skewed);
    QTest::newRow("bimodal") << int(Shape::Bimodal);
}

struct Tally {
    int faster = 0, slower = 0, same = 0, cantTell = 0, covered = 0;
    void add(const kix::CaseVerdict& v, double truth) {
        faster += v.verdict == Verdict::Faster;
        slower += v.verdict == Verdict::Slower;
        same += v.verdict == Verdict::Same;
        cantTell += v.verdict == Verdict::CantTell;
        covered += v.interval && v.interval->lo <= truth && truth <= v.interval->hi;
    }
    QString text() const {
        return QStringLiteral("faster %1, slower %2, same %3, can't tell %4; interval covers the truth %5/%6")
            .arg(faster)
            .arg(slower)
            .arg(same)
            .arg(cantTell)
            .arg(covered)
            .arg(faster + slower + same + cantTell);
    }
};

// Judges kSeeds independent draws of n per side, B `scale` times slower than A, with a noise floor or not.
Tally judgeDraws(Shape shape, int n, double scale, std::optional<double> noiseFloor = std::nullopt) {
    Tally t;
    for (int seed = 0; seed < kSeeds; ++seed) {
        Source source(std::uint64_t(seed) + 1);
        const auto a = TimingEvidence::ofSamples(source.draw(shape, n));
        const auto b = TimingEvidence::ofSamples(source.draw(shape, n, scale));
        VerdictOptions o = fastOptions(std::uint64_t(seed));
        o.noiseFloor = noiseFloor;
        t.add(kix::judgeCase(a, b, o), scale);
    }
    return t;
}

// Fixed samples for the reason table: 50 normal launches per side, A around 100.
TimingEvidence normalSide(double scale, std::uint64_t seed, int n = 50, QString timer = {}) {
    return TimingEvidence::ofSamples(draw(Shape::Normal, n, scale, seed), std::move(timer));
}

VerdictOptions withMinimumEffect(double m) {
    VerdictOptions o;
    o.minimumEffect = m;
    return o;
}

} // namespace

class TestVerdict : public QObject {
    Q_OBJECT
private slots:
    // --- Student's t and the normal distribution -------------------------------------------------------

    void tQuantile_data() {
        QTest::addColumn<double>("p");
        QTest::addColumn<double>("df");
        QTest::addColumn<double>("expected");
        QTest::addColumn<double>("tolerance");
        // Closed forms: df = 1 is Cauchy, tan(pi (p - 1/2)); df = 2 is (2p - 1) / sqrt(2 p (1 - p)).
        QTest::newRow("df 1, 97.5%") << 0.975 << 1.0 << std::tan(std::numbers::pi * 0.475) << 1e-9;
        QTest::newRow("df 2, 97.5%") << 0.975 << 2.0 << 0.95 / std::sqrt(2 * 0.975 * 0.025) << 1e-9;
        QTest::newRow("df 2, 5%") << 0.05 << 2.0 << -0.9 / std::sqrt(2 * 0.05 * 0.95) << 1e-9;
        // Textbook tables (R's qt to 12 digits; the fractional one by numerical integration).
        QTest::newRow("df 10, 97.5%") << 0.975 << 10.0 << 2.228138851986 << 1e-9;
        QTest::newRow("df 10, 99.5%") << 0.995 << 10.0 << 3.169272672617 << 1e-9;
        QTest::newRow("df 30, 97.5%") << 0.975 << 30.0 << 2.042272456301 << 1e-9;
        QTest::newRow("df 5, 95%") << 0.95 << 5.0 << 2.015048372669 << 1e-9;
        QTest::newRow("df 7.5, 97.5%") << 0.975 << 7.5 << 2.333039626865 << 1e-8;
        QTest::newRow("median") << 0.5 << 3.0 << 0.0 << 0.0;
        QTest::newRow("df 1e6 is the normal") << 0.975 << 1e6 << 1.959966 << 1e-5;
    }
    void tQuantile() {
        QFETCH(double, p);
        QFETCH(double, df);
        QFETCH(double, expected);
        QFETCH(double, tolerance);
        const double t = kix::studentTQuantile(p, df);
        QVERIFY2(std::abs(t - expected) <= tolerance, qPrintable(QString::number(t, 'g', 15)));
        QVERIFY(std::abs(kix::studentTCdf(t, df) - p) < 1e-10);
    }
    void tQuantileRefusesOutOfRange() {
        QVERIFY(std::isnan(kix::studentTQuantile(0, 5)));
        QVERIFY(std::isnan(kix::studentTQuantile(1, 5)));
        QVERIFY(std::isnan(kix::studentTQuantile(0.9, 0)));
    }
    // The diff's 99% table (rounded to 3 decimals) and the exact quantile agree where the table has rows.
    void tQuantileMatchesTheTable() {
        for (const double df : {1.0, 2.0, 5.0, 10.0, 20.0, 30.0, 60.0, 120.0})
            QVERIFY2(std::abs(kix::studentTQuantile(0.995, df) - kix::tCritical99(df)) < 0.0015,
                     qPrintable(QString::number(df)));
    }
    void normalCdf() {
        QCOMPARE(kix::standardNormalCdf(0), 0.5);
        QVERIFY(std::abs(kix::standardNormalCdf(1.959963984540054) - 0.975) < 1e-12);
        QVERIFY(std::abs(kix::standardNormalCdf(-1) - 0.158655253931457) < 1e-12);
    }
    // Welch–Satterthwaite by hand: v = (0.5, 0.25), n = (11, 6): 0.75² / (0.25/10 + 0.0625/5) = 15.
    void satterthwaite() {
        QCOMPARE(kix::satterthwaiteDegreesOfFreedom({{0.5, 11}, {0.25, 6}}), 15.0);
        QCOMPARE(kix::satterthwaiteDegreesOfFreedom({{0, 11}, {0, 6}}), 15.0); // Σ (n - 1)
        kix::LatencyStats a, b;
        a.mean = 100, a.stddev = 5, a.samples = 30;
        b.mean = 110, b.stddev = 8, b.samples = 12;
        QCOMPARE(kix::welchTest(a, b)->degreesOfFreedom,
                 kix::satterthwaiteDegreesOfFreedom({{25.0 / 30, 30}, {64.0 / 12, 12}}));
    }

    // --- Mann–Whitney U ---------------------------------------------------------------------------------

    void mannWhitney_data() {
        QTest::addColumn<std::vector<double>>("a");
        QTest::addColumn<std::vector<double>>("b");
        QTest::addColumn<kix::MannWhitneyMethod>("method");
        QTest::addColumn<double>("u");
        QTest::addColumn<double>("p");
        QTest::addColumn<bool>("exact");
        using M = kix::MannWhitneyMethod;
        // Exact, by counting: of the C(6, 3) = 20 equally likely orderings only {1,2,3 | 4,5,6} gives U = 0
        // and only its mirror U = 9, so p = 2/20.
        QTest::newRow("exact, separated") << std::vector<double>{1, 2, 3} << std::vector<double>{4, 5, 6}
                                          << M::Automatic << 0.0 << 0.1 << true;
        // U of {1,3,5} vs {2,4,6} = 0 + 1 + 2 = 3. The counts of U = 0..9 for 3 and 3 are
        // 1 1 2 3 3 3 3 2 1 1, so P(U <= 3) = 7/20 and p = 14/20.
        QTest::newRow("exact, interleaved") << std::vector<double>{1, 3, 5} << std::vector<double>{2, 4, 6}
                                            << M::Automatic << 3.0 << 0.7 << true;
        // Exact at 2 and 4 (C(6, 2) = 15 orderings): U = 8 is the maximum, p = 2 (1/15).
        QTest::newRow("exact, unequal sizes") << std::vector<double>{9, 10} << std::vector<double>{1, 2, 3, 4}
                                              << M::Exact << 8.0 << 2.0 / 15 << true;
        // The normal approximation of the first row: mean 4.5, variance 3·3·7/12 = 5.25, continuity
        // correction: z = (4.5 - 0.5) / sqrt(5.25), p = erfc(z / sqrt 2).
        QTest::newRow("normal, separated")
            << std::vector<double>{1, 2, 3} << std::vector<double>{4, 5, 6} << M::Normal << 0.0
            << std::erfc(4 / std::sqrt(5.25) / std::sqrt(2.0)) << false;
        // Ties, by hand: pooled 1a 2a 2a 2b 3a 3b 4b 4b 5b; mid-ranks 1, 3 3 3, 5.5 5.5, 7.5 7.5, 9.
        // R_A = 1 + 3 + 3 + 5.5 = 12.5, U = 12.5 - 10 = 2.5; mean 10; Σ(t³ - t) = 24 + 6 + 6 = 36;
        // variance = 20/12 (10 - 36/72) = 95/6; z = (7.5 - 0.5) / sqrt(95/6). Ties rule out the exact
        // distribution even when asked for.
        QTest::newRow("normal, ties")
            << std::vector<double>{1, 2, 2, 3} << std::vector<double>{2, 3, 4, 4, 5} << M::Exact << 2.5
            << std::erfc(7 / std::sqrt(95.0 / 6) / std::sqrt(2.0)) << false;
        QTest::newRow("every value ties") << std::vector<double>{5, 5} << std::vector<double>{5, 5, 5}
                                          << M::Automatic << 3.0 << 1.0 << false;
        // Above kMannWhitneyExactMaxPerSide, Automatic approximates: 21 vs 21 separated, U = 0, mean
        // 220.5, variance 21·21·43/12.
        std::vector<double> low(21, 0.0), high(21, 0.0);
        for (int i = 0; i < 21; ++i)
            low[std::size_t(i)] = i, high[std::size_t(i)] = 100 + i;
        QTest::newRow("large, approximated")
            << low << high << M::Automatic << 0.0
            << std::erfc((220.5 - 0.5) / std::sqrt(21.0 * 21 * 43 / 12) / std::sqrt(2.0)) << false;
    }
    void mannWhitney() {
        QFETCH(std::vector<double>, a);
        QFETCH(std::vector<double>, b);
        QFETCH(kix::MannWhitneyMethod, method);
        QFETCH(double, u);
        QFETCH(double, p);
        QFETCH(bool, exact);
        const auto r = kix::mannWhitneyU(a, b, method);
        QVERIFY(r);
        QCOMPARE(r->u, u);
        QVERIFY2(std::abs(r->p - p) < 1e-12, qPrintable(QString::number(r->p, 'g', 15)));
        QCOMPARE(r->exact, exact);
        // U of B is m n - U of A, and the two-sided p does not depend on the order.
        const auto swapped = kix::mannWhitneyU(b, a, method);
        QCOMPARE(swapped->u, double(a.size() * b.size()) - u);
        QVERIFY(std::abs(swapped->p - r->p) < 1e-12);
    }
    // The exact and approximate p agree closely at the largest exact size.
    void mannWhitneyExactMeetsNormal() {
        const std::vector<double> a = draw(Shape::Normal, kix::kMannWhitneyExactMaxPerSide, 1, 7);
        const std::vector<double> b = draw(Shape::Normal, kix::kMannWhitneyExactMaxPerSide, 1.01, 8);
        const double exact = kix::mannWhitneyU(a, b, kix::MannWhitneyMethod::Exact)->p;
        const double normal = kix::mannWhitneyU(a, b, kix::MannWhitneyMethod::Normal)->p;
        QVERIFY2(std::abs(exact - normal) < 0.01,
                 qPrintable(QStringLiteral("%1 vs %2").arg(exact).arg(normal)));
    }
    void mannWhitneyRefusesEmpty() {
        QVERIFY(!kix::mannWhitneyU({}, std::vector<double>{1.0}));
        QVERIFY(!kix::mannWhitneyU(std::vector<double>{1.0}, {}));
    }

    // --- The bootstrap ----------------------------------------------------------------------------------

    void median() {
        QCOMPARE(kix::sampleMedian(std::vector<double>{3, 1, 2}), 2.0);
        QCOMPARE(kix::sampleMedian(std::vector<double>{4, 1, 3, 2}), 2.5);
        QVERIFY(std::isnan(kix::sampleMedian({})));
    }
    void bootstrapIsDeterministic() {
        // Fewer than 20 launches a side: the engine bootstraps (20 or more are judged by block medians).
        const auto a = draw(Shape::Skewed, 15, 1, 11);
        const auto b = draw(Shape::Skewed, 15, 1.03, 12);
        const auto first = kix::bootstrapMedianRatio(a, b);
        const auto again = kix::bootstrapMedianRatio(a, b);
        QVERIFY(first && again);
        QCOMPARE(again->interval.lo, first->interval.lo); // bit for bit
        QCOMPARE(again->interval.hi, first->interval.hi);
        QCOMPARE(first->interval.level, 0.95);
        QCOMPARE(first->ratio, kix::sampleMedian(b) / kix::sampleMedian(a));
        kix::BootstrapOptions other;
        other.seed = kix::kDefaultBootstrapSeed + 1;
        const auto reseeded = kix::bootstrapMedianRatio(a, b, other);
        QVERIFY(reseeded->interval.lo != first->interval.lo || reseeded->interval.hi != first->interval.hi);
        QCOMPARE(reseeded->ratio, first->ratio);
        // The same through the engine.
        const auto v1 = kix::judgeCase(TimingEvidence::ofSamples(a), TimingEvidence::ofSamples(b));
        const auto v2 = kix::judgeCase(TimingEvidence::ofSamples(a), TimingEvidence::ofSamples(b));
        QCOMPARE(v1.interval->lo, v2.interval->lo);
        QCOMPARE(v1.interval->hi, v2.interval->hi);
        QCOMPARE(v1.interval->lo, first->interval.lo);
        QCOMPARE(v1.reason, v2.reason);
    }
    void bootstrapLevelWidens() {
        const auto a = draw(Shape::Normal, 30, 1, 21);
        const auto b = draw(Shape::Normal, 30, 1, 22);
        kix::BootstrapOptions ninety;
        ninety.level = 0.90;
        kix::BootstrapOptions ninetyNine;
        ninetyNine.level = 0.99;
        const auto narrow = kix::bootstrapMedianRatio(a, b, ninety)->interval;
        const auto wide = kix::bootstrapMedianRatio(a, b, ninetyNine)->interval;
        QVERIFY(wide.lo < narrow.lo && narrow.hi < wide.hi);
        QCOMPARE(wide.level, 0.99);
    }
    void bootstrapZeroSpread() {
        const std::vector<double> a(10, 200.0), b(7, 210.0);
        const auto r = kix::bootstrapMedianRatio(a, b);
        QCOMPARE(r->ratio, 1.05);
        QCOMPARE(r->interval.lo, 1.05);
        QCOMPARE(r->interval.hi, 1.05);
    }
    void bootstrapRefuses_data() {
        QTest::addColumn<std::vector<double>>("a");
        QTest::addColumn<int>("resamples");
        QTest::addColumn<double>("level");
        QTest::newRow("empty") << std::vector<double>{} << 100 << 0.95;
        QTest::newRow("zero") << std::vector<double>{1, 0} << 100 << 0.95;
        QTest::newRow("negative") << std::vector<double>{1, -2} << 100 << 0.95;
        QTest::newRow("NaN") << std::vector<double>{1, std::nan("")} << 100 << 0.95;
        QTest::newRow("infinite") << std::vector<double>{1, HUGE_VAL} << 100 << 0.95;
        QTest::newRow("no resamples") << std::vector<double>{1, 2} << 0 << 0.95;
        QTest::newRow("level 1") << std::vector<double>{1, 2} << 100 << 1.0;
    }
    void bootstrapRefuses() {
        QFETCH(std::vector<double>, a);
        QFETCH(int, resamples);
        QFETCH(double, level);
        kix::BootstrapOptions o;
        o.resamples = resamples;
        o.level = level;
        QVERIFY(!kix::bootstrapMedianRatio(a, std::vector<double>{1, 2}, o));
        QVERIFY(!kix::bootstrapGeomeanRatio({}, {}));
    }
    // Issue 40 item 5: the bootstrap's work is capped (InputLimits.h). A side over the per-side cap is
    // resampled from a systematic subsample: its interval is no narrower than the full side's, and its
    // ratio is still of every sample's median; a suite whose resample would draw more than the cap is
    // refused with the limit named, never computed for minutes.
    void bootstrapWorkIsCapped() {
        const auto a = draw(Shape::Normal, 50000, 1, 41);
        const auto b = draw(Shape::Normal, 50000, 1.01, 42);
        kix::BootstrapOptions o;
        o.resamples = kFastResamples;
        const auto capped = kix::bootstrapMedianRatio(a, b, o);
        QVERIFY(capped);
        QCOMPARE(capped->ratio, kix::sampleMedian(b) / kix::sampleMedian(a));
        const std::vector<double> fewA(a.begin(), a.begin() + 5000), fewB(b.begin(), b.begin() + 5000);
        const auto few = kix::bootstrapMedianRatio(fewA, fewB, o);
        // The subsample's width is that of 5,000 a side: about the same as 5,000 drawn directly.
        const double width = std::log(capped->interval.hi / capped->interval.lo);
        const double fewWidth = std::log(few->interval.hi / few->interval.lo);
        QVERIFY2(width > 0.8 * fewWidth && width < 1.25 * fewWidth,
                 qPrintable(QString::number(width / fewWidth)));
        // 11 cases of 5,000 a side: 110,000 draws a resample, over the 100,000 of the limit.
        std::vector<kix::SamplePair> cases(11, kix::SamplePair{fewA, fewB});
        QCOMPARE(kix::bootstrapDrawsPerResample(cases), std::int64_t(110000));
        QVERIFY(!kix::bootstrapGeomeanRatio(cases, o));
        QList<kix::EvidencePair> pairs;
        for (int i = 0; i < 11; ++i)
            pairs.append({TimingEvidence::ofSamples(fewA), TimingEvidence::ofSamples(fewB)});
        // Judged by block medians, whose work is one pass over the launches: no cap is needed.
        const kix::SuiteVerdict blocks = kix::judgeSuite(pairs, fastOptions(1));
        QCOMPARE(blocks.geomean.method, VerdictMethod::BlockMedians);
        QVERIFY(blocks.geomean.interval);
        // A case of fewer than 20 launches a side makes the suite a bootstrap one, which is capped.
        pairs.append({normalSide(1, 3, 10), normalSide(1, 4, 10)});
        const kix::SuiteVerdict v = kix::judgeSuite(pairs, fastOptions(1));
        QCOMPARE(v.geomean.verdict, kix::Verdict::CantTell);
        QCOMPARE(v.geomean.reason,
                 QStringLiteral("refused: the bootstrap would draw 110020 values per resample, "
                                "above kix's limit of 100000 (docs/verdicts.md, \"Limits\")"));
        QVERIFY(!v.geomean.interval);
    }

    // Issue 40 item 4: arithmetic that overflows or gives NaN is refused, never a verdict.
    void nonFiniteArithmeticIsRefused_data() {
        QTest::addColumn<TimingEvidence>("a");
        QTest::addColumn<TimingEvidence>("b");
        QTest::addColumn<QString>("what");
        QTest::newRow("ratio overflows")
            << TimingEvidence::ofSamples({1e-300, 2e-300}) << TimingEvidence::ofSamples({1e300, 2e300})
            << QStringLiteral("ratio inf, interval [nan, nan]");
        QTest::newRow("variance overflows")
            << TimingEvidence::ofSummary(1e300, 1e300, 30) << TimingEvidence::ofSummary(1e300, 1e300, 30)
            << QStringLiteral("ratio 1, interval [nan, nan]");
        QTest::newRow("central values only")
            << TimingEvidence::ofCentral(1e-300) << TimingEvidence::ofCentral(1e300)
            << QStringLiteral("ratio inf");
    }
    void nonFiniteArithmeticIsRefused() {
        QFETCH(TimingEvidence, a);
        QFETCH(TimingEvidence, b);
        QFETCH(QString, what);
        const kix::CaseVerdict v = kix::judgeCase(a, b, fastOptions(1));
        QVERIFY(v.refused);
        QCOMPARE(v.verdict, kix::Verdict::CantTell);
        QCOMPARE(v.reason,
                 QStringLiteral("refused: non-finite arithmetic (%1): the timings are too large or too far "
                                "apart to compare in double precision; no verdict")
                     .arg(what));
        QVERIFY(!v.ratio && !v.interval);
    }

    // A suite of one case is that case; the geometric mean of exact ratios is their geometric mean.
    void bootstrapGeomean() {
        const auto a = draw(Shape::Bimodal, 30, 1, 31);
        const auto b = draw(Shape::Bimodal, 30, 1.02, 32);
        const auto one = kix::bootstrapGeomeanRatio({{a, b}});
        const auto direct = kix::bootstrapMedianRatio(a, b);
        QCOMPARE(one->ratio, direct->ratio);
        QCOMPARE(one->interval.lo, direct->interval.lo);
        const std::vector<double> x(5, 100.0), y(5, 200.0), z(5, 50.0);
        const auto exact = kix::bootstrapGeomeanRatio({{x, y}, {x, z}}); // sqrt(2 · 0.5) = 1
        QVERIFY(std::abs(exact->ratio - 1) < 1e-15);
        QVERIFY(std::abs(exact->interval.lo - 1) < 1e-15 && std::abs(exact->interval.hi - 1) < 1e-15);
    }

    // --- The verdict: every reason, exactly --------------------------------------------------------------

    void caseVerdict_data() {
        QTest::addColumn<TimingEvidence>("a");
        QTest::addColumn<TimingEvidence>("b");
        QTest::addColumn<VerdictOptions>("options");
        QTest::addColumn<Verdict>("verdict");
        QTest::addColumn<VerdictMethod>("method");
        QTest::addColumn<QString>("reason");
        const VerdictOptions defaults;
        // Raw samples: ratio of medians, bootstrap.
        QTest::newRow("slower") << normalSide(1, 1, 400) << normalSide(1.05, 2, 400) << defaults
                                << Verdict::Slower << VerdictMethod::BlockMedians
                                << "median B/A 1.052, 95% CI [1.040, 1.064], entirely beyond the 2% minimum "
                                   "effect; block medians, n = 400 per side in 10 blocks, a rerun taken to "
                                   "stray as one block does (no A/A floor)";
        QTest::newRow("faster") << normalSide(1, 1, 400) << normalSide(0.95, 2, 400) << defaults
                                << Verdict::Faster << VerdictMethod::BlockMedians
                                << "median B/A 0.952, 95% CI [0.941, 0.963], entirely beyond the 2% minimum "
                                   "effect; block medians, n = 400 per side in 10 blocks, a rerun taken to "
                                   "stray as one block does (no A/A floor)";
        QTest::newRow("same") << normalSide(1, 3, 2000) << normalSide(1, 4, 2000) << defaults << Verdict::Same
                              << VerdictMethod::BlockMedians
                              << "median B/A 1.000, 95% CI [0.993, 1.007], entirely inside the 2% minimum "
                                 "effect; block medians, n = 2000 per side in 10 blocks, a rerun taken to "
                                 "stray as one block does (no A/A floor)";
        QTest::newRow("can't tell: too few")
            << normalSide(1, 5, 5) << normalSide(1.01, 6, 5) << defaults << Verdict::CantTell
            << VerdictMethod::Bootstrap
            << "median B/A 0.999, 95% CI [0.971, 1.016], straddles the 2% minimum effect; bootstrap, n = 5 "
               "per side; about 337 samples per side would narrow the interval to ±1%";
        QTest::newRow("can't tell: on the edge")
            << normalSide(1, 7, 4000) << normalSide(1.02, 8, 4000) << defaults << Verdict::CantTell
            << VerdictMethod::BlockMedians
            << "median B/A 1.020, 95% CI [1.017, 1.024], straddles the 2% minimum effect; block medians, n = "
               "4000 per side in 10 blocks, a rerun taken to stray as one block does (no A/A floor); the "
               "difference is about the 2% minimum effect itself";
        QTest::newRow("unequal counts") << normalSide(1, 1, 300) << normalSide(1.05, 2, 500) << defaults
                                        << Verdict::Slower << VerdictMethod::BlockMedians
                                        << "median B/A 1.053, 95% CI [1.042, 1.064], entirely beyond the 2% "
                                           "minimum effect; block medians, n = 300 (A) and 500 (B) in 10 "
                                           "blocks, a rerun taken to stray as one block does (no A/A floor)";
        VerdictOptions floor;
        floor.noiseFloor = 0.06;
        QTest::newRow("a larger noise floor")
            << normalSide(1, 1) << normalSide(1.05, 2) << floor << Verdict::CantTell
            << VerdictMethod::BlockMedians
            << "median B/A 1.053, 95% CI [1.040, 1.067], straddles the 6% noise floor (A/A spread); block "
               "medians, n = 50 per side in 10 blocks; the difference is about the 6% noise floor (A/A "
               "spread) itself";
        VerdictOptions smallFloor;
        smallFloor.noiseFloor = 0.01;
        QTest::newRow("a smaller noise floor")
            << normalSide(1, 1) << normalSide(1.05, 2) << smallFloor << Verdict::Slower
            << VerdictMethod::BlockMedians
            << "median B/A 1.053, 95% CI [1.040, 1.067], entirely beyond the 2% minimum effect (above the 1% "
               "noise floor, A/A spread); block medians, n = 50 per side in 10 blocks";
        QTest::newRow("a larger minimum effect")
            << normalSide(1, 1) << normalSide(1.05, 2) << withMinimumEffect(0.1) << Verdict::Same
            << VerdictMethod::BlockMedians
            << "median B/A 1.053, 95% CI [1.010, 1.098], entirely inside the 10% minimum effect; block "
               "medians, n = 50 per side in 10 blocks, a rerun taken to stray as one block does (no A/A "
               "floor)";
        // Summaries only: Welch on the log of the ratio of means. Hand-checked (numerical integration of
        // the t density): df 57.86, t 2.00182, interval exp(ln 1.05 ± 2.00182 · 0.012606).
        QTest::newRow("Welch: slower")
            << TimingEvidence::ofSummary(100, 5, 30) << TimingEvidence::ofSummary(105, 5, 30) << defaults
            << Verdict::Slower << VerdictMethod::Welch
            << "mean B/A 1.050, 95% CI [1.024, 1.077], entirely beyond the 2% minimum effect; Welch on "
               "summaries, n = 30 per side";
        QTest::newRow("Welch: faster")
            << TimingEvidence::ofSummary(100, 5, 30) << TimingEvidence::ofSummary(95, 5, 30) << defaults
            << Verdict::Faster << VerdictMethod::Welch
            << "mean B/A 0.950, 95% CI [0.925, 0.976], entirely beyond the 2% minimum effect; Welch on "
               "summaries, n = 30 per side";
        QTest::newRow("Welch: same") << TimingEvidence::ofSummary(100, 2, 50)
                                     << TimingEvidence::ofSummary(100.5, 2, 50) << defaults << Verdict::Same
                                     << VerdictMethod::Welch
                                     << "mean B/A 1.005, 95% CI [0.997, 1.013], entirely inside the 2% "
                                        "minimum effect; Welch on summaries, n = 50 per side";
        // Half-width 0.04675 against a target of ln(1.02) / 2 = 0.00990: 10 (0.04675 / 0.00990)² = 223.
        QTest::newRow("Welch: can't tell")
            << TimingEvidence::ofSummary(100, 5, 10) << TimingEvidence::ofSummary(101, 5, 10) << defaults
            << Verdict::CantTell << VerdictMethod::Welch
            << "mean B/A 1.010, 95% CI [0.964, 1.058], straddles the 2% minimum effect; Welch on summaries, "
               "n = 10 per side; about 223 samples per side would narrow the interval to ±1%";
        // Raw samples against a summary: both compared by their summaries.
        QTest::newRow("samples against a summary")
            << normalSide(1, 1, 30) << TimingEvidence::ofSummary(110, 2, 30) << defaults << Verdict::Slower
            << VerdictMethod::Welch
            << "mean B/A 1.099, 95% CI [1.089, 1.109], entirely beyond the 2% minimum effect; Welch on "
               "summaries, n = 30 per side";
        // A central value only: never faster or slower, however large the difference.
        QTest::newRow("central value on A")
            << TimingEvidence::ofCentral(100) << normalSide(0.5, 2) << defaults << Verdict::CantTell
            << VerdictMethod::None << "no spread published: central value only on A";
        QTest::newRow("central value on B")
            << TimingEvidence::ofSummary(100, 5, 30) << TimingEvidence::ofCentral(50) << defaults
            << Verdict::CantTell << VerdictMethod::None << "no spread published: central value only on B";
        QTest::newRow("central values on both")
            << TimingEvidence::ofCentral(100) << TimingEvidence::ofCentral(200) << defaults
            << Verdict::CantTell << VerdictMethod::None
            << "no spread published: central values only on both sides";
        QTest::newRow("one sample is a central value")
            << TimingEvidence::ofSamples({100}) << normalSide(1, 2) << defaults << Verdict::CantTell
            << VerdictMethod::None << "no spread published: central value only on A";
        QTest::newRow("a summary of one is a central value")
            << TimingEvidence::ofSummary(100, 0, 1) << normalSide(1, 2) << defaults << Verdict::CantTell
            << VerdictMethod::None << "no spread published: central value only on A";
        // The timing method must match.
        QTest::newRow("timer mismatch")
            << normalSide(1, 1, 50, "cupti") << normalSide(1.5, 2, 50, "cuda_events") << defaults
            << Verdict::CantTell << VerdictMethod::None
            << "material mismatch: timing method differs: CUPTI span vs CUDA events";
        QTest::newRow("timer mismatch, unknown token")
            << TimingEvidence::ofCentral(1, "harness_reported") << TimingEvidence::ofCentral(2, "my_timer")
            << defaults << Verdict::CantTell << VerdictMethod::None
            << "material mismatch: timing method differs: harness-reported vs my_timer";
        QTest::newRow("one timer not recorded")
            << normalSide(1, 1, 400, "cupti") << normalSide(1.05, 2, 400) << defaults << Verdict::Slower
            << VerdictMethod::BlockMedians
            << "median B/A 1.052, 95% CI [1.040, 1.064], entirely beyond the 2% minimum effect; block "
               "medians, n = 400 per side in 10 blocks, a rerun taken to stray as one block does (no A/A "
               "floor)";
        // Nothing to compare.
        QTest::newRow("no timing on A") << TimingEvidence{} << normalSide(1, 2) << defaults
                                        << Verdict::CantTell << VerdictMethod::None << "no timing on A";
        QTest::newRow("no timing on B") << normalSide(1, 2) << TimingEvidence{} << defaults
                                        << Verdict::CantTell << VerdictMethod::None << "no timing on B";
        QTest::newRow("no timing at all")
            << TimingEvidence{} << TimingEvidence{} << defaults << Verdict::CantTell << VerdictMethod::None
            << "no timing on either side";
        QTest::newRow("a negative sample")
            << TimingEvidence::ofSamples({100, -1}) << normalSide(1, 2) << defaults << Verdict::CantTell
            << VerdictMethod::None << "A has timings that are not positive finite numbers";
        QTest::newRow("a negative deviation")
            << normalSide(1, 2) << TimingEvidence::ofSummary(100, -1, 5) << defaults << Verdict::CantTell
            << VerdictMethod::None << "B has timings that are not positive finite numbers";
        QTest::newRow("a zero central value")
            << normalSide(1, 2) << TimingEvidence::ofCentral(0) << defaults << Verdict::CantTell
            << VerdictMethod::None << "B has timings that are not positive finite numbers";
        // Options out of range.
        QTest::newRow("minimum effect 0")
            << normalSide(1, 1) << normalSide(1, 2) << withMinimumEffect(0) << Verdict::CantTell
            << VerdictMethod::None << "invalid verdict options: the minimum effect must be above 0";
        VerdictOptions badFloor;
        badFloor.noiseFloor = -0.01;
        QTest::newRow("negative noise floor")
            << normalSide(1, 1) << normalSide(1, 2) << badFloor << Verdict::CantTell << VerdictMethod::None
            << "invalid verdict options: the noise floor must be 0 or more";
        VerdictOptions badLevel;
        badLevel.level = 1;
        QTest::newRow("level 100%")
            << normalSide(1, 1) << normalSide(1, 2) << badLevel << Verdict::CantTell << VerdictMethod::None
            << "invalid verdict options: the confidence level must be between 0 and 1";
        VerdictOptions noResamples;
        noResamples.resamples = 0;
        QTest::newRow("no resamples")
            << normalSide(1, 1) << normalSide(1, 2) << noResamples << Verdict::CantTell << VerdictMethod::None
            << "invalid verdict options: the bootstrap needs at least 1 resample";
    }
    void caseVerdict() {
        QFETCH(TimingEvidence, a);
        QFETCH(TimingEvidence, b);
        QFETCH(VerdictOptions, options);
        QFETCH(Verdict, verdict);
        QFETCH(VerdictMethod, method);
        QFETCH(QString, reason);
        const kix::CaseVerdict v = kix::judgeCase(a, b, options);
        QCOMPARE(v.reason, reason);
        QCOMPARE(v.verdict, verdict);
        QCOMPARE(v.method, method);
        QCOMPARE(v.threshold, options.threshold());
        // The evidence every result carries, by method.
        QCOMPARE(bool(v.interval), method != VerdictMethod::None);
        const bool raw = method == VerdictMethod::Bootstrap || method == VerdictMethod::BlockMedians;
        QCOMPARE(bool(v.mannWhitneyP), raw);
        if (v.interval) {
            QCOMPARE(v.interval->level, options.level);
            QVERIFY(v.interval->lo <= *v.ratio && *v.ratio <= v.interval->hi);
        }
        if (raw) {
            QCOMPARE(v.countA, qint64(a.samples.size()));
            QCOMPARE(v.countB, qint64(b.samples.size()));
            QCOMPARE(*v.ratio, kix::sampleMedian(b.samples) / kix::sampleMedian(a.samples));
        }
        QCOMPARE(bool(v.samplesToResolve), reason.contains(QStringLiteral("samples per side would")));
    }

    // The U test's p rides along with the bootstrap, and agrees with it on clear cases.
    void mannWhitneyRidesAlong() {
        const auto clear = kix::judgeCase(normalSide(1, 1, 400), normalSide(1.05, 2, 400));
        QVERIFY(*clear.mannWhitneyP < 1e-6);
        const auto none = kix::judgeCase(normalSide(1, 3, 100), normalSide(1, 4, 100));
        QVERIFY(*none.mannWhitneyP > 0.05);
        QCOMPARE(*none.mannWhitneyP,
                 kix::mannWhitneyU(normalSide(1, 3, 100).samples, normalSide(1, 4, 100).samples)->p);
    }

    // Swapping the sides swaps faster and slower: the band is symmetric on the log scale.
    void swappingSidesSwapsTheVerdict() {
        const auto a = normalSide(1, 1, 400);
        const auto b = normalSide(1.05, 2, 400);
        const auto forward = kix::judgeCase(a, b);
        const auto backward = kix::judgeCase(b, a);
        QCOMPARE(forward.verdict, Verdict::Slower);
        QCOMPARE(backward.verdict, Verdict::Faster);
        QVERIFY(std::abs(*forward.ratio * *backward.ratio - 1) < 1e-12);
        // On the band's edges exactly: a zero-width interval at 1.02 and at 1 / 1.02 is "same".
        const auto edge =
            kix::judgeCase(TimingEvidence::ofSamples({100, 100}), TimingEvidence::ofSamples({102, 102}));
        QCOMPARE(edge.verdict, Verdict::Same);
        const auto mirror =
            kix::judgeCase(TimingEvidence::ofSamples({102, 102}), TimingEvidence::ofSamples({100, 100}));
        QCOMPARE(mirror.verdict, Verdict::Same);
        const auto beyond =
            kix::judgeCase(TimingEvidence::ofSamples({100, 100}), TimingEvidence::ofSamples({102.1, 102.1}));
        QCOMPARE(beyond.verdict, Verdict::Slower);
    }

    void evidenceFromStats() {
        kix::LatencyStats s;
        s.mean = 100, s.median = 98, s.stddev = 4, s.samples = 20;
        const auto summary = TimingEvidence::ofStats(s, QStringLiteral("median"), QStringLiteral("cupti"));
        QVERIFY(summary.summary && !summary.central);
        QCOMPARE(summary.summary->mean, 100.0);
        QCOMPARE(summary.summary->count, qint64(20));
        QCOMPARE(summary.timer, QStringLiteral("cupti"));
        s.stddev.reset();
        const auto central = TimingEvidence::ofStats(s, QStringLiteral("median"));
        QVERIFY(!central.summary);
        QCOMPARE(*central.central, 98.0);
        QVERIFY(!TimingEvidence::ofStats({}, QStringLiteral("mean")).central);
    }

    void names() {
        QCOMPARE(kix::verdictName(Verdict::Faster), QStringLiteral("faster"));
        QCOMPARE(kix::verdictName(Verdict::Slower), QStringLiteral("slower"));
        QCOMPARE(kix::verdictName(Verdict::Same), QStringLiteral("same"));
        QCOMPARE(kix::verdictName(Verdict::CantTell), QStringLiteral("can't tell"));
        QCOMPARE(kix::verdictMethodName(VerdictMethod::Bootstrap), QStringLiteral("bootstrap"));
        QCOMPARE(kix::verdictMethodName(VerdictMethod::Welch), QStringLiteral("Welch on summaries"));
        QCOMPARE(kix::verdictMethodName(VerdictMethod::None), QStringLiteral("none"));
        QCOMPARE(kix::timingMethodLabel(QStringLiteral("cupti")), QStringLiteral("CUPTI span"));
        QCOMPARE(kix::timingMethodLabel(QStringLiteral("cuda_events")), QStringLiteral("CUDA events"));
        QCOMPARE(kix::timingMethodLabel(QStringLiteral("device_events")), QStringLiteral("device events"));
        QCOMPARE(kix::timingMethodLabel(QStringLiteral("wall_clock")), QStringLiteral("wall clock"));
        QCOMPARE(kix::timingMethodLabel(QStringLiteral("x")), QStringLiteral("x"));
        QCOMPARE(VerdictOptions{}.threshold(), kix::kDefaultMinimumEffect);
    }

    // The numbers docs/verdicts.md quotes in its worked example.
    void workedExample() {
        const auto close = [](double x, double y) { return std::abs(x - y) < 5e-5; };
        const auto a = normalSide(1, 1, 400);
        const auto b = normalSide(1.05, 2, 400);
        const auto v = kix::judgeCase(a, b);
        const auto blocksA = kix::blockSpreadOf(a.samples);
        const auto blocksB = kix::blockSpreadOf(b.samples);
        // 400 launches a side in 10 blocks of 40: the blocks' log spreads 0.21825% and 0.46238%; variance
        // (s_A² + s_B²)(1/10 + 1) = 2.8756e-5, Welch–Satterthwaite df 12.8, t 2.163, half-width 0.0116.
        QVERIFY(close(kix::sampleMedian(a.samples), 99.7625));
        QVERIFY(close(kix::sampleMedian(b.samples), 104.9712));
        QCOMPARE(blocksA->blocks, 10);
        QVERIFY(std::abs(std::sqrt(blocksA->logVariance) - 0.0021825) < 5e-7);
        QVERIFY(std::abs(std::sqrt(blocksB->logVariance) - 0.0046238) < 5e-7);
        QVERIFY(close(*v.ratio, 1.05221));
        QVERIFY(close(v.interval->lo, 1.04007) && close(v.interval->hi, 1.06449));
        QCOMPARE(kix::mannWhitneyU(a.samples, b.samples)->u, 6550.0);
        QVERIFY(*v.mannWhitneyP < 1e-14);
        // Five launches a side, listed in the document. U = 5 + 2 + 4 + 2 + 3 = 16 pairs with A slower;
        // P(U <= 9) = 69/252 for 5 and 5 (the textbook table's 0.274), so p = 138/252.
        const auto smallA = normalSide(1, 5, 5);
        const auto smallB = normalSide(1.01, 6, 5);
        const std::vector<double> listedA = {102.904, 99.3587, 100.716, 99.5981, 100.676};
        const std::vector<double> listedB = {97.7516, 102.28, 100.714, 98.6068, 100.559};
        for (std::size_t i = 0; i < 5; ++i)
            QVERIFY(std::abs(smallA.samples[i] - listedA[i]) < 5e-4 &&
                    std::abs(smallB.samples[i] - listedB[i]) < 5e-4);
        const auto small = kix::judgeCase(smallA, smallB);
        QVERIFY(close(*small.ratio, 0.99884));
        QVERIFY(close(small.interval->lo, 0.97057) && close(small.interval->hi, 1.01594));
        // 5 (0.02284 / 0.00990)² = 26.6, times 12.64 for the block medians that would judge that many.
        QCOMPARE(*small.samplesToResolve, qint64(337));
        QCOMPARE(kix::mannWhitneyU(smallA.samples, smallB.samples)->u, 16.0);
        QVERIFY(std::abs(*small.mannWhitneyP - 138.0 / 252) < 1e-12);
    }

    // --- The suite -------------------------------------------------------------------------------------

    void suiteVerdict_data() {
        QTest::addColumn<QList<kix::EvidencePair>>("cases");
        QTest::addColumn<Verdict>("verdict");
        QTest::addColumn<VerdictMethod>("method");
        QTest::addColumn<QString>("reason");
        QList<kix::EvidencePair> raw;
        for (std::uint64_t i = 0; i < 4; ++i)
            raw.append({normalSide(1, 10 + i, 40 + int(i)), normalSide(1.05, 20 + i)});
        QTest::newRow("block medians")
            << raw << Verdict::Slower << VerdictMethod::BlockMedians
            << "geometric mean of median ratios B/A 1.053, 95% CI [1.038, 1.069], entirely beyond the 2% "
               "minimum effect; block medians over 4 cases, n >= 40 (A) and 50 (B) in >= 8 (A) and 10 (B) "
               "blocks, a rerun taken to stray as one block does (no A/A floor)";
        // A case of fewer than 20 launches a side: the whole suite is bootstrapped.
        QList<kix::EvidencePair> someFew = raw;
        someFew.append({normalSide(1, 50, 10), normalSide(1.05, 51, 10)});
        QTest::newRow("bootstrap")
            << someFew << Verdict::Slower << VerdictMethod::Bootstrap
            << "geometric mean of median ratios B/A 1.054, 95% CI [1.048, 1.060], entirely "
               "beyond the 2% minimum effect; bootstrap over 5 cases, n >= 10 per side";
        QList<kix::EvidencePair> few;
        for (std::uint64_t i = 0; i < 3; ++i)
            few.append({normalSide(1, 30 + i, 5), normalSide(1, 40 + i, 5)});
        QTest::newRow("bootstrap, too few") << few << Verdict::CantTell << VerdictMethod::Bootstrap
                                            << "geometric mean of median ratios B/A 0.991, 95% CI [0.978, "
                                               "1.021], straddles the 2% minimum effect; bootstrap over 3 "
                                               "cases, n >= 5 per side; about 291 samples per side would "
                                               "narrow the interval to ±1%";
        // Summaries: Welch on the mean log ratio. By hand: ln 1.05 in both cases, variances 25/(30·100²)
        // and 25/(30·105²) in each, over k = 2: standard error 0.0089140, df 115.72, t 1.98068, interval
        // exp(ln 1.05 ± 0.017656) = [1.03162, 1.06870].
        QList<kix::EvidencePair> summaries = {
            {TimingEvidence::ofSummary(100, 5, 30), TimingEvidence::ofSummary(105, 5, 30)},
            {TimingEvidence::ofSummary(100, 5, 30), TimingEvidence::ofSummary(105, 5, 30)},
        };
        QTest::newRow("Welch")
            << summaries << Verdict::Slower << VerdictMethod::Welch
            << "geometric mean of mean ratios B/A 1.050, 95% CI [1.032, 1.069], entirely "
               "beyond the 2% minimum effect; Welch on summaries over 2 cases, n >= 30 per "
               "side";
        // Samples in some cases, summaries in others: every case by its summary.
        QList<kix::EvidencePair> mixed = raw;
        mixed.append(summaries.first());
        QTest::newRow("Welch, mixed") << mixed << Verdict::Slower << VerdictMethod::Welch
                                      << "geometric mean of mean ratios B/A 1.049, 95% CI [1.043, 1.056], "
                                         "entirely beyond the 2% minimum effect; Welch on summaries over 5 "
                                         "cases, n >= 30 per side";
        QList<kix::EvidencePair> withCentral = raw;
        withCentral.append({TimingEvidence::ofCentral(100), TimingEvidence::ofCentral(90)});
        QTest::newRow("a central value") << withCentral << Verdict::CantTell << VerdictMethod::None
                                         << "no spread published: central values only in 1 of 5 cases";
        QList<kix::EvidencePair> missing = raw;
        missing.append({TimingEvidence{}, normalSide(1, 1)});
        QTest::newRow("no timing in a case")
            << missing << Verdict::CantTell << VerdictMethod::None << "no usable timing in 1 of 5 cases";
        QList<kix::EvidencePair> mismatch = raw;
        mismatch.append({normalSide(1, 1, 50, "cuda_events"), normalSide(1, 2, 50, "cupti")});
        QTest::newRow("timer mismatch")
            << mismatch << Verdict::CantTell << VerdictMethod::None
            << "material mismatch: timing method differs: CUDA events vs CUPTI span";
        QTest::newRow("no cases") << QList<kix::EvidencePair>{} << Verdict::CantTell << VerdictMethod::None
                                  << "no cases to compare";
    }
    void suiteVerdict() {
        QFETCH(QList<kix::EvidencePair>, cases);
        QFETCH(Verdict, verdict);
        QFETCH(VerdictMethod, method);
        QFETCH(QString, reason);
        const kix::SuiteVerdict s = kix::judgeSuite(cases);
        QCOMPARE(s.geomean.reason, reason);
        QCOMPARE(s.geomean.verdict, verdict);
        QCOMPARE(s.geomean.method, method);
        QCOMPARE(bool(s.geomean.interval), method != VerdictMethod::None);
        QVERIFY(!s.geomean.mannWhitneyP);
        QCOMPARE(s.cases.size(), cases.size());
        for (qsizetype i = 0; i < cases.size(); ++i)
            QCOMPARE(s.cases[i].reason, kix::judgeCase(cases[i].a, cases[i].b).reason);
        if (method != VerdictMethod::Bootstrap)
            return;
        // A bootstrap suite's interval is the bootstrap's over every case's samples (suiteCoverage tests
        // that).
        std::vector<kix::SamplePair> pairs;
        for (const kix::EvidencePair& c : cases)
            pairs.push_back({c.a.samples, c.b.samples});
        const auto direct = kix::bootstrapGeomeanRatio(pairs);
        QCOMPARE(s.geomean.interval->lo, direct->interval.lo);
        QCOMPARE(s.geomean.interval->hi, direct->interval.hi);
        QCOMPARE(*s.geomean.ratio, direct->ratio);
    }
    void suiteRefusesBadOptions() {
        const auto s = kix::judgeSuite({{normalSide(1, 1), normalSide(1, 2)}}, withMinimumEffect(-1));
        QCOMPARE(s.geomean.reason,
                 QStringLiteral("invalid verdict options: the minimum effect must be above 0"));
        QCOMPARE(s.cases.first().verdict, Verdict::CantTell);
    }

    // --- Statistical promises, over kSeeds seeds ----------------------------------------------------------

    // Two independent draws of one distribution, kSameCount per side: "same" at least 95% of the time, and
    // the interval covers the true ratio 1 at least at its nominal 95% (without a floor it also holds a
    // rerun's straying, so on independent launches it covers more).
    void sameForOneDistribution_data() { addShapes(); }
    void sameForOneDistribution() {
        QFETCH(int, shape);
        const Tally t = judgeDraws(Shape(shape), kSameCount, 1);
        qInfo().noquote() << "n =" << kSameCount << ", no shift:" << t.text();
        QVERIFY2(t.same >= kSeeds * 95 / 100, qPrintable(t.text()));
        QCOMPARE(t.faster + t.slower, 0);
        QVERIFY2(t.covered >= kSeeds * 95 / 100, qPrintable(t.text()));
    }
    // With a measured floor the block-medians interval holds this run's level only: it covers the true
    // ratio at about its nominal 95% (a floor of 0.1%, below the minimum effect, changes nothing else).
    void coverageWithAFloor_data() { addShapes(); }
    void coverageWithAFloor() {
        QFETCH(int, shape);
        const Tally t = judgeDraws(Shape(shape), kSlowerCount, 1.05, 0.001);
        qInfo().noquote() << "n =" << kSlowerCount << ", 5% slower, a 0.1% floor:" << t.text();
        QVERIFY2(t.covered >= kSeeds * 88 / 100 && t.covered <= kSeeds * 99 / 100, qPrintable(t.text()));
        QCOMPARE(t.slower, kSeeds);
    }
    // B 5% slower, kSlowerCount per side: "slower" but for at most 2 seeds in 200, never "faster" or
    // "same"; the interval covers 1.05 at least at its nominal 95%.
    void slowerForFivePercent_data() { addShapes(); }
    void slowerForFivePercent() {
        QFETCH(int, shape);
        const Tally t = judgeDraws(Shape(shape), kSlowerCount, 1.05);
        qInfo().noquote() << "n =" << kSlowerCount << ", 5% slower:" << t.text();
        QVERIFY2(t.slower >= kSeeds - 2, qPrintable(t.text()));
        QCOMPARE(t.faster + t.same, 0);
        QVERIFY2(t.covered >= kSeeds * 95 / 100, qPrintable(t.text()));
    }
    // B 1% slower, 5 per side: "can't tell" at least 95% of the time, never "faster".
    void cantTellForOnePercentAtFive_data() { addShapes(); }
    void cantTellForOnePercentAtFive() {
        QFETCH(int, shape);
        const Tally t = judgeDraws(Shape(shape), 5, 1.01);
        qInfo().noquote() << "n = 5, 1% slower:" << t.text();
        QVERIFY2(t.cantTell >= kSeeds * 95 / 100, qPrintable(t.text()));
        QCOMPARE(t.faster, 0);
    }
    // The suite's interval (bootstrapGeomeanRatio, as judgeSuite forms it) covers the true geometric mean
    // of four cases slowed by 0%, 2%, 4% and 6% (1.0297) at about its nominal rate.
    void suiteCoverage() {
        constexpr int caseCount = 4;
        constexpr int perSide = 20;
        const double shifts[caseCount] = {1.00, 1.02, 1.04, 1.06};
        const Shape shapes[caseCount] = {Shape::Normal, Shape::Skewed, Shape::Bimodal, Shape::Normal};
        double logTruth = 0;
        for (const double s : shifts)
            logTruth += std::log(s);
        const double truth = std::exp(logTruth / caseCount);
        int covered = 0;
        for (int seed = 0; seed < kSeeds; ++seed) {
            Source source(std::uint64_t(seed) + 1);
            std::vector<std::vector<double>> a, b;
            for (int i = 0; i < caseCount; ++i) {
                a.push_back(source.draw(shapes[i], perSide));
                b.push_back(source.draw(shapes[i], perSide, shifts[i]));
            }
            std::vector<kix::SamplePair> pairs;
            pairs.reserve(caseCount);
            for (int i = 0; i < caseCount; ++i)
                pairs.push_back({a[std::size_t(i)], b[std::size_t(i)]});
            kix::BootstrapOptions o;
            o.resamples = kFastResamples;
            o.seed = std::uint64_t(seed);
            const auto r = kix::bootstrapGeomeanRatio(pairs, o);
            covered += r->interval.lo <= truth && truth <= r->interval.hi;
        }
        qInfo().noquote() << "suite of 4 cases, n = 20: interval covers the true geometric mean" << covered
                          << "/" << kSeeds;
        QVERIFY(covered >= kSeeds * 88 / 100 && covered <= kSeeds * 99 / 100);
    }
    // What "about N samples per side" promises: an unchanged kernel judged at can't tell with 5 per side,
    // measured again with the suggested count, is called "same" most of the time. The count aims at about
    // 95%; the spread it is estimated from (5 samples) is itself noisy, so at least 80% is asked.
    void suggestedCountSettles_data() { addShapes(); }
    void suggestedCountSettles() {
        QFETCH(int, shape);
        constexpr int seeds = 50;
        int asked = 0, settled = 0;
        for (int seed = 0; seed < seeds; ++seed) {
            Source source(std::uint64_t(seed) + 1);
            const auto small = kix::judgeCase(TimingEvidence::ofSamples(source.draw(Shape(shape), 5)),
                                              TimingEvidence::ofSamples(source.draw(Shape(shape), 5)),
                                              fastOptions(std::uint64_t(seed)));
            if (!small.samplesToResolve)
                continue;
            ++asked;
            const int n = int(*small.samplesToResolve);
            const auto again = kix::judgeCase(TimingEvidence::ofSamples(source.draw(Shape(shape), n)),
                                              TimingEvidence::ofSamples(source.draw(Shape(shape), n)),
                                              fastOptions(std::uint64_t(seed)));
            settled += again.verdict == Verdict::Same;
        }
        qInfo().noquote() << "suggested count settles an unchanged kernel as same:" << settled << "/"
                          << asked;
        QVERIFY(asked >= seeds * 9 / 10);
        QVERIFY2(settled >= asked * 8 / 10, qPrintable(QStringLiteral("%1 / %2").arg(settled).arg(asked)));
    }
};

KIX_TEST_GUILESS_MAIN(TestVerdict)
#include "tst_verdict.moc"
