#include "NoiseFloor.h"

#include "BlockMedians.h"
#include "Bootstrap.h"

#include <algorithm>
#include <cmath>

namespace kix {

namespace {

// Two runs differ by the difference of two levels, each of spread σ: within ±1.96 · √2 · σ 95% of the time.
constexpr double kNormal975 = 1.959963984540054;

double sampleVariance(const std::vector<double>& values) {
    double mean = 0;
    for (const double v : values)
        mean += v;
    mean /= double(values.size());
    double sum = 0;
    for (const double v : values)
        sum += (v - mean) * (v - mean);
    return values.size() > 1 ? sum / double(values.size() - 1) : 0;
}

double floorOf(double logVariance) {
    return std::expm1(kNormal975 * std::sqrt(2 * logVariance));
}

// Per pass, its level (log median); pooled over passes, a block's log variance. nullopt when a pass has
// too few launches for blocks or a bad value.
struct PassSpread {
    std::vector<double> logLevels;
    double pooledBlockVariance = 0;
    int blocks = 0;
};

std::optional<PassSpread> passSpreadOf(const std::vector<std::vector<double>>& passes) {
    if (passes.size() < 2)
        return std::nullopt;
    PassSpread out;
    double weighted = 0;
    int degrees = 0;
    for (const std::vector<double>& pass : passes) {
        const auto spread = blockSpreadOf(pass);
        if (!spread)
            return std::nullopt;
        out.logLevels.push_back(std::log(sampleMedian(pass)));
        weighted += spread->logVariance * (spread->blocks - 1);
        degrees += spread->blocks - 1;
        out.blocks += spread->blocks;
    }
    out.pooledBlockVariance = weighted / degrees;
    return out;
}

NoiseFloorEstimate estimateOf(double betweenPassVariance, double blockVariance, int passes, int blocks) {
    NoiseFloorEstimate e;
    e.passes = passes;
    e.blocks = blocks;
    e.betweenPassLogSd = std::sqrt(betweenPassVariance);
    e.blockLogSd = std::sqrt(blockVariance);
    e.relative = floorOf(std::max(betweenPassVariance, blockVariance));
    return e;
}

} // namespace

std::optional<NoiseFloorEstimate> caseNoiseFloor(const std::vector<std::vector<double>>& passes) {
    const auto spread = passSpreadOf(passes);
    if (!spread)
        return std::nullopt;
    return estimateOf(sampleVariance(spread->logLevels), spread->pooledBlockVariance, int(passes.size()),
                      spread->blocks);
}

std::optional<NoiseFloorEstimate>
suiteNoiseFloor(const std::vector<std::vector<std::vector<double>>>& cases) {
    if (cases.empty())
        return std::nullopt;
    const std::size_t passes = cases.front().size();
    std::vector<double> suiteLevels(passes, 0);
    double blockVariance = 0;
    int blocks = 0;
    for (const auto& c : cases) {
        const auto spread = c.size() == passes ? passSpreadOf(c) : std::nullopt;
        if (!spread)
            return std::nullopt;
        for (std::size_t p = 0; p < passes; ++p)
            suiteLevels[p] += spread->logLevels[p] / double(cases.size());
        blockVariance += spread->pooledBlockVariance;
        blocks += spread->blocks;
    }
    const double count = double(cases.size());
    return estimateOf(sampleVariance(suiteLevels), blockVariance / (count * count), int(passes), blocks);
}

} // namespace kix
