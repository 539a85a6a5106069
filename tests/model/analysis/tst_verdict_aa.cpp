// The verdict engine against simulated A/A pairs (issue 36): runs of a 16-case suite shaped like real kix
// runs — launch noise from 0.2% to 8% of the median, a slow mode in some cases, launches correlated with
// their neighbours, a drift across the run, a step in the level part-way through, and a level that moves
// from run to run — judged by the default without a floor (block medians, BlockMedians.h) and with the
// floors --repeat 2 would record (NoiseFloor.h). Two runs of one kernel must almost never be called faster
// or slower (at most 1 in 100 case verdicts, never the suite in 10 pairs), where the bootstrap of
// independent launches calls many; a 3% slowdown of the low-noise cases must be called slower on each.
#include "Bootstrap.h"
#include "NoiseFloor.h"
#include "SeededSource.h"
#include "TestMain.h"
#include "Verdict.h"

#include <QTest>
#include <cmath>

using kix::EvidencePair;
using kix::TimingEvidence;
using kix::Verdict;

namespace {

constexpr int kPairs = 10;
constexpr std::size_t kCases = 16;
constexpr int kLaunches = 200;
constexpr int kLargestCaseLaunches = 50; // the largest case stops at kix's minimum (HarnessOptions)
constexpr std::uint64_t kSeed = 36;

using Source = kixtest::SeededSource; // the same runs with any standard library

struct SimCase {
    double noise = 0;     // launch noise, relative standard deviation
    bool bimodal = false; // 15% of launches in a mode 8% slower
    int launches = kLaunches;
};

// Noise levels like the bundled H200 runs' (IQR 0.2% to 10.6% of the median): the large cases quiet, the
// small ones noisy.
std::vector<SimCase> suiteShape() {
    const double noise[kCases] = {0.002, 0.002, 0.003, 0.003, 0.004, 0.005, 0.005, 0.01,
                                  0.01,  0.02,  0.02,  0.03,  0.04,  0.05,  0.07,  0.08};
    std::vector<SimCase> cases;
    for (std::size_t i = 0; i < kCases; ++i)
        cases.push_back({noise[i], i % 4 == 3, i == 0 ? kLargestCaseLaunches : kLaunches});
    return cases;
}

bool lowNoise(const SimCase& c) {
    return c.noise <= 0.003 && !c.bimodal;
}

// Measured on the bundled H200 pair: within a run the block medians spread about as independent launches
// would (a block's log spread 0.25–0.3 of the launch noise), and a case's level moved between the two runs by
// about one block's spread (the root mean square of shift / √(s²_A + s²_B) over the 16 cases was 1.03), the
// noisy small cases together (all 1–6% faster in B), the quiet large ones by 0.05% or less.
constexpr double kAutocorrelation = 0.2; // AR(1) of the launch noise
constexpr double kDrift = 1.0;           // the level ramps by up to ±1 launch-noise across a case's launches
constexpr double kStepChance = 0.25;     // a case's level steps once, part-way through, this often
constexpr double kStep = 2.0;            // … by up to ±2 launch-noise (the H200's 8x1024 stepped 10%)
constexpr double kCaseShiftShare = 0.28; // a case's level moves between runs by N(0, (0.28 · noise)²),
constexpr double kCommonShare = 0.5;     // half of its variance shared by every case of the run
constexpr double kSlowMode = 0.08;
constexpr double kSlowModeShare = 0.15;

// One pass of a case: its launches in the order timed, around `level`.
std::vector<double> simulatePass(Source& s, const SimCase& c, double level) {
    std::vector<double> out;
    const double drift = kDrift * c.noise * (2 * s.uniform() - 1);
    const bool stepped = s.uniform() < kStepChance;
    const int stepAt = int(s.uniform() * c.launches);
    const double step = kStep * c.noise * (2 * s.uniform() - 1);
    double noise = s.normal();
    for (int k = 0; k < c.launches; ++k) {
        noise = kAutocorrelation * noise + std::sqrt(1 - kAutocorrelation * kAutocorrelation) * s.normal();
        double v = level * (1 + drift * (double(k) / c.launches - 0.5)) * (1 + c.noise * noise);
        if (stepped && k >= stepAt)
            v *= 1 + step;
        if (c.bimodal && s.uniform() < kSlowModeShare)
            v *= 1 + kSlowMode;
        out.push_back(v);
    }
    return out;
}

// A run: per case `passes` passes in a row (the first is the case's result), B's kernel `slowdown` times
// as long on the low-noise cases.
struct SimRun {
    std::vector<std::vector<std::vector<double>>> passes; // cases × passes × launches
};

SimRun simulateRun(Source& s, const std::vector<SimCase>& shape, int passes, double slowdown) {
    SimRun run;
    const double common = s.normal();
    for (const SimCase& c : shape) {
        const double shift = kCaseShiftShare * c.noise *
                             (std::sqrt(kCommonShare) * common + std::sqrt(1 - kCommonShare) * s.normal());
        const double level = 1000 * (1 + shift) * (lowNoise(c) ? slowdown : 1);
        std::vector<std::vector<double>> own;
        own.reserve(std::size_t(passes));
        for (int p = 0; p < passes; ++p)
            own.push_back(simulatePass(s, c, level));
        run.passes.push_back(std::move(own));
    }
    return run;
}

struct Rates {
    int caseFalse = 0, caseVerdicts = 0, suiteFalse = 0, lowSlower = 0, lowCases = 0;
    QString text() const {
        return QStringLiteral("%1 of %2 case verdicts faster or slower, %3 of %4 suites; %5 of %6 low-noise "
                              "cases slower")
            .arg(caseFalse)
            .arg(caseVerdicts)
            .arg(suiteFalse)
            .arg(kPairs)
            .arg(lowSlower)
            .arg(lowCases);
    }
};

bool decided(Verdict v) {
    return v == Verdict::Faster || v == Verdict::Slower;
}

enum class Floors { None, Measured };

// kPairs pairs of runs, B `slowdown` times as long on the low-noise cases, judged by the engine.
Rates judgePairs(double slowdown, Floors floors) {
    Source s(kSeed);
    const std::vector<SimCase> shape = suiteShape();
    const int passes = floors == Floors::Measured ? 2 : 1;
    Rates r;
    for (int pair = 0; pair < kPairs; ++pair) {
        const SimRun a = simulateRun(s, shape, passes, 1);
        const SimRun b = simulateRun(s, shape, passes, slowdown);
        QList<EvidencePair> cases;
        QList<kix::CaseAaFloor> caseFloors;
        kix::VerdictOptions options;
        options.resamples = 1; // the bootstrap is not used: every case has 50 launches or more
        for (std::size_t c = 0; c < kCases; ++c) {
            cases.append(
                {TimingEvidence::ofSamples(a.passes[c][0]), TimingEvidence::ofSamples(b.passes[c][0])});
            if (floors == Floors::Measured) // the larger floor of the two runs, as compareCases takes it
                caseFloors.append({std::max(kix::caseNoiseFloor(a.passes[c])->relative,
                                            kix::caseNoiseFloor(b.passes[c])->relative),
                                   QStringLiteral("this case's A/A spread")});
        }
        if (floors == Floors::Measured)
            options.noiseFloor =
                std::max(kix::suiteNoiseFloor(a.passes)->relative, kix::suiteNoiseFloor(b.passes)->relative);
        const kix::SuiteVerdict v = kix::judgeSuite(cases, options, caseFloors);
        for (std::size_t c = 0; c < kCases; ++c) {
            const Verdict verdict = v.cases[qsizetype(c)].verdict;
            if (slowdown == 1 || !lowNoise(shape[c])) {
                r.caseFalse += decided(verdict);
                ++r.caseVerdicts;
            } else {
                r.lowSlower += verdict == Verdict::Slower;
                ++r.lowCases;
            }
        }
        r.suiteFalse += slowdown == 1 && decided(v.geomean.verdict);
    }
    return r;
}

// The same A/A pairs by the percentile bootstrap of independent launches (the engine before issue 36).
Rates judgePairsByBootstrap() {
    Source s(kSeed);
    const std::vector<SimCase> shape = suiteShape();
    Rates r;
    kix::BootstrapOptions o;
    o.resamples = 400;
    const auto decide = [](const kix::RatioInterval& i) {
        return i.lo > 1 + kix::kDefaultMinimumEffect || i.hi < 1 / (1 + kix::kDefaultMinimumEffect);
    };
    for (int pair = 0; pair < kPairs; ++pair) {
        const SimRun a = simulateRun(s, shape, 1, 1);
        const SimRun b = simulateRun(s, shape, 1, 1);
        std::vector<kix::SamplePair> all;
        for (std::size_t c = 0; c < kCases; ++c) {
            all.push_back({a.passes[c][0], b.passes[c][0]});
            r.caseFalse += decide(kix::bootstrapMedianRatio(a.passes[c][0], b.passes[c][0], o)->interval);
            ++r.caseVerdicts;
        }
        r.suiteFalse += decide(kix::bootstrapGeomeanRatio(all, o)->interval);
    }
    return r;
}

} // namespace

