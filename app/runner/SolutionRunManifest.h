// A solution run's manifest set (kix run --solution), the set `kix run` writes for the bundled kernel
// with the solution in its place: the OperationSpec, WorkloadCases and WorkloadSuite built from the
// definition (SolutionResources.h), an ImplementationRevision whose digest covers the solution's sources
// and build options, the protocol, the environment (the runner's Python, torch, triton, CUDA), one
// BenchmarkRun per case with its raw samples (CUDA events, CUPTI, GPU state) and the suite run. A CPU run
// is labelled as such (formFactor cpu, family kix_cpu_mode) and never compared with a GPU run. No GPU
// needed here: tested in CI with the CPU runner's results.
#pragma once

#include "LocalRunManifest.h"
#include "SolutionRunner.h"

namespace kix::runner {

// The solution's ImplementationRevision.
Json solutionImplementation(const SolutionRunFacts& facts, const QString& operationDigest);

// What a case's result becomes in the manifest: the runner's status, or suspected_reward_hack when a
// passed case's median is below the memory roofline of the run's GPU: its outputs written at the GPU's
// peak bandwidth (GpuBandwidth.h), checked where the outputs are at least twice the L2.
QString solutionCaseStatus(const SolutionRunFacts& facts, const SolutionCase& c, QString* why = nullptr);

LocalRunSet buildSolutionRunSet(const SolutionRunFacts& facts);

// kix-solution-<solution>-20261207T231500Z-nvidia-h100-80gb-hbm3.manifest.json
QString solutionRunFileName(const SolutionRunFacts& facts);

} // namespace kix::runner
