#include "cupti_timer.h"
#include "harness_data.h"

#include <chrono>
#include <cmath>
#include <cstring>
#include <dlfcn.h>
#include <numeric>

namespace kix::kernels {

SampleStats summarize(const std::vector<double>& samples) {
    SampleStats s;
    s.count = samples.size();
    if (samples.empty())
        return s;
    std::vector<double> v = samples;
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    s.median = n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
    s.mean = std::accumulate(v.begin(), v.end(), 0.0) / double(n);
    s.min = v.front();
    s.max = v.back();
    return s;
}

bool CaseReport::correct() const {
    if (!error.empty() || checks.empty())
        return false;
    return std::all_of(checks.begin(), checks.end(), [](const OutputCheck& c) { return c.passed(); });
}

double CaseReport::floorRatio(TimingMethod m) const {
    const double own = fused.stats(m).median, floor = copyFloor.stats(m).median;
    return own > 0 && floor > 0 ? own / floor : 0;
}

bool VariantReport::correct() const {
    return error.empty() && !checks.empty() &&
           std::all_of(checks.begin(), checks.end(), [](const OutputCheck& c) { return c.passed(); });
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
    unsigned flushes = 0;
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

    std::string flushL2() {
        KIX_CUDA_TRY(cudaMemsetAsync(flush.ptr, int(++flushes & 0xff), flush.count, stream));
        return {};
    }

    // CUDA events: flush, event, call, event, … enqueued back to back; read after one synchronize.
    template <typename Call>
    std::string timeEvents(int iterations, Call&& call, const std::function<bool()>& cancelled,
                           std::vector<double>& out) {
        if (auto err = ensureEvents(std::size_t(iterations)); !err.empty())
            return err;
        for (int i = 0; i < iterations; ++i) {
            if (i % 16 == 0 && cancelled && cancelled())
                return "cancelled";
            if (auto err = flushL2(); !err.empty())
                return err;
            KIX_CUDA_TRY(cudaEventRecord(events[2 * i], stream));
            if (auto err = call(); !err.empty())
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

    // CUPTI: flush and wait, then the call and wait, between two CUPTI timestamps. A CUPTI failure is
    // not fatal: it is recorded in `cuptiError` and the events stand alone.
    template <typename Call>
    std::string timeCupti(int iterations, Call&& call, const std::function<bool()>& cancelled, Timing& t) {
        if (!options.useCupti) {
            t.cuptiError = "CUPTI timing was switched off";
            return {};
        }
        if (std::string err = cupti::begin(); !err.empty()) {
            t.cuptiError = err;
            return {};
        }
        std::vector<std::pair<std::uint64_t, std::uint64_t>> windows;
        std::string failure;
        for (int i = 0; i < iterations && failure.empty(); ++i) {
            if (i % 16 == 0 && cancelled && cancelled()) {
                failure = "cancelled";
                break;
            }
            failure = flushL2();
            if (failure.empty() && cudaStreamSynchronize(stream) != cudaSuccess)
                failure = "cudaStreamSynchronize failed before a timed call";
            if (!failure.empty())
                break;
            const std::uint64_t start = cupti::timestamp();
            failure = call();
            if (failure.empty()) {
                if (const cudaError_t e = cudaStreamSynchronize(stream); e != cudaSuccess)
                    failure = cudaMessage(e, "cudaStreamSynchronize");
            }
            windows.emplace_back(start, cupti::timestamp());
        }
        std::vector<double> spans;
        const std::string err = cupti::end(windows, spans);
        if (!failure.empty())
            return failure;
        if (!err.empty())
            t.cuptiError = err;
        else
            t.cuptiNs = std::move(spans);
        return {};
    }

    int iterationsFor(double estimateNs) const {
        const double wanted = options.targetMillisecondsPerCase * 1e6 / std::max(estimateNs, 1.0);
        return int(std::clamp(wanted, double(options.minIterations), double(options.maxIterations)));
    }

    // Warm-up (timed with events, not reported): `warmup` calls, then batches of about 20 ms until
    // options.settleMilliseconds have passed. Then `iterations` calls by each method; 0 chooses the
    // count from the warm-up's median.
    template <typename Call>
    std::string measure(Call&& call, int warmup, int iterations, const std::function<bool()>& cancelled,
                        Timing& t) {
        const auto start = std::chrono::steady_clock::now();
        std::vector<double> warm;
        if (auto err = timeEvents(std::max(warmup, 1), call, cancelled, warm); !err.empty())
            return err;
        const double perCallNs = std::max(summarize(warm).median, 1.0);
        const int batch = int(std::clamp(20e6 / perCallNs, 1.0, 2000.0));
        while (std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count() <
               options.settleMilliseconds) {
            std::vector<double> more;
            if (auto err = timeEvents(batch, call, cancelled, more); !err.empty())
                return err;
        }
        const int n = iterations > 0 ? iterations : iterationsFor(summarize(warm).median);
        if (auto err = timeEvents(n, call, cancelled, t.eventNs); !err.empty())
            return err;
        return timeCupti(n, call, cancelled, t);
    }

    // The floor: a device-to-device copy that reads and writes `bytes` in all, timed like the kernel.
    std::string measureCopyFloor(double bytes, int iterations, const std::function<bool()>& cancelled,
                                 Timing& t, double& copyBytes) {
        const std::size_t n = (std::size_t(std::ceil(bytes / 2)) + 15) / 16 * 16;
        copyBytes = double(n);
        DeviceBuffer<unsigned char> src, dst;
        for (std::string err : {src.allocate(n), dst.allocate(n)})
            if (!err.empty())
                return "copy floor: " + err;
        fillRandomBytes(src.ptr, n, 0xC0FFEE, stream);
        KIX_CUDA_TRY(cudaGetLastError());
        auto copy = [&]() -> std::string {
            KIX_CUDA_TRY(cudaMemcpyAsync(dst.ptr, src.ptr, n, cudaMemcpyDeviceToDevice, stream));
            return {};
        };
        return measure(copy, options.warmup, iterations, cancelled, t);
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
        fillRandomBytes(a.ptr, bytes, 1, m_impl->stream);
        err = m_impl->timeEvents(
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
    return 2.0 * double(bytes) / summarize(samples).median; // bytes per ns = GB/s
}

std::string Harness::calibrate(Timing& out, const std::function<bool()>& cancelled) {
    DeviceBuffer<unsigned char> src, dst;
    for (std::string err : {src.allocate(kCalibrationCopyBytes), dst.allocate(kCalibrationCopyBytes)})
        if (!err.empty())
            return "calibration copy: " + err;
    fillRandomBytes(src.ptr, kCalibrationCopyBytes, 0xCA11B, m_impl->stream);
    KIX_CUDA_TRY(cudaGetLastError());
    auto copy = [&]() -> std::string {
        KIX_CUDA_TRY(cudaMemcpyAsync(dst.ptr, src.ptr, kCalibrationCopyBytes, cudaMemcpyDeviceToDevice,
                                     m_impl->stream));
        return {};
    };
    return m_impl->measure(copy, m_impl->options.warmup, kCalibrationIterations, cancelled, out);
}

CaseReport Harness::runCase(const Workload& w, int caseIndex, const std::function<bool()>& cancelled) {
    Impl& h = *m_impl;
    CaseReport rep;
    rep.workload = w;
    rep.rows = w.rows();
    rep.hidden = kHiddenSize;
    rep.seed = h.options.seed + std::uint64_t(caseIndex);
    rep.bytes = minimumBytes(rep.rows, rep.hidden);
    auto fail = [&](const std::string& e) {
        rep.error = e;
        return rep;
    };
    if (const std::string why = unsupportedReason(rep.rows, rep.hidden); !why.empty())
        return fail(why);
    rep.plan = planFusedBackward(rep.rows, rep.hidden, h.options.launch);
    rep.planName = rep.plan.name();
    const cudaStream_t s = h.stream;

    CaseData d;
    DeviceBuffer<unsigned char> workspace;
    for (std::string err : {d.allocate(rep.rows, rep.hidden), workspace.allocate(rep.plan.workspaceBytes)})
        if (!err.empty())
            return fail(err);
    d.fill(rep.seed, s);
    if (auto err = prepareWorkspace(rep.plan, workspace.ptr, s); !err.empty())
        return fail(err);
    if (auto err = d.poison(s); !err.empty())
        return fail(err);
    const BackwardArgs args = d.args();
    auto fused = [&]() { return launchFusedBackward(args, rep.plan, workspace.ptr, s); };
    if (auto err = fused(); !err.empty())
        return fail(err);
    std::vector<float> gradWeight;
    if (auto err = checkOutputs(d, w.maxAtol, w.maxRtol, s, rep.checks, gradWeight); !err.empty())
        return fail(err);

    if (h.options.timedWindow)
        h.options.timedWindow(true);
    const std::string timedError = h.measure(fused, h.options.warmup, 0, cancelled, rep.fused);
    if (h.options.timedWindow)
        h.options.timedWindow(false);
    if (!timedError.empty())
        return fail(timedError);
    rep.fusedNs = rep.fused.eventNs;
    std::vector<float> after(gradWeight.size());
    if (const cudaError_t e =
            cudaMemcpy(after.data(), d.gradWeight.ptr, after.size() * 4, cudaMemcpyDeviceToHost);
        e != cudaSuccess)
        return fail(cudaMessage(e, "cudaMemcpy"));
    rep.gradWeightStable = std::memcmp(after.data(), gradWeight.data(), after.size() * 4) == 0;

    if (h.options.timeCopyFloor) {
        if (auto err = h.measureCopyFloor(rep.bytes, 0, cancelled, rep.copyFloor, rep.copyBytes);
            !err.empty())
            return fail(err);
    }
    if (h.options.timeReference) {
        DeviceBuffer<unsigned char> unfused;
        if (auto err = unfused.allocate(unfusedWorkspaceBytes(rep.rows, rep.hidden)); !err.empty())
            return fail("unfused reference: " + err);
        auto reference = [&]() { return launchUnfusedBackward(args, unfused.ptr, s); };
        if (auto err = h.measure(reference, 2, h.options.referenceIterations, cancelled, rep.reference);
            !err.empty())
            return fail(err);
        rep.referenceNs = rep.reference.eventNs;
    }
    return rep;
}

SweepCandidate fusedCandidate(std::int64_t rows, int hidden, const LaunchOverrides& overrides) {
    const LaunchConfig plan = planFusedBackward(rows, hidden, overrides);
    SweepCandidate c;
    c.name = plan.name() + " b" + std::to_string(plan.blocks);
    c.workspaceBytes = plan.workspaceBytes;
    c.prepare = [plan](void* ws, void* stream) { return prepareWorkspace(plan, ws, stream); };
    c.launch = [plan](const BackwardArgs& a, void* ws, void* stream) {
        return launchFusedBackward(a, plan, ws, stream);
    };
    return c;
}

SweepReport Harness::sweepCase(const Workload& w, int caseIndex,
                               const std::vector<SweepCandidate>& candidates) {
    Impl& h = *m_impl;
    SweepReport rep;
    rep.workload = w;
    const std::int64_t rows = w.rows();
    rep.bytes = minimumBytes(rows, kHiddenSize);
    const cudaStream_t s = h.stream;
    CaseData d;
    if (auto err = d.allocate(rows, kHiddenSize); !err.empty()) {
        rep.error = err;
        return rep;
    }
    d.fill(h.options.seed + std::uint64_t(caseIndex), s);
    const BackwardArgs args = d.args();
    for (const SweepCandidate& c : candidates) {
        VariantReport v;
        v.name = c.name;
        DeviceBuffer<unsigned char> workspace;
        v.error = workspace.allocate(c.workspaceBytes);
        if (v.error.empty() && c.prepare)
            v.error = c.prepare(workspace.ptr, s);
        if (v.error.empty())
            v.error = d.poison(s);
        auto call = [&]() { return c.launch(args, workspace.ptr, s); };
        if (v.error.empty())
            v.error = call();
        std::vector<float> gradWeight;
        if (v.error.empty())
            v.error = checkOutputs(d, w.maxAtol, w.maxRtol, s, v.checks, gradWeight);
        if (v.error.empty())
            v.error = h.measure(call, 3, h.options.minIterations, {}, v.timing);
        rep.variants.push_back(std::move(v));
    }
    double copyBytes = 0;
    rep.error = h.measureCopyFloor(rep.bytes, h.options.minIterations, {}, rep.copyFloor, copyBytes);
    return rep;
}

} // namespace kix::kernels
