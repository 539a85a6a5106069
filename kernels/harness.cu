#include "cuda_check.h"
#include "kix/harness.h"
#include "kix/rmsnorm_backward_cpu.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <cuda_bf16.h>
#include <dlfcn.h>

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

template <typename T> struct DeviceBuffer {
    T* ptr = nullptr;
    std::size_t count = 0;
    std::string allocate(std::size_t n) {
        count = n;
        const cudaError_t e = cudaMalloc(&ptr, std::max<std::size_t>(n, 1) * sizeof(T));
        if (e != cudaSuccess) {
            ptr = nullptr;
            return cudaMessage(e, "cudaMalloc") + " for " + std::to_string(n * sizeof(T)) + " bytes";
        }
        return {};
    }
    ~DeviceBuffer() {
        if (ptr)
            cudaFree(ptr);
    }
};

int fillGrid(long long n) {
    return int(std::min<long long>((n + 255) / 256, 132LL * 32));
}

} // namespace

bool CaseReport::correct() const {
    if (!error.empty() || checks.empty())
        return false;
    return std::all_of(checks.begin(), checks.end(), [](const OutputCheck& c) { return c.passed(); });
}

DeviceInfo queryDevice() {
    DeviceInfo info;
    int count = 0;
    const cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess) {
        // The runtime reports a missing driver as "insufficient"; say plainly when there is none at all.
        if (void* driver = dlopen("libcuda.so.1", RTLD_LAZY); driver == nullptr) {
            info.unavailableReason =
                "no NVIDIA driver is installed (libcuda.so.1 cannot be loaded), so there is no GPU to run on";
            return info;
        } else {
            dlclose(driver);
        }
        info.unavailableReason =
            e == cudaErrorInsufficientDriver || e == cudaErrorNoDevice
                ? std::string("no NVIDIA GPU with a working driver was found (") + cudaGetErrorString(e) + ")"
                : cudaMessage(e, "cudaGetDeviceCount");
        return info;
    }
    if (count == 0) {
        info.unavailableReason = "no CUDA device is visible";
        return info;
    }
    cudaDeviceProp p{};
    if (const cudaError_t pe = cudaGetDeviceProperties(&p, 0); pe != cudaSuccess) {
        info.unavailableReason = cudaMessage(pe, "cudaGetDeviceProperties");
        return info;
    }
    info.available = true;
    info.name = p.name;
    info.computeMajor = p.major;
    info.computeMinor = p.minor;
    info.multiprocessors = p.multiProcessorCount;
    info.memoryBytes = p.totalGlobalMem;
    info.l2Bytes = std::size_t(p.l2CacheSize);
    cudaDriverGetVersion(&info.driverVersion);
    cudaRuntimeGetVersion(&info.runtimeVersion);
    char bus[64] = {};
    if (cudaDeviceGetPCIBusId(bus, sizeof bus, 0) == cudaSuccess)
        info.pciBusId = bus;
    return info;
}

double Harness::minimumBytes(std::int64_t rows, int hidden) {
    const double n = double(rows) * hidden;
    // grad_output bf16 + normalized fp32 in, two bf16 outputs; rstd per row, weight and grad_weight per
    // column.
    return n * (2 + 4 + 2 + 2) + double(rows) * 4 + double(hidden) * 4 * 2;
}

struct Harness::Impl {
    HarnessOptions options;
    DeviceInfo device;
    cudaStream_t stream = nullptr;
    DeviceBuffer<unsigned char> flush;
    std::vector<cudaEvent_t> events;

    ~Impl() {
        for (auto e : events)
            cudaEventDestroy(e);
        if (stream)
            cudaStreamDestroy(stream);
    }

    std::string ensureEvents(std::size_t pairs) {
        while (events.size() < 2 * pairs) {
            cudaEvent_t e;
            KIX_CUDA_TRY(cudaEventCreate(&e));
            events.push_back(e);
        }
        return {};
    }

    // Times `launch` once per iteration, writing the flush buffer (twice the L2) before each.
    template <typename Launch>
    std::string time(int iterations, Launch&& launch, const std::function<bool()>& cancelled,
                     std::vector<double>& out) {
        if (auto err = ensureEvents(std::size_t(iterations)); !err.empty())
            return err;
        for (int i = 0; i < iterations; ++i) {
            if (i % 16 == 0 && cancelled && cancelled())
                return "cancelled";
            KIX_CUDA_TRY(cudaMemsetAsync(flush.ptr, i & 0xff, flush.count, stream));
            KIX_CUDA_TRY(cudaEventRecord(events[2 * i], stream));
            if (auto err = launch(); !err.empty())
                return err;
            KIX_CUDA_TRY(cudaEventRecord(events[2 * i + 1], stream));
        }
        KIX_CUDA_TRY(cudaStreamSynchronize(stream));
        for (int i = 0; i < iterations; ++i) {
            float ms = 0;
            KIX_CUDA_TRY(cudaEventElapsedTime(&ms, events[2 * i], events[2 * i + 1]));
            out.push_back(double(ms) * 1e6);
        }
        return {};
    }

