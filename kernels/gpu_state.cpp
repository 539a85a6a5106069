#include "kix/gpu_state.h"

#include <algorithm>
#include <array>
#include <utility>

namespace kix::kernels {

std::vector<std::string> clocksEventReasonNames(std::uint64_t reasons) {
    static constexpr std::array<std::pair<std::uint64_t, const char*>, 9> kNames = {{
        {clocks_event::kGpuIdle, "gpu_idle"},
        {clocks_event::kApplicationsClocksSetting, "applications_clocks_setting"},
        {clocks_event::kSwPowerCap, "sw_power_cap"},
        {clocks_event::kHwSlowdown, "hw_slowdown"},
        {clocks_event::kSyncBoost, "sync_boost"},
        {clocks_event::kSwThermalSlowdown, "sw_thermal_slowdown"},
        {clocks_event::kHwThermalSlowdown, "hw_thermal_slowdown"},
        {clocks_event::kHwPowerBrakeSlowdown, "hw_power_brake_slowdown"},
        {clocks_event::kDisplayClockSetting, "display_clock_setting"},
    }};
    std::vector<std::string> names;
    std::uint64_t known = 0;
    for (const auto& [bit, name] : kNames) {
        known |= bit;
        if ((reasons & bit) != 0)
            names.emplace_back(name);
    }
    for (int bit = 0; bit < 64; ++bit) {
        const std::uint64_t mask = std::uint64_t(1) << bit;
        if ((reasons & mask) != 0 && (known & mask) == 0)
            names.push_back("bit_" + std::to_string(bit));
    }
    return names;
}

GpuStateSampler::GpuStateSampler(GpuStateSource& source, std::chrono::milliseconds period)
    : m_source(source)
    , m_period(period) {}

GpuStateSampler::~GpuStateSampler() {
    stop();
}

void GpuStateSampler::start() {
    stop();
    m_samples.clear();
    m_started = std::chrono::steady_clock::now();
    GpuSample first = m_source.sample(); // on the caller's thread: the window opens with it
    first.atSeconds = 0;
    m_samples.push_back(first);
    {
        std::lock_guard<std::mutex> guard(m_mutex);
        m_running = true;
    }
    m_thread = std::thread([this] { loop(); });
}

void GpuStateSampler::loop() {
    std::unique_lock<std::mutex> guard(m_mutex);
    while (true) {
        m_wake.wait_for(guard, m_period, [this] { return !m_running; });
        const bool last = !m_running; // the sample taken after stop() was asked for closes the window
        guard.unlock();
        GpuSample s = m_source.sample();
        s.atSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - m_started).count();
        guard.lock();
        m_samples.push_back(s);
        if (last)
            return;
    }
}

std::vector<GpuSample> GpuStateSampler::stop() {
    if (!m_thread.joinable())
        return {};
    {
        std::lock_guard<std::mutex> guard(m_mutex);
        m_running = false;
    }
    m_wake.notify_all();
    m_thread.join();
    return std::exchange(m_samples, {});
}

Spread spreadOf(const std::vector<GpuSample>& samples, std::optional<double> GpuSample::*field) {
    std::vector<double> values;
    values.reserve(samples.size());
    for (const GpuSample& s : samples)
        if (const auto& v = s.*field)
            values.push_back(*v);
    Spread out;
    out.count = values.size();
    if (values.empty())
        return out;
    out.first = values.front();
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    out.min = values.front();
    out.max = values.back();
    out.median = n % 2 != 0 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
    return out;
}

GpuStateSummary summarizeGpuState(const std::vector<GpuSample>& samples) {
    GpuStateSummary out;
    out.samples = samples.size();
    out.smMHz = spreadOf(samples, &GpuSample::smMHz);
    out.memoryMHz = spreadOf(samples, &GpuSample::memoryMHz);
    out.powerW = spreadOf(samples, &GpuSample::powerW);
    out.powerLimitW = spreadOf(samples, &GpuSample::powerLimitW);
    out.temperatureC = spreadOf(samples, &GpuSample::temperatureC);
    for (const GpuSample& s : samples) {
        if (s.clocksEventReasons) {
            out.clocksEventReasons |= *s.clocksEventReasons;
            if ((*s.clocksEventReasons & clocks_event::kThrottling) != 0)
                ++out.throttledSamples;
        }
        if (s.otherProcesses)
            out.otherProcessesMax = std::max(out.otherProcessesMax, *s.otherProcesses);
    }
    return out;
}

ClockLock::ClockLock(GpuClockControl& control)
    : m_control(control) {}

ClockLock::~ClockLock() {
    release();
}

std::string ClockLock::lock(double minMHz, double maxMHz) {
    std::string err = m_control.lockSmClocks(minMHz, maxMHz);
    m_locked = err.empty();
    return err;
}

std::string ClockLock::release() {
    if (!m_locked)
        return {};
    m_locked = false;
    return m_control.resetSmClocks();
}

} // namespace kix::kernels
