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
    QStringList solutions;     // those built, in name order
    int rejectedArguments = 0; // arguments written with neither a tensor nor a scalar (TraceImportResult)
};

// Errors go to `problems`, located in `file`; a solution whose GPU cannot be told is left out. Each
// definition's OperationSpec is built once: from options.definitions when one has its id, else from
// the trace alone with a trace.argument warning per argument KernelIndex's parser will reject.
TraceSet buildTraceSet(const TraceGroups& read, const TraceImportOptions& options, const QString& file,
                       Problems& problems);

} // namespace kix::trace
