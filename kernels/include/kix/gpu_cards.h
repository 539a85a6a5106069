// The GPUs of this host, for `kix run --gpus` (issue 39): each card's NVML index, UUID, PCI bus id, serial
// (where NVML gives one) and name, and how many compute processes are on it now. No CUDA or Qt types here.
// GpuCardSource is the interface; listNvmlCards() reads it from the driver's NVML library (opened at run
// time, as NvmlGpu is, gpu_state.h), and tests put a fake behind it.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kix::kernels {

struct GpuCard {
    int index = 0;                       // NVML's (and nvidia-smi's) index on this host
    std::string uuid, pciBusId, serial;  // serial: empty where NVML has none (most non-datacenter cards)
    std::string name;                    // "NVIDIA H200"
    std::optional<int> computeProcesses; // running on it now; unset where NVML cannot say
};

class GpuCardSource {
public:
    virtual ~GpuCardSource() = default;
    // Why the cards cannot be listed, or "" when they can.
    virtual std::string unavailableReason() const = 0;
    virtual std::vector<GpuCard> cards() = 0; // in NVML's index order
};

// The host's cards through NVML (libnvidia-ml.so.1 by dlopen; where it is missing, unavailableReason()
// says so and cards() is empty).
std::unique_ptr<GpuCardSource> openNvmlCards();

} // namespace kix::kernels
