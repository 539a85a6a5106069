// The user's own copy of a SOL-ExecBench problem, as the dataset publishes it (a folder with its
// definition.json and workload.jsonl): the workload uuids and tolerances kix does not bundle, because
// NVIDIA's evaluation licence of the dataset allows no redistribution (KernelIndex's export omits exactly
// those fields). `kix run --problem DIR` checks each case with the copy's tolerance and names it by the
// copy's uuid; without a copy kix's own rule applies (kernels/PROBLEM.md).
#pragma once

#include "ProblemDefinition.h"

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <optional>

namespace kix {

// SOL-ExecBench's dtype names ("bfloat16", "float32", …) in KernelIndex's spelling ("bf16", "fp32", …), as
// KernelIndex's catalog spells them (fp8_e4m3 for float8_e4m3fn; the packed fp4 pair float4_e2m1fn_x2 is
// kept, its bytes per element differ); empty for one kix does not know. One table for import-trace
// --definition, the user's dataset copy and solution runs.
QString kernelIndexDtype(const QString& solExecBenchDtype);

// The dtypes a SOL-ExecBench definition.json may name (its docs/definition.md), in that order; from the
// same table.
const QStringList& definitionDtypes();

struct DatasetWorkload {
    QString uuid;
    QByteArray caseId;          // the uuid in Latin-1, as kix's workload table names a case (kix/workloads.h)
    QMap<QString, qint64> axes; // the variable axes of the problem, as the line gives them
    double maxAtol = 0;
    double maxRtol = 0;
    qint64 line = 0; // in workload.jsonl, from 1
};

struct DatasetCopy {
    QString folder;
    QList<DatasetWorkload> workloads;
    Problems warnings; // a workload of the problem that the copy does not have
    // The copy's workload whose variable axes are `variableAxes`, or nullptr.
    const DatasetWorkload* find(const QMap<QString, qint64>& variableAxes) const;
};

struct DatasetCopyRead {
    std::optional<DatasetCopy> copy; // set when the folder has no errors (warnings allowed)
    Problems problems;
};

// Reads `folder`/definition.json (its "name" must be `problem`'s id) and `folder`/workload.jsonl (every
// line a workload with a uuid, the problem's variable axes and tolerance.max_atol and max_rtol). A workload
// of `problem` the copy does not have is a warning: that case keeps kix's own rule.
DatasetCopyRead readDatasetCopy(const QString& folder, const ProblemDefinition& problem);

} // namespace kix
