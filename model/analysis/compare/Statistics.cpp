#include "Statistics.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace kix {

LatencyStats summarizeSamples(std::vector<double> samples) {
    LatencyStats s;
    if (samples.empty())
        return s;
    std::sort(samples.begin(), samples.end());
    const std::size_t n = samples.size();
    const double mean = std::accumulate(samples.begin(), samples.end(), 0.0) / double(n);
    double squares = 0;
    for (double v : samples)
        squares += (v - mean) * (v - mean);
    s.mean = mean;
    s.median = n % 2 ? samples[n / 2] : 0.5 * (samples[n / 2 - 1] + samples[n / 2]);
    s.min = samples.front();
    s.max = samples.back();
    s.stddev = n > 1 ? std::sqrt(squares / double(n - 1)) : 0.0;
    s.samples = qint64(n);
    return s;
}

std::optional<double> geometricMean(const std::vector<double>& values) {
    if (values.empty())
        return std::nullopt;
    double logSum = 0;
    for (double v : values) {
        if (!(v > 0) || !std::isfinite(v))
            return std::nullopt;
        logSum += std::log(v);
    }
    return std::exp(logSum / double(values.size()));
}

double tCritical99(double df) {
    // Two-sided 99% quantiles; beyond 120 degrees of freedom the value barely moves.
    static const std::pair<double, double> table[] = {
        {1, 63.657}, {2, 9.925},  {3, 5.841},  {4, 4.604},  {5, 4.032},  {6, 3.707},
        {7, 3.499},  {8, 3.355},  {9, 3.250},  {10, 3.169}, {12, 3.055}, {15, 2.947},
        {20, 2.845}, {25, 2.787}, {30, 2.750}, {40, 2.704}, {60, 2.660}, {120, 2.617}};
    // Conservative: the value for the largest tabulated df at or below the given one.
    double critical = table[0].second;
    for (const auto& [d, t] : table)
        if (d <= df)
            critical = t;
    return critical;
}

double satterthwaiteDegreesOfFreedom(const std::vector<VarianceTerm>& terms) {
    double sum = 0, spread = 0, freedom = 0;
    for (const VarianceTerm& t : terms) {
        sum += t.variance;
        spread += t.variance * t.variance / double(t.count - 1);
        freedom += double(t.count - 1);
    }
    return sum == 0 ? freedom : sum * sum / spread;
}

std::optional<WelchResult> welchTest(const LatencyStats& a, const LatencyStats& b) {
    if (!a.mean || !b.mean || !a.stddev || !b.stddev || !a.samples || !b.samples || *a.samples < 2 ||
        *b.samples < 2)
        return std::nullopt;
    const double va = (*a.stddev * *a.stddev) / double(*a.samples);
    const double vb = (*b.stddev * *b.stddev) / double(*b.samples);
    const double diff = *b.mean - *a.mean;
    WelchResult r;
    r.degreesOfFreedom = satterthwaiteDegreesOfFreedom({{va, *a.samples}, {vb, *b.samples}});
    if (va + vb == 0) {
        r.t = diff == 0 ? 0 : std::copysign(INFINITY, diff);
        r.beyondNoise = diff != 0;
        return r;
    }
    r.t = diff / std::sqrt(va + vb);
    r.beyondNoise = std::abs(r.t) > tCritical99(r.degreesOfFreedom);
    return r;
}

} // namespace kix
