// The limits kix applies to what an input file may make it believe or compute (issue 40): the plausible
// range of each measured value, and the most work or memory one input may ask of the verdict engine, the
// history and the explorer's kept snapshot. One header, so that each limit has one value; the readers and
// engines that apply them say which limit refused a value, and docs/reading.md and docs/verdicts.md state
// them beside the record limits (JsonLimits).
#pragma once

#include <cstdint>

namespace kix::limits {

// Plausible ranges of measured values; outside them a value is a located error (field.range), never a
// verdict's input.
// One timed launch, ns: above 0 and at most 1,000 s (a kernel launch is microseconds to seconds).
inline constexpr double kMaxSampleNs = 1e12;
// A GPU's clocks, MHz: 0 (idle, or not reported) to 10,000.
inline constexpr double kMaxClockMHz = 10000;
// Its board power and power limit, W: 0 to 10,000.
inline constexpr double kMaxPowerW = 10000;
// Its temperature, °C: -50 to 200.
inline constexpr double kMinTemperatureC = -50;
inline constexpr double kMaxTemperatureC = 200;
// A measured A/A noise floor, relative: 0 to 0.5. A floor of 50% would already call a kernel twice as
// slow "the same"; a wider one is a file that disables the verdict, not a measurement.
inline constexpr double kMaxNoiseFloor = 0.5;

// A minimum effect given on the command line, as a fraction: 0.1% to 50% (the range of Compare's box).
inline constexpr double kMinMinimumEffect = 0.001;
inline constexpr double kMaxMinimumEffect = 0.5;

// Launch times one run's raw-samples evidence may bring (every case it takes, both timers): what bounds
// the memory of reading and comparing it. kix run writes 200 a case and timer (6,400 for 16 cases);
// beyond this the cases are refused with the limit named. Measured on the 2-core development machine
// (2026-12-07): one case of 2,000,000 a side is a `kix diff` of a few seconds under 300 MB; 8,000,000 a side
// peaked at 566 MB.
inline constexpr std::int64_t kMaxRawSamples = 2000000;

// The bootstrap's work (Bootstrap.h): a side with more samples than this is resampled from a systematic
// subsample of this many (its interval is wider, never narrower, than the full count's would be) ...
inline constexpr std::int64_t kBootstrapMaxDrawsPerSide = 5000;
// ... and one resample of a suite draws at most this many values over all its cases and sides; beyond it
// the bootstrap is refused (the verdict is can't tell, naming the limit). 100,000 draws x 2,000 resamples
// is a few seconds of one core; a case of 8 million samples a side took 10.7 s when its 10,000 draws
// a side were random reads across 64 MB (2026-12-07, the 2-core development machine).
inline constexpr std::int64_t kBootstrapMaxDrawsPerResample = 100000;

// record_events rows one catalog may hold for kix history and the History tab: KernelIndex's export holds
// a few thousand; beyond this the rows are refused with the limit named, not held.
inline constexpr std::int64_t kMaxRecordEvents = 50000;
// Warnings of one kind (a column kix does not know) reported per file before they are only counted.
inline constexpr int kMaxRepeatedWarnings = 20;

// The explorer's kept "since last open" snapshot (SinceLastOpen.h): at most this many bytes decompressed
// and this many cohort lines; a larger one is refused with a warning and the opening counts as the first.
// KernelIndex's catalog's ~2,000 cohorts take under 100 KB.
inline constexpr std::int64_t kMaxSnapshotBytes = std::int64_t(4) * 1024 * 1024;
inline constexpr std::int64_t kMaxSnapshotCohorts = 100000;
// The settings file the snapshot is kept in, read only when it is a regular file of at most this size.
inline constexpr std::int64_t kMaxSettingsFileBytes = std::int64_t(64) * 1024 * 1024;

} // namespace kix::limits
