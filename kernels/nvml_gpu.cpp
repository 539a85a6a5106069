// NVML, the driver's management library, opened at run time with dlopen: a kix linked against
// libnvidia-ml (as CUDA's samples link it) would not even start on a machine without a driver, which
// must still build, test and explain why it cannot sample. The declarations below are NVML's stable C
// ABI (nvml.h); where the toolkit ships nvml.h (KIX_HAVE_NVML_H), the constants are checked against it.
#include "kix/gpu_state.h"

#include <array>
#include <dlfcn.h>
#include <unistd.h>

#if KIX_HAVE_NVML_H
#include <nvml.h>
#endif

namespace kix::kernels {

namespace nvml_abi {
using Return = int;
using Device = struct DeviceOpaque*;
inline constexpr Return kSuccess = 0;
inline constexpr Return kNotSupported = 3;
inline constexpr Return kNoPermission = 4;
inline constexpr Return kInsufficientSize = 7;
inline constexpr int kClockSm = 1;
inline constexpr int kClockMem = 2;
inline constexpr int kTemperatureGpu = 0;
inline constexpr int kFeatureEnabled = 1;
struct ProcessInfo { // nvmlProcessInfo_t as nvmlDeviceGetComputeRunningProcesses_v3 fills it
    unsigned pid;
    unsigned long long usedGpuMemory;
    unsigned gpuInstanceId;
    unsigned computeInstanceId;
};
#if KIX_HAVE_NVML_H
static_assert(kSuccess == NVML_SUCCESS && kNotSupported == NVML_ERROR_NOT_SUPPORTED &&
              kNoPermission == NVML_ERROR_NO_PERMISSION && kInsufficientSize == NVML_ERROR_INSUFFICIENT_SIZE);
static_assert(kClockSm == NVML_CLOCK_SM && kClockMem == NVML_CLOCK_MEM &&
              kTemperatureGpu == NVML_TEMPERATURE_GPU);
static_assert(kFeatureEnabled == NVML_FEATURE_ENABLED && sizeof(ProcessInfo) == sizeof(nvmlProcessInfo_t));
static_assert(clocks_event::kSwPowerCap == nvmlClocksThrottleReasonSwPowerCap &&
              clocks_event::kHwSlowdown == nvmlClocksThrottleReasonHwSlowdown &&
              clocks_event::kSwThermalSlowdown == nvmlClocksThrottleReasonSwThermalSlowdown &&
              clocks_event::kHwThermalSlowdown == nvmlClocksThrottleReasonHwThermalSlowdown &&
              clocks_event::kHwPowerBrakeSlowdown == nvmlClocksThrottleReasonHwPowerBrakeSlowdown);
#endif
} // namespace nvml_abi

struct NvmlGpu::Impl {
    using Device = nvml_abi::Device;
    using Return = nvml_abi::Return;
    void* library = nullptr;
    bool initialized = false;
    Device device = nullptr;
    std::string unavailable;
    unsigned ownPid = unsigned(getpid());

    const char* (*errorString)(Return) = nullptr;
    Return (*clockInfo)(Device, int, unsigned*) = nullptr;
    Return (*maxClockInfo)(Device, int, unsigned*) = nullptr;
    Return (*applicationsClock)(Device, int, unsigned*) = nullptr;
    Return (*defaultApplicationsClock)(Device, int, unsigned*) = nullptr;
    Return (*powerUsage)(Device, unsigned*) = nullptr;
    Return (*enforcedPowerLimit)(Device, unsigned*) = nullptr;
    Return (*defaultPowerLimit)(Device, unsigned*) = nullptr;
    Return (*temperature)(Device, int, unsigned*) = nullptr;
    Return (*eventReasons)(Device, unsigned long long*) = nullptr;
    Return (*processes)(Device, unsigned*, nvml_abi::ProcessInfo*) = nullptr;
    Return (*uuid)(Device, char*, unsigned) = nullptr;
    Return (*serial)(Device, char*, unsigned) = nullptr;
    Return (*deviceIndex)(Device, unsigned*) = nullptr;
    Return (*vbios)(Device, char*, unsigned) = nullptr;
    Return (*name)(Device, char*, unsigned) = nullptr;
    Return (*driverVersion)(char*, unsigned) = nullptr;
    Return (*eccMode)(Device, int*, int*) = nullptr;
    Return (*persistenceMode)(Device, int*) = nullptr;
    Return (*setLockedClocks)(Device, unsigned, unsigned) = nullptr;
    Return (*resetLockedClocks)(Device) = nullptr;

    template <typename F> void bind(F& fn, const char* symbol) {
        fn = reinterpret_cast<F>(dlsym(library, symbol));
    }

