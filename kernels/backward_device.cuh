// Device code shared by the fused kernels (internal to kernels/): parameters, bf16 packing, cache
// hints, and the in-launch, deterministic finish of grad_weight (see rmsnorm_backward.cu).
#pragma once

#include <cstddef>
#include <cuda_bf16.h>

namespace kix::kernels::detail {

constexpr int kVec = 8;          // columns per thread
constexpr int kMaxHidden = 4096; // one row per 512 threads at most
// Workspace: [256 B header: a 64-bit ticket counter][partials: blocks x hidden fp32].
constexpr std::size_t kHeaderBytes = 256;

struct Params {
    const __nv_bfloat16* __restrict__ gradOutput;
    const float* __restrict__ normalized;
    const float* __restrict__ rstd;
    const float* __restrict__ weight;
    __nv_bfloat16* __restrict__ gradHidden;
    __nv_bfloat16* __restrict__ gradResidual;
    float* __restrict__ gradWeight;
    float* __restrict__ partials; // [gridDim.x][hidden]
    unsigned long long* tickets;  // blocks finished with this workspace, over all launches
    int rows;                     // below 2^31 (unsupportedReason); element offsets are 64-bit
    int hidden;
    int laneThreads;
    int rowLanes;
    int reducers;
    int stages;       // bulk-copy kernel: rows in flight per block
    int columnBlocks; // > 0: the first columnBlocks blocks sum grad_weight by columns (column_pass.cuh)
    int columnUnits;  // column pass: 8-column units per block (divides 32)
    int triggerEarly; // 1: let the second kernel launch at once (programmatic dependent launch)
    int columnAhead;  // column pass: batches of rows ahead to prefetch into L2 (0: none)
    int rowAhead;     // main pass beside the column pass: steps ahead to prefetch into L2 (0: none)
    int columnStride; // > 0: the column pass's blocks are 0, s, 2s, … (spread among the main pass's)
};

// Asks L2 for the line holding `p` (no register is written, so it costs no registers in flight).
__device__ __forceinline__ void prefetchL2(const void* p) {
    asm volatile("prefetch.global.L2 [%0];" ::"l"(p));
}

// A thread's bytes of one row of grad_output and normalized, into L2.
__device__ __forceinline__ void prefetchRow(const Params& p, long long elementOffset) {
    prefetchL2(p.gradOutput + elementOffset);
    prefetchL2(p.normalized + elementOffset);
    prefetchL2(p.normalized + elementOffset + 4);
}

// A row as loaded (grad_output still packed): what a prefetched row costs in registers.
struct RowRaw {
    uint4 g;       // 8 bf16 of grad_output
    float4 n0, n1; // 8 fp32 of normalized
    float r;       // rstd of the row
};

// A row unpacked for the arithmetic.
struct RowRegs {
    float g[kVec], n[kVec];
    float r;
};

// A thread's 8 columns: [colA, colA + 4) and [colB, colB + 4). Contiguous (colB = colA + 4), one
// 16-byte bf16 load or store covers them, but each fp32 load of a warp uses half of every 32-byte
// sector it touches (the other half comes with the next instruction); as two halves (colA = 4t,
// colB = hidden/2 + 4t) every instruction of a warp covers whole sectors, at the price of 8-byte
// bf16 accesses.
struct Columns {
    int a, b;
};

template <bool HALVES> __device__ __forceinline__ Columns columnsOf(int t, int hidden) {
    if constexpr (HALVES)
        return {4 * t, hidden / 2 + 4 * t};
    else
        return {kVec * t, kVec * t + 4};
}

__device__ __forceinline__ void unpack(uint4 raw, float (&out)[kVec]) {
    const __nv_bfloat162* h = reinterpret_cast<const __nv_bfloat162*>(&raw);
#pragma unroll
    for (int i = 0; i < kVec / 2; ++i) {
        const float2 f = __bfloat1622float2(h[i]);
        out[2 * i] = f.x;
        out[2 * i + 1] = f.y;
    }
}

__device__ __forceinline__ void unpack(const RowRaw& raw, RowRegs& out) {
    unpack(raw.g, out.g);
    const float n[kVec] = {raw.n0.x, raw.n0.y, raw.n0.z, raw.n0.w, raw.n1.x, raw.n1.y, raw.n1.z, raw.n1.w};
#pragma unroll
    for (int i = 0; i < kVec; ++i)
        out.n[i] = n[i];
    out.r = raw.r;
}

__device__ __forceinline__ uint4 pack(const float (&v)[kVec]) {
    uint4 raw;
    __nv_bfloat162* h = reinterpret_cast<__nv_bfloat162*>(&raw);
#pragma unroll
    for (int i = 0; i < kVec / 2; ++i)
        h[i] = __floats2bfloat162_rn(v[2 * i], v[2 * i + 1]);
    return raw;
}

__device__ __forceinline__ float warpSum(float v) {
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

// Measured on the H200 (BENCHMARKS.md): a release atomic from every block, acquire loads while
// polling, fences in every thread of the reducers, or reducers that are fixed blocks (they spin
// while other blocks still work) all made the finish slower; a relaxed ticket after one fence per
// block, polled relaxed by one thread of the last blocks to arrive, was the cheapest.
__device__ __forceinline__ unsigned long long loadRelaxed(const unsigned long long* p) {
    unsigned long long v;
    asm volatile("ld.relaxed.gpu.global.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
    return v;
}

__device__ __forceinline__ void add4(float* acc, float4 v) {
    acc[0] += v.x, acc[1] += v.y, acc[2] += v.z, acc[3] += v.w;
}

// STREAM: evict-first cache hints (ld.global.cs / st.global.cs); otherwise the default policies.
template <bool STREAM, typename T> __device__ __forceinline__ T load(const T* p) {
    if constexpr (STREAM)
        return __ldcs(p);
    else
        return __ldg(p);
}

template <bool STREAM, typename T> __device__ __forceinline__ void store(T* p, T v) {
    if constexpr (STREAM)
        __stcs(p, v);
    else
        *p = v;
}

// Both outputs of one row: `packed` holds the 8 bf16 of columns [a, a+4) then [b, b+4).
template <bool STREAM, bool HALVES>
__device__ __forceinline__ void storeRow(const Params& p, long long rowBase, Columns c, uint4 packed) {
    if constexpr (HALVES) {
        const uint2 lo = make_uint2(packed.x, packed.y), hi = make_uint2(packed.z, packed.w);
        store<STREAM>(reinterpret_cast<uint2*>(p.gradHidden + rowBase + c.a), lo);
        store<STREAM>(reinterpret_cast<uint2*>(p.gradHidden + rowBase + c.b), hi);
        store<STREAM>(reinterpret_cast<uint2*>(p.gradResidual + rowBase + c.a), lo);
        store<STREAM>(reinterpret_cast<uint2*>(p.gradResidual + rowBase + c.b), hi);
    } else {
        store<STREAM>(reinterpret_cast<uint4*>(p.gradHidden + rowBase + c.a), packed);
        store<STREAM>(reinterpret_cast<uint4*>(p.gradResidual + rowBase + c.a), packed);
    }
}

// This thread's part of one row; a row past the end (or an inactive lane) reads as zero.
template <bool STREAM, bool HALVES>
__device__ __forceinline__ void loadRow(const Params& p, int row, bool valid, Columns c, RowRaw& out) {
    if (valid) {
        const long long base = (long long)row * p.hidden + c.a;
        if constexpr (HALVES) {
            const long long other = base + (c.b - c.a);
            const uint2 a = load<STREAM>(reinterpret_cast<const uint2*>(p.gradOutput + base));
            const uint2 b = load<STREAM>(reinterpret_cast<const uint2*>(p.gradOutput + other));
            out.g = make_uint4(a.x, a.y, b.x, b.y);
            out.n0 = load<STREAM>(reinterpret_cast<const float4*>(p.normalized + base));
            out.n1 = load<STREAM>(reinterpret_cast<const float4*>(p.normalized + other));
        } else {
            // One address and a constant offset, as in the kernel of 2026-12-02: with the second
            // address computed as its own 64-bit sum (row * hidden + colB) the main pass ran 3%
            // slower with one row lane and 25-30% slower with two (H200, 2026-12-03, BENCHMARKS.md).
            out.g = load<STREAM>(reinterpret_cast<const uint4*>(p.gradOutput + base));
            out.n0 = load<STREAM>(reinterpret_cast<const float4*>(p.normalized + base));
            out.n1 = load<STREAM>(reinterpret_cast<const float4*>(p.normalized + base + 4));
        }
        out.r = __ldg(p.rstd + row);
    } else {
        out.g = make_uint4(0, 0, 0, 0);
        out.n0 = out.n1 = make_float4(0.f, 0.f, 0.f, 0.f);
        out.r = 0.f;
    }
}

// Reducer `reducer` (one of the last blocks to arrive): one warp per 8-column group sums the group
// over all partial rows, lane l taking rows l, l+32, … in order (four rows' loads in flight at a
// time), then a butterfly over the lanes (every lane ends with the same bits). The order depends on
// the grid size alone, so grad_weight is bit-identical from launch to launch.
__device__ inline void finishGradWeight(const Params& p, unsigned reducer) {
    const int groups = p.hidden / kVec;
    const int warps = blockDim.x / 32;
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    const unsigned partialRows = gridDim.x;
    constexpr int kBatch = 4;
    for (int group = int(reducer) * warps + warp; group < groups; group += p.reducers * warps) {
        float acc[kVec] = {0.f, 0.f, 0.f, 0.f, 0.f, 0.f, 0.f, 0.f};
        for (unsigned q0 = unsigned(lane); q0 < partialRows; q0 += 32 * kBatch) {
            float4 v[kBatch][2];
#pragma unroll
            for (int u = 0; u < kBatch; ++u) {
                const unsigned q = q0 + 32u * u;
                // L2 loads: the partials were written by other SMs during this launch.
                const float4* src =
                    reinterpret_cast<const float4*>(p.partials + (long long)q * p.hidden) + 2 * group;
                v[u][0] = q < partialRows ? __ldcg(src) : make_float4(0.f, 0.f, 0.f, 0.f);
                v[u][1] = q < partialRows ? __ldcg(src + 1) : make_float4(0.f, 0.f, 0.f, 0.f);
            }
#pragma unroll
            for (int u = 0; u < kBatch; ++u) {
                add4(acc, v[u][0]);
                add4(acc + 4, v[u][1]);
            }
        }
#pragma unroll
        for (int offset = 16; offset > 0; offset >>= 1)
#pragma unroll
            for (int i = 0; i < kVec; ++i)
                acc[i] += __shfl_xor_sync(0xffffffffu, acc[i], offset);
        if (lane == 0) {
            float4* dst = reinterpret_cast<float4*>(p.gradWeight) + 2 * group;
            dst[0] = make_float4(acc[0], acc[1], acc[2], acc[3]);
            dst[1] = make_float4(acc[4], acc[5], acc[6], acc[7]);
        }
    }
}

// The end of every block: write this block's partial row (`writes`: the threads that own one) and
// take a ticket. The ticket counter only grows (by the grid size per launch), so ticket % grid is
// the block's place in this launch's arrivals and the launch is complete when the counter reaches
// the next multiple of the grid size: nothing to reset. The last `reducers` blocks to arrive wait for
// that, then finish grad_weight. A workspace therefore serves one grid size (prepareWorkspace).
__device__ __forceinline__ void publishAndFinish(const Params& p, const float (&dw)[kVec], bool writes,
                                                 Columns c) {
    __shared__ unsigned long long ticketShared;
    if (writes) {
        float* row = p.partials + (long long)blockIdx.x * p.hidden;
        *reinterpret_cast<float4*>(row + c.a) = make_float4(dw[0], dw[1], dw[2], dw[3]);
        *reinterpret_cast<float4*>(row + c.b) = make_float4(dw[4], dw[5], dw[6], dw[7]);
    }
    if (p.reducers == 0) // finished by a second kernel, or diagnostic: no finish
        return;
    __syncthreads(); // the block's partial row is written; thread 0's fence publishes it
    if (threadIdx.x == 0) {
        __threadfence();
        ticketShared = atomicAdd(p.tickets, 1ull);
    }
    __syncthreads();
    const unsigned long long grid = gridDim.x, ticket = ticketShared;
    const unsigned long long place = ticket % grid, complete = (ticket / grid + 1) * grid;
    const unsigned long long firstReducer = grid - unsigned(p.reducers);
    if (place < firstReducer)
        return;
    if (threadIdx.x == 0) {
        while (loadRelaxed(p.tickets) < complete) {
        }
        __threadfence(); // acquire: the partial rows are read after every block's fence
    }
    __syncthreads();
    finishGradWeight(p, unsigned(place - firstReducer));
}

} // namespace kix::kernels::detail
