// The fused CUDA kernel's host interface. No CUDA headers here, so Qt code can include it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace kix::kernels {

struct BackwardArgs {
    const void* gradOutput;  // bf16 [rows, hidden]
    const float* normalized; // fp32 [rows, hidden]
    const float* rstd;       // fp32 [rows]
    const float* weight;     // fp32 [hidden]
    void* gradHidden;        // bf16 [rows, hidden]
    void* gradResidual;      // bf16 [rows, hidden]
    float* gradWeight;       // fp32 [hidden]
    std::int64_t rows;
    int hidden;
};

struct LaunchConfig {
    int threads = 0;                // per block: hidden / 8 rounded up to a warp
    int blocks = 0;                 // persistent grid: resident blocks, at most one per group of rows
    int rowsPerIteration = 2;       // rows each block holds in registers at once
    std::size_t workspaceBytes = 0; // per-block fp32 partial sums of grad_weight
    // Launch the grad_weight reduction with programmatic dependent launch (Hopper and newer), so
    // that its launch overlaps the end of the main pass; it still waits for all of it.
    bool programmaticLaunch = true;
};

// Empty string when the shape can run; otherwise why not (hidden not a multiple of 8, too large…).
std::string unsupportedReason(std::int64_t rows, int hidden);

// Chooses the launch for this shape on the current device. rowsPerIteration 0 picks the default.
LaunchConfig planFusedBackward(std::int64_t rows, int hidden, int rowsPerIteration = 0);

// Enqueues the fused kernel and the deterministic grad_weight reduction on `stream` (a cudaStream_t).
// workspace must hold plan.workspaceBytes. Returns an empty string or the CUDA error.
std::string launchFusedBackward(const BackwardArgs& args, const LaunchConfig& plan, void* workspace,
                                void* stream);

// The unfused reference: one kernel per step with fp32 intermediates, as PyTorch eager runs the
// definition's reference. Used as the local "reference implementation" for timing and speedup.
std::string launchUnfusedBackward(const BackwardArgs& args, void* workspace, void* stream);
std::size_t unfusedWorkspaceBytes(std::int64_t rows, int hidden);

} // namespace kix::kernels