    int iterationsFor(double estimateNs) const {
        const double wanted = options.targetMillisecondsPerCase * 1e6 / std::max(estimateNs, 1.0);
        return int(std::clamp(wanted, double(options.minIterations), double(options.maxIterations)));
    }
};

Harness::Harness(HarnessOptions options)
    : m_impl(std::make_unique<Impl>()) {
    m_impl->options = options;
}
Harness::~Harness() = default;

const DeviceInfo& Harness::device() const {
    return m_impl->device;
}

std::string Harness::init() {
    m_impl->device = queryDevice();
    if (!m_impl->device.available)
        return m_impl->device.unavailableReason;
    KIX_CUDA_TRY(cudaSetDevice(0));
    KIX_CUDA_TRY(cudaStreamCreateWithFlags(&m_impl->stream, cudaStreamNonBlocking));
    const std::size_t flushBytes = std::max<std::size_t>(2 * m_impl->device.l2Bytes, 64u << 20);
    return m_impl->flush.allocate(flushBytes);
}

double Harness::measureCopyBandwidth(std::string* error) {
    const std::size_t bytes = std::size_t(1) << 30;
    DeviceBuffer<unsigned char> a, b;
    std::string err = a.allocate(bytes);
    if (err.empty())
        err = b.allocate(bytes);
    std::vector<double> samples;
    if (err.empty()) {
        cudaMemsetAsync(a.ptr, 1, bytes, m_impl->stream);
        err = m_impl->time(
            10,
            [&]() -> std::string {
                KIX_CUDA_TRY(cudaMemcpyAsync(b.ptr, a.ptr, bytes, cudaMemcpyDeviceToDevice, m_impl->stream));
                return {};
            },
            {}, samples);
    }
    if (!err.empty()) {
        if (error)
            *error = err;
        return 0;
    }
    std::sort(samples.begin(), samples.end());
    const double medianNs = samples[samples.size() / 2];
    return 2.0 * double(bytes) / medianNs; // bytes per ns = GB/s
}

