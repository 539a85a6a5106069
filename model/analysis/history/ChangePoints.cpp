#include "ChangePoints.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <utility>

namespace kix {

namespace {

// Counts and sums of the values inserted so far, by rank (a Fenwick tree): how many of them, and their
// sum, rank below a given one, in O(log n).
class RankSums {
public:
    explicit RankSums(std::size_t n)
        : m_count(n + 1, 0)
        , m_sum(n + 1, 0.0) {}
    void add(std::size_t rank, double value) {
        for (std::size_t i = rank + 1; i < m_count.size(); i += i & (~i + 1)) {
            ++m_count[i];
            m_sum[i] += value;
        }
    }
    std::pair<double, double> below(std::size_t rank) const {
        double count = 0, sum = 0;
        for (std::size_t i = rank; i > 0; i -= i & (~i + 1)) {
            count += m_count[i];
            sum += m_sum[i];
        }
        return {count, sum};
    }

private:
    std::vector<int> m_count;
    std::vector<double> m_sum;
};

// Q(τ) for every τ of one segment in O(n log n): the sums of pairwise distances within the left part,
// within the right part and across are updated as τ moves right by one. Σ_j |x_k − x_j| over the
// segment comes from the sorted values' prefix sums, and over the left part from a Fenwick tree of the
// values moved there (it was O(n²), and the permutation test runs it 199 times per split: the catalog's
// longest series, 260 runs, spent most of the series' time there).
std::optional<std::pair<int, double>> bestSplitOf(const std::vector<double>& x, int minimumSegment) {
    const int n = int(x.size());
    if (n < 2 * minimumSegment)
        return std::nullopt;
    const std::size_t size = x.size();
    std::vector<std::size_t> order(size);
    for (std::size_t i = 0; i < size; ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&x](std::size_t a, std::size_t b) { return x[a] < x[b]; });
    std::vector<std::size_t> rank(size);
    std::vector<double> prefix(size + 1, 0.0); // of the sorted values
    double total = 0;                          // Σ over pairs |x_i − x_j|
    for (std::size_t k = 0; k < size; ++k) {
        rank[order[k]] = k;
        const double v = x[order[k]];
        total += v * double(k) - prefix[k];
        prefix[k + 1] = prefix[k] + v;
    }
    // left = Σ within [0, τ), across = Σ between [0, τ) and [τ, n), right = total − left − across.
    RankSums moved(size);
    double left = 0, across = 0, leftSum = 0;
    std::optional<std::pair<int, double>> best;
    for (int tau = 1; tau < n; ++tau) {
        // Move x[tau − 1] from the right part to the left.
        const std::size_t k = std::size_t(tau - 1), at = rank[k];
        const double v = x[k];
        const double rowSum =
            v * double(at) - prefix[at] + (prefix[size] - prefix[at + 1]) - v * double(size - at - 1);
        const auto [lessCount, lessSum] = moved.below(at);
        const double toLeft = v * lessCount - lessSum + (leftSum - lessSum) - v * (double(k) - lessCount);
        const double toRight = rowSum - toLeft;
        left += toLeft;
        across += toRight - toLeft;
        moved.add(at, v);
        leftSum += v;
        const double right = total - left - across;
        if (tau < minimumSegment || n - tau < minimumSegment)
            continue;
        const double m = tau, r = n - tau;
        const double q = m * r / (m + r) *
                         (2.0 * across / (m * r) - left / (m * (m - 1) / 2.0) - right / (r * (r - 1) / 2.0));
        if (!best || q > best->second)
            best = std::make_pair(tau, q);
    }
    return best;
}

// |log(after / before)| for positive values; a step to or from a value that is not positive counts as
// material (no ratio is defined).
double relativeStep(double before, double after) {
    if (before <= 0 || after <= 0)
        return before == after ? 0.0 : HUGE_VAL;
    return std::abs(std::log(after / before));
}

double segmentMedian(const std::vector<double>& values, int begin, int end) {
    return medianOf(std::vector<double>(values.begin() + begin, values.begin() + end));
}

} // namespace

double medianOf(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2.0;
}

std::optional<std::pair<int, double>> bestEnergySplit(const std::vector<double>& values, int begin, int end,
                                                      int minimumSegment) {
    auto split = bestSplitOf(std::vector<double>(values.begin() + begin, values.begin() + end),
                             std::max(2, minimumSegment));
    if (split)
        split->first += begin;
    return split;
}

