// Change points in a series of measurements (a cohort's runs in time order): E-divisive means
// (Matteson & James, "A Nonparametric Approach for Multiple Change Point Analysis of Multivariate Data",
// JASA 2014) with its permutation significance test, the method Hunter / Apache Otava build on, followed
// by a materiality filter: a change point whose step between its neighbouring segments' medians is below
// the minimum effect is merged away. docs/history.md says why this method and not asv's step fit.
//
// Bisection: in each segment the split τ maximizing the energy statistic
//   Q(τ) = m·n/(m+n) · (2/(m·n) Σ|x_i − y_j|^α − 1/C(m,2) Σ|x_i − x_k|^α − 1/C(n,2) Σ|y_j − y_l|^α)
// (m values before τ, n after, α = 1) is found; the best split over every segment is tested by
// permuting that segment's values `permutations` times, p = (#{Q_perm ≥ Q} + 1) / (permutations + 1);
// below `significance` it is accepted and bisection goes on, else it stops. Deterministic: the
// permutations come from `seed`.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace kix {

struct ChangePointOptions {
    double significance = 0.01; // p below which a split is accepted
    int permutations = 199;
    int minimumSegment = 3;      // values on each side of a change point, at least 2
    double minimumEffect = 0.02; // relative step between neighbouring segments' medians; 0 keeps all
    std::uint64_t seed = 0x6b697868u;
    // Stop a permutation test once its split can no longer be accepted (the answer is the same either
    // way; false runs every permutation, for kix-history-bench's before/after).
    bool stopEarly = true;
};

struct ChangePoint {
    int index = 0;     // the first value of the new segment: values [.., index) before, [index, ..) after
    double pValue = 1; // of the permutation test when it was found
    double before = 0; // median of the segment before (after merging)
    double after = 0;  // median of the segment after
    double ratio() const { return after / before; } // > 1: the values rose (slower, for times)
};

// The change points of `values` (at least 2·minimumSegment of them), by index.
std::vector<ChangePoint> findChangePoints(const std::vector<double>& values,
                                          const ChangePointOptions& options = {});

// The energy statistic's best split of values[begin, end): {τ, Q(τ)}, nullopt when the segment is shorter
// than 2·minimumSegment. Exposed for tests.
std::optional<std::pair<int, double>> bestEnergySplit(const std::vector<double>& values, int begin, int end,
                                                      int minimumSegment);

double medianOf(std::vector<double> values); // of a non-empty list

} // namespace kix