CaseReport Harness::runCase(const Workload& w, int caseIndex, const std::function<bool()>& cancelled) {
    Impl& h = *m_impl;
    CaseReport rep;
    rep.workload = w;
    rep.rows = w.rows();
    rep.hidden = kHiddenSize;
    rep.seed = h.options.seed + std::uint64_t(caseIndex);
    rep.bytes = minimumBytes(rep.rows, rep.hidden);
    if (const std::string why = unsupportedReason(rep.rows, rep.hidden); !why.empty()) {
        rep.error = why;
        return rep;
    }
    rep.plan = planFusedBackward(rep.rows, rep.hidden, h.options.rowsPerIteration);
    rep.plan.programmaticLaunch = rep.plan.programmaticLaunch && h.options.programmaticLaunch;
    const long long n = rep.rows * rep.hidden;

    DeviceBuffer<__nv_bfloat16> go, gh, gr;
    DeviceBuffer<float> nrm, rstd, weight, dw;
    DeviceBuffer<unsigned char> workspace, unfused;
    DeviceBuffer<double> dwRef;
    DeviceBuffer<ErrorAccumulator> acc;
    constexpr int kRowsPerChunk = 1024;
    const long long chunks = (rep.rows + kRowsPerChunk - 1) / kRowsPerChunk;
    for (std::string err :
         {go.allocate(n), gh.allocate(n), gr.allocate(n), nrm.allocate(n), rstd.allocate(rep.rows),
          weight.allocate(rep.hidden), dw.allocate(rep.hidden), workspace.allocate(rep.plan.workspaceBytes),
          dwRef.allocate(chunks * rep.hidden), acc.allocate(1)}) {
        if (!err.empty()) {
            rep.error = err;
            return rep;
        }
    }
    auto fail = [&](const std::string& e) {
        rep.error = e;
        return rep;
    };
#define KIX_STEP(call)                                                                                       \
    do {                                                                                                     \
        const cudaError_t e_ = (call);                                                                       \
        if (e_ != cudaSuccess)                                                                               \
            return fail(cudaMessage(e_, #call));                                                             \
    } while (0)

    const cudaStream_t s = h.stream;
    const unsigned long long seed = rep.seed;
    fillNormalBf16<<<fillGrid(n), 256, 0, s>>>(go.ptr, n, seed * 4 + 0);
    fillNormal<<<fillGrid(n), 256, 0, s>>>(nrm.ptr, n, seed * 4 + 1, 0.f, 1.f);
    fillUniform<<<fillGrid(rep.rows), 256, 0, s>>>(rstd.ptr, rep.rows, seed * 4 + 2, 0.5f, 2.f);
    fillNormal<<<fillGrid(rep.hidden), 256, 0, s>>>(weight.ptr, rep.hidden, seed * 4 + 3, 1.f, 0.1f);
    KIX_STEP(cudaGetLastError());
    // Poison the outputs: all-ones bits are NaN in bf16 and fp32, so an unwritten element fails the check.
    KIX_STEP(cudaMemsetAsync(gh.ptr, 0xff, std::size_t(n) * 2, s));
    KIX_STEP(cudaMemsetAsync(gr.ptr, 0xff, std::size_t(n) * 2, s));
    KIX_STEP(cudaMemsetAsync(dw.ptr, 0xff, std::size_t(rep.hidden) * 4, s));
    KIX_STEP(cudaMemsetAsync(acc.ptr, 0, sizeof(ErrorAccumulator), s));

    const BackwardArgs args{go.ptr, nrm.ptr, rstd.ptr, weight.ptr, gh.ptr,
                            gr.ptr, dw.ptr,  rep.rows, rep.hidden};
    auto fused = [&]() { return launchFusedBackward(args, rep.plan, workspace.ptr, s); };
    if (auto err = fused(); !err.empty())
        return fail(err);

    // Check all three outputs against the fp64 reference.
    checkRows<<<int(std::min<long long>(rep.rows, 132LL * 16)), kCheckThreads, 0, s>>>(
        go.ptr, nrm.ptr, rstd.ptr, weight.ptr, gh.ptr, gr.ptr, rep.rows, rep.hidden, w.maxAtol, w.maxRtol,
        acc.ptr);
    gradWeightPartials<<<dim3((rep.hidden + 127) / 128, unsigned(chunks)), 128, 0, s>>>(
        go.ptr, nrm.ptr, rep.rows, rep.hidden, kRowsPerChunk, dwRef.ptr);
    KIX_STEP(cudaGetLastError());
    ErrorAccumulator hostAcc{};
    std::vector<double> partial(std::size_t(chunks) * rep.hidden);
    std::vector<float> dwHost(std::size_t(rep.hidden));
    KIX_STEP(cudaMemcpyAsync(&hostAcc, acc.ptr, sizeof hostAcc, cudaMemcpyDeviceToHost, s));
    KIX_STEP(cudaMemcpyAsync(partial.data(), dwRef.ptr, partial.size() * sizeof(double),
                             cudaMemcpyDeviceToHost, s));
    KIX_STEP(
        cudaMemcpyAsync(dwHost.data(), dw.ptr, dwHost.size() * sizeof(float), cudaMemcpyDeviceToHost, s));
    KIX_STEP(cudaStreamSynchronize(s));
    const char* names[2] = {"grad_hidden_states", "grad_residual"};
    for (int o = 0; o < 2; ++o) {
        OutputCheck c;
        c.output = names[o];
        std::memcpy(&c.maxAbsError, &hostAcc.maxAbsBits[o], sizeof(double));
        std::memcpy(&c.maxRelError, &hostAcc.maxRelBits[o], sizeof(double));
        c.failures = std::int64_t(hostAcc.failures[o]);
        c.count = n;
        c.atol = w.maxAtol;
        c.rtol = w.maxRtol;
        rep.checks.push_back(c);
    }
    ErrorStats dwStats;
    for (int j = 0; j < rep.hidden; ++j) {
        double ref = 0;
        for (long long c = 0; c < chunks; ++c)
            ref += partial[std::size_t(c) * rep.hidden + j];
        accumulateError(dwStats, double(dwHost[std::size_t(j)]), ref, w.maxAtol, w.maxRtol);
    }
    rep.checks.push_back({"grad_weight", dwStats.maxAbs, dwStats.maxRel, w.maxAtol, w.maxRtol,
                          dwStats.failures, dwStats.count});

    // Time the fused kernel: warm up, estimate, then the timed iterations.
    std::vector<double> warm;
    if (auto err = h.time(h.options.warmup, fused, cancelled, warm); !err.empty())
        return fail(err);
    std::sort(warm.begin(), warm.end());
    if (auto err = h.time(h.iterationsFor(warm[warm.size() / 2]), fused, cancelled, rep.fusedNs);
        !err.empty())
        return fail(err);

    if (h.options.timeReference) {
        if (auto err = unfused.allocate(unfusedWorkspaceBytes(rep.rows, rep.hidden)); !err.empty())
            return fail("unfused reference: " + err);
        auto reference = [&]() { return launchUnfusedBackward(args, unfused.ptr, s); };
        std::vector<double> refWarm;
        if (auto err = h.time(2, reference, cancelled, refWarm); !err.empty())
            return fail(err);
        if (auto err = h.time(h.options.referenceIterations, reference, cancelled, rep.referenceNs);
            !err.empty())
            return fail(err);
    }
#undef KIX_STEP
    return rep;
}

} // namespace kix::kernels
