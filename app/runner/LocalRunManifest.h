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
};

// The ImplementationRevision that describes the bundled kernel; its digest is the run's implementationDigest.
Json implementationResource();

// The bundle: run (per-case results), protocol (this harness), environment (this GPU), digests filled in.
Json buildLocalRunBundle(const LocalRunFacts& facts);

// kix-run-20261202T142842Z-nvidia-h200.manifest.json
QString localRunFileName(const LocalRunFacts& facts);

} // namespace kix::runner
