#include "BlockMedians.h"

#include "Bootstrap.h"

#include <algorithm>
#include <cmath>

namespace kix {

int blockCountFor(std::size_t launches) {
    const int blocks = int(std::min<std::size_t>(kMaxBlocks, launches / kMinLaunchesPerBlock));
    return blocks >= kMinBlocks ? blocks : 0;
}

std::vector<double> blockMedians(std::span<const double> samples) {
    const int blocks = blockCountFor(samples.size());
    std::vector<double> medians;
    medians.reserve(std::size_t(blocks));
    const std::size_t n = samples.size();
    for (int k = 0; k < blocks; ++k) {
        const std::size_t first = std::size_t(k) * n / std::size_t(blocks);
        const std::size_t last = std::size_t(k + 1) * n / std::size_t(blocks);
        medians.push_back(sampleMedian(samples.subspan(first, last - first)));
    }
    return medians;
}

std::optional<BlockSpread> blockSpreadOf(std::span<const double> samples) {
    if (!std::all_of(samples.begin(), samples.end(), [](double v) { return std::isfinite(v) && v > 0; }))
        return std::nullopt;
    const std::vector<double> medians = blockMedians(samples);
    if (medians.empty())
        return std::nullopt;
    double mean = 0;
    for (const double m : medians)
        mean += std::log(m);
    mean /= double(medians.size());
    double sum = 0;
    for (const double m : medians)
        sum += (std::log(m) - mean) * (std::log(m) - mean);
    return BlockSpread{int(medians.size()), sum / double(medians.size() - 1)};
}

} // namespace kix
