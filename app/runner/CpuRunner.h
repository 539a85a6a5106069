// `kix run --device cpu`: the CPU mode of the rerun. The kernel's math (kernels/include/kix/
// rmsnorm_backward_cpu.h, header-only, so it builds without CUDA) with fp32 accumulation and bf16
// outputs, checked element by element against the fp64 evaluation with each workload's tolerances,
// and both timed on one CPU thread. It exists so that the rerun and cluster paths can be exercised
// where there is no GPU; its manifests say so (CpuRunManifest.h) and are never compared with GPU runs.
#pragma once

#include "LocalRunner.h"

namespace kix::runner {

// Only workloads this small run on a CPU in reasonable time and memory (about 200 MB at the limit).
inline constexpr std::int64_t kCpuMaxRows = 4096;

QList<int> cpuModeCases();         // the workloads CPU mode runs by default: all with <= kCpuMaxRows rows
QString cpuCaseRefusal(int index); // why CPU mode refuses a workload, or empty
kernels::HarnessOptions cpuHarnessOptions(bool quick);

// One workload on the CPU. `cancelled` is polled between timed evaluations. `workload`: the case as the run
// checks it (workloadToRun), else the bundled table's.
kernels::CaseReport runCpuCase(int caseIndex, const kernels::HarnessOptions& options,
                               const std::function<bool()>& cancelled,
                               const kernels::Workload* workload = nullptr);

RunOutcome runOnCpu(const RunOptions& options, const ProgressSink& progress,
                    const std::function<bool()>& cancelled);

} // namespace kix::runner
