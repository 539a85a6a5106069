// Turns the harness's measurements into a kernelindex.dev/v1alpha1 bundle. No GPU needed here,
// so the mapping is tested in CI with synthetic reports.
#pragma once

#include "GpuStateEvidence.h"
#include "Manifest.h"
#include "ManifestSet.h"
#include "WorkloadSuiteBuilder.h"
#include "kix/harness.h"

#include <QDateTime>
#include <QString>
#include <vector>

namespace kix::runner {

struct Clocks {
    QString smMHz, memoryMHz, smMaxMHz, driver; // as nvidia-smi reports them
    QString unavailableReason;                  // set when nvidia-smi could not be asked
};

struct LocalRunFacts {
    kernels::DeviceInfo device;
    double copyBandwidthGBps = 0;
    Clocks clocks;
    kernels::HarnessOptions options;
    std::vector<kernels::CaseReport> cases;
    QDateTime observedAt = QDateTime::currentDateTimeUtc();
    QString workloadDigest; // of the bundled WorkloadSuite
    QString fileTag;        // appended to the file name (a Slurm task's job and task id), may be empty
    RunGpuState gpu;        // NVML's identity and per-case windows, clock lock, calibration, A/A floor
};

// Whether every output of a case was checked and passed (the harness's CaseReport::correct(), which
// is only linked in a CUDA build; the CPU mode needs the same verdict without it).
bool casePassed(const kernels::CaseReport& report);

// One entry of run.spec.cases; `withLaunch` adds the GPU launch shape (blocks, threads).
Json caseResultJson(const kernels::CaseReport& report, double copyGBps, bool withLaunch);

// A case run's spec.timing: the samples' statistics in integer nanoseconds, `primary` ("mean" or "median")
// named as the primary; null when there is no such statistic.
Json caseTimingJson(const LatencyStats& stats, const char* primary);

// "NVIDIA H200" -> "nvidia-h200": the part of file and resource names that names the hardware.
QString nameSlug(const QString& text);

// The bundled problem file and KernelIndex's resources built from it (OperationSpec, WorkloadCases,
// WorkloadSuite), built once.
QString bundledProblemPath();
const KernelIndexResources& bundledWorkloads();

// The ImplementationRevision that describes the bundled kernel; its digest is the run's implementationDigest.
Json implementationResource();

// What a local run writes, a set KernelIndex accepts unchanged (docs/manifest-format.md): one
// BenchmarkRun bundle per case (its WorkloadCase by digest) and the suite run (the WorkloadSuite),
// the implementation, operation and workloads they name, and the raw-samples evidence (every timed
// launch, per-case statistics, per-output errors, the device's clocks and copy bandwidth).
struct LocalRunSet {
    ManifestSet files;
    QString suiteRunFile; // the suite run's file name (localRunFileName)
    QString suiteStatus;  // its status
    QString error;        // set when two documents would share a file name
};
LocalRunSet buildLocalRunSet(const LocalRunFacts& facts);

// The suite run's bundle of buildLocalRunSet.
Json buildLocalRunBundle(const LocalRunFacts& facts);

// kix-run-20261202T142842Z-nvidia-h200.manifest.json (…-nvidia-h200-job42-task0.manifest.json with a tag)
QString localRunFileName(const LocalRunFacts& facts);

} // namespace kix::runner