class TestVerdictAa : public QObject {
    Q_OBJECT
private slots:
    void floors_data() {
        QTest::addColumn<int>("floors");
        QTest::newRow("no floor: block medians") << int(Floors::None);
        QTest::newRow("floors of --repeat 2") << int(Floors::Measured);
    }
    // A/A: at most 1 case verdict in 100 faster or slower, no suite in 10 pairs.
    void aaPairsAreNotCalledFasterOrSlower_data() { floors_data(); }
    void aaPairsAreNotCalledFasterOrSlower() {
        QFETCH(int, floors);
        const Rates r = judgePairs(1, Floors(floors));
        qInfo().noquote() << "A/A:" << r.text();
        QVERIFY2(r.caseFalse * 100 <= r.caseVerdicts, qPrintable(r.text()));
        QCOMPARE(r.suiteFalse, 0);
    }
    // A planted 3% slowdown of the low-noise cases (noise 0.3% or less, no slow mode) is slower on each,
    // and the other cases, unchanged, are still not called faster or slower beyond the A/A rate.
    void plantedSlowdownIsSlower_data() { floors_data(); }
    void plantedSlowdownIsSlower() {
        QFETCH(int, floors);
        const Rates r = judgePairs(1.03, Floors(floors));
        qInfo().noquote() << "3% slower on the low-noise cases:" << r.text();
        QCOMPARE(r.lowSlower, r.lowCases);
        QVERIFY(r.lowCases >= kPairs * 3);
        QVERIFY2(r.caseFalse * 100 <= r.caseVerdicts, qPrintable(r.text()));
    }
    // The simulation is not an easy one: the bootstrap of independent launches, which the engine used
    // before, calls many of the same A/A pairs faster or slower.
    void independentBootstrapIsFooled() {
        const Rates r = judgePairsByBootstrap();
        qInfo().noquote() << "A/A by the independent bootstrap:" << r.text();
        QVERIFY2(r.caseFalse * 100 > 5 * r.caseVerdicts, qPrintable(r.text()));
    }
};

KIX_TEST_GUILESS_MAIN(TestVerdictAa)
#include "tst_verdict_aa.moc"
