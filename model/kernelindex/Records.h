// What a read document yields, kept compact: resources by digest with the canonical text their digest
// covers (no JSON DOM per record: parse on demand), typed runs, and where each came from.
#pragma once

#include "Problem.h"
#include "ResourceKind.h"
#include "RunSpec.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace kix {

using Json = nlohmann::json;

// Where a record came from: a file, the line of a JSON Lines source, and the JSON pointer of the
// resource inside that document ("" for a whole file, "/run", "/row/manifest/protocol").
struct Origin {
    QString file;
    qint64 line = 0;
    QString pointer;
    QString toString() const; // "catalog.jsonl.zst:12 /row/manifest/run", "seed.json /run", "suite.json"
    bool sameDocument(const Origin& other) const { return file == other.file && line == other.line; }
    bool operator==(const Origin& other) const = default;
};

struct ProtocolSpec {
    QString harnessName, harnessVersion;
    QString timer, primaryStatistic;
    QString correctnessReference, comparator;
    QString family, notes;
    QString label() const; // "SOL-ExecBench evaluation stack v1.0"
};

struct EnvironmentSpec {
    QString vendor, product, architecture;
    QString driver, cudaToolkit, operatingSystem, framework; // framework: "pytorch 2.9"
    QString label() const;                                   // "NVIDIA B200 · driver 580 · CUDA 13.0"
};

struct WorkloadFacts {
    QString operationDigest; // spec.operationSpecDigest
    QString correctnessKey;  // KernelIndex's key over spec.correctness
    QString label;           // "tokens=2048 hidden=4096", "suite of 16 cases"
};

// A digest one resource names, and the kind it must name.
struct Reference {
    QString field; // "operationSpecDigest", "operation.specDigest", "modelDigest", …
    QString digest;
    ResourceKind kind = ResourceKind::OperationSpec;
};

// A ServingRun's fields that kix lists it by (KernelIndex's serving kind: an inference service's throughput
// or latency under a load, never a kernel's time, so never ranked with BenchmarkRuns).
struct ServingRunFacts {
    QString status, observedAt; // status: valid, invalid or incomplete_evidence
    QString modelDigest, workloadDigest, configurationDigest;
    QString harness;                    // "mlperf_loadgen v5.1"
    QString qualityPolicy;              // "mlperf_closed_99"
    QString scenario;                   // sourceNative.scenario: "interactive", "offline", …
    QString accelerator;                // topology.acceleratorModel
    std::optional<qint64> accelerators; // topology: nodeCount × acceleratorsPerNode
    std::optional<Measurement> primary; // the first of spec.measurements
    // kix's serving cohort: runs are comparable only when they share the model, the workload, the harness,
    // the quality policy, the primary metric (metric, statistic, unit), the accelerator and their count.
    // On KernelIndex's export this partition is exactly that of its published cohortKey (tst_serving_runs).
    QString cohortFacts() const;
};

struct ReferenceFacts {
    QString operationDigest; // ImplementationRevision: spec.operation.specDigest
    QString family;          // OperationSpec: spec.family
    QList<Reference> names;  // every digest the resource names (runs excepted: their checks are verifyRun's)
};

// A resource of any of the 13 kinds, identified by its digest.
struct ResourceRecord {
    ResourceKind kind = ResourceKind::BenchmarkRun;
    QString name, title;
    QString digest;            // over the normalized {apiVersion, kind, spec}: what KernelIndex hashes
    QString writtenDigest;     // over the form as written; differs only when normalization changed it
    QStringList normalization; // what normalization changed ("spec.support.axes: sorted"), by JSON path
    std::string canonical;     // RFC 8785 text of the normalized {apiVersion, kind, spec}
    QByteArray metadata;       // compact JSON of metadata
    QByteArray written; // compact JSON of the whole resource as written, only when normalization changed it
    Origin origin;      // where it was first read
    Problems problems;  // located problems of this resource, "KernelIndex would reject this" included
    ProtocolSpec protocol;
    EnvironmentSpec environment;
    WorkloadFacts workload;
    ReferenceFacts references;
    ServingRunFacts serving; // ServingRun only

    bool normalized() const { return writtenDigest != digest; }
    bool acceptedUpstream() const; // no upstream.* finding and no error
    Json json() const;             // the resource as written, parsed on demand
    Json normalizedJson() const;   // {apiVersion, kind, metadata, spec} as hashed
    QString label() const;         // title, else name
};
using ResourcePtr = std::shared_ptr<const ResourceRecord>;

// A BenchmarkRun: its resource (digest = the run digest) and its typed fields.
struct RunRecord {
    ResourcePtr resource;
    RunSpec spec;
    const QString& digest() const { return resource->digest; }
};
using RunPtr = std::shared_ptr<const RunRecord>;

// The published facts of a catalog row of benchmark_runs (KernelIndex's catalog export).
struct CatalogRunFacts {
    QString id, runDigest, protocolKey, environmentKey, correctnessKey, comparisonKey;
    QString status, primaryMetric, primaryStatistic, primaryUnit;
    std::optional<double> primaryValue;
    QString publishedAt, retractedAt, retractionReason, supersedesId;
    QString implementationId, workloadId, hardwareModel;
};

// The published facts of a catalog row of workloads, implementations or operations.
struct CatalogResourceFacts {
    QString table, id, publishedDigest, operationId;
    // serving_runs: KernelIndex's serving cohort and the row's lifecycle (its eligibility, as for runs)
    QString cohortKey, status, retractedAt, supersedesId;
};

struct CatalogMeasurement {
    QString runId;
    Measurement measurement;
};

// One document read from a source: a file, or one line of a catalog export.
struct ParsedDocument {
    Origin origin;                // file and line; pointer of the manifest inside ("" or "/row/manifest")
    QString table;                // the catalog table of a catalog line
    QList<ResourcePtr> resources; // every resource but the run's own
    RunPtr run;                   // the BenchmarkRun it holds, if any
    QString bundleProtocolDigest, bundleEnvironmentDigest; // recomputed digests of the run's bundle members
    std::optional<CatalogRunFacts> publishedRun;
    std::optional<CatalogResourceFacts> publishedResource; // applies to resources.first()
    std::optional<CatalogMeasurement> measurement;
    Problems problems; // every problem located in this document
    qint64 bytes = 0;
    bool unknownTable = false; // a catalog line of a table kix does not know: its one problem says so
    // A document that yields no run but has errors is listed on its own (a problem row).
    bool isProblemRow() const { return !run && hasErrors(problems); }
};

// Upstream (KernelIndex would reject this) findings are warnings with a code in the "upstream." area.
bool isUpstreamFinding(const Problem& p);

// Where a manifest document sits: its file, and inside a JSON Lines source its line and pointer.
struct DocumentContext {
    QString file;
    qint64 line = 0;  // of a JSON Lines source
    QString pointer;  // JSON pointer of the manifest in its line ("" or "/row/manifest")
    QString path;     // the same as a dotted JSON path ("" or "row.manifest")
    qint64 bytes = 0; // size of the document as read (KernelIndex's 1 MiB rule)
};

} // namespace kix
