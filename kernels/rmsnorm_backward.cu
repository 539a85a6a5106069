// Fused residual RMSNorm backward (kernels/PROBLEM.md): one pass over the data.
//
// A block holds `rowLanes` groups of laneThreads = hidden/8 (rounded up to a warp) threads; thread t
// of a group always handles columns [8t, 8t+8), so its slice of `weight` and its grad_weight partial
// sums live in registers for the whole launch. A persistent grid (resident blocks, from the queried
// SM count and occupancy) walks the rows in steps of rowLanes * ROWS rows; each row is read once
// (bf16 grad_output as one 16-byte load, fp32 normalized as two), kept in registers across the row
// reduction, and both bf16 outputs are written once. A step needs one barrier (double-buffered
// shared memory for the row sums). With PREFETCH the next step's loads are issued before the
// current step is reduced. rmsnorm_backward_bulk.cu is the variant whose rows arrive in shared
// memory by bulk copies.
//
// grad_weight, deterministic and without float atomics: each block adds its row lanes' partial sums
// (fixed order) and writes one partial row to the workspace. The partial rows are then added column
// by column in an order fixed by the grid size alone, by a second kernel launched with programmatic
// dependent launch (the default, measured faster), or in the same launch: each block takes a ticket
// and the last `reducers` blocks to arrive wait for every ticket, then add (backward_device.cuh).
// Either way grad_weight is bit-identical from launch to launch.
#include "backward_device.cuh"
#include "bulk_kernel.h"
#include "column_pass.cuh"
#include "cuda_check.h"
#include "kix/rmsnorm_backward.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cuda_bf16.h>

