// The fused kernel with its rows arriving by bulk copies (Hopper's cp.async.bulk, completing on an
// mbarrier): each block keeps `stages` rows of grad_output and normalized in flight in shared
// memory instead of registers, so an SM has several times more bytes on their way than the
// register-prefetch variants can hold. Thread 0 issues the copies; a row's stage is refilled (with
// the block's row `stages` further on) right after the row's one barrier, when every thread has its
// part of the row in registers. The arithmetic, the outputs and the grad_weight finish are those of
// rmsnorm_backward.cu.
#include "bulk_kernel.h"

#include <mutex>

namespace kix::kernels::detail {

namespace {

__device__ __forceinline__ unsigned smemAddress(const void* p) {
    return unsigned(__cvta_generic_to_shared(p));
}

__device__ __forceinline__ void barrierInit(unsigned long long* bar) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smemAddress(bar)) : "memory");
}

__device__ __forceinline__ void barrierExpect(unsigned long long* bar, unsigned bytes) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smemAddress(bar)), "r"(bytes)
                 : "memory");
}

__device__ __forceinline__ void barrierWait(unsigned long long* bar, unsigned parity) {
    unsigned done = 0;
    do {
        asm volatile("{\n\t.reg .pred ready;\n\t"
                     "mbarrier.try_wait.parity.shared::cta.b64 ready, [%1], %2;\n\t"
                     "selp.u32 %0, 1, 0, ready;\n\t}"
                     : "=r"(done)
                     : "r"(smemAddress(bar)), "r"(parity)
                     : "memory");
    } while (!done);
}

__device__ __forceinline__ void bulkLoad(void* dst, const void* src, unsigned bytes,
                                         unsigned long long* bar) {
    asm volatile(
        "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(
            smemAddress(dst)),
        "l"(src), "r"(bytes), "r"(smemAddress(bar))
        : "memory");
}

__host__ __device__ constexpr unsigned roundUp128(unsigned bytes) {
    return (bytes + 127u) & ~127u;
}

template <bool STREAM> __global__ void __launch_bounds__(512) bulkBackwardKernel(Params p) {
    extern __shared__ __align__(128) unsigned char smem[];
    const int t = threadIdx.x;
    const int warps = blockDim.x / 32, warp = t / 32, lane = t % 32;
    const int col = t * kVec;
    const bool active = col < p.hidden;
    const unsigned goBytes = unsigned(p.hidden) * 2u, nBytes = unsigned(p.hidden) * 4u;
    const unsigned goStride = roundUp128(goBytes), nStride = roundUp128(nBytes);
    unsigned char* goStage = smem;
    unsigned char* nStage = smem + p.stages * goStride;
    auto* bars = reinterpret_cast<unsigned long long*>(nStage + p.stages * nStride);
    float* dots = reinterpret_cast<float*>(bars + p.stages);
    // This block's rows: blockIdx.x, blockIdx.x + gridDim.x, …
    const int myRows = int(blockIdx.x) < p.rows ? (p.rows - 1 - int(blockIdx.x)) / int(gridDim.x) + 1 : 0;

    auto issue = [&](int j) { // thread 0: row j of this block into stage j % stages
        const int s = j % p.stages;
        const long long element = ((long long)blockIdx.x + (long long)j * gridDim.x) * p.hidden;
        barrierExpect(bars + s, goBytes + nBytes);
        bulkLoad(goStage + s * goStride, p.gradOutput + element, goBytes, bars + s);
        bulkLoad(nStage + s * nStride, p.normalized + element, nBytes, bars + s);
    };
    if (t == 0) {
        for (int s = 0; s < p.stages; ++s)
            barrierInit(bars + s);
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
        for (int j = 0; j < p.stages && j < myRows; ++j)
            issue(j);
    }
    __syncthreads(); // the barriers are initialised before anyone waits on them

    float w[kVec], dw[kVec];
#pragma unroll
    for (int i = 0; i < kVec; ++i)
        w[i] = dw[i] = 0.f;
    if (active) {
        const float4 w0 = __ldg(reinterpret_cast<const float4*>(p.weight + col));
        const float4 w1 = __ldg(reinterpret_cast<const float4*>(p.weight + col + 4));
        w[0] = w0.x, w[1] = w0.y, w[2] = w0.z, w[3] = w0.w;
        w[4] = w1.x, w[5] = w1.y, w[6] = w1.z, w[7] = w1.w;
    }
    const float invHidden = 1.f / float(p.hidden);
    float rNext = myRows > 0 ? __ldg(p.rstd + blockIdx.x) : 0.f;
    int buffer = 0;
    for (int j = 0; j < myRows; ++j) {
        const int row = int(blockIdx.x) + j * int(gridDim.x);
        const int s = j % p.stages;
        const float r = rNext;
        if (j + 1 < myRows)
            rNext = __ldg(p.rstd + row + gridDim.x);
        barrierWait(bars + s, unsigned(j / p.stages) & 1u);
        RowRaw raw;
        if (active) {
            raw.g = *reinterpret_cast<const uint4*>(goStage + s * goStride + col * 2);
            raw.n0 = *reinterpret_cast<const float4*>(nStage + s * nStride + col * 4);
            raw.n1 = *reinterpret_cast<const float4*>(nStage + s * nStride + col * 4 + 16);
        } else {
            raw.g = make_uint4(0, 0, 0, 0);
            raw.n0 = raw.n1 = make_float4(0.f, 0.f, 0.f, 0.f);
        }
        raw.r = r;
        RowRegs v;
        unpack(raw, v);
        float d = 0.f;
#pragma unroll
        for (int i = 0; i < kVec; ++i) {
            const float gn = v.g[i] * v.n[i];
            d = fmaf(gn, w[i], d);
            dw[i] += gn;
        }
        d = warpSum(d);
        if (lane == 0)
            dots[buffer * warps + warp] = d;
        __syncthreads(); // every thread holds its part of row j: stage s can be refilled
        if (t == 0 && j + p.stages < myRows) {
            asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
            issue(j + p.stages);
        }
        float total = 0.f;
        for (int i = 0; i < warps; ++i)
            total += dots[buffer * warps + i]; // same order in every thread: deterministic
        const float mean = total * invHidden;
        if (active) {
            float out[kVec];
#pragma unroll
            for (int i = 0; i < kVec; ++i)
                out[i] = v.r * fmaf(v.g[i], w[i], -mean * v.n[i]);
            const uint4 packed = pack(out);
            const long long base = (long long)row * p.hidden + col;
            store<STREAM>(reinterpret_cast<uint4*>(p.gradHidden + base), packed);
            store<STREAM>(reinterpret_cast<uint4*>(p.gradResidual + base), packed);
        }
        buffer ^= 1;
    }
    publishAndFinish(p, dw, active, Columns{col, col + 4});
}

