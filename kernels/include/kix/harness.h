// The timing and correctness harness for the fused kernel (the API `kix run` and kix-kernel-bench
// use). No CUDA or Qt types here.
//
// Harness::runCase(workload) on the local GPU, per case:
//  1. draws the inputs (counter-based, seed per case), poisons the outputs with NaN, launches the
//     fused kernel once and checks all three outputs element by element against an fp64 evaluation
//     on the GPU with the workload's tolerances (CaseReport::checks);
//  2. times the fused kernel: `warmup` calls (for at least settleMilliseconds), then the same
//     number of timed calls by each method
//     of kix/timing.h (CUPTI and CUDA events), the L2 flushed before every call (CaseReport::fused);
//     afterwards grad_weight must still have the bits of step 1 (gradWeightStable);
//  3. times a device-to-device copy (cudaMemcpyAsync) of copyBytes = bytes / 2, so that the copy
//     reads and writes `bytes` in all, the same way (warm-up included) and in the same run: the floor
//     (CaseReport::copyFloor); floorRatio(method) = median fused / median copy, by that method;
//  4. optionally times the unfused reference (one kernel per step, fp32 intermediates).
// Every number is in nanoseconds; SampleStats gives count, median (the primary statistic), mean,
// min and max.
#pragma once

#include "kix/rmsnorm_backward.h"
#include "kix/timing.h"
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
    int warmup = 10; // untimed calls before each method's timed calls
    // ... and warm-up lasts at least this long (wall clock), per implementation and case: after a
    // case of milliseconds per call, the next case's first ~0.1 s ran about 7% slower on an H200
    // (cause not found; BENCHMARKS.md, 2026-12-04), which made the case's time depend on the case
    // before it. 0: `warmup` calls only.
    double settleMilliseconds = 250;
    int minIterations = 50;                 // timed calls per method: enough for about
    int maxIterations = 200;                // targetMillisecondsPerCase, within these bounds
    double targetMillisecondsPerCase = 150; // per implementation, method and case
    int referenceIterations = 10;
    std::uint64_t seed = 20261202; // each case draws from seed + case index
    bool timeReference = true;
    bool timeCopyFloor = true;
    bool useCupti = true; // false: CUDA events only (Timing::cuptiError says so)
    LaunchOverrides launch;
    // Called with true just before the fused kernel's timed window of a case (its warm-up included) and
    // with false when it ends, also when it fails: kix run samples the GPU's state in between.
    std::function<void(bool inside)> timedWindow;
};

// The per-boot calibration (kix run, before the suite): a device-to-device copy of a fixed size, timed
// like a case (warm-up, L2 flushed, CUDA events).
inline constexpr std::size_t kCalibrationCopyBytes = std::size_t(64) << 20;
inline constexpr int kCalibrationIterations = 100;

struct CaseReport {
    Workload workload{};
    std::int64_t rows = 0;
    int hidden = kHiddenSize;
    std::uint64_t seed = 0;
    LaunchConfig plan;
    std::string planName; // plan.name(), set by the harness (LaunchConfig::name lives in the CUDA library)
    std::vector<OutputCheck> checks;
    bool gradWeightStable = false; // grad_weight bits unchanged over every timed launch
    Timing fused;
    Timing copyFloor;
    Timing reference;     // unfused reference; empty unless timeReference
    double bytes = 0;     // the fewest bytes the operation must move (read + written)
    double copyBytes = 0; // bytes the floor's copy copies (it reads and writes them)
    std::string error;    // set when the case could not run
    // The CUDA-event samples of `fused` and `reference`, as earlier versions of this API gave them.
    std::vector<double> fusedNs, referenceNs;

    bool correct() const;
    // Median fused time over median copy-floor time by one method; 0 when either is missing.
    double floorRatio(TimingMethod method) const;
};

// An implementation to sweep (Harness::sweepCase): the fused kernel under one plan, or anything
// else with the same arguments (the benchmark adds the previous two-launch design).
struct SweepCandidate {
    std::string name;
    std::size_t workspaceBytes = 0;
    std::function<std::string(void* workspace, void* stream)> prepare; // once per case; may be empty
    std::function<std::string(const BackwardArgs& args, void* workspace, void* stream)> launch;
};

// The fused kernel under planFusedBackward(rows, hidden, overrides), as a candidate.
SweepCandidate fusedCandidate(std::int64_t rows, int hidden, const LaunchOverrides& overrides);

struct VariantReport {
    std::string name;
    std::vector<OutputCheck> checks;
    Timing timing;
    std::string error;
    bool correct() const;
};

struct SweepReport {
    Workload workload{};
    double bytes = 0;
    Timing copyFloor;
    std::vector<VariantReport> variants;
    std::string error;
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

    // Device-to-device copy bandwidth in GB/s, counting bytes read plus bytes written (median of 10
    // copies of 1 GiB, CUDA events).
    double measureCopyBandwidth(std::string* error);

    // The calibration copy (kCalibrationCopyBytes, kCalibrationIterations timed calls by CUDA events);
    // its samples in eventNs, or an error message.
    std::string calibrate(Timing& out, const std::function<bool()>& cancelled);

    // Runs one workload; `cancelled` is polled between launches. A workload's hidden size is kHiddenSize.
    CaseReport runCase(const Workload& workload, int caseIndex, const std::function<bool()>& cancelled);

    // The same inputs under several candidates: each checked, then timed by both methods with
    // minIterations calls; the copy floor once. For choosing the plan's tuning constants.
    SweepReport sweepCase(const Workload& workload, int caseIndex,
                          const std::vector<SweepCandidate>& candidates);

    // The bytes a perfect implementation moves: each input read once, each output written once.
    static double minimumBytes(std::int64_t rows, int hidden);

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace kix::kernels
