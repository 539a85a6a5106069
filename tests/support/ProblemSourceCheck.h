// Compares the facts of a kix problem file with the public files they were read from: SOL-ExecBench's
// definition.json and workload.jsonl, the published speed-of-light table, and KernelIndex's catalog rows.
// Each function returns one line per difference ("workloads[3].axes: this file says {…}, workload.jsonl
// line 4 says {…}"); an empty list means they agree. Used by the tests against
// ../shared/ and usable by anyone who re-reads the sources.
#pragma once

#include "ProblemDefinition.h"

#include <QList>
#include <QStringList>
#include <nlohmann/json.hpp>

namespace kix {

// SOL-ExecBench's dtype names ("bfloat16", "float32", …) in kix's spelling ("bf16", "fp32", …); the
// name itself when kix has no other spelling for it.
QString dtypeFromSolExecBench(const QString& dtype);

// definition.json: name, axes (var/const and values), inputs and outputs (names, dtypes, shapes; their
// order is what the OperationSpec digest checks, since a parsed JSON object keeps none).
QStringList compareWithSolExecBenchDefinition(const ProblemDefinition& problem, const Json& definition);
// workload.jsonl, one parsed line per element: the workloads' axes, in order (the only facts kix keeps of
// it: the dataset's uuids and tolerances are not bundled, docs/problem-format.md).
QStringList compareWithSolExecBenchWorkloads(const ProblemDefinition& problem, const QList<Json>& lines);
// The site API's kernel object ({"kernel": {"workloads": [{axes, sol_ms, baseline_latency_ms}]}}),
// matched to the workloads by their axes, against the problem file's times for `gpu`.
QStringList compareWithSpeedOfLightTable(const ProblemDefinition& problem, const Json& table,
                                         const QString& gpu);
// KernelIndex catalog export lines ({"table": …, "row": …}): the operations row, the WorkloadCase rows
// and the WorkloadSuite row of the problem.
QStringList compareWithKernelIndexRows(const ProblemDefinition& problem, const QList<Json>& lines);

} // namespace kix
