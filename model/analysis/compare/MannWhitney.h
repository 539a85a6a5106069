// The Mann–Whitney U test (Wilcoxon rank-sum): do two independent samples come from one distribution?
// It assumes nothing about the shape, so skewed and bimodal kernel timings suit it, and it reports what
// the verdict's interval does not: how surprising the observed ordering would be if nothing changed.
#pragma once

#include <optional>
#include <span>

namespace kix {

enum class MannWhitneyMethod {
    Automatic, // exact when both sides have at most kMannWhitneyExactMaxPerSide values and no ties
    Exact,     // the exact null distribution (falls back to Normal when values tie)
    Normal,    // the normal approximation with tie and continuity corrections
};

// Up to this many values per side, and without ties, Automatic uses the exact distribution.
inline constexpr int kMannWhitneyExactMaxPerSide = 20;

struct MannWhitneyResult {
    // U of A: the number of pairs (a, b) with a > b, ties counting one half (R_A - n_A (n_A + 1) / 2).
    double u = 0;
    double p = 1;       // two-sided
    bool exact = false; // p from the exact distribution, not the normal approximation
};

// Needs at least one value on each side (finite values only); nullopt otherwise.
std::optional<MannWhitneyResult> mannWhitneyU(std::span<const double> a, std::span<const double> b,
                                              MannWhitneyMethod method = MannWhitneyMethod::Automatic);

} // namespace kix