namespace kix::kernels {

namespace {

using namespace detail;

// The block size each variant is compiled for. 1024 threads cap registers at 64 per thread, which
// keeps three 320-thread blocks per SM at hidden 2560 (nvcc -Xptxas -v, CUDA 13.0: 62-64 registers,
// no spills; an earlier version left uncapped took 74 for two rows, and only two blocks fit). Two
// rows with prefetch hold four rows in registers (110-128) and get 512 threads.
template <int ROWS, bool PREFETCH> constexpr int maxThreads() {
    return ROWS * (PREFETCH ? 2 : 1) <= 2 ? 1024 : 512;
}

// COLS: the column pass is compiled in (its blocks are the first p.columnBlocks of the grid, or
// spread). The other plans' kernels are compiled without it, so that their main pass is the code of
// 2026-12-02 (the same PTX main loop); what compiling it into them would cost was not measured on
// its own (BENCHMARKS.md, 2026-12-03).
template <int ROWS, bool PREFETCH, bool STREAM, bool HALVES, bool COLS>
__global__ void __launch_bounds__(maxThreads<ROWS, PREFETCH>()) fusedBackwardKernel(Params p) {
    extern __shared__ float4 sharedRaw[];
    float* shared = reinterpret_cast<float*>(sharedRaw);
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    // The second kernel's blocks may become resident now; it still waits in
    // cudaGridDependencySynchronize until this grid has completed and its writes are visible.
    if (p.triggerEarly)
        cudaTriggerProgrammaticLaunchCompletion();
#endif
    int rowBlock = int(blockIdx.x), rowBlocks = int(gridDim.x);
    if constexpr (COLS) {
        // The column pass's blocks come first, or (columnStride > 0) every columnStride-th, spread
        // over the SMs however the hardware hands out blocks; the main pass numbers its own blocks.
        if (p.columnStride > 0) {
            const int s = p.columnStride;
            if (rowBlock % s == 0 && rowBlock / s < p.columnBlocks) {
                columnPass(p, rowBlock / s, shared);
                return;
            }
            rowBlock -= min((rowBlock + s - 1) / s, p.columnBlocks);
        } else {
            if (rowBlock < p.columnBlocks) {
                columnPass(p, rowBlock, shared);
                return;
            }
            rowBlock -= p.columnBlocks;
        }
        rowBlocks -= p.columnBlocks;
    }
    const int rowLane = threadIdx.x / p.laneThreads;
    const int t = threadIdx.x - rowLane * p.laneThreads;
    const int warps = p.laneThreads / 32; // per row lane
    const int warp = t / 32;
    const int lane = t % 32;
    const Columns cols = columnsOf<HALVES>(t, p.hidden);
    const bool active = t * kVec < p.hidden;
    const int rowsPerStep = p.rowLanes * ROWS;
    const int steps = (p.rows + rowsPerStep - 1) / rowsPerStep;

    float w[kVec], dw[kVec];
#pragma unroll
    for (int i = 0; i < kVec; ++i)
        w[i] = dw[i] = 0.f;
    if (active) {
        const float4 w0 = __ldg(reinterpret_cast<const float4*>(p.weight + cols.a));
        const float4 w1 = __ldg(reinterpret_cast<const float4*>(p.weight + cols.b));
        w[0] = w0.x, w[1] = w0.y, w[2] = w0.z, w[3] = w0.w;
        w[4] = w1.x, w[5] = w1.y, w[6] = w1.z, w[7] = w1.w;
    }
    const float invHidden = 1.f / float(p.hidden);
    // [2 buffers][rowLanes][ROWS][warps] row sums, then the row lanes' grad_weight sums
    float* dots = shared;
    float* scratch = shared + ((2 * p.rowLanes * ROWS * warps + 3) & ~3);

    // Rows stay packed as loaded and are unpacked where used: fewer registers than holding floats.
    RowRaw cur[ROWS], next[ROWS];
    int step = rowBlock;
    const int firstRow = rowLane * ROWS;
    if (PREFETCH) {
#pragma unroll
        for (int k = 0; k < ROWS; ++k) {
            const int row = step * rowsPerStep + firstRow + k;
            loadRow<STREAM, HALVES>(p, row, active && row < p.rows, cols, next[k]);
        }
    }
    int buffer = 0;
    for (; step < steps; step += rowBlocks) {
        const int row0 = step * rowsPerStep + firstRow;
        if (PREFETCH) {
#pragma unroll
            for (int k = 0; k < ROWS; ++k)
                cur[k] = next[k];
            const int ahead = row0 + rowBlocks * rowsPerStep; // the next step's rows, issued now
#pragma unroll
            for (int k = 0; k < ROWS; ++k)
                loadRow<STREAM, HALVES>(
                    p, ahead + k, active && step + rowBlocks < steps && ahead + k < p.rows, cols, next[k]);
            if constexpr (COLS) { // rows further ahead into L2 (rowAhead steps), no registers held
                const int far = row0 + p.rowAhead * rowBlocks * rowsPerStep;
                if (p.rowAhead > 0 && active)
#pragma unroll
                    for (int k = 0; k < ROWS; ++k)
                        if (far + k < p.rows)
                            prefetchRow(p, (long long)(far + k) * p.hidden + cols.a);
            }
        } else {
#pragma unroll
            for (int k = 0; k < ROWS; ++k) // all loads of the step before any is used
                loadRow<STREAM, HALVES>(p, row0 + k, active && row0 + k < p.rows, cols, cur[k]);
        }
        float dot[ROWS];
#pragma unroll
        for (int k = 0; k < ROWS; ++k) {
            RowRegs v;
            unpack(cur[k], v);
            float d = 0.f;
#pragma unroll
            for (int i = 0; i < kVec; ++i) {
                const float gn = v.g[i] * v.n[i];
                d = fmaf(gn, w[i], d);
                dw[i] += gn;
            }
            dot[k] = warpSum(d);
        }
        float* slot = dots + ((buffer * p.rowLanes + rowLane) * ROWS) * warps;
        if (lane == 0) {
#pragma unroll
            for (int k = 0; k < ROWS; ++k)
                slot[k * warps + warp] = dot[k];
        }
        __syncthreads(); // the only barrier per step: the other buffer is written next time
#pragma unroll
        for (int k = 0; k < ROWS; ++k) {
            float total = 0.f;
            for (int i = 0; i < warps; ++i)
                total += slot[k * warps + i]; // same order in every thread: deterministic
            const float mean = total * invHidden;
            if (active && row0 + k < p.rows) {
                RowRegs v;
                unpack(cur[k], v);
                float out[kVec];
#pragma unroll
                for (int i = 0; i < kVec; ++i)
                    out[i] = v.r * fmaf(v.g[i], w[i], -mean * v.n[i]);
                storeRow<STREAM, HALVES>(p, (long long)(row0 + k) * p.hidden, cols, pack(out));
            }
        }
        buffer ^= 1;
    }
    if constexpr (COLS) // the column pass sums grad_weight: no partials
        return;

    // One partial row per block: row lane 0 adds the other lanes' sums in lane order.
    if (p.rowLanes > 1) {
        if (rowLane > 0 && active) {
            float4* dst = reinterpret_cast<float4*>(scratch) + 2 * ((rowLane - 1) * p.laneThreads + t);
            dst[0] = make_float4(dw[0], dw[1], dw[2], dw[3]);
            dst[1] = make_float4(dw[4], dw[5], dw[6], dw[7]);
        }
        __syncthreads();
        if (rowLane == 0 && active) {
            for (int l = 1; l < p.rowLanes; ++l) {
                const float4* src =
                    reinterpret_cast<const float4*>(scratch) + 2 * ((l - 1) * p.laneThreads + t);
                add4(dw, src[0]);
                add4(dw + 4, src[1]);
            }
        }
    }
    publishAndFinish(p, dw, rowLane == 0 && active, cols);
}

using KernelFn = void (*)(Params);

template <bool STREAM, bool HALVES, bool COLS> KernelFn kernelFor(int rowsPerIteration, bool prefetch) {
    if (rowsPerIteration == 1)
        return prefetch ? fusedBackwardKernel<1, true, STREAM, HALVES, COLS>
                        : fusedBackwardKernel<1, false, STREAM, HALVES, COLS>;
    return prefetch ? fusedBackwardKernel<2, true, STREAM, HALVES, COLS>
                    : fusedBackwardKernel<2, false, STREAM, HALVES, COLS>;
}

template <bool COLS> KernelFn kernelFor(const LaunchConfig& plan) {
    if (plan.streaming)
        return plan.halves ? kernelFor<true, true, COLS>(plan.rowsPerIteration, plan.prefetch)
                           : kernelFor<true, false, COLS>(plan.rowsPerIteration, plan.prefetch);
    return plan.halves ? kernelFor<false, true, COLS>(plan.rowsPerIteration, plan.prefetch)
                       : kernelFor<false, false, COLS>(plan.rowsPerIteration, plan.prefetch);
}

KernelFn kernelFor(const LaunchConfig& plan) {
    return plan.columnPass ? kernelFor<true>(plan) : kernelFor<false>(plan);
}

int maxThreadsFor(int rowsPerIteration, bool prefetch) {
    return rowsPerIteration == 1 ? (prefetch ? maxThreads<1, true>() : maxThreads<1, false>())
                                 : (prefetch ? maxThreads<2, true>() : maxThreads<2, false>());
}

bool aligned16(const void* p) {
    return (reinterpret_cast<std::uintptr_t>(p) & 15u) == 0;
}

// The second kernel (LaunchConfig::secondKernel) adds the partial rows column by column, each column
// in an order fixed by the grid size alone. It is launched with programmatic dependent launch and
// waits in cudaGridDependencySynchronize until the main pass has completed, so its launch overlaps
// the main pass.
//
// reducePartialsKernel (reduceQuads = 0, the kernel of 2026-12-02): 32 columns and 16 slices of
// rows per block of 512 threads, one float per load; with 396 partial rows each thread makes 25
// loads, 8 in flight.
constexpr int kReduceTileCols = 32;
constexpr int kReduceSlices = 16;

__global__ void reducePartialsKernel(const float* __restrict__ partials, int numPartials, int hidden,
                                     float* __restrict__ gradWeight) {
    __shared__ float sums[kReduceSlices][kReduceTileCols + 1];
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    cudaGridDependencySynchronize();
#endif
    const int col = blockIdx.x * kReduceTileCols + threadIdx.x;
    float acc = 0.f;
    if (col < hidden) {
#pragma unroll 8
        for (int q = threadIdx.y; q < numPartials; q += kReduceSlices)
            acc += __ldcg(partials + (long long)q * hidden + col);
    }
    sums[threadIdx.y][threadIdx.x] = acc;
    __syncthreads();
    if (threadIdx.y == 0 && col < hidden) {
        float total = 0.f;
        for (int s = 0; s < kReduceSlices; ++s)
            total += sums[s][threadIdx.x];
        gradWeight[col] = total;
    }
}

// reduceQuadsKernel<Q> (reduceQuads = Q): Q groups of 4 columns per block of 256 threads and 256 / Q
// slices of rows, 16-byte loads, 4 rows' loads in flight per thread, so that with Q = 2 (hidden
// 2560: 320 blocks, 128 slices) 396 partial rows take one round of loads. A thread adds its rows in
// order; the slices of a group inside a warp are added by a butterfly, the warps in warp order.
constexpr int kReduceThreads = 256;
constexpr int kReduceBatch = 4;

template <int Q>
__global__ void __launch_bounds__(kReduceThreads)
    reduceQuadsKernel(const float* __restrict__ partials, int numPartials, int hidden,
                      float* __restrict__ gradWeight) {
    __shared__ float4 sums[kReduceThreads / 32][Q];
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    cudaGridDependencySynchronize();
#endif
    constexpr int slices = kReduceThreads / Q;
    const int t = threadIdx.x;
    const int quad = int(blockIdx.x) * Q + t % Q;
    const bool active = quad * 4 < hidden;
    float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
    if (active) {
        for (int q0 = t / Q; q0 < numPartials; q0 += slices * kReduceBatch) {
            float4 v[kReduceBatch];
#pragma unroll
            for (int u = 0; u < kReduceBatch; ++u) {
                const int q = q0 + u * slices;
                // L2 loads: the partials were written by other SMs in the main pass.
                v[u] = q < numPartials
                           ? __ldcg(reinterpret_cast<const float4*>(partials + (long long)q * hidden) + quad)
                           : make_float4(0.f, 0.f, 0.f, 0.f);
            }
#pragma unroll
            for (int u = 0; u < kReduceBatch; ++u)
                acc.x += v[u].x, acc.y += v[u].y, acc.z += v[u].z, acc.w += v[u].w;
        }
    }
#pragma unroll
    for (int offset = 16; offset >= Q; offset >>= 1) {
        acc.x += __shfl_xor_sync(0xffffffffu, acc.x, offset);
        acc.y += __shfl_xor_sync(0xffffffffu, acc.y, offset);
        acc.z += __shfl_xor_sync(0xffffffffu, acc.z, offset);
        acc.w += __shfl_xor_sync(0xffffffffu, acc.w, offset);
    }
    if (t % 32 < Q)
        sums[t / 32][t % 32] = acc;
    __syncthreads();
    if (t < Q && active) {
        float4 total = sums[0][t];
        for (int w = 1; w < kReduceThreads / 32; ++w)
            total.x += sums[w][t].x, total.y += sums[w][t].y, total.z += sums[w][t].z,
                total.w += sums[w][t].w;
        reinterpret_cast<float4*>(gradWeight)[quad] = total;
    }
}

using ReduceFn = void (*)(const float*, int, int, float*);

ReduceFn reduceKernelFor(int quads) {
    switch (quads) {
    case 1:
        return reduceQuadsKernel<1>;
    case 2:
        return reduceQuadsKernel<2>;
    case 4:
        return reduceQuadsKernel<4>;
    case 8:
        return reduceQuadsKernel<8>;
    default:
        return reducePartialsKernel;
    }
}

// Tuning (BENCHMARKS.md "What each design change bought"; sweeps in kernels/bench/results/), time
// over the same-run copy floor, CUPTI medians, H200:
//  * below kColumnPassRows rows grad_weight comes from the column pass, 4 units (32 columns) per
//    block, one row lane: 0.45-0.85 on 128-512 rows and 1.07-1.17 on 1249-1801 rows in the first
//    sweep of 2026-12-03, against 0.89-1.21 and 1.14-1.20 with the second kernel (and 1.11-1.22 in
//    the final sweep of 2026-12-02); 2 or 8 units per block, or two row lanes, were slower.
//  * from there, per-block partials (one row lane, three blocks per SM: 396 partial rows) added by
//    the second kernel of 2026-12-02 (kReduceQuads = 0: its 16-byte-load successors with 1, 2 or 4
//    column groups per block were as fast on the large cases and up to 0.8 us slower on the
//    others), launched with programmatic dependent launch but not triggered early (the early
//    trigger was 1-9% slower).
//  * the column pass's plans keep at most two blocks per SM resident (kColumnPassBlocksPerSm: 80
//    column blocks and 184 of the main pass for hidden 2560, against 316 with three): 1801 rows
//    1.07-1.10 against 1.10-1.13, 1546 rows 1.07-1.10 against 1.09-1.11, 128-1249 rows within 0.01
//    (two sweeps of 2026-12-04, each plan three times, alternating).
//  * no L2 prefetch ahead of the column pass (kColumnAhead): two batches ahead made 1249-1801 rows
//    6-15% slower and changed nothing below 512 rows (2026-12-03).
//  * one row per thread, the next one prefetched; default cache policies (6-7% faster than
//    evict-first hints on the cases above 800 MB, 2026-12-02); contiguous columns (the two-halves
//    mapping was 7-10% slower on the large cases, 2026-12-03).
//  * from 2048 rows, the row lanes per block come from the card table below (kCardPlans).
constexpr std::int64_t kColumnPassRows = 2048;

// Per-card choices, keyed by what the kernel can query (SM count, L2 size), each with its evidence. A
// card in no row gets the defaults the H200 was tuned with (one row lane: three 320-thread blocks per
// SM, 396 partial rows). A row is added only where a sweep on that card measured the gain, and only
// where it cannot reach another card (the H200 has 132 SMs too, but 60 MB of L2).
struct CardPlan {
    int sms;
    int l2MiB;
    int partialsRowLanes;
    const char* card; // recorded with each case's plan (LaunchConfig::card)
};
// H100 80GB HBM3: two row lanes (one 640-thread block per SM, 132 partial rows; the second kernel reads
// a third of the partials): the cases of 87 MB-13.4 GB went from 1.031-1.061 of the same-run copy to
// 1.015-1.034 (kix-kernel-bench --sweep, each plan twice, alternating, 2026-12-07,
// kernels/bench/results/2026-12-07-h100-k2-*; BENCHMARKS.md).
constexpr std::array<CardPlan, 1> kCardPlans = {{{132, 50, 2, "H100 (132 SMs, 50 MB L2)"}}};

const CardPlan* cardPlan() {
    int device = 0, sms = 0, l2 = 0;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, device);
    for (const CardPlan& c : kCardPlans)
        if (c.sms == sms && c.l2MiB == l2 >> 20)
            return &c;
    return nullptr;
}
constexpr int kColumnUnits = 4;
constexpr int kColumnAhead = 0;
constexpr int kReduceQuads = 0;
constexpr int kColumnPassBlocksPerSm = 2;

} // namespace

