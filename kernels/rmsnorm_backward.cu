// Fused residual RMSNorm backward (SOL-ExecBench 013), one pass over the data.
//
// Each block owns hidden/8 threads; thread t always handles columns [8t, 8t+8), so its slice of
// `weight` and its grad_weight partial sums live in registers for the whole launch. A persistent
// grid walks the rows; each row is read once (bf16 grad_output as one 16-byte load, fp32
// normalized as two), kept in registers across the row reduction, and both bf16 outputs are
// written once with streaming stores. The row's dot product needs one barrier per group of rows
// (double-buffered shared memory). grad_weight is finished by a second, column-parallel kernel that
// adds the per-block partials in a fixed order: deterministic, no float atomics.
#include "cuda_check.h"
#include "kix/rmsnorm_backward.h"

#include <algorithm>
#include <cstdint>
#include <cuda_bf16.h>

namespace kix::kernels {

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

template <int ROWS>
std::string launchRows(const BackwardArgs& a, const LaunchConfig& plan, float* partials,
                       cudaStream_t stream) {
    const std::size_t shared = 2 * ROWS * (plan.threads / 32) * sizeof(float);
    fusedBackwardKernel<ROWS><<<plan.blocks, plan.threads, shared, stream>>>(
        static_cast<const __nv_bfloat16*>(a.gradOutput), a.normalized, a.rstd, a.weight,
        static_cast<__nv_bfloat16*>(a.gradHidden), static_cast<__nv_bfloat16*>(a.gradResidual), partials,
        a.rows, a.hidden);
    KIX_CUDA_TRY(cudaGetLastError());
    return {};
}

template <int ROWS> int residentBlocks(int threads) {
    int perSm = 0;
    const std::size_t shared = 2 * ROWS * (threads / 32) * sizeof(float);
    if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, fusedBackwardKernel<ROWS>, threads, shared) !=
        cudaSuccess)
        return 1;
    return perSm > 0 ? perSm : 1;
}

bool aligned16(const void* p) {
    return (reinterpret_cast<std::uintptr_t>(p) & 15u) == 0;
}

} // namespace

std::string unsupportedReason(std::int64_t rows, int hidden) {
    if (rows < 1)
        return "rows must be at least 1";
    if (hidden < kVec || hidden % kVec != 0)
        return "hidden size " + std::to_string(hidden) + " is not a positive multiple of 8";
    if (hidden > kMaxThreads * kVec)
        return "hidden size " + std::to_string(hidden) + " is above the kernel's limit of " +
               std::to_string(kMaxThreads * kVec);
    return {};
}

LaunchConfig planFusedBackward(std::int64_t rows, int hidden, int rowsPerIteration) {
    LaunchConfig plan;
    plan.rowsPerIteration =
        rowsPerIteration == 1 || rowsPerIteration == 2 || rowsPerIteration == 4 ? rowsPerIteration : 2;
    plan.threads = ((hidden / kVec + 31) / 32) * 32;
    int device = 0, sms = 1;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    const int perSm = plan.rowsPerIteration == 1   ? residentBlocks<1>(plan.threads)
                      : plan.rowsPerIteration == 2 ? residentBlocks<2>(plan.threads)
                                                   : residentBlocks<4>(plan.threads);
    const std::int64_t groups = (rows + plan.rowsPerIteration - 1) / plan.rowsPerIteration;
    plan.blocks = int(std::min<std::int64_t>(std::int64_t(sms) * perSm, groups));
    plan.workspaceBytes = std::size_t(plan.blocks) * std::size_t(hidden) * sizeof(float);
    int major = 0;
    cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device);
    plan.programmaticLaunch = major >= 9; // the attribute exists from Hopper on
    return plan;
}

std::string launchFusedBackward(const BackwardArgs& a, const LaunchConfig& plan, void* workspace,
                                void* streamPtr) {
    if (const std::string why = unsupportedReason(a.rows, a.hidden); !why.empty())
        return why;
    const void* pointers[] = {a.gradOutput, a.normalized, a.weight, a.gradHidden, a.gradResidual, workspace};
    for (const void* p : pointers)
        if (!aligned16(p))
            return "every tensor and the workspace must be 16-byte aligned";
    const auto stream = static_cast<cudaStream_t>(streamPtr);
    auto* partials = static_cast<float*>(workspace);
    std::string err = plan.rowsPerIteration == 1   ? launchRows<1>(a, plan, partials, stream)
                      : plan.rowsPerIteration == 2 ? launchRows<2>(a, plan, partials, stream)
                                                   : launchRows<4>(a, plan, partials, stream);
    if (!err.empty())
        return err;
    cudaLaunchConfig_t config = {};
    config.gridDim = dim3((a.hidden + kReduceTileCols - 1) / kReduceTileCols);
    config.blockDim = dim3(kReduceTileCols, kReduceSlices);
    config.stream = stream;
    cudaLaunchAttribute attribute[1] = {};
    attribute[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
    attribute[0].val.programmaticStreamSerializationAllowed = 1;
    if (plan.programmaticLaunch) {
        config.attrs = attribute;
        config.numAttrs = 1;
    }
    KIX_CUDA_TRY(cudaLaunchKernelEx(&config, reducePartialsKernel, static_cast<const float*>(partials), plan.blocks,
                                    a.hidden, a.gradWeight));
    return {};
}

} // namespace kix::kernels
