// Small statistics used by the diff and the runner: summaries, geometric means, and
// Welch's t-test to say whether two latencies differ by more than their noise.
#pragma once

#include "RunSpec.h"

#include <optional>
#include <vector>

namespace kix {

// mean, median, min, max, sample standard deviation and count of raw samples (nanoseconds).
LatencyStats summarizeSamples(std::vector<double> samples);

// Geometric mean of positive values; nullopt if empty or any value is not positive.
std::optional<double> geometricMean(const std::vector<double>& values);

struct WelchResult {
    double t = 0;
    double degreesOfFreedom = 0;
    bool beyondNoise = false; // |t| above the two-sided 99% critical value
};
// Needs mean, stddev and a sample count of at least 2 on both sides.
std::optional<WelchResult> welchTest(const LatencyStats& a, const LatencyStats& b);

// Two-sided 99% critical value of Student's t for `df` degrees of freedom.
double tCritical99(double df);

// One independent estimate in a sum or difference: the variance of the estimate (s² / n for a mean) and
// the sample count behind it (at least 2).
struct VarianceTerm {
    double variance = 0;
    qint64 count = 0;
};
// The Welch–Satterthwaite degrees of freedom of a sum or difference of independent estimates:
// (Σ v)² / Σ (v² / (n - 1)); Σ (n - 1) when every variance is zero. welchTest's, and the verdict
// engine's for its interval on summaries (Verdict.h).
double satterthwaiteDegreesOfFreedom(const std::vector<VarianceTerm>& terms);

} // namespace kix
