// The host's cards through NVML (gpu_cards.h), opened with dlopen as nvml_gpu.cpp opens it and for the same
// reason: kix must start, and say why, where no driver is installed. The declarations are NVML's stable C
// ABI; where the toolkit ships nvml.h (KIX_HAVE_NVML_H) the PCI-info layout is checked against it.
#include "kix/gpu_cards.h"

#include <array>
#include <dlfcn.h>

#if KIX_HAVE_NVML_H
#include <nvml.h>
#endif

namespace kix::kernels {

namespace {

using Return = int;
using Device = struct CardOpaque*;
constexpr Return kSuccess = 0;
constexpr Return kInsufficientSize = 7;

struct PciInfo { // nvmlPciInfo_t as nvmlDeviceGetPciInfo_v3 fills it
    std::array<char, 16> busIdLegacy;
    unsigned domain, bus, device, pciDeviceId, pciSubSystemId;
    std::array<char, 32> busId;
};
#if KIX_HAVE_NVML_H
static_assert(sizeof(PciInfo) == sizeof(nvmlPciInfo_t) && kInsufficientSize == NVML_ERROR_INSUFFICIENT_SIZE);
#endif

class NvmlCards : public GpuCardSource {
public:
    NvmlCards() { m_unavailable = open(); }
    ~NvmlCards() override {
        if (m_initialized && m_shutdown != nullptr)
            m_shutdown();
        if (m_library != nullptr)
            dlclose(m_library);
    }
    NvmlCards(const NvmlCards&) = delete;
    NvmlCards& operator=(const NvmlCards&) = delete;

    std::string unavailableReason() const override { return m_unavailable; }

    std::vector<GpuCard> cards() override {
        std::vector<GpuCard> out;
        unsigned count = 0;
        if (!m_unavailable.empty() || m_count(&count) != kSuccess)
            return out;
        for (unsigned i = 0; i < count; ++i) {
            Device d = nullptr;
            if (m_byIndex(i, &d) != kSuccess)
                continue;
            GpuCard c;
            c.index = int(i);
            c.uuid = text(m_uuid, d);
            c.name = text(m_name, d);
            c.serial = text(m_serial, d);
            PciInfo pci{};
            if (m_pciInfo != nullptr && m_pciInfo(d, &pci) == kSuccess)
                c.pciBusId = pci.busId.data();
            if (m_processes != nullptr) {
                unsigned n = 0; // a size query: NVML says how many there are
                const Return r = m_processes(d, &n, nullptr);
                if (r == kSuccess || r == kInsufficientSize)
                    c.computeProcesses = int(n);
            }
            out.push_back(c);
        }
        return out;
    }

private:
    template <typename F> void bind(F& fn, const char* symbol) {
        fn = reinterpret_cast<F>(dlsym(m_library, symbol));
    }

    using TextFn = Return (*)(Device, char*, unsigned);
    static std::string text(TextFn fn, Device d) {
        std::array<char, 96> buffer{};
        if (fn == nullptr || fn(d, buffer.data(), unsigned(buffer.size())) != kSuccess)
            return {};
        return buffer.data();
    }

    std::string open() {
        m_library = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
        if (m_library == nullptr) {
            const char* why = dlerror();
            return std::string("NVML (libnvidia-ml.so.1, part of the NVIDIA driver) cannot be loaded: ") +
                   (why != nullptr ? why : "no reason given");
        }
        Return (*init)() = nullptr;
        bind(init, "nvmlInit_v2");
        bind(m_shutdown, "nvmlShutdown");
        bind(m_count, "nvmlDeviceGetCount_v2");
        bind(m_byIndex, "nvmlDeviceGetHandleByIndex_v2");
        bind(m_uuid, "nvmlDeviceGetUUID");
        bind(m_name, "nvmlDeviceGetName");
        bind(m_serial, "nvmlDeviceGetSerial");
        bind(m_pciInfo, "nvmlDeviceGetPciInfo_v3");
        bind(m_processes, "nvmlDeviceGetComputeRunningProcesses_v3");
        if (init == nullptr || m_count == nullptr || m_byIndex == nullptr)
            return "libnvidia-ml.so.1 lacks nvmlInit_v2 or the device count and lookup: a driver older than "
                   "NVML 5";
        if (const Return r = init(); r != kSuccess)
            return "nvmlInit_v2 failed: NVML error " + std::to_string(r);
        m_initialized = true;
        return {};
    }

    void* m_library = nullptr;
    bool m_initialized = false;
    std::string m_unavailable;
    Return (*m_shutdown)() = nullptr;
    Return (*m_count)(unsigned*) = nullptr;
    Return (*m_byIndex)(unsigned, Device*) = nullptr;
    TextFn m_uuid = nullptr, m_name = nullptr, m_serial = nullptr;
    Return (*m_pciInfo)(Device, PciInfo*) = nullptr;
    Return (*m_processes)(Device, unsigned*, void*) = nullptr;
};

} // namespace

std::unique_ptr<GpuCardSource> openNvmlCards() {
    return std::make_unique<NvmlCards>();
}

} // namespace kix::kernels
