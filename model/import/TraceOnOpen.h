// A SOL-ExecBench trace opened where manifests are opened (issue 37): imported on open, in memory — the
// set `kix import-trace` would write, read as documents with its raw-samples evidence, nothing written —
// with the import's warnings on the solution's suite run, and one more saying what was done. An import
// that fails is its problems, located in the trace, as a row of its own.
#pragma once

#include "Records.h"

#include <QList>

namespace kix {

// The documents of the trace at `file`: each imported file's document, its origin "<trace> ▸ <name>".
QList<ParsedDocument> traceDocumentsInMemory(const QString& file);

// Makes every load of this program read traces so (TraceOpening.h); the explorer calls it at start.
void installTraceOpening();

} // namespace kix
