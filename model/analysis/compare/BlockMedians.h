// Drift within a run, for the verdict engine (Verdict.h, issue 36): a run's launches are cut, in the
// order they were timed, into consecutive blocks, and the spread of the blocks' medians says how much the
// run's level moves while it runs — a clock ramping, a warm L2, another process — which the bootstrap of
// independent launches cannot see. docs/verdicts.md, "Block medians", gives the method and its coverage.
#pragma once

#include <optional>
#include <span>
#include <vector>

namespace kix {

// Blocks per side: ten, fewer when a side has fewer than five launches per block, none below four blocks
// (a side of fewer than 20 launches is judged by the bootstrap alone).
inline constexpr int kMaxBlocks = 10;
inline constexpr int kMinBlocks = 4;
inline constexpr int kMinLaunchesPerBlock = 5;

// Without a measured A/A floor, a rerun's level is taken to stray from this run's by as much as one
// block's level strays within the run: this share of a block's log variance is added to the side's
// (docs/verdicts.md, "Block medians": what it assumes, and the coverage measured on GPU A/A pairs).
inline constexpr double kRerunBlockShare = 1.0;

// The blocks `launches` values are cut into; 0 when too few for kMinBlocks.
int blockCountFor(std::size_t launches);

// The medians of the consecutive blocks of `samples` (the last block takes the remainder); empty when
// blockCountFor gives 0.
std::vector<double> blockMedians(std::span<const double> samples);

struct BlockSpread {
    int blocks = 0;
    // The sample variance of the logs of the block medians: how far one block's level strays.
    double logVariance = 0;
};

// The spread of `samples`' block medians; nullopt when the side has too few launches for blocks or a value
// that is not a positive finite time.
std::optional<BlockSpread> blockSpreadOf(std::span<const double> samples);

} // namespace kix
