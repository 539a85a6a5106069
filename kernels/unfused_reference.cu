// The unfused GPU reference: the definition's PyTorch reference step by step, one kernel per
// operation with fp32 intermediates in device memory, the way PyTorch eager executes it.
// It is the local "reference implementation" whose time the fused kernel's speedup is measured against.
#include "cuda_check.h"
#include "kix/rmsnorm_backward.h"

#include <cuda_bf16.h>

namespace kix::kernels {

namespace {

constexpr int kThreads = 256;

// grad_output.to(float32)
__global__ void castToFloat(const __nv_bfloat16* in, float* out, long long n) {
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
         i += (long long)gridDim.x * blockDim.x)
        out[i] = __bfloat162float(in[i]);
}

// a * b elementwise
__global__ void multiply(const float* a, const float* b, float* out, long long n) {
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
         i += (long long)gridDim.x * blockDim.x)
        out[i] = a[i] * b[i];
}

// a * w broadcast over rows
__global__ void multiplyRowVector(const float* a, const float* w, float* out, long long n, int hidden) {
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
         i += (long long)gridDim.x * blockDim.x)
        out[i] = a[i] * w[i % hidden];
}

// .sum(dim=(0, 1)) in two stages: per row-chunk partials, then their sum.
__global__ void columnPartialSums(const float* in, float* partial, long long rows, int hidden,
                                  int rowsPerChunk) {
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (col >= hidden)
        return;
    const long long begin = (long long)blockIdx.y * rowsPerChunk;
    const long long end = min(rows, begin + rowsPerChunk);
    float acc = 0.f;
    for (long long r = begin; r < end; ++r)
        acc += in[r * hidden + col];
    partial[(long long)blockIdx.y * hidden + col] = acc;
}

__global__ void columnSums(const float* partial, int chunks, int hidden, float* out) {
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (col >= hidden)
        return;
    float acc = 0.f;
    for (int c = 0; c < chunks; ++c)
        acc += partial[(long long)c * hidden + col];
    out[col] = acc;
}

// .mean(dim=-1, keepdim=True): one block per row.
__global__ void rowMeans(const float* in, float* out, int hidden) {
    __shared__ float partial[kThreads];
    const float* row = in + (long long)blockIdx.x * hidden;
    float acc = 0.f;
    for (int j = threadIdx.x; j < hidden; j += blockDim.x)
        acc += row[j];
    partial[threadIdx.x] = acc;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s)
            partial[threadIdx.x] += partial[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        out[blockIdx.x] = partial[0] / float(hidden);
}

// rstd * (grad_normalized - mean * normalized)
__global__ void gradInput(const float* gn, const float* mean, const float* normalized, const float* rstd,
                          float* out, long long n, int hidden) {
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
         i += (long long)gridDim.x * blockDim.x) {
        const long long r = i / hidden;
        out[i] = rstd[r] * (gn[i] - mean[r] * normalized[i]);
    }
}

// .to(torch.bfloat16)
__global__ void castToBf16(const float* in, __nv_bfloat16* out, long long n) {
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
         i += (long long)gridDim.x * blockDim.x)
        out[i] = __float2bfloat16_rn(in[i]);
}

constexpr int kRowsPerChunk = 256;

struct Buffers {
    float *g32, *prod, *gn, *t, *gx, *mean, *partial;
};

Buffers carve(void* workspace, long long rows, int hidden) {
    const long long n = rows * hidden;
    float* p = static_cast<float*>(workspace);
    Buffers b{};
    b.g32 = p, p += n;
    b.prod = p, p += n;
    b.gn = p, p += n;
    b.t = p, p += n;
    b.gx = p, p += n;
    b.mean = p, p += rows;
    b.partial = p;
    return b;
}

int gridFor(long long n) {
    return int(std::min<long long>((n + kThreads - 1) / kThreads, 65535LL * 8));
}

} // namespace

std::size_t unfusedWorkspaceBytes(std::int64_t rows, int hidden) {
    const long long chunks = (rows + kRowsPerChunk - 1) / kRowsPerChunk;
    return sizeof(float) * std::size_t(5 * rows * hidden + rows + chunks * hidden);
}

std::string launchUnfusedBackward(const BackwardArgs& a, void* workspace, void* streamPtr) {
    const auto stream = static_cast<cudaStream_t>(streamPtr);
    const long long n = a.rows * a.hidden;
    const Buffers b = carve(workspace, a.rows, a.hidden);
    const int grid = gridFor(n);
    const int chunks = int((a.rows + kRowsPerChunk - 1) / kRowsPerChunk);
    const int colBlocks = (a.hidden + kThreads - 1) / kThreads;

    castToFloat<<<grid, kThreads, 0, stream>>>(static_cast<const __nv_bfloat16*>(a.gradOutput), b.g32, n);
    multiply<<<grid, kThreads, 0, stream>>>(b.g32, a.normalized, b.prod, n);
    columnPartialSums<<<dim3(colBlocks, chunks), kThreads, 0, stream>>>(b.prod, b.partial, a.rows, a.hidden,
                                                                        kRowsPerChunk);
    columnSums<<<colBlocks, kThreads, 0, stream>>>(b.partial, chunks, a.hidden, a.gradWeight);
    multiplyRowVector<<<grid, kThreads, 0, stream>>>(b.g32, a.weight, b.gn, n, a.hidden);
    multiply<<<grid, kThreads, 0, stream>>>(b.gn, a.normalized, b.t, n);
    rowMeans<<<unsigned(a.rows), kThreads, 0, stream>>>(b.t, b.mean, a.hidden);
    gradInput<<<grid, kThreads, 0, stream>>>(b.gn, b.mean, a.normalized, a.rstd, b.gx, n, a.hidden);
    castToBf16<<<grid, kThreads, 0, stream>>>(b.gx, static_cast<__nv_bfloat16*>(a.gradHidden), n);
    KIX_CUDA_TRY(
        cudaMemcpyAsync(a.gradResidual, a.gradHidden, std::size_t(n) * 2, cudaMemcpyDeviceToDevice, stream));
    KIX_CUDA_TRY(cudaGetLastError());
    return {};
}

} // namespace kix::kernels
