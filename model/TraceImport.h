// Import of SOL-ExecBench's own output: the traces JSONL that `sol-execbench … -o traces.jsonl`
// writes, one Trace per line ({definition, workload, solution, evaluation}). Each solution found
// becomes one kix bundle whose per-case results come from the traces (docs/manifest-format.md,
// "Importing SOL-ExecBench traces").
#pragma once

#include "Manifest.h"

#include <QByteArray>
#include <QList>

namespace kix {

struct TraceImportResult {
    QList<Json> bundles; // one per solution, digests filled in
    Problems problems;   // located as file:line N: path
};

TraceImportResult importTraces(const QByteArray& jsonl, const QString& file);

} // namespace kix
