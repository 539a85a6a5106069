#include "Bootstrap.h"

#include "InputLimits.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>

namespace kix {

namespace {

bool nonEmptyPositiveFinite(std::span<const double> samples) {
    return !samples.empty() &&
           std::all_of(samples.begin(), samples.end(), [](double v) { return std::isfinite(v) && v > 0; });
}

bool validOptions(const BootstrapOptions& o) {
    return o.resamples >= 1 && o.level > 0 && o.level < 1;
}

// The high and low 64 bits of x * y, in portable C++ (no __int128 under -Wpedantic).
struct Product {
    std::uint64_t high, low;
};
Product multiply(std::uint64_t x, std::uint64_t y) {
    constexpr std::uint64_t half = 32;
    constexpr std::uint64_t lowMask = 0xffffffffu;
    const std::uint64_t xl = x & lowMask, xh = x >> half, yl = y & lowMask, yh = y >> half;
    const std::uint64_t ll = xl * yl, lh = xl * yh, hl = xh * yl, hh = xh * yh;
    const std::uint64_t middle = (ll >> half) + (lh & lowMask) + (hl & lowMask);
    return {hh + (lh >> half) + (hl >> half) + (middle >> half), (middle << half) | (ll & lowMask)};
}

// A uniform index in [0, n): Lemire's multiply-and-reject ("Fast random integer generation in an
// interval", 2019). Unbiased, nearly free of divisions, and the same sequence on every standard library.
std::size_t drawIndex(std::mt19937_64& rng, std::size_t n) {
    const std::uint64_t range = n;
    Product p = multiply(rng(), range);
    if (p.low < range) {
        const std::uint64_t threshold = (0 - range) % range; // 2^64 mod n
        while (p.low < threshold)
            p = multiply(rng(), range);
    }
    return std::size_t(p.high);
}

// Median in place (reorders `values`): linear time by nth_element.
double medianInPlace(std::vector<double>& values) {
    const std::size_t n = values.size();
    const auto middle = values.begin() + std::ptrdiff_t(n / 2);
    std::nth_element(values.begin(), middle, values.end());
    if (n % 2)
        return *middle;
    // The lower middle value is the largest of the half below the upper one.
    return 0.5 * (*middle + *std::max_element(values.begin(), middle));
}

std::size_t drawsOf(std::span<const double> samples) {
    return std::min(samples.size(), std::size_t(limits::kBootstrapMaxDrawsPerSide));
}

// A side of more than kBootstrapMaxDrawsPerSide launches, thinned to a systematic subsample of that many
// (every n/m-th in the order recorded, so drift within the run is kept), which is then resampled: reads
// from 40 KB instead of random reads across a 64 MB side, whose cache misses were most of the time.
std::span<const double> thinned(std::span<const double> samples, std::vector<double>& storage) {
    const std::size_t m = drawsOf(samples);
    if (m == samples.size())
        return samples;
    storage.resize(m);
    for (std::size_t i = 0; i < m; ++i)
        storage[i] = samples[i * samples.size() / m];
    return storage;
}

// The median of one resample of `samples` drawn with replacement into `scratch`.
double resampledMedian(std::span<const double> samples, std::vector<double>& scratch, std::mt19937_64& rng) {
    scratch.resize(samples.size());
    for (double& v : scratch)
        v = samples[drawIndex(rng, samples.size())];
    return medianInPlace(scratch);
}

// The quantile at probability p of sorted values, interpolating linearly between order statistics
// (Hyndman & Fan's type 7, R's and NumPy's default).
double quantileOfSorted(const std::vector<double>& sorted, double p) {
    const double position = p * double(sorted.size() - 1);
    const auto below = std::size_t(std::floor(position));
    const std::size_t above = std::min(below + 1, sorted.size() - 1);
    const double fraction = position - double(below);
    return sorted[below] + fraction * (sorted[above] - sorted[below]);
}

// The percentile interval of resampled log ratios (sorted here), as ratios.
RatioInterval percentileInterval(std::vector<double>& logRatios, double level) {
    std::sort(logRatios.begin(), logRatios.end());
    const double tail = (1 - level) / 2;
    return {std::exp(quantileOfSorted(logRatios, tail)), std::exp(quantileOfSorted(logRatios, 1 - tail)),
            level};
}

} // namespace

double sampleMedian(std::span<const double> samples) {
    if (samples.empty())
        return std::numeric_limits<double>::quiet_NaN();
    std::vector<double> copy(samples.begin(), samples.end());
    return medianInPlace(copy);
}

std::int64_t bootstrapDrawsPerResample(const std::vector<SamplePair>& cases) {
    std::int64_t draws = 0;
    for (const SamplePair& c : cases)
        draws += std::int64_t(drawsOf(c.a) + drawsOf(c.b));
    return draws;
}

std::optional<BootstrapRatio> bootstrapMedianRatio(std::span<const double> a, std::span<const double> b,
                                                   const BootstrapOptions& options) {
    return bootstrapGeomeanRatio({SamplePair{a, b}}, options);
}

std::optional<BootstrapRatio> bootstrapGeomeanRatio(const std::vector<SamplePair>& cases,
                                                    const BootstrapOptions& options) {
    if (cases.empty() || !validOptions(options) ||
        bootstrapDrawsPerResample(cases) > limits::kBootstrapMaxDrawsPerResample)
        return std::nullopt;
    double observedLogSum = 0;
    for (const SamplePair& c : cases) {
        if (!nonEmptyPositiveFinite(c.a) || !nonEmptyPositiveFinite(c.b))
            return std::nullopt;
        observedLogSum += std::log(sampleMedian(c.b) / sampleMedian(c.a));
    }
    const double caseCount = double(cases.size());
    std::vector<std::vector<double>> storage(2 * cases.size());
    std::vector<SamplePair> drawn;
    drawn.reserve(cases.size());
    for (std::size_t i = 0; i < cases.size(); ++i)
        drawn.push_back({thinned(cases[i].a, storage[2 * i]), thinned(cases[i].b, storage[2 * i + 1])});
    // Work on logs: the geometric mean is the exponential of the mean log ratio.
    std::mt19937_64 rng(options.seed);
    std::vector<double> scratch;
    std::vector<double> logRatios(std::size_t(options.resamples));
    for (double& logRatio : logRatios) {
        double logSum = 0;
        for (const SamplePair& c : drawn) {
            const double medianA = resampledMedian(c.a, scratch, rng);
            const double medianB = resampledMedian(c.b, scratch, rng);
            logSum += std::log(medianB / medianA);
        }
        logRatio = logSum / caseCount;
    }
    BootstrapRatio out;
    out.ratio = std::exp(observedLogSum / caseCount);
    out.interval = percentileInterval(logRatios, options.level);
    return out;
}

} // namespace kix
