// Bootstrap confidence intervals for the verdict engine: the ratio of medians of one case, and the
// geometric mean of those ratios over a suite. Efron's percentile interval (Efron & Tibshirani, "An
// Introduction to the Bootstrap", 1993, ch. 13): resample each side with replacement, recompute the
// statistic, take the (1 - level) / 2 and (1 + level) / 2 quantiles of the resampled statistics.
//
// Not BCa: its acceleration comes from the jackknife, which is inconsistent for the median (ibid. §11.6),
// so for this statistic it would correct by noise. The percentile interval is transformation-respecting:
// taken on the log of the ratio (as the verdict's symmetric band is), it is the log of this one.
//
// Seeded: std::mt19937_64 (fully specified by the standard) and an index draw of our own (the standard
// distributions' algorithms differ between libraries), so one seed gives one interval everywhere.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace kix {

inline constexpr std::uint64_t kDefaultBootstrapSeed = 20240622;
inline constexpr int kDefaultResamples = 2000;
inline constexpr double kDefaultConfidenceLevel = 0.95;

struct BootstrapOptions {
    int resamples = kDefaultResamples;      // at least 1
    double level = kDefaultConfidenceLevel; // 0 < level < 1
    std::uint64_t seed = kDefaultBootstrapSeed;
};

struct RatioInterval {
    double lo = 0, hi = 0;
    double level = 0; // 0.95 for a 95% interval
};

struct BootstrapRatio {
    double ratio = 0; // the statistic of the samples as observed
    RatioInterval interval;
};

// The median of a sample (the mean of the two middle values when the count is even); NaN when empty.
double sampleMedian(std::span<const double> samples);

// median(b) / median(a) and its percentile interval. nullopt when a side is empty or holds a value that is
// not a positive finite time, or the options are out of range.
std::optional<BootstrapRatio> bootstrapMedianRatio(std::span<const double> a, std::span<const double> b,
                                                   const BootstrapOptions& options = {});

// One case of a suite: its samples on side A and side B.
struct SamplePair {
    std::span<const double> a, b;
};

// The geometric mean over the cases of median(b) / median(a), and its percentile interval: each resample
// redraws every case's two sides with replacement and recomputes the geometric mean of the median ratios
// (cases are fixed, samples vary: the interval is about these cases measured again, not other cases).
// nullopt as bootstrapMedianRatio, when there are no cases, or when one resample would draw more than
// limits::kBootstrapMaxDrawsPerResample values (bootstrapDrawsPerResample).
//
// The work is capped (docs/verdicts.md, "Limits"): a side of more than limits::kBootstrapMaxDrawsPerSide
// samples is resampled from a systematic subsample of that many (every n/m-th launch): the median of m
// draws varies more than that of n, so the interval is wider than the full count's, never narrower. The
// ratio itself is always of the medians of every sample.
std::optional<BootstrapRatio> bootstrapGeomeanRatio(const std::vector<SamplePair>& cases,
                                                    const BootstrapOptions& options = {});

// The values one resample of `cases` draws: each side's count, capped at kBootstrapMaxDrawsPerSide.
std::int64_t bootstrapDrawsPerResample(const std::vector<SamplePair>& cases);

} // namespace kix
