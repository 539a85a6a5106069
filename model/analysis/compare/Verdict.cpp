#include "Verdict.h"

#include "BlockMedians.h"
#include "Distributions.h"
#include "InputLimits.h"
#include "MannWhitney.h"
#include "Statistics.h"

#include <algorithm>
#include <cmath>
#include <span>

namespace kix {

namespace {

// The least samples that carry a spread: one sample is a central value.
constexpr qint64 kMinimumSpreadCount = 2;
// Ratios and interval bounds are printed to three decimals: 0.1%, finer than any threshold in use.
constexpr int kRatioDecimals = 3;
constexpr int kPercentDigits = 3;
constexpr double kPercent = 100;
// The interval half-width, as a fraction of the threshold, that the suggested sample count aims at.
constexpr double kResolvingHalfWidth = 0.5;

// The richest evidence a side offers, and what is wrong when it offers none.
enum class Level { Raw, Summary, Central, Missing, Invalid };

struct Side {
    Level level = Level::Missing;
    std::span<const double> samples; // Raw
    SampleSummary summary;           // Raw (computed) and Summary
    double central = 0;              // every level but Missing and Invalid
    qint64 count = 0;                // samples behind it; 0 for a central value
};

bool positiveFinite(double v) {
    return std::isfinite(v) && v > 0;
}

Side classify(const TimingEvidence& e) {
    Side s;
    if (e.samples.size() >= std::size_t(kMinimumSpreadCount)) {
        if (!std::all_of(e.samples.begin(), e.samples.end(), positiveFinite))
            return Side{Level::Invalid, {}, {}, 0, 0};
        const LatencyStats stats = summarizeSamples(e.samples);
        s.level = Level::Raw;
        s.samples = e.samples;
        s.summary = {*stats.mean, *stats.stddev, qint64(e.samples.size())};
        s.central = *stats.median;
        s.count = s.summary.count;
        return s;
    }
    if (e.summary && e.summary->count >= kMinimumSpreadCount) {
        if (!positiveFinite(e.summary->mean) || !std::isfinite(e.summary->stddev) || e.summary->stddev < 0)
            return Side{Level::Invalid, {}, {}, 0, 0};
        s.level = Level::Summary;
        s.summary = *e.summary;
        s.central = e.summary->mean;
        s.count = e.summary->count;
        return s;
    }
    std::optional<double> central = e.central;
    if (e.samples.size() == 1)
        central = e.samples.front();
    else if (e.summary)
        central = e.summary->mean;
    if (!central)
        return s;
    if (!positiveFinite(*central))
        return Side{Level::Invalid, {}, {}, 0, 0};
    s.level = Level::Central;
    s.central = *central;
    return s;
}

QString sideName(bool isA) {
    return isA ? QStringLiteral("A") : QStringLiteral("B");
}

bool usable(Level l) {
    return l != Level::Missing && l != Level::Invalid;
}

QString percentText(double fraction) {
    return QString::number(fraction * kPercent, 'g', kPercentDigits) + u'%';
}

QString ratioText(double r) {
    return QString::number(r, 'f', kRatioDecimals);
}

// Whether an A/A floor was measured: a floor of 0 is none (kix diff --fail-if passes 0 so that the
// candidate's floor is not taken).
bool measuredFloor(const VerdictOptions& o) {
    return o.noiseFloor && *o.noiseFloor > 0;
}

// "the 2% minimum effect", or "the 3% noise floor (this case's A/A spread)" when the measured floor is
// what applies, or "the 2% minimum effect (above the 0.8% noise floor, this case's A/A spread)".
QString thresholdText(const VerdictOptions& o) {
    const QString source = o.noiseFloorSource.isEmpty() ? QStringLiteral("A/A spread") : o.noiseFloorSource;
    if (o.noiseFloor && *o.noiseFloor > o.minimumEffect)
        return QStringLiteral("the %1 noise floor (%2)").arg(percentText(o.threshold()), source);
    if (measuredFloor(o)) // named too where it is smaller, so that a reader sees it was measured
        return QStringLiteral("the %1 minimum effect (above the %2 noise floor, %3)")
            .arg(percentText(o.minimumEffect), percentText(*o.noiseFloor), source);
    return QStringLiteral("the %1 minimum effect").arg(percentText(o.minimumEffect));
}

// "n = 50 per side", "n = 30 (A) and 50 (B)"; a suite's counts are the fewest of any case: "n >= 50".
QString countText(qint64 a, qint64 b, bool fewest) {
    const QString relation = fewest ? QStringLiteral(">=") : QStringLiteral("=");
    if (a == b)
        return QStringLiteral("n %1 %2 per side").arg(relation).arg(a);
    return QStringLiteral("n %1 %2 (A) and %3 (B)").arg(relation).arg(a).arg(b);
}

QString validationError(const VerdictOptions& o) {
    if (!(std::isfinite(o.minimumEffect) && o.minimumEffect > 0))
        return QStringLiteral("the minimum effect must be above 0");
    if (o.noiseFloor && !(std::isfinite(*o.noiseFloor) && *o.noiseFloor >= 0))
        return QStringLiteral("the noise floor must be 0 or more");
    if (!(o.level > 0 && o.level < 1))
        return QStringLiteral("the confidence level must be between 0 and 1");
    if (o.resamples < 1)
        return QStringLiteral("the bootstrap needs at least 1 resample");
    return {};
}

Verdict decide(const RatioInterval& i, double threshold) {
    const double upper = 1 + threshold;
    const double lower = 1 / upper; // symmetric on the log scale
    if (i.lo > upper)
        return Verdict::Slower;
    if (i.hi < lower)
        return Verdict::Faster;
    if (i.lo >= lower && i.hi <= upper)
        return Verdict::Same;
    return Verdict::CantTell;
}

CaseVerdict cantTell(const QString& reason, double threshold) {
    CaseVerdict v;
    v.reason = reason;
    v.threshold = threshold;
    return v;
}

// Whether the arithmetic gave a ratio and an interval that are finite, positive numbers.
bool finiteOutcome(const CaseVerdict& v) {
    const bool ratio = !v.ratio || (std::isfinite(*v.ratio) && *v.ratio > 0);
    const bool interval = !v.interval || (std::isfinite(v.interval->lo) && std::isfinite(v.interval->hi) &&
                                          v.interval->lo > 0 && v.interval->lo <= v.interval->hi);
    return ratio && interval;
}

// At the count the bootstrap suggests, launches are judged by block medians (BlockMedians.h), whose
// interval on independent launches is wider: its variance is (K + 1) times the median's without a floor
// (K blocks, each with 1/K of the launches, plus a rerun straying as one block), about once with one, and
// its quantile is Student's t at 2 (K - 1) degrees of freedom rather than the normal's. The factor on the
// count that keeps the suggestion true there.
double blockWidening(const VerdictOptions& o) {
    const double p = (1 + o.level) / 2;
    constexpr double normalDegrees = 1e6; // Student's t there is the normal's quantile to about 1e-6
    const double t = studentTQuantile(p, 2.0 * (kMaxBlocks - 1)) / studentTQuantile(p, normalDegrees);
    return (measuredFloor(o) ? 1.0 : 1 + kRerunBlockShare * kMaxBlocks) * t * t;
}

// What an interval says, and the reason in one line. `statistic` names the ratio ("median"); `method` the
// way it was formed, with the counts ("bootstrap, n = 50 per side").
void conclude(CaseVerdict& v, const QString& statistic, const QString& method, const VerdictOptions& o) {
    if (!finiteOutcome(v))
        return; // refused by checkedOutcome: no verdict, and no sample count from an infinite width
    const RatioInterval& i = *v.interval;
    v.verdict = decide(i, v.threshold);
    QString relation;
    switch (v.verdict) {
    case Verdict::Faster:
    case Verdict::Slower:
        relation = QStringLiteral("entirely beyond");
        break;
    case Verdict::Same:
        relation = QStringLiteral("entirely inside");
        break;
    case Verdict::CantTell:
        relation = QStringLiteral("straddles");
        break;
    }
    v.reason = QStringLiteral("%1 B/A %2, %3 CI [%4, %5], %6 %7; %8")
                   .arg(statistic, ratioText(*v.ratio), percentText(i.level), ratioText(i.lo),
                        ratioText(i.hi), relation, thresholdText(o), method);
    if (v.verdict != Verdict::CantTell)
        return;
    // The interval's half-width shrinks as 1 / sqrt(n). Aim at half the threshold m: an unchanged kernel
    // then reads "same" about 95% of the time (it needs |estimate| + m/2 <= m, and the estimate strays
    // less than 1.96 standard errors, i.e. m/2, that often), and one 2m away reads faster or slower about
    // 97.5% of the time. A half-width of m itself would almost never give "same". With n_eff the harmonic
    // mean of the counts (n when both sides have n): n_eff (half-width / target)², on the log scale.
    const double halfWidth = 0.5 * std::log(i.hi / i.lo);
    const double target = kResolvingHalfWidth * std::log1p(v.threshold);
    if (halfWidth <= target) {
        // Narrow already: the ratio itself sits at the band's edge.
        v.reason += QStringLiteral("; the difference is about %1 itself").arg(thresholdText(o));
        return;
    }
    const double effectiveCount = 2 / (1 / double(v.countA) + 1 / double(v.countB));
    double needed = effectiveCount * (halfWidth / target) * (halfWidth / target);
    if (v.method == VerdictMethod::Bootstrap && needed >= double(kMinBlocks * kMinLaunchesPerBlock))
        needed *= blockWidening(o);
    v.samplesToResolve = qint64(std::ceil(needed));
    v.reason += QStringLiteral("; about %1 samples per side would narrow the interval to ±%2")
                    .arg(*v.samplesToResolve)
                    .arg(percentText(kResolvingHalfWidth * v.threshold));
    if (v.method == VerdictMethod::BlockMedians)
        v.reason += QStringLiteral(" if the blocks' spread is launch noise, not drift");
}

// Welch on summaries: the log of a ratio of means (or the mean of such logs over a suite) with a
// Student t interval. Delta method: var(log mean) ≈ s² / (n mean²), each side independent.
struct LogEstimate {
    double logRatio = 0;
    std::vector<VarianceTerm> terms;
    void add(const SampleSummary& a, const SampleSummary& b) {
        logRatio += std::log(b.mean / a.mean);
        for (const SampleSummary* s : {&a, &b})
            terms.push_back({s->stddev * s->stddev / (double(s->count) * s->mean * s->mean), s->count});
    }
};

// The interval of exp(logRatio / k) where logRatio sums k independent log ratios.
RatioInterval welchInterval(const LogEstimate& e, double k, double level) {
    double variance = 0;
    for (const VarianceTerm& t : e.terms)
        variance += t.variance;
    const double standardError = std::sqrt(variance) / k;
    // Scaling every term by 1 / k² leaves the Welch–Satterthwaite degrees of freedom unchanged.
    const double t = studentTQuantile((1 + level) / 2, satterthwaiteDegreesOfFreedom(e.terms));
    const double center = e.logRatio / k;
    return {std::exp(center - t * standardError), std::exp(center + t * standardError), level};
}

// Block medians (BlockMedians.h): the log ratio's variance is, per side, the blocks' log variance s² times
// 1 / K (the standard error of the side's level, drift within the run included) and, without a measured
// A/A floor, plus 1: a rerun's level is taken to stray from this run's as far as one block's does (the
// floor, where measured, holds that part instead).
struct BlockTerms {
    std::vector<VarianceTerm> terms;
    int fewestBlocksA = 0, fewestBlocksB = 0;
    void add(const BlockSpread& a, const BlockSpread& b, bool withFloor) {
        for (const BlockSpread* s : {&a, &b})
            terms.push_back(
                {s->logVariance * (1 / double(s->blocks) + (withFloor ? 0 : kRerunBlockShare)), s->blocks});
        fewestBlocksA = fewestBlocksA == 0 ? a.blocks : std::min(fewestBlocksA, a.blocks);
        fewestBlocksB = fewestBlocksB == 0 ? b.blocks : std::min(fewestBlocksB, b.blocks);
    }
};

// The interval of exp(logRatio) where logRatio is the mean of k log ratios with these variance terms.
RatioInterval blockInterval(double logRatio, const BlockTerms& e, double k, double level) {
    double variance = 0;
    for (const VarianceTerm& t : e.terms)
        variance += t.variance;
    const double standardError = std::sqrt(variance) / k;
    const double t = studentTQuantile((1 + level) / 2, satterthwaiteDegreesOfFreedom(e.terms));
    return {std::exp(logRatio - t * standardError), std::exp(logRatio + t * standardError), level};
}

// "block medians, n = 200 per side in 10 blocks, a rerun taken to stray as one block does (no A/A
// floor)"; a suite's ("block medians over 16 cases, …") counts are the fewest of any case.
QString blockMethodText(const QString& head, const QString& counts, const BlockTerms& e, bool withFloor,
                        bool fewest) {
    const QString relation = fewest ? QStringLiteral(">= ") : QString();
    const QString blocks = e.fewestBlocksA == e.fewestBlocksB
                               ? QStringLiteral("%1%2 blocks").arg(relation).arg(e.fewestBlocksA)
                               : QStringLiteral("%1%2 (A) and %3 (B) blocks")
                                     .arg(relation)
                                     .arg(e.fewestBlocksA)
                                     .arg(e.fewestBlocksB);
    QString text = QStringLiteral("%1, %2 in %3").arg(head, counts, blocks);
    if (!withFloor)
        text += QStringLiteral(", a rerun taken to stray as one block does (no A/A floor)");
    return text;
}

// Can't tell before any statistics: no timing, a bad value, a timer mismatch or no spread. Empty when the
// statistics may speak.
QString precondition(const Side& a, const Side& b, const TimingEvidence& ea, const TimingEvidence& eb) {
    if (a.level == Level::Missing && b.level == Level::Missing)
        return QStringLiteral("no timing on either side");
    if (a.level == Level::Missing || b.level == Level::Missing)
        return QStringLiteral("no timing on %1").arg(sideName(a.level == Level::Missing));
    if (a.level == Level::Invalid || b.level == Level::Invalid)
        return QStringLiteral("%1 has timings that are not positive finite numbers")
            .arg(sideName(a.level == Level::Invalid));
    if (!ea.timer.isEmpty() && !eb.timer.isEmpty() && ea.timer != eb.timer)
        return QStringLiteral("material mismatch: timing method differs: %1 vs %2")
            .arg(timingMethodLabel(ea.timer), timingMethodLabel(eb.timer));
    if (a.level == Level::Central && b.level == Level::Central)
        return QStringLiteral("no spread published: central values only on both sides");
    if (a.level == Level::Central || b.level == Level::Central)
        return QStringLiteral("no spread published: central value only on %1")
            .arg(sideName(a.level == Level::Central));
    return {};
}

} // namespace

double VerdictOptions::threshold() const {
    return noiseFloor ? std::max(minimumEffect, *noiseFloor) : minimumEffect;
}

TimingEvidence TimingEvidence::ofSamples(std::vector<double> samples, QString timer) {
    TimingEvidence e;
    e.samples = std::move(samples);
    e.timer = std::move(timer);
    return e;
}

TimingEvidence TimingEvidence::ofSummary(double mean, double stddev, qint64 count, QString timer) {
    TimingEvidence e;
    e.summary = SampleSummary{mean, stddev, count};
    e.timer = std::move(timer);
    return e;
}

TimingEvidence TimingEvidence::ofCentral(double value, QString timer) {
    TimingEvidence e;
    e.central = value;
    e.timer = std::move(timer);
    return e;
}

TimingEvidence TimingEvidence::ofStats(const LatencyStats& stats, const QString& primaryStatistic,
                                       QString timer) {
    if (stats.mean && stats.stddev && stats.samples && *stats.samples >= kMinimumSpreadCount)
        return ofSummary(*stats.mean, *stats.stddev, *stats.samples, std::move(timer));
    TimingEvidence e;
    e.central = stats.central(primaryStatistic);
    e.timer = std::move(timer);
    return e;
}

namespace {

CaseVerdict judgeCaseUnchecked(const TimingEvidence& ea, const TimingEvidence& eb,
                               const VerdictOptions& options) {
    const double threshold = options.threshold();
    if (const QString error = validationError(options); !error.isEmpty())
        return cantTell(QStringLiteral("invalid verdict options: %1").arg(error), threshold);
    const Side a = classify(ea);
    const Side b = classify(eb);
    CaseVerdict v = cantTell(precondition(a, b, ea, eb), threshold);
    v.countA = a.count;
    v.countB = b.count;
    if (usable(a.level) && usable(b.level)) {
        v.centerA = a.central;
        v.centerB = b.central;
        v.ratio = b.central / a.central;
    }
    if (!v.reason.isEmpty())
        return v;
    const QString counts = countText(a.count, b.count, false);
    if (a.level == Level::Raw && b.level == Level::Raw) {
        const auto blocksA = blockSpreadOf(a.samples);
        const auto blocksB = blockSpreadOf(b.samples);
        if (blocksA && blocksB) {
            const bool withFloor = measuredFloor(options);
            BlockTerms e;
            e.add(*blocksA, *blocksB, withFloor);
            v.method = VerdictMethod::BlockMedians;
            v.centerA = sampleMedian(a.samples);
            v.centerB = sampleMedian(b.samples);
            v.ratio = *v.centerB / *v.centerA;
            v.interval = blockInterval(std::log(*v.ratio), e, 1, options.level);
            v.mannWhitneyP = mannWhitneyU(a.samples, b.samples)->p;
            conclude(v, QStringLiteral("median"),
                     blockMethodText(QStringLiteral("block medians"), counts, e, withFloor, false), options);
            return v;
        }
        const BootstrapOptions bootstrap{options.resamples, options.level, options.seed};
        const auto r = bootstrapMedianRatio(a.samples, b.samples, bootstrap);
        v.method = VerdictMethod::Bootstrap;
        v.centerA = sampleMedian(a.samples);
        v.centerB = sampleMedian(b.samples);
        v.ratio = r->ratio;
        v.interval = r->interval;
        v.mannWhitneyP = mannWhitneyU(a.samples, b.samples)->p;
        conclude(v, QStringLiteral("median"), QStringLiteral("bootstrap, ") + counts, options);
        return v;
    }
    // At least one side has a summary only: both are compared by their summaries.
    LogEstimate e;
    e.add(a.summary, b.summary);
    v.method = VerdictMethod::Welch;
    v.centerA = a.summary.mean;
    v.centerB = b.summary.mean;
    v.ratio = b.summary.mean / a.summary.mean;
    v.interval = welchInterval(e, 1, options.level);
    conclude(v, QStringLiteral("mean"), QStringLiteral("Welch on summaries, ") + counts, options);
    return v;
}

// A verdict whose arithmetic overflowed (a ratio of 1e300 over 1e-10) or gave NaN (a variance of 1e308
// squared) becomes a refusal: it names what came out, and nothing else of it is kept.
CaseVerdict checkedOutcome(CaseVerdict v) {
    if (finiteOutcome(v))
        return v;
    QString what = QStringLiteral("ratio ") + (v.ratio ? QString::number(*v.ratio) : QStringLiteral("none"));
    if (v.interval)
        what += QStringLiteral(", interval [%1, %2]")
                    .arg(QString::number(v.interval->lo), QString::number(v.interval->hi));
    CaseVerdict refused = cantTell(
        QStringLiteral("refused: non-finite arithmetic (%1): the timings are too large or too far apart to "
                       "compare in double precision; no verdict")
            .arg(what),
        v.threshold);
    refused.refused = true;
    refused.countA = v.countA;
    refused.countB = v.countB;
    return refused;
}

// Case i of a suite is judged with its own A/A floor where the suite has them.
VerdictOptions caseOptions(const QList<CaseAaFloor>& floors, qsizetype i, const VerdictOptions& options) {
    if (i >= floors.size())
        return options;
    VerdictOptions own = options;
    own.noiseFloor = floors[i].noiseFloor;
    own.noiseFloorSource = floors[i].source;
    return own;
}

// The suite by block medians when every case has enough launches a side for blocks (BlockMedians.h): the
// mean of the cases' log median ratios, the cases' variance terms summed. False (g untouched) otherwise.
bool judgeSuiteByBlocks(const std::vector<Side>& as, const std::vector<Side>& bs,
                        const VerdictOptions& options, CaseVerdict& g) {
    const bool withFloor = measuredFloor(options);
    BlockTerms blocks;
    double logSum = 0;
    for (std::size_t i = 0; i < as.size(); ++i) {
        const auto ba = blockSpreadOf(as[i].samples);
        const auto bb = blockSpreadOf(bs[i].samples);
        if (!ba || !bb)
            return false;
        blocks.add(*ba, *bb, withFloor);
        logSum += std::log(sampleMedian(bs[i].samples) / sampleMedian(as[i].samples));
    }
    const double total = double(as.size());
    g.method = VerdictMethod::BlockMedians;
    g.ratio = std::exp(logSum / total);
    g.interval = blockInterval(logSum / total, blocks, total, options.level);
    conclude(g, QStringLiteral("geometric mean of median ratios"),
             blockMethodText(QStringLiteral("block medians over %1 cases").arg(as.size()),
                             countText(g.countA, g.countB, true), blocks, withFloor, true),
             options);
    return true;
}

// The suite bootstrapped over every case's samples (Bootstrap.h), or refused where one resample would draw
// more than kix's limit.
void judgeSuiteByBootstrap(const std::vector<Side>& as, const std::vector<Side>& bs,
                           const VerdictOptions& options, const QString& over, CaseVerdict& g) {
    std::vector<SamplePair> pairs;
    for (std::size_t i = 0; i < as.size(); ++i)
        pairs.push_back({as[i].samples, bs[i].samples});
    if (const std::int64_t draws = bootstrapDrawsPerResample(pairs);
        draws > limits::kBootstrapMaxDrawsPerResample) {
        g.reason = QStringLiteral("refused: the bootstrap would draw %1 values per resample, above kix's "
                                  "limit of %2 (docs/verdicts.md, \"Limits\")")
                       .arg(draws)
                       .arg(limits::kBootstrapMaxDrawsPerResample);
        return;
    }
    const auto r =
        bootstrapGeomeanRatio(pairs, BootstrapOptions{options.resamples, options.level, options.seed});
    g.method = VerdictMethod::Bootstrap;
    g.ratio = r->ratio;
    g.interval = r->interval;
    conclude(g, QStringLiteral("geometric mean of median ratios"), QStringLiteral("bootstrap") + over,
             options);
}

SuiteVerdict judgeSuiteUnchecked(const QList<EvidencePair>& cases, const VerdictOptions& options,
                                 const QList<CaseAaFloor>& floors) {
    SuiteVerdict out;
    const double threshold = options.threshold();
    for (qsizetype i = 0; i < cases.size(); ++i)
        out.cases.append(judgeCase(cases[i].a, cases[i].b, caseOptions(floors, i, options)));
    if (const QString error = validationError(options); !error.isEmpty()) {
        out.geomean = cantTell(QStringLiteral("invalid verdict options: %1").arg(error), threshold);
        return out;
    }
    if (cases.isEmpty()) {
        out.geomean = cantTell(QStringLiteral("no cases to compare"), threshold);
        return out;
    }
    std::vector<Side> as, bs;
    qsizetype unusable = 0, central = 0;
    QString mismatch;
    bool allRaw = true;
    qint64 fewestA = -1, fewestB = -1;
    double logCentral = 0;
    for (const EvidencePair& c : cases) {
        as.push_back(classify(c.a));
        bs.push_back(classify(c.b));
        const Side& a = as.back();
        const Side& b = bs.back();
        if (!usable(a.level) || !usable(b.level)) {
            ++unusable;
            continue;
        }
        logCentral += std::log(b.central / a.central);
        if (mismatch.isEmpty() && !c.a.timer.isEmpty() && !c.b.timer.isEmpty() && c.a.timer != c.b.timer)
            mismatch = precondition(a, b, c.a, c.b);
        central += a.level == Level::Central || b.level == Level::Central;
        allRaw = allRaw && a.level == Level::Raw && b.level == Level::Raw;
        fewestA = fewestA < 0 ? a.count : std::min(fewestA, a.count);
        fewestB = fewestB < 0 ? b.count : std::min(fewestB, b.count);
    }
    const qsizetype total = cases.size();
    const auto inCases = [total](qsizetype n) {
        return QStringLiteral("in %1 of %2 cases").arg(n).arg(total);
    };
    CaseVerdict& g = out.geomean;
    g.threshold = threshold;
    if (unusable > 0) {
        g.reason = QStringLiteral("no usable timing %1").arg(inCases(unusable));
        return out;
    }
    g.countA = fewestA;
    g.countB = fewestB;
    g.ratio = std::exp(logCentral / double(total));
    if (!mismatch.isEmpty()) {
        g.reason = mismatch;
        return out;
    }
    if (central > 0) {
        g.reason = QStringLiteral("no spread published: central values only %1").arg(inCases(central));
        return out;
    }
    const QString over = QStringLiteral(" over %1 cases, ").arg(total) + countText(fewestA, fewestB, true);
    if (allRaw) {
        if (!judgeSuiteByBlocks(as, bs, options, g))
            judgeSuiteByBootstrap(as, bs, options, over, g);
        return out;
    }
    LogEstimate e;
    for (std::size_t i = 0; i < as.size(); ++i)
        e.add(as[i].summary, bs[i].summary);
    g.method = VerdictMethod::Welch;
    g.ratio = std::exp(e.logRatio / double(total));
    g.interval = welchInterval(e, double(total), options.level);
    conclude(g, QStringLiteral("geometric mean of mean ratios"), QStringLiteral("Welch on summaries") + over,
             options);
    return out;
}

} // namespace

CaseVerdict judgeCase(const TimingEvidence& a, const TimingEvidence& b, const VerdictOptions& options) {
    return checkedOutcome(judgeCaseUnchecked(a, b, options));
}

SuiteVerdict judgeSuite(const QList<EvidencePair>& cases, const VerdictOptions& options,
                        const QList<CaseAaFloor>& caseFloors) {
    SuiteVerdict out = judgeSuiteUnchecked(cases, options, caseFloors);
    out.geomean = checkedOutcome(std::move(out.geomean));
    return out;
}

QString verdictName(Verdict v) {
    switch (v) {
    case Verdict::Faster:
        return QStringLiteral("faster");
    case Verdict::Slower:
        return QStringLiteral("slower");
    case Verdict::Same:
        return QStringLiteral("same");
    case Verdict::CantTell:
        return QStringLiteral("can't tell");
    }
    return {};
}

QString verdictMethodName(VerdictMethod m) {
    switch (m) {
    case VerdictMethod::Bootstrap:
        return QStringLiteral("bootstrap");
    case VerdictMethod::BlockMedians:
        return QStringLiteral("block medians");
    case VerdictMethod::Welch:
        return QStringLiteral("Welch on summaries");
    case VerdictMethod::None:
        return QStringLiteral("none");
    }
    return {};
}

QString timingMethodLabel(const QString& timer) {
    static const QPair<QLatin1String, QString> labels[] = {
        {QLatin1String("cupti"), QStringLiteral("CUPTI span")},
        {QLatin1String("cuda_events"), QStringLiteral("CUDA events")},
        {QLatin1String("device_events"), QStringLiteral("device events")},
        {QLatin1String("harness_reported"), QStringLiteral("harness-reported")},
        {QLatin1String("wall_clock"), QStringLiteral("wall clock")},
    };
    for (const auto& [token, label] : labels)
        if (timer == token)
            return label;
    return timer;
}

} // namespace kix