template <bool STREAM> void allowLargeShared() {
    static std::once_flag once;
    std::call_once(once, [] {
        int device = 0, limit = 48 << 10;
        cudaGetDevice(&device);
        cudaDeviceGetAttribute(&limit, cudaDevAttrMaxSharedMemoryPerBlockOptin, device);
        cudaFuncAttributes attributes{};
        cudaFuncGetAttributes(&attributes, bulkBackwardKernel<STREAM>);
        // The opt-in limit covers static and dynamic shared memory together.
        cudaFuncSetAttribute(bulkBackwardKernel<STREAM>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                             limit - int(attributes.sharedSizeBytes));
        cudaGetLastError(); // a refusal is not a launch error: a plan above the limit fails at launch
    });
}

} // namespace

std::size_t bulkSharedBytes(int hidden, int stages, int threads) {
    const std::size_t stage = roundUp128(unsigned(hidden) * 2u) + roundUp128(unsigned(hidden) * 4u);
    return std::size_t(stages) * (stage + 8) + 2 * std::size_t(threads / 32) * sizeof(float);
}

int bulkResidentBlocks(int threads, std::size_t sharedBytes, bool streaming) {
    int perSm = 0;
    cudaError_t e;
    if (streaming) {
        allowLargeShared<true>();
        e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, bulkBackwardKernel<true>, threads,
                                                          sharedBytes);
    } else {
        allowLargeShared<false>();
        e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, bulkBackwardKernel<false>, threads,
                                                          sharedBytes);
    }
    return e == cudaSuccess && perSm > 0 ? perSm : 1;
}

cudaError_t launchBulk(const Params& p, int blocks, int threads, std::size_t sharedBytes, bool streaming,
                       cudaStream_t stream) {
    if (streaming) {
        allowLargeShared<true>();
        bulkBackwardKernel<true><<<blocks, threads, sharedBytes, stream>>>(p);
    } else {
        allowLargeShared<false>();
        bulkBackwardKernel<false><<<blocks, threads, sharedBytes, stream>>>(p);
    }
    return cudaGetLastError();
}

} // namespace kix::kernels::detail
