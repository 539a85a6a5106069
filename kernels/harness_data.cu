#include "harness_data.h"
#include "kix/rmsnorm_backward_cpu.h"

#include <cstring>

namespace kix::kernels {

namespace {

// ---- inputs: counter-based random numbers, so any element is reproducible from (seed, stream, index)

__device__ __forceinline__ unsigned long long mix(unsigned long long x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

__device__ __forceinline__ float uniform01(unsigned long long h) {
    return (float((h >> 40) & 0xFFFFFF) + 0.5f) * (1.0f / 16777216.0f); // (0, 1)
}

__device__ __forceinline__ float normalAt(unsigned long long seed, unsigned long long i) {
    const unsigned long long h = mix(seed ^ mix(i));
    const float u1 = uniform01(h), u2 = uniform01(mix(h));
    return sqrtf(-2.f * logf(u1)) * cospif(2.f * u2);
}

__global__ void fillNormalBf16(__nv_bfloat16* out, long long n, unsigned long long seed) {
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
         i += (long long)gridDim.x * blockDim.x)
        out[i] = __float2bfloat16_rn(normalAt(seed, (unsigned long long)i));
}

__global__ void fillNormal(float* out, long long n, unsigned long long seed, float mean, float scale) {
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
         i += (long long)gridDim.x * blockDim.x)
        out[i] = mean + scale * normalAt(seed, (unsigned long long)i);
}

__global__ void fillUniform(float* out, long long n, unsigned long long seed, float lo, float hi) {
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
         i += (long long)gridDim.x * blockDim.x)
        out[i] = lo + (hi - lo) * uniform01(mix(seed ^ mix((unsigned long long)i)));
}

__global__ void fillBits(unsigned long long* out, long long n, unsigned long long seed) {
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
         i += (long long)gridDim.x * blockDim.x)
        out[i] = mix(seed ^ mix((unsigned long long)i));
}

int fillGrid(long long n) {
    return int(std::min<long long>((n + 255) / 256, 132LL * 32));
}

// ---- correctness: fp64 reference on the device, compared element by element

struct ErrorAccumulator {
    unsigned long long maxAbsBits[2];
    unsigned long long maxRelBits[2];
    unsigned long long failures[2];
};

__device__ __forceinline__ void atomicMaxNonNegative(unsigned long long* bits, double v) {
    // Non-negative doubles order like their bit patterns.
    atomicMax(bits, (unsigned long long)__double_as_longlong(v));
}

constexpr int kCheckThreads = 256;
constexpr int kRowsPerChunk = 1024;

__global__ void checkRows(const __nv_bfloat16* go, const float* nrm, const float* rstd, const float* w,
                          const __nv_bfloat16* out0, const __nv_bfloat16* out1, long long rows, int hidden,
                          double atol, double rtol, ErrorAccumulator* acc) {
    __shared__ double partial[kCheckThreads];
    for (long long r = blockIdx.x; r < rows; r += gridDim.x) {
        const long long base = r * hidden;
        double dot = 0;
        for (int j = threadIdx.x; j < hidden; j += blockDim.x)
            dot += double(__bfloat162float(go[base + j])) * double(w[j]) * double(nrm[base + j]);
        partial[threadIdx.x] = dot;
        __syncthreads();
        for (int s = blockDim.x / 2; s > 0; s >>= 1) {
            if (threadIdx.x < s)
                partial[threadIdx.x] += partial[threadIdx.x + s];
            __syncthreads();
        }
        const double mean = partial[0] / hidden;
        __syncthreads();
        double maxAbs[2] = {0, 0}, maxRel[2] = {0, 0};
        unsigned long long fails[2] = {0, 0};
        for (int j = threadIdx.x; j < hidden; j += blockDim.x) {
            const double ref = double(rstd[r]) * (double(__bfloat162float(go[base + j])) * double(w[j]) -
                                                  mean * double(nrm[base + j]));
            const __nv_bfloat16* outs[2] = {out0, out1};
            for (int o = 0; o < 2; ++o) {
                const double got = double(__bfloat162float(outs[o][base + j]));
                const double err = fabs(got - ref);
                if (!isfinite(err)) {
                    ++fails[o];
                    maxAbs[o] = maxRel[o] = 1e308;
                    continue;
                }
                if (err > atol + rtol * fabs(ref))
                    ++fails[o];
                maxAbs[o] = fmax(maxAbs[o], err);
                maxRel[o] = fmax(maxRel[o], err / fmax(fabs(ref), atol));
            }
        }
        for (int o = 0; o < 2; ++o) {
            if (fails[o])
                atomicAdd(&acc->failures[o], fails[o]);
            atomicMaxNonNegative(&acc->maxAbsBits[o], maxAbs[o]);
            atomicMaxNonNegative(&acc->maxRelBits[o], maxRel[o]);
        }
    }
}

__global__ void gradWeightPartials(const __nv_bfloat16* go, const float* nrm, long long rows, int hidden,
                                   int rowsPerChunk, double* partial) {
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (col >= hidden)
        return;
    const long long begin = (long long)blockIdx.y * rowsPerChunk;
    const long long end = min(rows, begin + rowsPerChunk);
    double acc = 0;
    for (long long r = begin; r < end; ++r)
        acc += double(__bfloat162float(go[r * hidden + col])) * double(nrm[r * hidden + col]);
    partial[(long long)blockIdx.y * hidden + col] = acc;
}

} // namespace