namespace {

struct SegmentSplit {
    int segment = -1;                    // index into the boundaries: the segment to split
    std::pair<int, double> best{0, 0.0}; // split index and its energy statistic
};

// The best energy split over every current segment (E-divisive: the segment whose best split is largest).
SegmentSplit bestSplitAcross(const std::vector<double>& values, const std::vector<int>& bounds,
                             int minimumSegment) {
    SegmentSplit out;
    for (std::size_t s = 0; s + 1 < bounds.size(); ++s) {
        const auto split = bestEnergySplit(values, bounds[s], bounds[s + 1], minimumSegment);
        if (split && (out.segment < 0 || split->second > out.best.second)) {
            out.segment = int(s);
            out.best = *split;
        }
    }
    return out;
}

// The permutation test's p: how often a shuffled segment splits at least as well, (k + 1) / (n + 1).
// It stops as soon as k is large enough that p cannot fall below `significance` any more: that split is
// rejected whatever the remaining permutations give, and bisection ends there, so no later draw of
// `random` is affected (an accepted split runs every permutation). Most cohorts have no change point, and
// this saves most of their permutations; the p it then returns is a lower bound, at or above significance.
double permutationPValue(std::vector<double> segment, double statistic, const ChangePointOptions& options,
                         int minimumSegment, std::mt19937_64& random) {
    const int permutations = options.permutations;
    // A permutation that only reorders values within the two parts has the same Q; rounding, which
    // depends on the order the sums are taken in, must not decide whether it counts as large.
    const double tieTolerance = 1e-9 * std::abs(statistic);
    int asLarge = 0;
    for (int p = 0; p < permutations; ++p) {
        std::shuffle(segment.begin(), segment.end(), random);
        const auto q = bestSplitOf(segment, minimumSegment);
        if (q && q->second >= statistic - tieTolerance)
            ++asLarge;
        if (options.stopEarly && double(asLarge + 1) / double(permutations + 1) >= options.significance)
            break;
    }
    return double(asLarge + 1) / double(permutations + 1);
}

// Materiality: merge away the smallest step below the minimum effect, until every step is material; the
// medians either side of each step kept are filled in.
void keepMaterialSteps(std::vector<ChangePoint>& found, const std::vector<double>& values,
                       double minimumEffect) {
    while (!found.empty()) {
        std::size_t weakest = 0;
        double weakestEffect = -1;
        for (std::size_t i = 0; i < found.size(); ++i) {
            const int begin = i == 0 ? 0 : found[i - 1].index;
            const int end = i + 1 == found.size() ? int(values.size()) : found[i + 1].index;
            found[i].before = segmentMedian(values, begin, found[i].index);
            found[i].after = segmentMedian(values, found[i].index, end);
            const double effect = relativeStep(found[i].before, found[i].after);
            if (weakestEffect < 0 || effect < weakestEffect) {
                weakestEffect = effect;
                weakest = i;
            }
        }
        if (minimumEffect <= 0 || weakestEffect >= std::log1p(minimumEffect))
            return;
        found.erase(found.begin() + std::ptrdiff_t(weakest));
    }
}

} // namespace

std::vector<ChangePoint> findChangePoints(const std::vector<double>& values,
                                          const ChangePointOptions& options) {
    const int minimumSegment = std::max(2, options.minimumSegment);
    std::mt19937_64 random(options.seed);
    std::vector<ChangePoint> found;
    std::vector<int> bounds{0, int(values.size())}; // segment boundaries, sorted
    while (true) {
        const SegmentSplit split = bestSplitAcross(values, bounds, minimumSegment);
        if (split.segment < 0)
            break;
        const int begin = bounds[std::size_t(split.segment)], end = bounds[std::size_t(split.segment) + 1];
        const double pValue =
            permutationPValue(std::vector<double>(values.begin() + begin, values.begin() + end),
                              split.best.second, options, minimumSegment, random);
        if (pValue >= options.significance)
            break;
        found.push_back(ChangePoint{split.best.first, pValue, 0, 0});
        bounds.insert(bounds.begin() + split.segment + 1, split.best.first);
    }
    std::sort(found.begin(), found.end(),
              [](const ChangePoint& a, const ChangePoint& b) { return a.index < b.index; });
    keepMaterialSteps(found, values, options.minimumEffect);
    return found;
}

} // namespace kix
