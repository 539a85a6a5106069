// The typed model of kernelindex.dev/v1alpha1 documents (see docs/manifest-format.md).
// A Manifest is one file: a bundle {run, protocol, environment} or one resource alone.
// The raw JSON of every resource is kept, so digests, the field diff and the raw view need no re-reading.
#pragma once

#include "Problem.h"

#include <QList>
#include <QPair>
#include <QString>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>

namespace kix {

using Json = nlohmann::json;

inline constexpr char kApiVersion[] = "kernelindex.dev/v1alpha1";

enum class ResourceKind {
    BenchmarkRun,
    BenchmarkProtocol,
    ExecutionEnvironment,
    // Resources that runs point at by digest; loaded so that those digests can be verified.
    WorkloadSuite,
    WorkloadCase,
    ImplementationRevision,
    OperationSpec,
};

QString kindName(ResourceKind kind);
std::optional<ResourceKind> kindFromName(const QString& name);
QString knownKindNames(); // "BenchmarkRun, BenchmarkProtocol, …" for error messages

struct Resource {
    ResourceKind kind = ResourceKind::BenchmarkRun;
    QString jsonPath; // where it sits in its file: "run", "protocol", … or "" for a file that is one resource
    QString name;     // metadata.name
    QString title;    // metadata.title
    QString digest;   // recomputed by kix from the content (empty if it could not be)
    Json json;        // the whole resource as read
};

using Pairs = QList<QPair<QString, QString>>;

struct LatencyStats {
    std::optional<double> mean, median, min, max, stddev; // nanoseconds
    std::optional<qint64> samples;
    bool isEmpty() const { return !mean && !median && !min && !max; }
    // The statistic a run declares as primary, falling back to the mean.
    std::optional<double> value(const QString& statistic) const;
};

struct OutputError {
    QString output;
    std::optional<double> maxAbsError, maxRelError, atol, rtol;
    std::optional<bool> passed;
};

// kix extension: one result per workload case (docs/manifest-format.md, "Per-case results").
struct CaseResult {
    QString id;
    QList<QPair<QString, double>> axes;
    QString status;
    LatencyStats latencyNs;
    LatencyStats referenceLatencyNs;
    std::optional<double> speedup;
    std::optional<double> bytes, bandwidthGBps, copyBandwidthFraction;
    QList<OutputError> errors;
    QString axesLabel() const;                      // "batch_size=4 seq_len=1973"
    std::optional<double> effectiveSpeedup() const; // speedup, or reference/latency when both are known
};

struct RunSpec {
    QString status;
    QString observedAt;
    QString primaryStatistic; // timing.primaryStatistic, "mean" when absent
    QString aggregation;      // timing.aggregation (kix extension): how the suite value was formed
    LatencyStats latencyNs;
    QString protocolDigest, workloadDigest, environmentDigest, implementationDigest;
    QString source, benchmark, externalId; // sourceNative
    QList<QPair<QString, double>> metrics; // sourceNative.metrics
    QString implementationName;            // spec.implementation.name (kix extension)
    QString implementationRevision;
    QList<CaseResult> cases;

    std::optional<double> metric(const QString& name) const;
    std::optional<double> primaryLatencyNs() const { return latencyNs.value(primaryStatistic); }
};

struct ProtocolSpec {
    QString harnessName, harnessVersion;
    QString timer, primaryStatistic;
    QString correctnessReference, comparator;
    QString family, notes;
};

struct EnvironmentSpec {
    QString vendor, product, architecture;
    Pairs details; // every other hardware/software/clock field, flattened for display
};

struct Manifest {
    QString file;
    bool isBundle = false;
    std::optional<Resource> run, protocol, environment;
    QList<Resource> supporting; // WorkloadSuite, ImplementationRevision, … loaded alone
    RunSpec runSpec;
    ProtocolSpec protocolSpec;
    EnvironmentSpec environmentSpec;
    Problems problems;
    QByteArray rawText; // as read, for the raw view

    bool hasErrors() const { return kix::hasErrors(problems); }
    bool hasRun() const { return run.has_value() && !hasErrors(); }
    QList<const Resource*> resources() const;

    // Labels derived in one place so every view says the same.
    QString title() const;
    QString implementationLabel() const;
    QString gpuLabel() const;
    QString benchmarkLabel() const;
};

using ManifestPtr = std::shared_ptr<const Manifest>;

// Every leaf of a JSON value as (path, text) pairs, for key/value views.
Pairs flattenedFields(const Json& value, const QString& path = {});

} // namespace kix
