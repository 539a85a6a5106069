// Recorded-looking GPU states for a synthetic local run (issue 24): what NVML would have sampled, so that
// the evidence, the flags and the comparison reasons are tested without a GPU.
#pragma once

#include "GpuStateEvidence.h"
#include "LocalRunManifest.h"
#include "kix/gpu_state.h"

namespace kixtest {

// `samples` readings at smMHz (the last `slowSamples` of them at slowMHz, with sw_power_cap set).
inline std::vector<kix::kernels::GpuSample> gpuWindow(double smMHz, int samples = 20, int slowSamples = 0,
                                                      double slowMHz = 0, int otherProcesses = 0) {
    std::vector<kix::kernels::GpuSample> out;
    for (int i = 0; i < samples; ++i) {
        kix::kernels::GpuSample s;
        s.atSeconds = 0.01 * i;
        const bool slow = i >= samples - slowSamples;
        s.smMHz = slow ? slowMHz : smMHz;
        s.memoryMHz = 3201;
        s.powerW = 400 + i;
        s.powerLimitW = 700;
        s.temperatureC = 40 + i % 3;
        s.clocksEventReasons = slow ? kix::kernels::clocks_event::kSwPowerCap : std::uint64_t(0);
        s.otherProcesses = otherProcesses;
        out.push_back(s);
    }
    return out;
}

// Gives every case of `f` a window at smMHz (case `throttledCase` throttled to 1400 MHz in 8 of 20 samples),
// and the run an NVML identity.
inline void addGpuState(kix::runner::LocalRunFacts& f, double smMHz, int throttledCase = -1,
                        double powerLimitW = 700) {
    f.gpu.identity.uuid = "GPU-5f2a6b1c-0000-4000-8000-000000000001";
    f.gpu.identity.pciBusId = "00000000:19:00.0";
    f.gpu.identity.vbios = "96.00.AF.00.01";
    f.gpu.identity.driver = "580.159.04";
    f.gpu.identity.eccEnabled = true;
    f.gpu.identity.persistenceMode = true;
    f.gpu.identity.applicationSmMHz = 1980;
    f.gpu.identity.defaultApplicationSmMHz = 1980;
    f.gpu.identity.maxSmMHz = 1980;
    f.gpu.identity.powerLimitW = powerLimitW;
    f.gpu.calibration.medianNs = 52000;
    f.gpu.calibration.bootId = "0b5e6d3c-1111-4222-8333-444455556666";
    f.gpu.cases.clear();
    for (std::size_t i = 0; i < f.cases.size(); ++i) {
        auto window = int(i) == throttledCase ? gpuWindow(smMHz, 20, 8, 1400) : gpuWindow(smMHz);
        for (auto& s : window)
            s.powerLimitW = powerLimitW;
        f.gpu.cases.push_back(kix::kernels::summarizeGpuState(window));
    }
}

} // namespace kixtest