    std::string message(Return r, const char* call) const {
        std::string text = std::string(call) + ": ";
        text += errorString != nullptr ? errorString(r) : ("NVML error " + std::to_string(r));
        if (r == nvml_abi::kNoPermission)
            text += " (setting clocks needs root, or `nvidia-smi -acp UNRESTRICTED` by an administrator)";
        return text;
    }

    template <typename Fn, typename... Args>
    std::optional<double> readUnsigned(Fn fn, double scale, Args... args) const {
        unsigned value = 0;
        if (fn == nullptr || fn(device, args..., &value) != nvml_abi::kSuccess)
            return std::nullopt;
        return double(value) * scale;
    }

    template <typename Fn> std::string readText(Fn fn) const {
        std::array<char, 128> text{};
        if (fn == nullptr || fn(device, text.data(), unsigned(text.size())) != nvml_abi::kSuccess)
            return {};
        return text.data();
    }

    std::string open(const std::string& pciBusId) {
        library = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
        if (library == nullptr) {
            const char* why = dlerror();
            return std::string("NVML (libnvidia-ml.so.1, part of the NVIDIA driver) cannot be loaded: ") +
                   (why != nullptr ? why : "no reason given") +
                   "; no clocks, power, temperature or throttle reasons are recorded";
        }
        Return (*init)() = nullptr;
        Return (*byBus)(const char*, Device*) = nullptr;
        Return (*byIndex)(unsigned, Device*) = nullptr;
        bind(init, "nvmlInit_v2");
        bind(byBus, "nvmlDeviceGetHandleByPciBusId_v2");
        bind(byIndex, "nvmlDeviceGetHandleByIndex_v2");
        bind(errorString, "nvmlErrorString");
        if (init == nullptr || byBus == nullptr || byIndex == nullptr)
            return "libnvidia-ml.so.1 lacks nvmlInit_v2 or the device lookups: a driver older than NVML 5";
        if (const Return r = init(); r != nvml_abi::kSuccess)
            return message(r, "nvmlInit_v2");
        initialized = true;
        const Return r = pciBusId.empty() ? byIndex(0, &device) : byBus(pciBusId.c_str(), &device);
        if (r != nvml_abi::kSuccess)
            return message(r, pciBusId.empty() ? "nvmlDeviceGetHandleByIndex_v2(0)"
                                               : "nvmlDeviceGetHandleByPciBusId_v2");
        bind(clockInfo, "nvmlDeviceGetClockInfo");
        bind(maxClockInfo, "nvmlDeviceGetMaxClockInfo");
        bind(applicationsClock, "nvmlDeviceGetApplicationsClock");
        bind(defaultApplicationsClock, "nvmlDeviceGetDefaultApplicationsClock");
        bind(powerUsage, "nvmlDeviceGetPowerUsage");
        bind(enforcedPowerLimit, "nvmlDeviceGetEnforcedPowerLimit");
        bind(defaultPowerLimit, "nvmlDeviceGetPowerManagementDefaultLimit");
        bind(temperature, "nvmlDeviceGetTemperature");
        bind(eventReasons, "nvmlDeviceGetCurrentClocksEventReasons");
        if (eventReasons == nullptr) // drivers before r535 name it by its older name
            bind(eventReasons, "nvmlDeviceGetCurrentClocksThrottleReasons");
        bind(processes, "nvmlDeviceGetComputeRunningProcesses_v3");
        bind(uuid, "nvmlDeviceGetUUID");
        bind(serial, "nvmlDeviceGetSerial");
        bind(deviceIndex, "nvmlDeviceGetIndex");
        bind(vbios, "nvmlDeviceGetVbiosVersion");
        bind(name, "nvmlDeviceGetName");
        bind(driverVersion, "nvmlSystemGetDriverVersion");
        bind(eccMode, "nvmlDeviceGetEccMode");
        bind(persistenceMode, "nvmlDeviceGetPersistenceMode");
        bind(setLockedClocks, "nvmlDeviceSetGpuLockedClocks");
        bind(resetLockedClocks, "nvmlDeviceResetGpuLockedClocks");
        return {};
    }

    std::optional<int> otherProcesses() const {
        if (processes == nullptr)
            return std::nullopt;
        std::array<nvml_abi::ProcessInfo, 64> list{};
        unsigned count = unsigned(list.size());
        const Return r = processes(device, &count, list.data());
        if (r == nvml_abi::kInsufficientSize)
            return int(count); // more than 64 at once: at least that many are others
        if (r != nvml_abi::kSuccess)
            return std::nullopt;
        int others = 0;
        for (unsigned i = 0; i < count && i < list.size(); ++i)
            others += list[i].pid != ownPid ? 1 : 0;
        return others;
    }