std::string LaunchConfig::name() const {
    const std::string shape = stages > 0
                                  ? "bulk s" + std::to_string(stages)
                                  : "r" + std::to_string(rowsPerIteration) + (prefetch ? " prefetch" : "") +
                                        " k" + std::to_string(rowLanes);
    const std::string reduce =
        reduceQuads > 0 ? " +reduce q" + std::to_string(reduceQuads) : " +reduce kernel";
    const std::string ahead = (columnAhead > 0 ? " cpf" + std::to_string(columnAhead) : std::string()) +
                              (rowAhead > 0 ? " rpf" + std::to_string(rowAhead) : std::string());
    const std::string finish =
        columnPass      ? " cols" + std::to_string(columnUnits) + (columnSpread ? " spread" : "") + ahead
        : secondKernel  ? reduce + (triggerEarly ? " trig" : "")
        : reducers == 0 ? " nofinish"
                        : "";
    return shape + (streaming ? "" : " plain") + (halves ? " halves" : "") + finish;
}

std::string unsupportedReason(std::int64_t rows, int hidden) {
    if (rows < 1)
        return "rows must be at least 1";
    if (rows > 0x7fffffff - 4096)
        return "rows must be below 2^31";
    if (hidden < kVec || hidden % kVec != 0)
        return "hidden size " + std::to_string(hidden) + " is not a positive multiple of 8";
    if (hidden > kMaxHidden)
        return "hidden size " + std::to_string(hidden) + " is above the kernel's limit of " +
               std::to_string(kMaxHidden);
    return {};
}

