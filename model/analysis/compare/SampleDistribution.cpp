#include "SampleDistribution.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace kix {

namespace {

constexpr double kTukeyK = 1.5;

std::optional<std::vector<double>> sortedFinite(std::span<const double> samples) {
    if (samples.empty())
        return std::nullopt;
    std::vector<double> sorted(samples.begin(), samples.end());
    if (!std::all_of(sorted.begin(), sorted.end(), [](double v) { return std::isfinite(v); }))
        return std::nullopt;
    std::sort(sorted.begin(), sorted.end());
    return sorted;
}

} // namespace

double sortedQuantile(std::span<const double> sorted, double p) {
    if (sorted.empty())
        return std::numeric_limits<double>::quiet_NaN();
    const double h = (double(sorted.size()) - 1) * std::clamp(p, 0.0, 1.0);
    const auto lo = std::size_t(std::floor(h));
    const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
    return sorted[lo] + (h - double(lo)) * (sorted[hi] - sorted[lo]);
}

std::optional<BoxSummary> boxSummary(std::span<const double> samples) {
    const auto sorted = sortedFinite(samples);
    if (!sorted)
        return std::nullopt;
    BoxSummary b;
    b.count = qsizetype(sorted->size());
    b.minimum = sorted->front();
    b.maximum = sorted->back();
    b.q1 = sortedQuantile(*sorted, 0.25);
    b.median = sortedQuantile(*sorted, 0.5);
    b.q3 = sortedQuantile(*sorted, 0.75);
    b.lowerFence = b.q1 - kTukeyK * b.iqr();
    b.upperFence = b.q3 + kTukeyK * b.iqr();
    // The quartiles lie inside the fences, so some sample does too: the whiskers always exist.
    b.whiskerLow = *std::find_if(sorted->begin(), sorted->end(), [&](double v) { return !b.isOutlier(v); });
    b.whiskerHigh =
        *std::find_if(sorted->rbegin(), sorted->rend(), [&](double v) { return !b.isOutlier(v); });
    for (double v : *sorted)
        if (b.isOutlier(v))
            b.outliers.push_back(v);
    return b;
}

QString Histogram::ruleName() const {
    switch (rule) {
    case Rule::FreedmanDiaconis:
        return QStringLiteral("Freedman–Diaconis");
    case Rule::Sturges:
        return QStringLiteral("Sturges");
    case Rule::Single:
        return QStringLiteral("one bin");
    }
    return {};
}

double freedmanDiaconisWidth(std::span<const double> samples) {
    const auto sorted = sortedFinite(samples);
    if (!sorted || sorted->size() < 2)
        return 0;
    const double iqr = sortedQuantile(*sorted, 0.75) - sortedQuantile(*sorted, 0.25);
    return 2 * iqr / std::cbrt(double(sorted->size()));
}

std::optional<Histogram> histogramOf(std::span<const double> samples) {
    const auto sorted = sortedFinite(samples);
    if (!sorted)
        return std::nullopt;
    Histogram h;
    h.start = sorted->front();
    const double range = sorted->back() - sorted->front();
    h.width = freedmanDiaconisWidth(*sorted);
    if (range <= 0) {
        h.rule = Histogram::Rule::Single;
        h.width = 1; // any width: one bin holds every (equal) sample
    } else if (h.width <= 0) {
        h.rule = Histogram::Rule::Sturges;
        h.width = range / (std::log2(double(sorted->size())) + 1);
    }
    auto bins = std::max<qsizetype>(1, qsizetype(std::ceil(range / h.width)));
    // A far outlier can make the rule's bins too many to draw: cut the range into kMostBins instead.
    if (bins > kMostBins) {
        bins = kMostBins;
        h.width = range / double(kMostBins);
        h.widened = true;
    }
    h.counts.assign(std::size_t(bins), 0);
    for (double v : *sorted) {
        const auto k = qsizetype(std::floor((v - h.start) / h.width));
        ++h.counts[std::size_t(std::clamp<qsizetype>(k, 0, bins - 1))];
    }
    return h;
}

} // namespace kix
