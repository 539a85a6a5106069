// kix-gpu-state-probe: what `kix run` records of the GPU's state (kix/gpu_state.h), on a GPU machine
// without Qt: NVML's identity, the per-boot calibration copy, and per case the fused kernel's median
// beside the NVML window sampled across its timed launches; optionally with the SM clocks locked
// (--lock-clocks MHZ, reset at exit, also on SIGINT/SIGTERM) or as a load on the GPU (--load SECONDS).
// Prints JSON on stdout.
#include "kix/gpu_state.h"
#include "kix/harness.h"

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <sstream>

using namespace kix::kernels;

namespace {

std::atomic<bool> g_stop{false};
extern "C" void probeStop(int /*signal*/) {
    g_stop = true;
}

void printSpread(const char* name, const Spread& s) {
    if (s.count == 0)
        return;
    std::printf(",\"%s\":{\"first\":%.1f,\"minimum\":%.1f,\"median\":%.1f,\"maximum\":%.1f}", name, s.first,
                s.min, s.median, s.max);
}

void printSummary(const GpuStateSummary& s) {
    std::printf("{\"samples\":%zu", s.samples);
    printSpread("smClockMHz", s.smMHz);
    printSpread("memoryClockMHz", s.memoryMHz);
    printSpread("powerW", s.powerW);
    printSpread("powerLimitW", s.powerLimitW);
    printSpread("temperatureC", s.temperatureC);
    std::printf(",\"clocksEventReasons\":[");
    const auto names = clocksEventReasonNames(s.clocksEventReasons);
    for (std::size_t i = 0; i < names.size(); ++i)
        std::printf("%s\"%s\"", i ? "," : "", names[i].c_str());
    std::printf("],\"throttledSamples\":%zu,\"otherProcessesMax\":%d}", s.throttledSamples,
                s.otherProcessesMax);
}

std::string opt(const std::optional<double>& v) {
    return v ? std::to_string(*v) : std::string("null");
}

struct ProbeArgs {
    std::vector<int> cases = {0, 1, 2, 3};
    double lockMHz = 0;
    double loadSeconds = 0;
    bool ok = true;
};

ProbeArgs parseProbeArgs(int argc, char** argv) {
    ProbeArgs a;
    for (int i = 1; i < argc && a.ok; ++i) {
        const bool hasValue = i + 1 < argc;
        if (!std::strcmp(argv[i], "--cases") && hasValue) {
            a.cases.clear();
            std::stringstream ss(argv[++i]);
            std::string item;
            while (std::getline(ss, item, ','))
                a.cases.push_back(std::atoi(item.c_str()));
        } else if (!std::strcmp(argv[i], "--lock-clocks") && hasValue) {
            a.lockMHz = std::atof(argv[++i]);
        } else if (!std::strcmp(argv[i], "--load") && hasValue) {
            a.loadSeconds = std::atof(argv[++i]);
        } else {
            a.ok = false;
        }
    }
    return a;
}

// Another process keeping the GPU's memory busy: device copies until the time is up or a signal.
int runLoad(Harness& harness, double seconds) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    int copies = 0;
    std::string err;
    while (std::chrono::steady_clock::now() < until && !g_stop && err.empty()) {
        harness.measureCopyBandwidth(&err);
        ++copies;
    }
    std::printf("{\"load\":{\"copyCalls\":%d,\"error\":\"%s\"}}\n", copies, err.c_str());
    return 0;
}

const char* jsonBool(const std::optional<bool>& v) {
    return v ? (*v ? "true" : "false") : "null";
}

void printIdentity(const GpuIdentity& id) {
    std::printf(
        ",\"identity\":{\"uuid\":\"%s\",\"vbios\":\"%s\",\"driver\":\"%s\",\"name\":\"%s\",\"ecc\":%s,"
        "\"persistence\":%s,\"appSm\":%s,\"appMem\":%s,\"defaultAppSm\":%s,\"maxSm\":%s,\"maxMem\":%s,"
        "\"powerLimitW\":%s,\"defaultPowerLimitW\":%s}",
        id.uuid.c_str(), id.vbios.c_str(), id.driver.c_str(), id.name.c_str(), jsonBool(id.eccEnabled),
        jsonBool(id.persistenceMode), opt(id.applicationSmMHz).c_str(), opt(id.applicationMemoryMHz).c_str(),
        opt(id.defaultApplicationSmMHz).c_str(), opt(id.maxSmMHz).c_str(), opt(id.maxMemoryMHz).c_str(),
        opt(id.powerLimitW).c_str(), opt(id.defaultPowerLimitW).c_str());
}