LaunchConfig planFusedBackward(std::int64_t rows, int hidden, const LaunchOverrides& overrides) {
    LaunchConfig plan;
    plan.smallProblemPath = rows < kColumnPassRows;
    plan.rowsPerIteration = 1;
    plan.prefetch = true;
    plan.columnPass = plan.smallProblemPath;
    plan.rowLanes = 0; // chosen once the finish is known (below)
    plan.streaming = false;
    plan.secondKernel = !plan.columnPass;
    plan.columnUnits = kColumnUnits;
    plan.columnAhead = kColumnAhead;
    plan.reduceQuads = kReduceQuads;
    if (overrides.rowsPerIteration == 1 || overrides.rowsPerIteration == 2)
        plan.rowsPerIteration = overrides.rowsPerIteration;
    if (overrides.prefetch >= 0)
        plan.prefetch = overrides.prefetch != 0;
    if (overrides.rowLanes > 0)
        plan.rowLanes = overrides.rowLanes;
    if (overrides.streaming >= 0)
        plan.streaming = overrides.streaming != 0;
    if (overrides.stages >= 0)
        plan.stages = std::min(overrides.stages, 16);
    if (overrides.secondKernel >= 0) {
        plan.secondKernel = overrides.secondKernel != 0;
        plan.columnPass = false; // a finish was asked for: partials
    }
    if (overrides.columnPass >= 0)
        plan.columnPass = overrides.columnPass != 0;
    if (overrides.columnUnits > 0 && overrides.columnUnits <= 32 && 32 % overrides.columnUnits == 0)
        plan.columnUnits = overrides.columnUnits;
    if (overrides.halves >= 0)
        plan.halves = overrides.halves != 0;
    if (overrides.triggerEarly >= 0)
        plan.triggerEarly = overrides.triggerEarly != 0;
    if (overrides.columnAhead >= 0)
        plan.columnAhead = std::min(overrides.columnAhead, 16);
    if (overrides.rowAhead >= 0)
        plan.rowAhead = std::min(overrides.rowAhead, 16);
    if (overrides.columnSpread >= 0)
        plan.columnSpread = overrides.columnSpread != 0;
    if (overrides.reduceQuads >= 0 && overrides.reduceQuads <= 8 &&
        (overrides.reduceQuads & (overrides.reduceQuads - 1)) == 0)
        plan.reduceQuads = overrides.reduceQuads;
    if (plan.rowLanes == 0) { // the column pass and the bulk-copy kernel were fastest with one row lane
        const CardPlan* card = plan.columnPass || plan.stages > 0 ? nullptr : cardPlan();
        plan.rowLanes = card ? card->partialsRowLanes : 1;
        plan.card = card ? card->card : "";
    }
    plan.laneThreads = std::max(32, ((std::max(hidden, kVec) / kVec + 31) / 32) * 32);
    if (plan.stages > 0) { // one row per block and step, `stages` of them in flight in shared memory
        plan.rowsPerIteration = plan.rowLanes = 1;
        plan.prefetch = false;
        plan.columnPass = plan.halves = false; // not in the bulk-copy kernel
    }
    if (plan.columnPass || overrides.skipFinish)
        plan.secondKernel = false;
    plan.triggerEarly = plan.triggerEarly && plan.secondKernel;
    if (!plan.secondKernel)
        plan.reduceQuads = 0;
    if (!plan.columnPass)
        plan.columnUnits = plan.columnAhead = plan.rowAhead = 0, plan.columnSpread = false;
    if (!plan.prefetch)
        plan.rowAhead = 0; // the L2 prefetch sits in the prefetching main pass
    const int limit = maxThreadsFor(plan.rowsPerIteration, plan.prefetch);
    plan.rowLanes = std::clamp(plan.rowLanes, 1, std::max(1, limit / plan.laneThreads));
    plan.threads = plan.rowLanes * plan.laneThreads;

    const int warps = plan.laneThreads / 32;
    const std::size_t dotsFloats = std::size_t((2 * plan.rowLanes * plan.rowsPerIteration * warps + 3) & ~3);
    const std::size_t combineFloats = std::size_t(plan.rowLanes - 1) * plan.laneThreads * kVec;
    const std::size_t columnFloats = std::size_t(plan.threads / 32) * std::size_t(plan.columnUnits) * kVec;
    plan.sharedBytes = plan.stages > 0 ? bulkSharedBytes(hidden, plan.stages, plan.threads)
                                       : sizeof(float) * std::max(dotsFloats + combineFloats, columnFloats);

    int device = 0, sms = 1;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    int perSm = 0;
    if (plan.stages > 0)
        perSm = bulkResidentBlocks(plan.threads, plan.sharedBytes, plan.streaming);
    else if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, kernelFor(plan), plan.threads,
                                                           plan.sharedBytes) != cudaSuccess ||
             perSm < 1)
        perSm = 1;
    if (overrides.blocksPerSm > 0)
        perSm = std::min(perSm, overrides.blocksPerSm);
    else if (plan.columnPass)
        perSm = std::min(perSm, kColumnPassBlocksPerSm);
    const std::int64_t resident = std::int64_t(sms) * perSm;
    const std::int64_t rowsPerStep = std::int64_t(plan.rowLanes) * plan.rowsPerIteration;
    const std::int64_t steps = (std::max<std::int64_t>(rows, 1) + rowsPerStep - 1) / rowsPerStep;
    const int units = std::max(hidden, kVec) / kVec;
    plan.columnBlocks = plan.columnPass ? (units + plan.columnUnits - 1) / plan.columnUnits : 0;
    // The column pass's blocks come first; the main pass takes what stays resident beside them (at
    // least a block per SM: no block of this plan ever waits for another, so more are only queued).
    plan.rowBlocks = int(std::min<std::int64_t>(
        std::max<std::int64_t>(resident - plan.columnBlocks, plan.columnPass ? sms : 1), steps));
    plan.blocks = plan.columnBlocks + plan.rowBlocks;
    // One warp per 8-column group finishes grad_weight: as many blocks as that takes.
    plan.reducers = overrides.skipFinish || plan.secondKernel || plan.columnPass
                        ? 0
                        : std::min(plan.blocks, (units + plan.threads / 32 - 1) / (plan.threads / 32));
    plan.workspaceBytes =
        kHeaderBytes +
        (plan.columnPass ? 0 : std::size_t(plan.blocks) * std::size_t(std::max(hidden, kVec)) * 4);
    return plan;
}

