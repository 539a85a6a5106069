// KernelIndex catalog exports (.jsonl, .jsonl.zst): one {"table": T, "row": R} per line. Each line is a
// document: benchmark_runs rows hold a {run, protocol, environment} bundle in row.manifest with the
// published runDigest, protocol/environment/correctness/comparison keys, status and primary metric;
// workloads, implementations and operations rows hold one resource and its published digest; projects a
// SoftwareProject; measurements one measurement by runId; record_events one change of a cohort's leader
// (RecordEventsReader.h). Every published digest kix can recompute from
// the line alone is checked here; a difference is a located problem (file:line + JSON path).
#pragma once

#include "JsonReader.h"
#include "Records.h"

namespace kix {

// The catalog tables kix reads; the others (sources, artifacts, operation_aliases) are
// counted and otherwise skipped.
bool isCatalogTableRead(const QString& table);

ParsedDocument readCatalogLine(const QByteArray& text, const QString& file, qint64 line,
                               const JsonLimits& limits = {});

} // namespace kix
