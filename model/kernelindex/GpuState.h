// The GPU's state as a kix run's raw-samples evidence records it (issue 24; written by the runner's
// GpuStateEvidence.h): per case the clocks, power and temperature over its timed window, the clocks-event
// (throttle) reasons seen and other processes on the GPU; per run the GPU's identity, the clock lock,
// the per-boot calibration and the A/A noise floor. What views print and comparisons name.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace kix {

class FieldReader;

struct GpuSpread {
    double first = 0, minimum = 0, median = 0, maximum = 0;
};

struct CaseGpuState {
    qint64 samples = 0;
    std::optional<GpuSpread> smClockMHz, memoryClockMHz, powerW, powerLimitW, temperatureC;
    QStringList clocksEventReasons; // NVML's names: "sw_power_cap", "gpu_idle", …
    qint64 throttledSamples = 0;    // samples with a power, thermal or hardware slowdown reason
    int otherProcessesMax = 0;
};

struct GpuRunState {
    QString unavailable; // why NVML was not read
    QString uuid, pciBusId, vbios, driver;
    std::optional<int> index; // NVML's on its host (kix run --gpus names the card by it)
    QString serial;           // where NVML gave one
    std::optional<bool> eccEnabled, persistenceMode;
    std::optional<double> applicationSmClockMHz, maxSmClockMHz, powerLimitW;
    bool clockLockRequested = false;
    std::optional<double> lockedSmClockMHz;
    QString clockLockError;
    std::optional<double> calibrationNs, calibrationUsualNs;
    double calibrationBand = 0;
    int calibrationEarlierBoots = 0;
    bool calibrationSuspect = false;
    // Relative A/A spread (kix run --repeat N). Before issue 36 one floor for every case and the suite;
    // with noiseFloorIsSuite ("scope": "suite") the suite's only, each case carrying its own.
    std::optional<double> noiseFloor;
    bool noiseFloorIsSuite = false;
};

// A case's own A/A floor (kix run --repeat N, issue 36): in the timer its verdict compares (`timer`: CUPTI
// where the case has CUPTI samples), and by CUDA events beside it.
struct CaseNoiseFloor {
    double relative = 0;
    QString timer; // "cupti", "cuda_events"
    std::optional<double> eventsRelative;
    int passes = 0;
    // The floor for a verdict that compares samples of `verdictTimer`; nullopt when none was measured.
    std::optional<double> forTimer(const QString& verdictTimer) const;
};

// Readers of the evidence's case "gpuState" and root "gpu"; a malformed member is reported through `fr`.
std::optional<CaseGpuState> readCaseGpuState(FieldReader fr);
std::optional<GpuRunState> readGpuRunState(FieldReader fr);
// A case's "noiseFloor"; nullopt when absent or malformed (reported through `fr`).
std::optional<CaseNoiseFloor> readCaseNoiseFloor(FieldReader fr);

// A case is flagged "below its typical SM clock" when its median SM clock is this far below the run's.
inline constexpr double kBelowTypicalClock = 0.05;
// Two runs' SM clocks are a difference worth naming beyond this.
inline constexpr double kClockDifference = 0.03;

// The run's typical SM clock: the median over its cases of their median SM clock.
std::optional<double> typicalSmClockOf(const QList<std::optional<CaseGpuState>>& states);

// Why a case's timing may reflect the GPU's state rather than the kernel, each in a few words:
// "throttled: sw_power_cap in 12 of 40 samples", "SM clock 1410 MHz, 8% below the run's typical 1530 MHz",
// "2 other processes on the GPU". Empty: nothing to flag.
QStringList caseGpuFlags(const CaseGpuState& state, std::optional<double> typicalSmClock);
// The run's: a calibration outside its band, a lock that was asked for and refused.
QStringList runGpuFlags(const GpuRunState& state);

// "SM clock", "power limit", … : a compact line of the case's state for tables and kix show.
QString caseGpuStateLine(const CaseGpuState& state);

} // namespace kix