// --lock-clocks MHZ, or KIX_PROBE_LOCK_BASE=1: the base (default applications) clock, as kix run locks at.
void lockIfAsked(ClockLock& lock, NvmlGpu& nvml, double lockMHz) {
    if (lockMHz == 0 && std::getenv("KIX_PROBE_LOCK_BASE") == nullptr)
        return;
    const GpuIdentity id = nvml.identity();
    const double target = lockMHz > 0 ? lockMHz : id.defaultApplicationSmMHz.value_or(0);
    const std::string err = lock.lock(target, target);
    std::printf(",\"lock\":{\"targetMHz\":%.0f,\"locked\":%s,\"error\":\"%s\"}", target,
                lock.locked() ? "true" : "false", err.c_str());
}

void runProbeCases(Harness& harness, const std::vector<int>& cases, std::vector<GpuSample>& window,
                   const std::function<bool()>& cancelled) {
    std::printf(",\"cases\":[");
    for (std::size_t k = 0; k < cases.size() && !g_stop; ++k) {
        window.clear();
        const CaseReport r = harness.runCase(kWorkloads.at(std::size_t(cases[k])), cases[k], cancelled);
        std::printf(
            "%s{\"case\":%d,\"correct\":%s,\"eventsMedianNs\":%.1f,\"cuptiMedianNs\":%.1f,\"error\":\"%s\","
            "\"gpuState\":",
            k ? "," : "", cases[k], r.correct() ? "true" : "false",
            r.fused.stats(TimingMethod::CudaEvents).median, r.fused.stats(TimingMethod::Cupti).median,
            r.error.c_str());
        printSummary(summarizeGpuState(window));
        std::printf("}");
        std::fflush(stdout);
    }
}

} // namespace

int main(int argc, char** argv) {
    const ProbeArgs args = parseProbeArgs(argc, argv);
    if (!args.ok) {
        std::fprintf(stderr, "usage: %s [--cases LIST] [--lock-clocks MHZ|0=base] [--load SECONDS]\n",
                     argv[0]);
        return 2;
    }
    std::signal(SIGINT, probeStop);
    std::signal(SIGTERM, probeStop);
    const std::function<bool()> cancelled = [] { return g_stop.load(); };

    std::unique_ptr<GpuStateSampler> sampler;
    std::vector<GpuSample> window;
    HarnessOptions options;
    options.timeReference = false;
    options.timedWindow = [&](bool inside) {
        if (!sampler)
            return;
        if (inside)
            sampler->start();
        else
            window = sampler->stop();
    };
    Harness harness(options);
    if (const std::string err = harness.init(); !err.empty()) {
        std::fprintf(stderr, "no GPU: %s\n", err.c_str());
        return 3;
    }
    if (args.loadSeconds > 0)
        return runLoad(harness, args.loadSeconds);
    const auto nvml = NvmlGpu::open(harness.device().pciBusId);
    std::printf("{\"device\":\"%s\",\"pciBusId\":\"%s\"", harness.device().name.c_str(),
                harness.device().pciBusId.c_str());
    if (!nvml->unavailableReason().empty()) {
        std::printf(",\"unavailable\":\"%s\"", nvml->unavailableReason().c_str());
    } else {
        printIdentity(nvml->identity());
        sampler = std::make_unique<GpuStateSampler>(*nvml, std::chrono::milliseconds(10));
    }
    ClockLock lock(*nvml);
    lockIfAsked(lock, *nvml, args.lockMHz);
    Timing calibration;
    const std::string calErr = harness.calibrate(calibration, cancelled);
    std::printf(",\"calibration\":{\"medianNs\":%.1f,\"error\":\"%s\"}",
                calibration.stats(TimingMethod::CudaEvents).median, calErr.c_str());
    runProbeCases(harness, args.cases, window, cancelled);
    const std::string resetErr = lock.release();
    std::printf("],\"resetError\":\"%s\",\"stopped\":%s}\n", resetErr.c_str(), g_stop ? "true" : "false");
    return 0;
}