std::string CaseData::allocate(std::int64_t r, int h) {
    rows = r;
    hidden = h;
    const std::size_t n = std::size_t(r) * std::size_t(h);
    for (std::string err : {gradOutput.allocate(n), gradHidden.allocate(n), gradResidual.allocate(n),
                            normalized.allocate(n), rstd.allocate(std::size_t(r)),
                            weight.allocate(std::size_t(h)), gradWeight.allocate(std::size_t(h))})
        if (!err.empty())
            return err;
    return {};
}

void CaseData::fill(std::uint64_t seed, cudaStream_t s) {
    const long long n = rows * hidden;
    fillNormalBf16<<<fillGrid(n), 256, 0, s>>>(gradOutput.ptr, n, seed * 4 + 0);
    fillNormal<<<fillGrid(n), 256, 0, s>>>(normalized.ptr, n, seed * 4 + 1, 0.f, 1.f);
    fillUniform<<<fillGrid(rows), 256, 0, s>>>(rstd.ptr, rows, seed * 4 + 2, 0.5f, 2.f);
    fillNormal<<<fillGrid(hidden), 256, 0, s>>>(weight.ptr, hidden, seed * 4 + 3, 1.f, 0.1f);
}

std::string CaseData::poison(cudaStream_t s) {
    const std::size_t n = std::size_t(rows) * std::size_t(hidden);
    KIX_CUDA_TRY(cudaMemsetAsync(gradHidden.ptr, 0xff, n * 2, s));
    KIX_CUDA_TRY(cudaMemsetAsync(gradResidual.ptr, 0xff, n * 2, s));
    KIX_CUDA_TRY(cudaMemsetAsync(gradWeight.ptr, 0xff, std::size_t(hidden) * 4, s));
    return {};
}

BackwardArgs CaseData::args() const {
    return {gradOutput.ptr,   normalized.ptr, rstd.ptr, weight.ptr, gradHidden.ptr,
            gradResidual.ptr, gradWeight.ptr, rows,     hidden};
}

void fillRandomBytes(void* data, std::size_t n, std::uint64_t seed, cudaStream_t stream) {
    const long long words = (long long)(n / 8);
    if (words > 0)
        fillBits<<<fillGrid(words), 256, 0, stream>>>(static_cast<unsigned long long*>(data), words, seed);
}

std::string checkOutputs(const CaseData& d, double atol, double rtol, cudaStream_t s,
                         std::vector<OutputCheck>& checks, std::vector<float>& gradWeightHost) {
    const long long n = d.rows * d.hidden;
    const long long chunks = (d.rows + kRowsPerChunk - 1) / kRowsPerChunk;
    DeviceBuffer<double> dwRef;
    DeviceBuffer<ErrorAccumulator> acc;
    for (std::string err : {dwRef.allocate(std::size_t(chunks * d.hidden)), acc.allocate(1)})
        if (!err.empty())
            return err;
    KIX_CUDA_TRY(cudaMemsetAsync(acc.ptr, 0, sizeof(ErrorAccumulator), s));
    checkRows<<<int(std::min<long long>(d.rows, 132LL * 16)), kCheckThreads, 0, s>>>(
        d.gradOutput.ptr, d.normalized.ptr, d.rstd.ptr, d.weight.ptr, d.gradHidden.ptr, d.gradResidual.ptr,
        d.rows, d.hidden, atol, rtol, acc.ptr);
    gradWeightPartials<<<dim3((d.hidden + 127) / 128, unsigned(chunks)), 128, 0, s>>>(
        d.gradOutput.ptr, d.normalized.ptr, d.rows, d.hidden, kRowsPerChunk, dwRef.ptr);
    KIX_CUDA_TRY(cudaGetLastError());
    ErrorAccumulator hostAcc{};
    std::vector<double> partial(std::size_t(chunks) * d.hidden);
    gradWeightHost.assign(std::size_t(d.hidden), 0.f);
    KIX_CUDA_TRY(cudaMemcpyAsync(&hostAcc, acc.ptr, sizeof hostAcc, cudaMemcpyDeviceToHost, s));
    KIX_CUDA_TRY(cudaMemcpyAsync(partial.data(), dwRef.ptr, partial.size() * sizeof(double),
                                 cudaMemcpyDeviceToHost, s));
    KIX_CUDA_TRY(cudaMemcpyAsync(gradWeightHost.data(), d.gradWeight.ptr,
                                 gradWeightHost.size() * sizeof(float), cudaMemcpyDeviceToHost, s));
    KIX_CUDA_TRY(cudaStreamSynchronize(s));
    const char* names[2] = {"grad_hidden_states", "grad_residual"};
    for (int o = 0; o < 2; ++o) {
        OutputCheck c;
        c.output = names[o];
        std::memcpy(&c.maxAbsError, &hostAcc.maxAbsBits[o], sizeof(double));
        std::memcpy(&c.maxRelError, &hostAcc.maxRelBits[o], sizeof(double));
        c.failures = std::int64_t(hostAcc.failures[o]);
        c.count = n;
        c.atol = atol;
        c.rtol = rtol;
        checks.push_back(c);
    }
    ErrorStats dwStats;
    for (int j = 0; j < d.hidden; ++j) {
        double ref = 0;
        for (long long c = 0; c < chunks; ++c)
            ref += partial[std::size_t(c) * d.hidden + j];
        accumulateError(dwStats, double(gradWeightHost[std::size_t(j)]), ref, atol, rtol);
    }
    checks.push_back(
        {"grad_weight", dwStats.maxAbs, dwStats.maxRel, atol, rtol, dwStats.failures, dwStats.count});
    return {};
}

} // namespace kix::kernels
