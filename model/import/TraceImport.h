// Import of SOL-ExecBench's own output: the traces JSONL that `sol-execbench … -o traces.jsonl`
// writes, one Trace per line ({definition, workload, solution, evaluation}), read line by line.
// Each solution becomes a set of KernelIndex resources (docs/manifest-format.md, "Importing
// SOL-ExecBench traces"): the OperationSpec, one WorkloadCase per workload and the WorkloadSuite of
// the solution's cases, the ImplementationRevision, one BenchmarkRun per case and the suite run (each a
// {run, protocol, environment} bundle), and the raw-samples evidence holding what KernelIndex has no
// field for. All cross-linked by digest. The trace names a definition's inputs but gives no dtype or
// shape, which KernelIndex's parser requires of every argument: a problem definition kix has (by the
// trace's definition name) supplies them; without one the arguments are written bare, each is a
// located warning (trace.argument) and the result says the set is not KernelIndex-valid.
#pragma once

#include "ManifestSet.h"
#include "Problem.h"
#include "ProblemDefinition.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>
#include <map>
#include <memory>

namespace kix {

struct TraceImportOptions {
    QString harnessVersion; // SOL-ExecBench's version; else the trace's libs, else "unknown"
    QString architecture;   // the GPU's architecture ("sm_100") when kix cannot tell it from its name
    QString utcOffset;      // "+02:00": the zone of the trace's naive local timestamps
    qint64 maxFileBytes = qint64(1) << 30; // the largest trace file read
    // Problems whose OperationSpec (its dtypes and shapes) stands for a trace's definition of the same
    // id (ProblemDefinition::id); only those with KernelIndex facts count. The CLI passes the bundled one.
    QList<const ProblemDefinition*> definitions;
};

// Checks an option value; the reason when it is not usable, else empty.
QString checkUtcOffset(const QString& offset);  // "+02:00", "-05:30", "Z"
QString checkArchitecture(const QString& arch); // KernelIndex's ^[a-z][a-z0-9_]*$, e.g. sm_90
QString checkHarnessVersion(const QString& version);

struct TraceImportResult {
    ManifestSet files;    // the whole set; empty when `problems` holds an error
    Problems problems;    // located as file:line and JSON path
    int traces = 0;       // evaluated lines imported
    int workloadOnly = 0; // lines without an evaluation, skipped (one counted warning)
    QStringList solutions;
    // OperationSpec arguments written with neither a tensor nor a scalar (no definition gave their
    // dtype and shape): KernelIndex's parser rejects the set while this is above 0.
    int rejectedArguments = 0;
};

// Feeds one line at a time (the file is never held whole) and builds the set at the end.
class TraceImporter {
public:
    TraceImporter(QString file, TraceImportOptions options);
    ~TraceImporter();
    TraceImporter(const TraceImporter&) = delete;
    TraceImporter& operator=(const TraceImporter&) = delete;

    void addLine(const QByteArray& text, qint64 line);
    void addProblem(const Problem& problem); // a line the reader could not deliver
    TraceImportResult finish();

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

// The whole text at once (tests, fuzzing).
TraceImportResult importTraces(const QByteArray& jsonl, const QString& file,
                               const TraceImportOptions& options = {});
// A file, streamed: only regular files (FIFOs, sockets and devices are refused before reading),
// at most options.maxFileBytes in all and the record limit (KIX_MAX_RECORD_BYTES) per line.
TraceImportResult importTraceFile(const QString& path, const TraceImportOptions& options = {});

} // namespace kix
