// The fused kernel on the local GPU against the fp64 CPU reference (rmsnorm_backward_cpu.h), for
// any shape and launch variant: what tst_kernel_cuda and `kix-kernel-bench --check` run. No CUDA or
// Qt types here.
#pragma once

#include "kix/kernel_inputs.h"
#include "kix/rmsnorm_backward.h"

#include <string>
#include <vector>

namespace kix::kernels {

struct KernelCheck {
    LaunchConfig plan;
    ErrorStats gradHidden, gradResidual, gradWeight; // against the fp64 CPU reference
    int launches = 0;             // launches made; grad_weight compared bit for bit after each
    int gradWeightMismatches = 0; // launches whose grad_weight bits differ from the first one's
    bool outputsIdentical = true; // grad_hidden_states == grad_residual, bit for bit
    std::string error;            // CUDA error or unsupported shape
    bool passed() const {
        return error.empty() && gradHidden.passed() && gradResidual.passed() && gradWeight.passed() &&
               gradWeightMismatches == 0 && outputsIdentical && gradHidden.count > 0;
    }
    std::string summary() const; // one line: what failed, or "ok"
};

// Uploads `in`, poisons the outputs (NaN bits), launches `launches` times (grad_weight poisoned
// before each) and compares with the fp64 reference `gradX64`/`gradW64` (pass empty vectors to have
// it computed here) with tolerance |out - ref| <= atol + rtol |ref|.
KernelCheck checkFusedKernel(const HostInputs& in, std::int64_t rows, int hidden,
                             const LaunchOverrides& variant, int launches, double atol, double rtol,
                             const std::vector<double>& gradX64 = {},
                             const std::vector<double>& gradW64 = {});

// The shapes and launch variants every check covers: hidden {8, 264, 2560, 4096} (8 and 264 leave
// most lanes of a warp inactive) × rows {1, 2, 131, 4096} (tails of every step size), and each
// compiled variant (1 or 2 rows per thread, with and without prefetch) with one and with several
// row lanes per block in one launch, the bulk-copy kernel with 1, 3 and 4 stages (both cache
// policies, one launch and with the second kernel), the plan's default, another shape with the
// second kernel, the column pass (1, 4 and 32 units per block, one to three row lanes), the
// two-halves column mapping with each finish, the early trigger, a grid capped at a block per SM,
// and the second kernel with 1, 2 and 8 column groups per block and as of 2026-12-02.
std::vector<int> checkHiddenSizes();
std::vector<int> checkRowCounts();
struct NamedVariant {
    std::string name;
    LaunchOverrides overrides;
};
std::vector<NamedVariant> checkVariants();

} // namespace kix::kernels
