// Builds KernelIndex's resources for a problem from the facts of its kix problem file: the OperationSpec,
// one WorkloadCase per workload and the WorkloadSuite that runs name as their workloadDigest. Their
// digests (Digest.h) equal the ones KernelIndex publishes when the facts are right, so kix verifies a
// leaderboard run's workloadDigest without carrying a copy of KernelIndex's files.
#pragma once

#include "ProblemDefinition.h"

#include <QList>
#include <QString>
#include <nlohmann/json.hpp>

namespace kix {

// NOLINTNEXTLINE(bugprone-exception-escape): its implicit move is noexcept; the check misreads json's
struct KernelIndexResources {
    Json operationSpec;
    QList<Json> cases; // one per workload, in workload order
    Json suite;
};

// Each needs definition.kernelIndex (and so, by the reader's checks, every workload's kernelIndex);
// without it they return null JSON. Cases and the suite point at `operationDigest`.
Json buildOperationSpec(const ProblemDefinition& definition);
Json buildWorkloadCase(const ProblemDefinition& definition, int index, const QString& operationDigest);
// The WorkloadCase of any workload of the definition (every axis, constants included; every input a tensor
// with its shape resolved), named as given: a trace's workload the problem file does not list (kix
// import-trace). Null JSON without definition.kernelIndex.
Json buildWorkloadCase(const ProblemDefinition& definition, const ProblemWorkload& workload,
                       const QString& name, const QString& title, const QString& operationDigest);
Json buildWorkloadSuite(const ProblemDefinition& definition, const QString& operationDigest);
// All of them, chained through the digest kix computes for the built OperationSpec.
KernelIndexResources buildKernelIndexResources(const ProblemDefinition& definition);

// Compares the digest of each built resource with the one the problem file records and reports each
// difference (data.digest_mismatch, both values) at the recorded digest's JSON path.
Problems checkKernelIndexDigests(const ProblemDefinition& definition, const QString& file);

} // namespace kix
