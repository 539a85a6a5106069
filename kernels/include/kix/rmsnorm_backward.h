// The fused CUDA kernel's host interface. No CUDA headers here, so Qt code can include it.
//
// The main pass computes both bf16 outputs and per-block fp32 partial sums of grad_weight. The
// partials are added in a fixed order, so grad_weight is bit-identical from launch to launch for the
// same plan, either by a second, column-parallel kernel launched with programmatic dependent launch
// (the default: measured faster, BENCHMARKS.md) or inside the same launch (LaunchOverrides::
// secondKernel = 0: each block takes a ticket, the last blocks to arrive add the partials).
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

// How one launch is shaped. planFusedBackward fills every field; a caller may force some
// through LaunchOverrides (the benchmark's sweep and the tests do), never edit the rest.
struct LaunchConfig {
    int rowsPerIteration = 2; // rows each thread holds in registers per step (1 or 2)
    bool prefetch = false;    // load the next step's rows before reducing the current ones
    int rowLanes = 1;         // rows a block works on side by side (threads = rowLanes * laneThreads)
    bool streaming = true;    // evict-first cache hints on the row loads and the output stores
    int stages = 0;           // > 0: rows arrive in shared memory by bulk copies, this many per block
    int laneThreads = 0;      // threads per row: hidden / 8 rounded up to a warp
    int threads = 0;          // per block
    int blocks = 0;           // persistent grid: at most the resident blocks, at most one per step of rows
    int reducers = 0;         // blocks that finish grad_weight (the last ones to arrive); 0: none
                              // (the diagnostic LaunchOverrides::skipFinish)
    std::size_t sharedBytes = 0;
    std::size_t workspaceBytes = 0; // a ticket counter, then blocks * hidden fp32 partial sums
    bool secondKernel = false;      // grad_weight finished by a second kernel (two launches)
    bool smallProblemPath = false;  // chosen by row count: two row lanes per block, fewer partials
    std::string name() const;       // e.g. "r2 k1", "r1 prefetch k3", "bulk s4" or "r1 k1 plain"
};

struct LaunchOverrides {
    int rowsPerIteration = 0; // 0: the plan's choice
    int prefetch = -1;        // -1: the plan's choice, 0 off, 1 on
    int rowLanes = 0;         // 0: the plan's choice
    int streaming = -1;       // -1: the plan's choice, 0 default cache policies, 1 evict-first hints
    int stages = -1;          // -1: the plan's choice, 0 rows in registers, > 0 bulk copies (at most 16)
    bool skipFinish = false;  // diagnostic: no grad_weight finish (its output is wrong), to time it
    int secondKernel = -1;    // -1: the plan's choice (a second kernel), 0 one launch, 1 second kernel
};

// Empty string when the shape can run; otherwise why not (hidden not a multiple of 8, too large…).
std::string unsupportedReason(std::int64_t rows, int hidden);

// Chooses the launch for this shape on the current device (its SM count and occupancy are queried).
LaunchConfig planFusedBackward(std::int64_t rows, int hidden, const LaunchOverrides& overrides = {});

// Zeroes the workspace's ticket counter (a memset enqueued on `stream`): once after allocating a
// workspace, and again before using it with a plan of another grid size (plan.blocks). Launches keep
// it consistent after that. One workspace serves one launch at a time: launches that share it must
// be ordered (same stream).
std::string prepareWorkspace(const LaunchConfig& plan, void* workspace, void* stream);

// Enqueues the fused kernel on `stream` (a cudaStream_t). workspace must hold plan.workspaceBytes,
// be 16-byte aligned and prepared. Returns an empty string or the CUDA error.
std::string launchFusedBackward(const BackwardArgs& args, const LaunchConfig& plan, void* workspace,
                                void* stream);

// The unfused reference: one kernel per step with fp32 intermediates, as PyTorch eager runs the
// math of kernels/PROBLEM.md. Used as the local "reference implementation" for timing and speedup.
std::string launchUnfusedBackward(const BackwardArgs& args, void* workspace, void* stream);
std::size_t unfusedWorkspaceBytes(std::int64_t rows, int hidden);

} // namespace kix::kernels
