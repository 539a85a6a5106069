// The A/A noise floor of one case and of the suite, from `kix run --repeat N` (issue 36): each case timed
// N times in a row in one process, every pass's launches kept in the order timed. A floor is the spread
// that two runs of one kernel on this machine stay within 95% of the time, relative: the verdict engine
// (Verdict.h) takes it as the band instead of the minimum effect where larger. docs/verdicts.md, "Noise
// floors", explains the estimate.
#pragma once

#include <optional>
#include <span>
#include <vector>

namespace kix {

struct NoiseFloorEstimate {
    double relative = 0; // exp(1.96 · √2 · σ) − 1, σ the larger of the two spreads below
    int passes = 0;
    int blocks = 0;              // block medians behind blockLogSd, over every pass
    double betweenPassLogSd = 0; // of the passes' levels (log medians): N − 1 degrees of freedom
    double blockLogSd = 0;       // of one block's level within a pass, pooled over the passes
};

// One case: `passes` holds each pass's launches (at least 2 passes, each with enough launches for block
// medians, BlockMedians.h). The between-pass spread alone is one draw when N = 2, so the floor never
// goes below what a block's level strays within a pass, which the N · (K − 1) block medians estimate.
// nullopt with fewer than 2 usable passes.
std::optional<NoiseFloorEstimate> caseNoiseFloor(const std::vector<std::vector<double>>& passes);

// The suite (the geometric mean over cases): cases × passes × launches, every case with the same number
// of passes. The passes' suite levels (mean log medians) give the between-pass spread; the cases' pooled
// block variances, summed over cases and divided by their count squared, its lower bound. nullopt as
// caseNoiseFloor for any case, or without cases.
std::optional<NoiseFloorEstimate> suiteNoiseFloor(const std::vector<std::vector<std::vector<double>>>& cases);

} // namespace kix