std::string prepareWorkspace(const LaunchConfig& plan, void* workspace, void* stream) {
    (void)plan; // every plan's header is the same ticket counter
    KIX_CUDA_TRY(cudaMemsetAsync(workspace, 0, kHeaderBytes, static_cast<cudaStream_t>(stream)));
    return {};
}

std::string launchFusedBackward(const BackwardArgs& a, const LaunchConfig& plan, void* workspace,
                                void* streamPtr) {
    if (const std::string why = unsupportedReason(a.rows, a.hidden); !why.empty())
        return why;
    const void* pointers[] = {a.gradOutput,   a.normalized, a.weight, a.gradHidden,
                              a.gradResidual, a.gradWeight, workspace};
    for (const void* ptr : pointers)
        if (!aligned16(ptr))
            return "every tensor and the workspace must be 16-byte aligned";
    const bool columnsFit =
        !plan.columnPass ||
        (plan.columnUnits > 0 && 32 % plan.columnUnits == 0 && plan.stages == 0 && plan.reducers == 0 &&
         !plan.secondKernel && plan.columnBlocks * plan.columnUnits * kVec >= a.hidden);
    if (plan.blocks < 1 || plan.threads != plan.rowLanes * plan.laneThreads || plan.reducers < 0 ||
        plan.reducers > plan.blocks || plan.laneThreads * kVec < a.hidden || !columnsFit ||
        plan.rowBlocks < 1 || plan.blocks != plan.rowBlocks + (plan.columnPass ? plan.columnBlocks : 0))
        return "the launch plan does not fit this shape: make it with planFusedBackward";
    Params p{};
    p.gradOutput = static_cast<const __nv_bfloat16*>(a.gradOutput);
    p.normalized = a.normalized;
    p.rstd = a.rstd;
    p.weight = a.weight;
    p.gradHidden = static_cast<__nv_bfloat16*>(a.gradHidden);
    p.gradResidual = static_cast<__nv_bfloat16*>(a.gradResidual);
    p.gradWeight = a.gradWeight;
    auto* bytes = static_cast<unsigned char*>(workspace);
    p.tickets = reinterpret_cast<unsigned long long*>(bytes);
    p.partials = reinterpret_cast<float*>(bytes + kHeaderBytes);
    p.rows = int(a.rows);
    p.hidden = a.hidden;
    p.laneThreads = plan.laneThreads;
    p.rowLanes = plan.rowLanes;
    p.reducers = plan.reducers;
    p.stages = plan.stages;
    p.columnBlocks = plan.columnPass ? plan.columnBlocks : 0;
    p.columnUnits = plan.columnUnits;
    p.triggerEarly = plan.triggerEarly ? 1 : 0;
    p.columnAhead = plan.columnAhead;
    p.rowAhead = plan.rowAhead;
    p.columnStride = plan.columnPass && plan.columnSpread ? plan.blocks / plan.columnBlocks : 0;
    const auto stream = static_cast<cudaStream_t>(streamPtr);
    if (plan.stages > 0) {
        KIX_CUDA_TRY(launchBulk(p, plan.blocks, plan.threads, plan.sharedBytes, plan.streaming, stream));
    } else {
        const KernelFn kernel = kernelFor(plan);
        kernel<<<plan.blocks, plan.threads, plan.sharedBytes, stream>>>(p);
        KIX_CUDA_TRY(cudaGetLastError());
    }
    if (!plan.secondKernel)
        return {};
    cudaLaunchConfig_t config = {};
    if (plan.reduceQuads > 0) {
        config.gridDim = dim3((a.hidden / 4 + plan.reduceQuads - 1) / plan.reduceQuads);
        config.blockDim = dim3(kReduceThreads);
    } else {
        config.gridDim = dim3((a.hidden + kReduceTileCols - 1) / kReduceTileCols);
        config.blockDim = dim3(kReduceTileCols, kReduceSlices);
    }
    config.stream = stream;
    cudaLaunchAttribute attribute[1] = {};
    attribute[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
    attribute[0].val.programmaticStreamSerializationAllowed = 1;
    config.attrs = attribute;
    config.numAttrs = 1;
    KIX_CUDA_TRY(cudaLaunchKernelEx(&config, reduceKernelFor(plan.reduceQuads),
                                    static_cast<const float*>(p.partials), plan.blocks, a.hidden,
                                    a.gradWeight));
    return {};
}

} // namespace kix::kernels
