// The spread a run's published statistics give the verdict engine (issue 37): a standard deviation with
// the count behind it, from where the source put it — timing.latencyNs.stddev (kix's own files), a latency
// std among spec.measurements (GPU MODE's, read into LatencyStats by the run reader), or a 95% confidence
// interval of the mean (KernelIndex's latencyNs.confidence95) — and which one a verdict used. What is not
// published is never invented: a central value alone stays a central value ("no spread published").
#pragma once

#include "RunSpec.h"
#include "Verdict.h"

#include <QString>
#include <optional>

namespace kix {

struct PublishedSpread {
    double stddev = 0;         // ns, the sample standard deviation
    qint64 count = 0;          // the samples behind it, at least 2
    QString path;              // the JSON path it was read at
    bool fromInterval = false; // derived from confidence95 (below), not published as a deviation
    // "std at spec.measurements[0], n = 100", "from the 95% interval at spec.timing.latencyNs.confidence95,
    // n = 30"
    QString label() const;
};

// The published stddev when there is one with a count of at least 2; else, for a run whose statistic is
// the mean, its confidence95 [lo, hi] turned back into a deviation, s = w·√n / t(0.975, n − 1), where w is
// the wider of the interval's two halves about the mean (an asymmetric interval errs wide, never narrow);
// an interval that does not hold the mean is not used. nullopt: no spread.
std::optional<PublishedSpread> publishedSpread(const LatencyStats& s, const QString& primaryStatistic);

// The engine's input for published statistics: a summary (mean, that spread, n) when there is a spread
// and a mean, else TimingEvidence::ofStats's central value.
TimingEvidence publishedEvidence(const LatencyStats& s, const QString& primaryStatistic, QString timer = {});

// What one side's evidence rests on, for a verdict's reason: "raw samples", or the published spread's
// label; empty for a central value.
QString spreadUsed(const TimingEvidence& e, const LatencyStats& s, const QString& primaryStatistic);

// "; spread of A: std at …; of B: std at …": which spreads a verdict on summaries (Welch) used, appended to
// its reason; empty for any other method or when neither side's was published (both from samples).
QString spreadNote(const CaseVerdict& v, const QString& usedA, const QString& usedB);

} // namespace kix
