// Random host inputs of the RMSNorm-backward problem, drawn as the harness draws them on the GPU
// (not the same numbers): grad_output, normalized ~ N(0, 1) (grad_output rounded to bf16),
// rstd ~ U(0.5, 2), weight ~ N(1, 0.1). For the tests and the bench's self-check.
#pragma once

#include "kix/rmsnorm_backward_cpu.h"

#include <cstdint>
#include <random>
#include <vector>

namespace kix::kernels {

struct HostInputs {
    std::vector<std::uint16_t> gradOutput; // bf16 bits
    std::vector<float> normalized, rstd, weight;
};

inline HostInputs randomHostInputs(std::int64_t rows, int hidden, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::normal_distribution<float> normal;
    std::uniform_real_distribution<float> uniform(0.5f, 2.f);
    HostInputs in;
    const auto n = static_cast<std::size_t>(rows) * static_cast<std::size_t>(hidden);
    in.gradOutput.resize(n);
    in.normalized.resize(n);
    in.rstd.resize(static_cast<std::size_t>(rows));
    in.weight.resize(static_cast<std::size_t>(hidden));
    for (auto& v : in.gradOutput)
        v = floatToBf16(normal(rng));
    for (auto& v : in.normalized)
        v = normal(rng);
    for (auto& v : in.rstd)
        v = uniform(rng);
    for (auto& v : in.weight)
        v = 1.f + 0.1f * normal(rng);
    return in;
}

} // namespace kix::kernels
