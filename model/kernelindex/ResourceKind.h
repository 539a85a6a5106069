// The 13 kinds of kernelindex.dev/v1alpha1 resources (KernelIndex's schemas, one per kind).
#pragma once

#include <QString>
#include <optional>

namespace kix {

inline constexpr char kApiVersion[] = "kernelindex.dev/v1alpha1";

enum class ResourceKind {
    BenchmarkRun,
    BenchmarkProtocol,
    ExecutionEnvironment,
    WorkloadSuite,
    WorkloadCase,
    ImplementationRevision,
    OperationSpec,
    SoftwareProject,
    ModelRevision,
    ServingStackRevision,
    ServingConfiguration,
    ServingWorkload,
    ServingRun,
};

QString kindName(ResourceKind kind);
std::optional<ResourceKind> kindFromName(const QString& name);
QString knownKindNames();               // "BenchmarkRun, BenchmarkProtocol, …" for error messages
bool isWorkloadKind(ResourceKind kind); // WorkloadSuite or WorkloadCase: what a run's workloadDigest names

} // namespace kix
