// The design before 2026-12-02 (kix commit 0762731), kept for the benchmark only: the fused pass
// with per-block grad_weight partials, then a second, column-parallel kernel that adds them, launched
// with programmatic dependent launch. `kix-kernel-bench --sweep` times it beside the one-launch
// kernel so that what the one launch bought is measured in the same run.
#include "baseline_two_launch.h"

#include <algorithm>
#include <cstdint>
#include <cuda_bf16.h>
#include <cuda_runtime.h>

namespace kixbench {

namespace {

constexpr int kVec = 8;             // elements per thread per row
constexpr int kMaxThreads = 512;    // hidden up to 4096; caps registers at 128 per thread
constexpr int kReduceTileCols = 32; // grad_weight reduction: columns per block
constexpr int kReduceSlices = 16;   // … and partial rows summed in parallel per column

__device__ __forceinline__ void unpack(uint4 raw, float (&out)[kVec]) {
    const __nv_bfloat162* h = reinterpret_cast<const __nv_bfloat162*>(&raw);
#pragma unroll
    for (int i = 0; i < kVec / 2; ++i) {
        const float2 f = __bfloat1622float2(h[i]);
        out[2 * i] = f.x;
        out[2 * i + 1] = f.y;
    }
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

template <int ROWS>
__global__ void __launch_bounds__(kMaxThreads)
    fusedBackwardKernel(const __nv_bfloat16* __restrict__ gradOutput, const float* __restrict__ normalized,
                        const float* __restrict__ rstd, const float* __restrict__ weight,
                        __nv_bfloat16* __restrict__ gradHidden, __nv_bfloat16* __restrict__ gradResidual,
                        float* __restrict__ partials, long long rows, int hidden) {
    extern __shared__ float dots[]; // [2 buffers][ROWS][warps]
    const int warps = blockDim.x / 32;
    const int warp = threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    const int col = threadIdx.x * kVec;
    const bool active = col < hidden;

    float w[kVec], dw[kVec];
#pragma unroll
    for (int i = 0; i < kVec; ++i)
        w[i] = dw[i] = 0.f;
    if (active) {
        const float4 w0 = __ldg(reinterpret_cast<const float4*>(weight + col));
        const float4 w1 = __ldg(reinterpret_cast<const float4*>(weight + col + 4));
        w[0] = w0.x, w[1] = w0.y, w[2] = w0.z, w[3] = w0.w;
        w[4] = w1.x, w[5] = w1.y, w[6] = w1.z, w[7] = w1.w;
    }
    const float invHidden = 1.f / float(hidden);

    int buffer = 0;
    for (long long row0 = (long long)blockIdx.x * ROWS; row0 < rows; row0 += (long long)gridDim.x * ROWS) {
        float g[ROWS][kVec], n[ROWS][kVec], r[ROWS], dot[ROWS];
        // All loads of the group are issued before any is used.
#pragma unroll
        for (int k = 0; k < ROWS; ++k) {
            const long long row = row0 + k;
            if (active && row < rows) {
                const long long base = row * hidden + col;
                unpack(__ldcs(reinterpret_cast<const uint4*>(gradOutput + base)), g[k]);
                const float4 n0 = __ldcs(reinterpret_cast<const float4*>(normalized + base));
                const float4 n1 = __ldcs(reinterpret_cast<const float4*>(normalized + base + 4));
                n[k][0] = n0.x, n[k][1] = n0.y, n[k][2] = n0.z, n[k][3] = n0.w;
                n[k][4] = n1.x, n[k][5] = n1.y, n[k][6] = n1.z, n[k][7] = n1.w;
                r[k] = __ldg(rstd + row);
            } else {
#pragma unroll
                for (int i = 0; i < kVec; ++i)
                    g[k][i] = n[k][i] = 0.f;
                r[k] = 0.f;
            }
        }
#pragma unroll
        for (int k = 0; k < ROWS; ++k) {
            float d = 0.f;
#pragma unroll
            for (int i = 0; i < kVec; ++i) {
                const float gn = g[k][i] * n[k][i];
                d = fmaf(gn, w[i], d);
                dw[i] += gn;
            }
            dot[k] = warpSum(d);
        }
        float* slot = dots + buffer * ROWS * warps;
        if (lane == 0) {
#pragma unroll
            for (int k = 0; k < ROWS; ++k)
                slot[k * warps + warp] = dot[k];
        }
        __syncthreads(); // the only barrier per group: the other buffer is written next time
#pragma unroll
        for (int k = 0; k < ROWS; ++k) {
            const long long row = row0 + k;
            float total = 0.f;
            for (int i = 0; i < warps; ++i)
                total += slot[k * warps + i]; // same order in every thread: deterministic
            const float mean = total * invHidden;
            if (active && row < rows) {
                float out[kVec];
#pragma unroll
                for (int i = 0; i < kVec; ++i)
                    out[i] = r[k] * fmaf(g[k][i], w[i], -mean * n[k][i]);
                const uint4 packed = pack(out);
                const long long base = row * hidden + col;
                __stcs(reinterpret_cast<uint4*>(gradHidden + base), packed);
                __stcs(reinterpret_cast<uint4*>(gradResidual + base), packed);
            }
        }
        buffer ^= 1;
    }
    if (active) {
        float* p = partials + (long long)blockIdx.x * hidden + col;
        reinterpret_cast<float4*>(p)[0] = make_float4(dw[0], dw[1], dw[2], dw[3]);
        reinterpret_cast<float4*>(p)[1] = make_float4(dw[4], dw[5], dw[6], dw[7]);
    }
}

// grad_weight[c] = sum over blocks of partials[b][c], in block order.
__global__ void reducePartialsKernel(const float* __restrict__ partials, int numPartials, int hidden,
                                     float* __restrict__ gradWeight) {
    __shared__ float sums[kReduceSlices][kReduceTileCols + 1];
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    // With programmatic dependent launch this kernel may start before the main pass ends: wait
    // here until all of its blocks are done and their partials are visible. Without it, a no-op.
    cudaGridDependencySynchronize();
#endif
    const int col = blockIdx.x * kReduceTileCols + threadIdx.x;
    float acc = 0.f;
    if (col < hidden) {
#pragma unroll 8
        for (int p = threadIdx.y; p < numPartials; p += kReduceSlices)
            acc += partials[(long long)p * hidden + col];
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

template <int ROWS> int residentBlocks(int threads) {
    int perSm = 0;
    const std::size_t shared = 2 * ROWS * (threads / 32) * sizeof(float);
    if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, fusedBackwardKernel<ROWS>, threads, shared) !=
        cudaSuccess)
        return 1;
    return perSm > 0 ? perSm : 1;
}

template <int ROWS> int blocksFor(long long rows, int threads) {
    int device = 0, sms = 1;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    const long long groups = (rows + ROWS - 1) / ROWS;
    return int(std::min<long long>((long long)sms * residentBlocks<ROWS>(threads), groups));
}

template <int ROWS>
std::string launch(const kix::kernels::BackwardArgs& a, void* workspace, cudaStream_t stream) {
    const int threads = ((a.hidden / kVec + 31) / 32) * 32;
    const int blocks = blocksFor<ROWS>(a.rows, threads);
    const std::size_t shared = 2 * ROWS * (threads / 32) * sizeof(float);
    auto* partials = static_cast<float*>(workspace);
    fusedBackwardKernel<ROWS><<<blocks, threads, shared, stream>>>(
        static_cast<const __nv_bfloat16*>(a.gradOutput), a.normalized, a.rstd, a.weight,
        static_cast<__nv_bfloat16*>(a.gradHidden), static_cast<__nv_bfloat16*>(a.gradResidual), partials,
        a.rows, a.hidden);
    if (cudaError_t e = cudaGetLastError(); e != cudaSuccess)
        return cudaGetErrorString(e);
    cudaLaunchConfig_t config = {};
    config.gridDim = dim3((a.hidden + kReduceTileCols - 1) / kReduceTileCols);
    config.blockDim = dim3(kReduceTileCols, kReduceSlices);
    config.stream = stream;
    cudaLaunchAttribute attribute[1] = {};
    attribute[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
    attribute[0].val.programmaticStreamSerializationAllowed = 1;
    config.attrs = attribute;
    config.numAttrs = 1;
    if (cudaError_t e = cudaLaunchKernelEx(&config, reducePartialsKernel, static_cast<const float*>(partials),
                                           blocks, a.hidden, a.gradWeight);
        e != cudaSuccess)
        return cudaGetErrorString(e);
    return {};
}

} // namespace

std::size_t twoLaunchWorkspaceBytes(long long rows, int hidden, int rowsPerIteration) {
    const int threads = ((hidden / kVec + 31) / 32) * 32;
    const int blocks = rowsPerIteration == 1 ? blocksFor<1>(rows, threads) : blocksFor<2>(rows, threads);
    return std::size_t(blocks) * std::size_t(hidden) * sizeof(float);
}

std::string launchTwoLaunch(const kix::kernels::BackwardArgs& a, int rowsPerIteration, void* workspace,
                            void* stream) {
    const auto s = static_cast<cudaStream_t>(stream);
    return rowsPerIteration == 1 ? launch<1>(a, workspace, s) : launch<2>(a, workspace, s);
}

} // namespace kixbench
