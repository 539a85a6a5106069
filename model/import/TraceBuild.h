// Building the KernelIndex set of SOL-ExecBench traces (TraceImport.h) from the lines TraceLines.h
// read and grouped: per solution its operation, workload cases and suite, environment and protocol,
// implementation, raw-samples evidence and runs, cross-linked by digest.
#pragma once

#include "ManifestSet.h"
#include "Problem.h"
#include "TraceImport.h"
#include "TraceLines.h"

#include <QStringList>

namespace kix::trace {

struct TraceSet {
    ManifestSet files;
    QStringList solutions; // those built, in name order
};

// Errors go to `problems`, located in `file`; a solution whose GPU cannot be told is left out.
TraceSet buildTraceSet(const TraceGroups& read, const TraceImportOptions& options, const QString& file,
                       Problems& problems);

} // namespace kix::trace
