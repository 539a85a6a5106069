// The timing and correctness harness for the fused kernel: runs one workload on the local GPU,
// checks every output against an fp64 reference with the workload's tolerances, and times the
// fused kernel and the unfused reference with CUDA events, L2 flushed before every iteration.
// No CUDA or Qt types here: the runner (app/) includes it.
#pragma once

#include "kix/rmsnorm_backward.h"
#include "kix/workloads.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace kix::kernels {

struct DeviceInfo {
    bool available = false;
    std::string unavailableReason; // set when !available: no driver, no device, …
    int index = 0;
    std::string name;
    int computeMajor = 0, computeMinor = 0;
    int multiprocessors = 0;
    std::size_t memoryBytes = 0;
    std::size_t l2Bytes = 0;
    int driverVersion = 0;  // as cudaDriverGetVersion reports it, e.g. 13000
    int runtimeVersion = 0; // cudaRuntimeGetVersion
    std::string pciBusId;
};

// Never throws; a machine without a GPU or driver gives available = false and the reason.
DeviceInfo queryDevice();

struct OutputCheck {
    std::string output;
    double maxAbsError = 0, maxRelError = 0;
    double atol = 0, rtol = 0;
    std::int64_t failures = 0, count = 0;
    bool passed() const { return failures == 0 && count > 0; }
};

struct HarnessOptions {
    int warmup = 5;
    int minIterations = 20;
    int maxIterations = 200;
    double targetMillisecondsPerCase = 150; // timing budget per implementation and case
    int referenceIterations = 10;
    std::uint64_t seed = 20261202; // each case draws from seed + case index
    bool timeReference = true;
    int rowsPerIteration = 0; // 0: the kernel's default
    bool programmaticLaunch = true; // false: launch the grad_weight reduction the ordinary way
};

struct CaseReport {
    Workload workload{};
    std::int64_t rows = 0;
    int hidden = kHiddenSize;
    std::uint64_t seed = 0;
    LaunchConfig plan;
    std::vector<OutputCheck> checks;
    std::vector<double> fusedNs;     // one sample per timed launch
    std::vector<double> referenceNs; // unfused reference
    double bytes = 0;                // the fewest bytes the operation must move
    std::string error;               // set when the case could not run
    bool correct() const;
};

class Harness {
public:
    explicit Harness(HarnessOptions options = {});
    ~Harness();
    Harness(const Harness&) = delete;
    Harness& operator=(const Harness&) = delete;

    // Selects device 0 and allocates the L2 flush buffer; returns an error message or "".
    std::string init();
    const DeviceInfo& device() const;

    // Device-to-device copy bandwidth in GB/s, counting bytes read plus bytes written (median of 10).
    double measureCopyBandwidth(std::string* error);

    // Runs one workload; `cancelled` is polled between launches. A workload's hidden size is kHiddenSize.
    CaseReport runCase(const Workload& workload, int caseIndex, const std::function<bool()>& cancelled);

    // The bytes a perfect implementation moves: each input read once, each output written once.
    static double minimumBytes(std::int64_t rows, int hidden);

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace kix::kernels
