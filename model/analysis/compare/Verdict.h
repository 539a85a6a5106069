// The verdict engine (issue 22): is B (the candidate) faster than, slower than or the same as A (the
// baseline), or can the evidence not tell? Every answer carries its evidence: the ratio B/A, a confidence
// interval, the method, the Mann–Whitney p where samples allow one, the counts, and one line of reason.
//
// Direction: every ratio is B / A, time over time, so below 1 means B is faster. The band of "no material
// difference" is [1 / (1 + m), 1 + m] for a minimum effect m (2% by default): symmetric on the log scale,
// so swapping the sides turns faster into slower and nothing else.
//
//   raw samples on both sides  ratio of medians; with 20 launches or more a side, an interval from the
//                              spread of block medians over each side's launch sequence (BlockMedians.h:
//                              drift within a run widens it; without an A/A floor a rerun is taken to
//                              stray as far as one block), else the Efron percentile bootstrap
//                              (Bootstrap.h); the Mann–Whitney U test (MannWhitney.h) beside either;
//   summaries (mean, std, n)   ratio of means, Welch's t interval on its log (delta method, Welch–
//                              Satterthwaite degrees of freedom): "Welch on summaries";
//   a central value only       no test: can't tell, "no spread published" — never faster or slower.
//
// Interval inside the band: same. Entirely beyond it: faster or slower. Otherwise can't tell, and the
// reason says roughly how many samples per side would settle it. Sides timed by different methods
// (CUPTI span vs CUDA events) are a material mismatch: can't tell, whatever the numbers.
// docs/verdicts.md explains the method, its assumptions and a worked example.
#pragma once

#include "Bootstrap.h"
#include "RunSpec.h"

#include <QList>
#include <QString>
#include <cstdint>
#include <optional>
#include <vector>

namespace kix {

// Of B relative to A.
enum class Verdict { Faster, Slower, Same, CantTell };

// How the interval was formed.
enum class VerdictMethod {
    Bootstrap,    // raw samples, fewer than 20 a side: ratio of medians, percentile bootstrap
    BlockMedians, // raw samples, 20 or more a side: ratio of medians, t interval from block medians
    Welch,        // summaries: ratio of means, Welch's t interval
    None,         // no interval (no spread, no timing, a mismatch)
};

inline constexpr double kDefaultMinimumEffect = 0.02;

struct VerdictOptions {
    double minimumEffect = kDefaultMinimumEffect; // relative: 0.02 is 2%; above 0
    // The machine's measured A/A spread, relative; used instead of minimumEffect when larger. When set, the
    // block-medians interval covers this run's drift only (the floor holds what moves between runs).
    std::optional<double> noiseFloor;
    // Whose floor it is, as the reason names it: "this case's A/A spread"; empty: "A/A spread".
    QString noiseFloorSource;
    double level = kDefaultConfidenceLevel; // of every interval; 0 < level < 1
    int resamples = kDefaultResamples;      // bootstrap resamples; at least 1
    std::uint64_t seed = kDefaultBootstrapSeed;
    // The effect a verdict must clear: max(minimumEffect, noiseFloor).
    double threshold() const;
};

struct SampleSummary {
    double mean = 0, stddev = 0; // sample standard deviation
    qint64 count = 0;
};

// What one side published for one case, in one time unit for both sides (kix's are nanoseconds). The
// richest evidence present is used: samples (at least 2), else the summary (count at least 2), else a
// central value (a single sample, a summary's mean, or `central`).
struct TimingEvidence {
    std::vector<double> samples; // every timed launch
    std::optional<SampleSummary> summary;
    std::optional<double> central; // a published central value (mean or median) alone
    // The timing method as kix records it (protocol measurement.timer, a raw-samples case's "timer"):
    // "cupti", "cuda_events", "device_events", "harness_reported", …; empty when not recorded, which is
    // not checked against the other side.
    QString timer;

    static TimingEvidence ofSamples(std::vector<double> samples, QString timer = {});
    static TimingEvidence ofSummary(double mean, double stddev, qint64 count, QString timer = {});
    static TimingEvidence ofCentral(double value, QString timer = {});
    // From published statistics: a summary when they hold mean, stddev and a count of at least 2, else
    // the central value (LatencyStats::central) of the statistic.
    static TimingEvidence ofStats(const LatencyStats& stats, const QString& primaryStatistic,
                                  QString timer = {});
};

struct CaseVerdict {
    Verdict verdict = Verdict::CantTell;
    QString reason; // one line of user-facing English
    VerdictMethod method = VerdictMethod::None;
    // B / A of the medians (Bootstrap), the means (Welch) or the central values (None, when both sides
    // have one): below 1 means B is faster.
    std::optional<double> ratio;
    // A case's values of that statistic, ratio = centerB / centerA: what a table prints beside the ratio.
    std::optional<double> centerA, centerB;
    std::optional<RatioInterval> interval; // Bootstrap and Welch only
    std::optional<double> mannWhitneyP;    // two-sided; with raw samples on both sides
    // Samples per side behind the ratio (0 for a central value). A suite's: the fewest of any case.
    qint64 countA = 0, countB = 0;
    double threshold = 0; // the minimum effect applied (VerdictOptions::threshold)
    // Can't tell because the interval is too wide: about how many samples per side would narrow it to
    // ± half the threshold, where an unchanged kernel reads "same" about 95% of the time (docs/verdicts.md).
    std::optional<qint64> samplesToResolve;
    // The arithmetic gave no finite ratio or interval (values so large or so far apart that a double
    // overflows, or a NaN from them): no verdict, the reason says so, and kix diff refuses the comparison.
    bool refused = false;
};

// A case of a suite: its evidence on side A and side B.
struct EvidencePair {
    TimingEvidence a, b;
};

// A case's own A/A floor (kix run --repeat N; nullopt: none measured), which replaces the options' floor
// for that case: the options' is then the suite's.
struct CaseAaFloor {
    std::optional<double> noiseFloor;
    QString source; // as VerdictOptions::noiseFloorSource
};

struct SuiteVerdict {
    // The geometric mean over the cases of the per-case ratios, with its interval: block medians when every
    // case has 20 raw samples or more on both sides (the cases' log variances summed), else bootstrap when
    // every case has raw samples on both sides (each resample redraws every case), else Welch on summaries
    // when every case has at least a summary, else none. The suite is judged with the options' floor.
    CaseVerdict geomean;
    QList<CaseVerdict> cases; // in the order given, each judged as judgeCase would
};

CaseVerdict judgeCase(const TimingEvidence& a, const TimingEvidence& b, const VerdictOptions& options = {});
// `caseFloors`, when not empty, holds one CaseAaFloor per case.
SuiteVerdict judgeSuite(const QList<EvidencePair>& cases, const VerdictOptions& options = {},
                        const QList<CaseAaFloor>& caseFloors = {});

QString verdictName(Verdict v);             // "faster", "slower", "same", "can't tell"
QString verdictMethodName(VerdictMethod m); // "bootstrap", "block medians", "Welch on summaries", "none"
// The user-facing name of a timer token: "CUPTI span" for "cupti", "CUDA events" for "cuda_events";
// an unknown token as written.
QString timingMethodLabel(const QString& timer);

} // namespace kix
