#include "PublishedSpread.h"

#include "Distributions.h"

#include <algorithm>
#include <cmath>

namespace kix {

namespace {

// The least samples that carry a spread (the engine's own rule: one sample is a central value).
constexpr qint64 kMinimumPublishedCount = 2;
// confidence95 is a 95% interval: its upper quantile.
constexpr double kUpperQuantile95 = 0.975;

std::optional<PublishedSpread> fromInterval(const LatencyStats& s, const QString& primaryStatistic) {
    if (s.confidencePath.isEmpty() || !s.ciLow || !s.ciHigh || !s.mean || !s.samples ||
        *s.samples < kMinimumPublishedCount || primaryStatistic != QLatin1String("mean"))
        return std::nullopt;
    const double mean = *s.mean;
    if (!(*s.ciLow <= mean && mean <= *s.ciHigh))
        return std::nullopt; // not an interval about this mean
    const double halfWidth = std::max(mean - *s.ciLow, *s.ciHigh - mean);
    const double t = studentTQuantile(kUpperQuantile95, double(*s.samples - 1));
    const double stddev = halfWidth * std::sqrt(double(*s.samples)) / t;
    if (!std::isfinite(stddev))
        return std::nullopt;
    return PublishedSpread{stddev, *s.samples, s.confidencePath, true};
}

} // namespace

QString PublishedSpread::label() const {
    return fromInterval ? QStringLiteral("from the 95% interval at %1, n = %2").arg(path).arg(count)
                        : QStringLiteral("std at %1, n = %2").arg(path).arg(count);
}

std::optional<PublishedSpread> publishedSpread(const LatencyStats& s, const QString& primaryStatistic) {
    if (s.stddev && s.samples && *s.samples >= kMinimumPublishedCount && !s.stddevPath.isEmpty())
        return PublishedSpread{*s.stddev, *s.samples, s.stddevPath, false};
    return fromInterval(s, primaryStatistic);
}

TimingEvidence publishedEvidence(const LatencyStats& s, const QString& primaryStatistic, QString timer) {
    if (s.mean && !s.stddev)
        if (const auto spread = fromInterval(s, primaryStatistic))
            return TimingEvidence::ofSummary(*s.mean, spread->stddev, spread->count, std::move(timer));
    return TimingEvidence::ofStats(s, primaryStatistic, std::move(timer));
}

QString spreadUsed(const TimingEvidence& e, const LatencyStats& s, const QString& primaryStatistic) {
    if (e.samples.size() >= std::size_t(kMinimumPublishedCount))
        return QStringLiteral("raw samples");
    if (!e.summary)
        return {};
    const auto spread = publishedSpread(s, primaryStatistic);
    return spread ? spread->label() : QString();
}

QString spreadNote(const CaseVerdict& v, const QString& usedA, const QString& usedB) {
    const QString samples = QStringLiteral("raw samples");
    if (v.method != VerdictMethod::Welch || usedA.isEmpty() || usedB.isEmpty() ||
        (usedA == samples && usedB == samples))
        return {};
    return QStringLiteral("; spread of A: %1; of B: %2").arg(usedA, usedB);
}

} // namespace kix
