// The GPU's state during a local run (issue 24) as the run's files record it: the identity once, each
// case's window digested (first/min/median/max), the clock lock, the per-boot calibration and the A/A
// noise floors (kix run --repeat N: the suite's and each case's). KernelIndex's environment gets what its
// schema has fields for (settings: clocksLocked, powerLimitWatts, persistenceMode, eccEnabled) and each case
// run a few measurements (sm_clock, power, temperature); the rest goes in the raw-samples evidence
// (docs/manifest-format.md, "GPU state"). No GPU needed: tested with synthetic states.
#pragma once

#include "Manifest.h"
#include "NoiseFloor.h"
#include "kix/gpu_state.h"
#include "kix/harness.h"

#include <QString>
#include <optional>
#include <vector>

namespace kix::runner {

// What --lock-clocks did.
struct ClockLockFacts {
    bool requested = false;
    std::optional<double> lockedMHz; // set when the SM clocks were locked
    QString error;                   // why they could not be, when requested and not locked
    QString resetError;              // why they could not be reset afterwards
};

// The per-boot calibration copy and how it compares with this machine's earlier boots.
struct CalibrationFacts {
    std::optional<double> medianNs; // of the copy (CUDA events)
    std::optional<double> usualNs;  // median of earlier boots' values on this GPU
    int earlierBoots = 0;
    QString bootId;
    QString error; // why there is no calibration
    bool suspect() const;
    double deviation() const; // medianNs / usualNs - 1, 0 without both
};
inline constexpr double kCalibrationBand = 0.05; // ±5% of the usual value
inline constexpr int kCalibrationMinimumHistory = 2;

// One case's passes with --repeat N (N >= 2; the first is the case's recorded result), each pass's
// launches in the order timed: by CUPTI (empty where CUPTI could not time it) and by CUDA events.
struct CaseRepeats {
    std::vector<std::vector<double>> cuptiPasses, eventPasses;
    bool hasCupti() const; // every pass has CUPTI samples
    // The case's floor in the timer its verdict compares (CUPTI where it has it), and by CUDA events.
    std::optional<NoiseFloorEstimate> floor() const;
    std::optional<NoiseFloorEstimate> eventsFloor() const;
};

struct RunGpuState {
    QString unavailable; // why NVML could not be read; empty when it could
    kernels::GpuIdentity identity;
    std::vector<kernels::GpuStateSummary> cases; // one per case, in the run's order (may be empty)
    ClockLockFacts lock;
    CalibrationFacts calibration;
    std::vector<CaseRepeats> repeats; // one per case (in the run's order) with --repeat N, else empty
    bool repeatsHaveCupti() const;    // every case's passes have CUPTI samples
    // The suite's floor (NoiseFloor.h) over the cases' passes, in CUPTI time where every case has it.
    std::optional<NoiseFloorEstimate> suiteFloor() const;
    std::optional<double> noiseFloor() const; // suiteFloor()'s relative
};

// The evidence's "gpuState" of one case.
Json caseGpuStateJson(const kernels::GpuStateSummary& s);
// A case's "noiseFloor" in the evidence (docs/manifest-format.md, "GPU state"); null when its passes give
// none.
Json caseNoiseFloorJson(const CaseRepeats& repeats);
// The evidence's root "gpu": identity (or unavailable), clockLock, calibration, noiseFloor (the suite's).
Json runGpuStateJson(const RunGpuState& state);
// KernelIndex's environment.spec.settings from what NVML read (empty object when nothing).
Json environmentSettings(const RunGpuState& state);
// The measurements a case run adds for its GPU state: sm_clock (mhz: median and minimum), power (w:
// median), temperature (celsius: maximum), each only when sampled.
void addGpuStateMeasurements(const kernels::GpuStateSummary& s, Json& measurements);

// Compares `medianNs` with the values this machine recorded on earlier boots of the GPU `gpuKey` in
// `historyFile` (JSON, written atomically), then records it for `bootId` (one value per boot: a later
// run of the same boot replaces it). A history that cannot be read or written is said in `error`.
CalibrationFacts checkCalibration(const QString& historyFile, const QString& gpuKey, const QString& bootId,
                                  double medianNs);
// kix run --lock-clocks: locks the SM clocks at the GPU's default applications (base) clock, else its
// maximum, through `lock`; says precisely why not where the driver refuses or tells neither clock.
ClockLockFacts lockClocksForRun(kernels::ClockLock& lock, const kernels::GpuIdentity& identity,
                                const QString& unavailable);

// /proc/sys/kernel/random/boot_id, or "" where there is none.
QString currentBootId();

} // namespace kix::runner
