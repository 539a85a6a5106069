// Turns the harness's measurements into a kernelindex.dev/v1alpha1 bundle. No GPU needed here,
// so the mapping is tested in CI with synthetic reports.
#pragma once

#include "Manifest.h"
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
};

// Whether every output of a case was checked and passed (the harness's CaseReport::correct(), which
// is only linked in a CUDA build; the CPU mode needs the same verdict without it).
bool casePassed(const kernels::CaseReport& report);

// One entry of run.spec.cases; `withLaunch` adds the GPU launch shape (blocks, threads).
Json caseResultJson(const kernels::CaseReport& report, double copyGBps, bool withLaunch);

// "NVIDIA H200" -> "nvidia-h200": the part of file and resource names that names the hardware.
QString nameSlug(const QString& text);

// The ImplementationRevision that describes the bundled kernel; its digest is the run's implementationDigest.
Json implementationResource();

// The bundle: run (per-case results), protocol (this harness), environment (this GPU), digests filled in.
Json buildLocalRunBundle(const LocalRunFacts& facts);

// kix-run-20261202T142842Z-nvidia-h200.manifest.json (…-nvidia-h200-job42-task0.manifest.json with a tag)
QString localRunFileName(const LocalRunFacts& facts);

} // namespace kix::runner
