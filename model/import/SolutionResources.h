// KernelIndex's resources for a SOL-ExecBench problem, built from its definition and workloads
// (SolutionProblem.h): the OperationSpec (every argument a tensor with its dtype and shape by axis, or a
// scalar with its dtype, so that KernelIndex's parser accepts it), one WorkloadCase per workload (every
// axis, tensor shapes, scalar values, the tolerance) and the WorkloadSuite runs name as their
// workloadDigest. KernelIndex's names are lowercase tokens (^[a-z][a-z0-9_]*$): SOL-ExecBench's "M" or
// "H_qo" become "m" and "h_qo", and two names that would land on one token are refused.
#pragma once

#include "SolutionProblem.h"

#include <QList>

namespace kix {

// NOLINTNEXTLINE(bugprone-exception-escape): its implicit move is noexcept; the check misreads json's
struct SolutionResources {
    Json operationSpec;
    QList<Json> cases; // one per workload, in workload order
    Json suite;
    QString error; // set when a name cannot be a KernelIndex token; nothing else is then set
};

// "H_qo" -> "h_qo", "2d" -> "x2d": a KernelIndex token for a SOL-ExecBench axis or argument name.
QString kernelIndexToken(const QString& name);

SolutionResources buildSolutionResources(const SolDefinition& definition,
                                         const QList<SolWorkload>& workloads);

} // namespace kix
