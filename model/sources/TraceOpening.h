// How a load reads a JSON Lines source that is a SOL-ExecBench trace (issue 37). By default it does not:
// the source is one problem naming `kix import-trace` (CatalogReader.h). The importer sits above this
// folder (model/import), so a program that links it — the explorer — installs a reader here that imports
// the trace on open, in memory (installTraceOpening, TraceOnOpen.h). Installed once, before any load.
#pragma once

#include "JsonReader.h"
#include "Records.h"

#include <QList>
#include <functional>

namespace kix {

// The documents a trace file yields: its runs and resources with their warnings, or its problems.
using TraceReader = std::function<QList<ParsedDocument>(const QString& file)>;

void setTraceReader(TraceReader reader); // an empty one restores the default
const TraceReader& traceReader();        // empty: traces are not read

} // namespace kix
