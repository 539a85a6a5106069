// The fused CUDA kernel's host interface. No CUDA headers here, so Qt code can include it.
//
// The main pass computes both bf16 outputs. grad_weight, always in a fixed order (bit-identical from
// launch to launch for the same plan), one of three ways:
//  * the column pass (small problems): extra blocks of the same launch sum grad_output * normalized
//    over every row for a slice of the columns, reading those inputs a second time; nothing to add
//    afterwards, no block waits for another;
//  * per-block fp32 partial sums, added by a second, column-parallel kernel launched with
//    programmatic dependent launch;
//  * the same partials added inside the launch (each block takes a ticket, the last blocks to
//    arrive add them).
// Which is the default for a row count, and why, is in rmsnorm_backward.cu (measured: BENCHMARKS.md).
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
    bool triggerEarly = false;      // second kernel: the main pass lets it launch at once (it still
                                    // waits for the main pass to complete before reading)
    int reduceQuads = 0;            // second kernel: 4-column groups per block (1, 2, 4 or 8), or 0:
                                    // the kernel of 2026-12-02 (32 columns, one float per load)
    bool columnPass = false;        // grad_weight by the column pass: no partials, nothing to finish
    int columnUnits = 0;            // column pass: 8-column units per block (divides 32)
    int columnBlocks = 0;           // column pass: its blocks (the first ones of the grid)
    int columnAhead = 0;            // column pass: batches of rows it asks into L2 ahead of its loads
    int rowAhead = 0;               // column pass plans: steps of rows the main pass asks into L2 ahead
    bool columnSpread = false;      // column pass: its blocks every blocks/columnBlocks-th, not first
    int rowBlocks = 0;              // blocks of the main pass (blocks - columnBlocks)
    bool halves = false;            // a thread's 8 columns as 4 + 4, half a row apart (every load and
                                    // store instruction of a warp covers whole 32-byte sectors)
    bool smallProblemPath = false;  // few rows (planFusedBackward): the column pass by default
    std::string card;               // the card-table row that chose a field ("" = the defaults)
    std::string name() const;       // e.g. "r1 prefetch k2 plain +reduce kernel" or "r1 k1 cols4"
};

struct LaunchOverrides {
    int rowsPerIteration = 0; // 0: the plan's choice
    int prefetch = -1;        // -1: the plan's choice, 0 off, 1 on
    int rowLanes = 0;         // 0: the plan's choice
    int streaming = -1;       // -1: the plan's choice, 0 default cache policies, 1 evict-first hints
    int stages = -1;          // -1: the plan's choice, 0 rows in registers, > 0 bulk copies (at most 16)
    bool skipFinish = false;  // diagnostic: no grad_weight finish (its output is wrong), to time it
    int secondKernel = -1;    // -1: the plan's choice (a second kernel), 0 one launch, 1 second kernel
    int columnPass = -1;      // -1: the plan's choice, 0 partials, 1 the column pass
    int columnUnits = 0;      // 0: the plan's choice; else 1, 2, 4, 8, 16 or 32
    int columnAhead = -1;     // -1: the plan's choice; else 0 (no L2 prefetch) to 16 batches
    int rowAhead = -1;        // -1: the plan's choice; else 0 (no L2 prefetch) to 16 steps
    int columnSpread = -1;    // -1: the plan's choice, 0 column blocks first, 1 spread
    int halves = -1;          // -1: the plan's choice, 0 contiguous 8 columns, 1 two halves
    int triggerEarly = -1;    // -1: the plan's choice, 0 off, 1 on (second kernel only)
    int reduceQuads = -1;     // -1: the plan's choice; 0, 1, 2, 4 or 8 (second kernel only)
    int blocksPerSm = 0;      // 0: the plan's choice (as many as fit; 2 at most with the column
                              // pass); else at most this many resident per SM
};

// A plan as text, for sweeps chosen at run time (kix-kernel-bench --plan/--plans): space-separated
// tokens, each overriding one field, the rest left to the plan: r1|r2 (rows per thread), pf0|pf1
// (prefetch), k<N> (row lanes), cs0|cs1 (evict-first hints), s<N> (bulk-copy stages), fin=kernel|
// launch|cols|none (how grad_weight is finished), cols<N> (column units), hv0|hv1 (halves), trig0|
// trig1 (early trigger), rq<N> (second kernel's column groups), cpf<N> and rpf<N> (L2 prefetch
// distance of the column pass and of the main pass beside it), cmix0|cmix1 (column blocks first or
// spread among the others), bps<N> (blocks per SM), default
// (nothing). Returns "" or why not.
std::string parseLaunchOverrides(const std::string& text, LaunchOverrides& out);

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
