// The math of the fused residual RMSNorm backward (SOL-ExecBench 013), as a plain C++ function.
// With Acc = double it is the fp64 reference the tests compare against; with Acc = float it follows
// the kernel's fp32 accumulation. See kernels/PROBLEM.md for the definition it implements.
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

namespace kix::kernels {

// bfloat16 stored as its 16 raw bits.
inline float bf16ToFloat(std::uint16_t bits) {
    const std::uint32_t wide = std::uint32_t(bits) << 16;
    float f;
    std::memcpy(&f, &wide, sizeof f);
    return f;
}

// Round to nearest even, as __float2bfloat16_rn and torch's .to(torch.bfloat16) do; NaN stays NaN.
inline std::uint16_t floatToBf16(float f) {
    std::uint32_t bits;
    std::memcpy(&bits, &f, sizeof bits);
    if ((bits & 0x7f800000u) == 0x7f800000u && (bits & 0x007fffffu))
        return std::uint16_t((bits >> 16) | 0x0040u);
    const std::uint32_t rounding = 0x7fffu + ((bits >> 16) & 1u);
    return std::uint16_t((bits + rounding) >> 16);
}

// grad_x[r, j] = rstd[r] * (go[r, j] * w[j] - mean_j(go * w * normalized) * normalized[r, j])
// grad_weight[j] = sum_r go[r, j] * normalized[r, j]
// grad_hidden_states and grad_residual are both bf16(grad_x); the caller rounds.
template <typename Acc>
void rmsnormBackwardReference(const std::uint16_t* gradOutput, const float* normalized, const float* rstd,
                              const float* weight, std::int64_t rows, int hidden, Acc* gradX,
                              Acc* gradWeight) {
    for (int j = 0; j < hidden; ++j)
        gradWeight[j] = 0;
    for (std::int64_t r = 0; r < rows; ++r) {
        const std::uint16_t* g = gradOutput + r * hidden;
        const float* n = normalized + r * hidden;
        Acc dot = 0;
        for (int j = 0; j < hidden; ++j) {
            const Acc gj = Acc(bf16ToFloat(g[j]));
            dot += gj * Acc(weight[j]) * Acc(n[j]);
            gradWeight[j] += gj * Acc(n[j]);
        }
        const Acc mean = dot / Acc(hidden);
        for (int j = 0; j < hidden; ++j) {
            const Acc gn = Acc(bf16ToFloat(g[j])) * Acc(weight[j]);
            gradX[r * hidden + j] = Acc(rstd[r]) * (gn - mean * Acc(n[j]));
        }
    }
}

// The allclose-style check SOL-ExecBench applies: |a - b| <= atol + rtol * |b| for every element
// (required matched ratio 1.0); NaN and infinities never pass. Relative error uses atol as a floor.
struct ErrorStats {
    double maxAbs = 0;
    double maxRel = 0;
    std::int64_t failures = 0;
    std::int64_t count = 0;
    bool passed() const { return failures == 0; }
};

inline void accumulateError(ErrorStats& s, double got, double ref, double atol, double rtol) {
    const double diff = got - ref;
    const double absErr = diff < 0 ? -diff : diff;
    const double absRef = ref < 0 ? -ref : ref;
    ++s.count;
    if (!(absErr == absErr) || absErr > 1e300) { // NaN or infinite
        ++s.failures;
        s.maxAbs = s.maxRel = 1e308;
        return;
    }
    if (absErr > atol + rtol * absRef)
        ++s.failures;
    const double rel = absErr / (absRef > atol ? absRef : atol);
    if (absErr > s.maxAbs)
        s.maxAbs = absErr;
    if (rel > s.maxRel)
        s.maxRel = rel;
}

} // namespace kix::kernels
