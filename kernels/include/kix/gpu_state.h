// The GPU's state while kix times a kernel (issue 24): clocks, power, temperature, clocks-event
// (throttle) reasons and other processes, sampled on a background thread across a case's timed
// window, and the GPU's identity once per run. No CUDA or Qt types here.
//
// GpuStateSource is the interface: openNvml() reads it from the driver's NVML library (loaded at run
// time, so that kix starts where no driver is installed, and says why it cannot sample); tests put a
// fake behind it. GpuClockControl locks and resets the SM clocks (kix run --lock-clocks); ClockLock
// holds such a lock for a scope and resets it on every way out of it.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace kix::kernels {

// One reading. A value the driver did not give is empty.
struct GpuSample {
    double atSeconds = 0; // since the sampler started
    std::optional<double> smMHz, memoryMHz;
    std::optional<double> powerW, powerLimitW; // draw and the enforced limit
    std::optional<double> temperatureC;
    std::optional<std::uint64_t> clocksEventReasons; // NVML's nvmlClocksEventReason* bits
    std::optional<int> otherProcesses;               // compute processes on the GPU other than this one
};

// NVML's clocks-event (throttle) reason bits (nvml.h, nvmlClocksEventReason*).
namespace clocks_event {
inline constexpr std::uint64_t kGpuIdle = 0x1;
inline constexpr std::uint64_t kApplicationsClocksSetting = 0x2;
inline constexpr std::uint64_t kSwPowerCap = 0x4;
inline constexpr std::uint64_t kHwSlowdown = 0x8;
inline constexpr std::uint64_t kSyncBoost = 0x10;
inline constexpr std::uint64_t kSwThermalSlowdown = 0x20;
inline constexpr std::uint64_t kHwThermalSlowdown = 0x40;
inline constexpr std::uint64_t kHwPowerBrakeSlowdown = 0x80;
inline constexpr std::uint64_t kDisplayClockSetting = 0x100;
// The reasons that slow a busy GPU down (power or thermal caps, hardware slowdown): a sample with any
// of them is "throttled". Idle, an applications-clocks setting and sync boost are not.
inline constexpr std::uint64_t kThrottling =
    kSwPowerCap | kHwSlowdown | kSwThermalSlowdown | kHwThermalSlowdown | kHwPowerBrakeSlowdown;
} // namespace clocks_event

// "sw_power_cap", "hw_thermal_slowdown", …; unknown bits as "bit_12".
std::vector<std::string> clocksEventReasonNames(std::uint64_t reasons);

// Once per run.
struct GpuIdentity {
    std::string uuid, pciBusId, vbios, driver, name;
    std::optional<int> index; // NVML's on this host (whatever CUDA_VISIBLE_DEVICES shows the process)
    std::string serial;       // the board's serial, where NVML gives one (datacenter cards)
    std::optional<bool> eccEnabled, persistenceMode;
    std::optional<double> applicationSmMHz, applicationMemoryMHz; // current applications clocks
    std::optional<double> defaultApplicationSmMHz;                // the base clock --lock-clocks uses
    std::optional<double> maxSmMHz, maxMemoryMHz;
    std::optional<double> powerLimitW, defaultPowerLimitW;
};

class GpuStateSource {
public:
    virtual ~GpuStateSource() = default;
    // Why this source cannot read the GPU, or "" when it can.
    virtual std::string unavailableReason() const = 0;
    virtual GpuIdentity identity() = 0;
    virtual GpuSample sample() = 0; // atSeconds is set by the sampler
};

class GpuClockControl {
public:
    virtual ~GpuClockControl() = default;
    // Each returns "" on success, else the driver's refusal in words.
    virtual std::string lockSmClocks(double minMHz, double maxMHz) = 0;
    virtual std::string resetSmClocks() = 0;
};

// NVML of the GPU at `pciBusId` (as cudaDeviceGetPCIBusId gives it; empty: NVML's device 0).
// libnvidia-ml.so.1 is opened with dlopen: where it is missing, unavailableReason() says so.
class NvmlGpu : public GpuStateSource, public GpuClockControl {
public:
    static std::unique_ptr<NvmlGpu> open(const std::string& pciBusId);
    ~NvmlGpu() override;
    NvmlGpu(const NvmlGpu&) = delete;
    NvmlGpu& operator=(const NvmlGpu&) = delete;
    std::string unavailableReason() const override;
    GpuIdentity identity() override;
    GpuSample sample() override;
    std::string lockSmClocks(double minMHz, double maxMHz) override;
    std::string resetSmClocks() override;

private:
    NvmlGpu();
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

// Samples a source every `period` on its own thread between start() and stop(); the first sample is
// taken at start(), one more at stop(), so a window shorter than the period still has two.
class GpuStateSampler {
public:
    GpuStateSampler(GpuStateSource& source, std::chrono::milliseconds period);
    ~GpuStateSampler(); // stops and joins
    GpuStateSampler(const GpuStateSampler&) = delete;
    GpuStateSampler& operator=(const GpuStateSampler&) = delete;
    void start();
    std::vector<GpuSample> stop(); // the window's samples, in order; empty when not started

private:
    void loop();
    GpuStateSource& m_source;
    std::chrono::milliseconds m_period;
    std::chrono::steady_clock::time_point m_started;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_running = false;
    std::vector<GpuSample> m_samples;
    std::thread m_thread;
};

// first / minimum / median / maximum of one quantity over a window's samples that have it.
struct Spread {
    std::size_t count = 0;
    double first = 0, min = 0, median = 0, max = 0;
};
Spread spreadOf(const std::vector<GpuSample>& samples, std::optional<double> GpuSample::*field);

// What one case's window says, in the form the evidence stores.
struct GpuStateSummary {
    std::size_t samples = 0;
    Spread smMHz, memoryMHz, powerW, powerLimitW, temperatureC;
    std::uint64_t clocksEventReasons = 0; // every reason seen in any sample
    std::size_t throttledSamples = 0;     // samples with a clocks_event::kThrottling reason
    int otherProcessesMax = 0;            // the most other compute processes seen at once
};
GpuStateSummary summarizeGpuState(const std::vector<GpuSample>& samples);

// Holds the SM clocks locked at [minMHz, maxMHz] from construction (when lock() succeeds) to
// destruction or release(), whichever comes first; a failure to reset is kept in resetError().
class ClockLock {
public:
    explicit ClockLock(GpuClockControl& control);
    ~ClockLock();
    ClockLock(const ClockLock&) = delete;
    ClockLock& operator=(const ClockLock&) = delete;
    std::string lock(double minMHz, double maxMHz); // "" when locked
    std::string release();                          // resets when locked; "" when reset or never locked
    bool locked() const { return m_locked; }

private:
    GpuClockControl& m_control;
    bool m_locked = false;
};

} // namespace kix::kernels
