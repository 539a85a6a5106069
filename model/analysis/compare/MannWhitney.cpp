#include "MannWhitney.h"

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

namespace kix {

namespace {

// Half a unit of U: the continuity correction of the normal approximation.
constexpr double kContinuityCorrection = 0.5;

struct Ranked {
    double rankSumA = 0;
    double tieSum = 0; // Σ (t³ - t) over groups of t tied values
};

// Mid-ranks (ties share the mean of the ranks they span) of the pooled samples.
Ranked rank(std::span<const double> a, std::span<const double> b) {
    std::vector<std::pair<double, bool>> pooled; // (value, from A)
    pooled.reserve(a.size() + b.size());
    for (double v : a)
        pooled.emplace_back(v, true);
    for (double v : b)
        pooled.emplace_back(v, false);
    std::sort(pooled.begin(), pooled.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    Ranked out;
    for (std::size_t i = 0; i < pooled.size();) {
        std::size_t j = i;
        while (j < pooled.size() && pooled[j].first == pooled[i].first)
            ++j;
        const double midRank = 0.5 * double(i + 1 + j); // ranks i+1 .. j
        const double t = double(j - i);
        out.tieSum += t * t * t - t;
        for (std::size_t k = i; k < j; ++k)
            if (pooled[k].second)
                out.rankSumA += midRank;
        i = j;
    }
    return out;
}

// The number of orderings giving each U = 0 .. m n under the null hypothesis: the coefficients of the
// Gaussian binomial coefficient [m + n choose m]_q (Mann & Whitney 1947), built with the q-Pascal rule
// [N, k] = [N-1, k-1] + q^k [N-1, k]. Only additions, so no cancellation; coefficients of degree above
// m n never reach the result and are dropped.
std::vector<double> exactCounts(std::size_t m, std::size_t n) {
    if (m > n)
        std::swap(m, n); // the distribution is symmetric in the two sizes; fewer polynomials
    const std::size_t degree = m * n;
    std::vector<std::vector<double>> g(m + 1, std::vector<double>(degree + 1, 0.0));
    g[0][0] = 1;
    for (std::size_t total = 1; total <= m + n; ++total) {
        for (std::size_t k = std::min(total, m); k >= 1; --k) {
            std::vector<double>& poly = g[k];
            // poly := g[k-1] + q^k poly, in place from the top degree down.
            for (std::size_t d = degree + 1; d-- > 0;)
                poly[d] = g[k - 1][d] + (d >= k ? poly[d - k] : 0.0);
        }
    }
    return g[m];
}

double exactTwoSidedP(double u, std::size_t m, std::size_t n) {
    const std::vector<double> counts = exactCounts(m, n);
    double total = 0, atOrBelow = 0, atOrAbove = 0;
    for (std::size_t k = 0; k < counts.size(); ++k) {
        total += counts[k];
        if (double(k) <= u)
            atOrBelow += counts[k];
        if (double(k) >= u)
            atOrAbove += counts[k];
    }
    return std::min(1.0, 2 * std::min(atOrBelow, atOrAbove) / total);
}

// Normal approximation: mean m n / 2, variance m n / 12 ((N + 1) - Σ(t³ - t) / (N (N - 1))) with the
// tie correction, and the continuity correction on |U - mean| (as R's wilcox.test and SciPy do).
double normalTwoSidedP(double u, std::size_t m, std::size_t n, double tieSum) {
    const double mn = double(m) * double(n);
    const double total = double(m + n);
    const double variance = mn / 12 * ((total + 1) - tieSum / (total * (total - 1)));
    if (!(variance > 0))
        return 1; // every value ties: nothing orders the two sides
    const double distance = std::max(0.0, std::abs(u - mn / 2) - kContinuityCorrection);
    return std::min(1.0, std::erfc(distance / std::sqrt(variance) / std::sqrt(2.0)));
}

} // namespace

std::optional<MannWhitneyResult> mannWhitneyU(std::span<const double> a, std::span<const double> b,
                                              MannWhitneyMethod method) {
    if (a.empty() || b.empty())
        return std::nullopt;
    const Ranked r = rank(a, b);
    const double m = double(a.size());
    MannWhitneyResult out;
    out.u = r.rankSumA - m * (m + 1) / 2;
    const bool small = a.size() <= std::size_t(kMannWhitneyExactMaxPerSide) &&
                       b.size() <= std::size_t(kMannWhitneyExactMaxPerSide);
    // The exact distribution assumes distinct values; with ties it does not apply.
    out.exact = r.tieSum == 0 &&
                (method == MannWhitneyMethod::Exact || (method == MannWhitneyMethod::Automatic && small));
    out.p = out.exact ? exactTwoSidedP(out.u, a.size(), b.size())
                      : normalTwoSidedP(out.u, a.size(), b.size(), r.tieSum);
    return out;
}

} // namespace kix
