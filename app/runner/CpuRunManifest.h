// The manifest of a CPU-mode rerun (`kix run --device cpu`). It is labelled as such everywhere a
// reader looks: the hardware is a CPU ("CPU: …" product, formFactor "cpu"), the protocol has a
// comparison family of its own (kix_cpu_mode) so that kix never compares it with a GPU run, and the
// implementation is the C++ reference, not the CUDA kernel.
#pragma once

#include "ComparabilityFamilies.h"
#include "LocalRunManifest.h"

namespace kix::runner {

inline constexpr const char* kCpuFamily = families::kCpuMode;

struct CpuInfo {
    QString vendor;       // "amd", "intel", "arm", or "unknown"
    QString model;        // /proc/cpuinfo "model name", e.g. "AMD EPYC 7B13"
    QString architecture; // "x86_64"
    int logicalCpus = 0;
    QString operatingSystem, kernel;
};

CpuInfo queryCpu();

struct CpuRunFacts {
    CpuInfo cpu;
    kernels::HarnessOptions options;
    std::vector<kernels::CaseReport> cases;
    QDateTime observedAt = QDateTime::currentDateTimeUtc();
    QString workloadDigest;
    QString fileTag;
};

// The ImplementationRevision of the CPU mode: the fp32 evaluation of
// kernels/include/kix/rmsnorm_backward_cpu.h.
Json cpuImplementationResource();

Json buildCpuRunBundle(const CpuRunFacts& facts);

// kix-cpu-run-20261202T142842Z-amd-epyc-7b13.manifest.json (…-job42-task0.manifest.json with a tag)
QString cpuRunFileName(const CpuRunFacts& facts);

} // namespace kix::runner
