// A local run's timings by method, for the manifest set (LocalRunManifest.h). The harness times each
// case's kernel and the same-run device-to-device copy of the case's bytes (the floor) by two methods
// (kix/timing.h): CUDA events, the run's primary timing (timing.latencyNs, mean; unchanged since the
// first local runs, so older runs stay comparable), and CUPTI, SOL-ExecBench's method (medians). Every
// number written here names its method and statistic. No GPU needed: CI tests it with synthetic
// reports.
#pragma once

#include "Manifest.h"
#include "kix/harness.h"

#include <optional>
#include <string>
#include <vector>

namespace kix::runner {

// What the measurement names mean, for the protocol's notes (one text, so that the protocol's digest
// does not depend on the run).
extern const char kTimingMethodsNote[];

// kix's median over the copy floor's median, both timed by `method` in the same run; nullopt when
// either is missing.
std::optional<double> floorRatio(const kernels::CaseReport& report, kernels::TimingMethod method);

// Adds to a raw-samples case: "timer" (the method of latencyNs, samplesNs, referenceLatencyNs and
// bandwidthGBps: CUDA events), "cupti" ({latencyNs, samplesNs}, or {unavailable: why}) and
// "copyFloor" ({copiedBytes, ratioStatistic, cuda_events and cupti: {latencyNs, samplesNs,
// kixRatio}}).
void addTimingEvidence(const kernels::CaseReport& report, Json& evidenceCase);

// A case run's measurements[] by method: latency_cupti (median), copy_floor_latency_cupti and
// copy_floor_latency_cuda_events (medians), copy_floor_ratio_cupti and copy_floor_ratio_cuda_events
// (median ÷ median); those a method could not time are left out.
Json caseMeasurements(const kernels::CaseReport& report);

// What the suite run adds after its primary latency geomean (CUDA events, means): the geometric
// means over the cases of latency_cupti and of both floor ratios, each only when every case has it.
void addSuiteMeasurements(const std::vector<kernels::CaseReport>& cases, Json& measurements);

// Why CUPTI timed no case of the run (the first case's reason), or "" when it timed them all.
std::string cuptiUnavailableReason(const std::vector<kernels::CaseReport>& cases);

} // namespace kix::runner
