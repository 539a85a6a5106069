// KernelIndex catalog exports (.jsonl, .jsonl.zst): one {"table": T, "row": R} per line. Each line is a
// document: benchmark_runs rows hold a {run, protocol, environment} bundle in row.manifest with the
// published runDigest, protocol/environment/correctness/comparison keys, status and primary metric;
// workloads, implementations and operations rows hold one resource and its published digest; projects a
// SoftwareProject; measurements one measurement by runId; serving_runs a ServingRun with its published
// runDigest and cohortKey, the other serving tables one serving resource each with its published digest;
// record_events one change of a cohort's leader (RecordEventsReader.h). Every published digest kix can
// recompute from the line alone is checked here; a difference is a located problem (file:line + JSON path).
#pragma once

#include "JsonReader.h"
#include "Records.h"

namespace kix {

// The catalog tables kix reads (record_events: RecordEventsReader.h, for the history; the serving tables of
// KernelIndex's newer exports: serving_runs, serving_measurements, serving_configurations,
// serving_stack_revisions, serving_workloads and model_revisions); the others of KernelIndex's export
// (sources, artifacts, operation_aliases) are counted and otherwise skipped, and a row of any other table
// gets a located warning (catalog.line, path "table"): its row is not read. A load says that once per
// table and file, with the count (LoadJob).
bool isCatalogTableRead(const QString& table);

// The warning for `rows` rows of an unknown table, located at the first of them.
Problem unknownCatalogTable(const QString& table, const QString& file, qint64 line, qint64 rows = 1);

// Whether a JSON Lines line is a SOL-ExecBench trace record ({"definition", "workload", …} and no "table"):
// such a file is read by `kix import-trace`, not as a catalog export.
bool isSolExecBenchTraceRecord(const QByteArray& line, const JsonLimits& limits = {});
// The one problem for a JSON Lines source whose first record is a trace record (code catalog.line).
Problem solExecBenchTraceProblem(const QString& file, qint64 line);

ParsedDocument readCatalogLine(const QByteArray& text, const QString& file, qint64 line,
                               const JsonLimits& limits = {});

} // namespace kix