    ~Impl() {
        if (initialized) {
            Return (*shutdown)() = nullptr;
            bind(shutdown, "nvmlShutdown");
            if (shutdown != nullptr)
                shutdown();
        }
        if (library != nullptr)
            dlclose(library);
    }
};

NvmlGpu::NvmlGpu()
    : m_impl(std::make_unique<Impl>()) {}

NvmlGpu::~NvmlGpu() = default;

std::unique_ptr<NvmlGpu> NvmlGpu::open(const std::string& pciBusId) {
    std::unique_ptr<NvmlGpu> gpu(new NvmlGpu());
    gpu->m_impl->unavailable = gpu->m_impl->open(pciBusId);
    return gpu;
}

std::string NvmlGpu::unavailableReason() const {
    return m_impl->unavailable;
}

GpuIdentity NvmlGpu::identity() {
    GpuIdentity id;
    const Impl& n = *m_impl;
    if (!n.unavailable.empty())
        return id;
    id.uuid = n.readText(n.uuid);
    id.vbios = n.readText(n.vbios);
    id.serial = n.readText(n.serial);
    if (const auto index = n.readUnsigned(n.deviceIndex, 1.0))
        id.index = int(*index);
    id.name = n.readText(n.name);
    std::array<char, 96> driver{};
    if (n.driverVersion != nullptr &&
        n.driverVersion(driver.data(), unsigned(driver.size())) == nvml_abi::kSuccess)
        id.driver = driver.data();
    int current = 0;
    int pending = 0;
    if (n.eccMode != nullptr && n.eccMode(n.device, &current, &pending) == nvml_abi::kSuccess)
        id.eccEnabled = current == nvml_abi::kFeatureEnabled;
    if (n.persistenceMode != nullptr && n.persistenceMode(n.device, &current) == nvml_abi::kSuccess)
        id.persistenceMode = current == nvml_abi::kFeatureEnabled;
    id.applicationSmMHz = n.readUnsigned(n.applicationsClock, 1.0, nvml_abi::kClockSm);
    id.applicationMemoryMHz = n.readUnsigned(n.applicationsClock, 1.0, nvml_abi::kClockMem);
    id.defaultApplicationSmMHz = n.readUnsigned(n.defaultApplicationsClock, 1.0, nvml_abi::kClockSm);
    id.maxSmMHz = n.readUnsigned(n.maxClockInfo, 1.0, nvml_abi::kClockSm);
    id.maxMemoryMHz = n.readUnsigned(n.maxClockInfo, 1.0, nvml_abi::kClockMem);
    id.powerLimitW = n.readUnsigned(n.enforcedPowerLimit, 1e-3);
    id.defaultPowerLimitW = n.readUnsigned(n.defaultPowerLimit, 1e-3);
    return id;
}

GpuSample NvmlGpu::sample() {
    GpuSample s;
    const Impl& n = *m_impl;
    if (!n.unavailable.empty())
        return s;
    s.smMHz = n.readUnsigned(n.clockInfo, 1.0, nvml_abi::kClockSm);
    s.memoryMHz = n.readUnsigned(n.clockInfo, 1.0, nvml_abi::kClockMem);
    s.powerW = n.readUnsigned(n.powerUsage, 1e-3);
    s.powerLimitW = n.readUnsigned(n.enforcedPowerLimit, 1e-3);
    s.temperatureC = n.readUnsigned(n.temperature, 1.0, nvml_abi::kTemperatureGpu);
    unsigned long long reasons = 0;
    if (n.eventReasons != nullptr && n.eventReasons(n.device, &reasons) == nvml_abi::kSuccess)
        s.clocksEventReasons = std::uint64_t(reasons);
    s.otherProcesses = n.otherProcesses();
    return s;
}

std::string NvmlGpu::lockSmClocks(double minMHz, double maxMHz) {
    const Impl& n = *m_impl;
    if (!n.unavailable.empty())
        return n.unavailable;
    if (n.setLockedClocks == nullptr)
        return "this driver's NVML has no nvmlDeviceSetGpuLockedClocks (it needs driver r440 or later)";
    const nvml_abi::Return r = n.setLockedClocks(n.device, unsigned(minMHz), unsigned(maxMHz));
    return r == nvml_abi::kSuccess ? std::string() : n.message(r, "nvmlDeviceSetGpuLockedClocks");
}

std::string NvmlGpu::resetSmClocks() {
    const Impl& n = *m_impl;
    if (!n.unavailable.empty())
        return n.unavailable;
    if (n.resetLockedClocks == nullptr)
        return "this driver's NVML has no nvmlDeviceResetGpuLockedClocks";
    const nvml_abi::Return r = n.resetLockedClocks(n.device);
    return r == nvml_abi::kSuccess ? std::string() : n.message(r, "nvmlDeviceResetGpuLockedClocks");
}

} // namespace kix::kernels
