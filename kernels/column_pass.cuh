// The column pass (internal to kernels/): grad_weight of a slice of the columns summed over every
// row by one block, in the same launch as the main pass, so nothing is left to add afterwards and no
// block waits for another. It reads grad_output and normalized a second time (6 of the 10 bytes
// per element), so it pays where a problem is too small to be limited by memory bandwidth: there
// the partial sums' finish, which must wait for every block, costs more than the extra reads
// (measured: BENCHMARKS.md; the plan chooses it by row count in rmsnorm_backward.cu).
#pragma once

#include "backward_device.cuh"

namespace kix::kernels::detail {

// Rows of loads a thread issues before it adds the first of them (4 made the main pass spill
// registers: nvcc -Xptxas -v, CUDA 13.0).
constexpr int kColumnBatch = 3;

// Block `block` (< p.columnBlocks) owns the 8-column units [block * V, block * V + V), V =
// p.columnUnits, which divides 32. Thread t takes unit t % V and the rows t / V, t / V + L, … with L
// = blockDim.x / V row lanes, in that order; the lanes of one unit inside a warp are added by a
// butterfly, the warps in warp order through shared memory (`shared`: blockDim.x / 32 * V * 8
// floats). Every order is fixed by the plan, so grad_weight is bit-identical from launch to launch.
// With p.columnAhead > 0 the rows p.columnAhead batches ahead are asked into L2 first, so that a
// batch's loads wait for L2 rather than memory, without registers to hold them.
__device__ inline void columnPass(const Params& p, int block, float* shared) {
    const int units = p.hidden / kVec;
    const int v = p.columnUnits;
    const int t = threadIdx.x;
    const int lanes = int(blockDim.x) / v;
    const int lane = t / v;
    const int unit = block * v + t % v;
    const bool active = unit < units;
    const int col = unit * kVec;
    float acc[kVec] = {0.f, 0.f, 0.f, 0.f, 0.f, 0.f, 0.f, 0.f};
    if (active) {
        const int ahead = p.columnAhead * lanes * kColumnBatch; // rows
        for (int r0 = lane; r0 < p.rows; r0 += lanes * kColumnBatch) {
            if (ahead > 0) {
#pragma unroll
                for (int u = 0; u < kColumnBatch; ++u)
                    if (const int row = r0 + ahead + u * lanes; row < p.rows)
                        prefetchRow(p, (long long)row * p.hidden + col);
            }
            uint4 g[kColumnBatch];
            float4 n0[kColumnBatch], n1[kColumnBatch];
#pragma unroll
            for (int u = 0; u < kColumnBatch; ++u) { // every load of the batch before the first add
                const int row = r0 + u * lanes;
                if (row < p.rows) {
                    const long long base = (long long)row * p.hidden + col;
                    g[u] = __ldg(reinterpret_cast<const uint4*>(p.gradOutput + base));
                    n0[u] = __ldg(reinterpret_cast<const float4*>(p.normalized + base));
                    n1[u] = __ldg(reinterpret_cast<const float4*>(p.normalized + base + 4));
                } else {
                    g[u] = make_uint4(0, 0, 0, 0);
                    n0[u] = n1[u] = make_float4(0.f, 0.f, 0.f, 0.f);
                }
            }
#pragma unroll
            for (int u = 0; u < kColumnBatch; ++u) {
                float gf[kVec];
                unpack(g[u], gf);
                const float nf[kVec] = {n0[u].x, n0[u].y, n0[u].z, n0[u].w,
                                        n1[u].x, n1[u].y, n1[u].z, n1[u].w};
#pragma unroll
                for (int i = 0; i < kVec; ++i)
                    acc[i] = fmaf(gf[i], nf[i], acc[i]);
            }
        }
    }
    // Inside a warp, lanes t and t ^ (v << k) hold the same unit (v divides 32).
    for (int offset = 16; offset >= v; offset >>= 1)
#pragma unroll
        for (int i = 0; i < kVec; ++i)
            acc[i] += __shfl_xor_sync(0xffffffffu, acc[i], offset);
    const int warp = t / 32, warps = int(blockDim.x) / 32;
    if (t % 32 < v) {
#pragma unroll
        for (int i = 0; i < kVec; ++i)
            shared[(warp * v + t % 32) * kVec + i] = acc[i];
    }
    __syncthreads();
    for (int c = t; c < v * kVec; c += int(blockDim.x)) { // a column each: the warps' sums in order
        const int u = c / kVec, i = c % kVec;
        float total = 0.f;
        for (int w = 0; w < warps; ++w)
            total += shared[(w * v + u) * kVec + i];
        if (block * v + u < units)
            p.gradWeight[(block * v + u) * kVec + i] = total;
    }
}

} // namespace kix::kernels::detail
