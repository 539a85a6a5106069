// The bundle view of one run (KernelIndex's "manifest": {run, protocol, environment}), materialized on
// demand from the record store for the views that need more than the typed fields: the JSON of each
// resource, the resources the run names resolved across everything loaded, the digest checks and the
// policy facts as of when it was built. Also what parseManifest() returns for one document.
#pragma once

#include "Policy.h"
#include "Records.h"
#include "Verification.h"

#include <QList>
#include <QPair>
#include <QString>
#include <memory>
#include <optional>

namespace kix {

// NOLINTNEXTLINE(bugprone-exception-escape): its implicit move is noexcept; the check misreads json's
struct Resource {
    ResourceKind kind = ResourceKind::BenchmarkRun;
    QString
        jsonPath; // where it sits in its document: "run", "protocol", "row.manifest.run", "" for a whole file
    QString name; // metadata.name
    QString title;             // metadata.title
    QString digest;            // recomputed by kix over the normalized form (empty if it could not be)
    QString writtenDigest;     // over the form as written
    QStringList normalization; // what KernelIndex's normalization changed
    Origin origin;
    QList<Origin> origins; // every place it was read
    Json json;             // the resource as written
    Problems problems;     // its own, upstream findings included
};

using Pairs = QList<QPair<QString, QString>>;

struct Manifest {
    QString file;          // where the run (or the document) was first read
    QList<Origin> origins; // every place the run was read
    bool isBundle = false;
    std::optional<Resource> run, protocol, environment;          // the run and its protocol and environment
    std::optional<Resource> workload, implementation, operation; // what it names, when loaded
    QList<Resource> supporting; // other resources of a single document read with parseManifest()
    RunSpec runSpec;
    ProtocolSpec protocolSpec;
    EnvironmentSpec environmentSpec;
    WorkloadFacts workloadFacts;
    std::optional<CatalogRunFacts> published;
    QList<Measurement> publishedMeasurements; // the catalog's measurements rows for the run
    PolicyFacts policy;
    QList<DigestCheck> checks;
    QStringList
        rejectedLinks; // linked resources KernelIndex would reject ("OperationSpec x"; RejectedLinks.h)
    Problems problems;
    QByteArray rawText; // the bundle as JSON text, for the raw view

    bool hasErrors() const { return kix::hasErrors(problems); }
    bool hasRun() const { return run.has_value() && !hasErrors(); }
    bool acceptedUpstream() const;            // no error, no "would reject" finding, no rejected link
    QList<const Resource*> resources() const; // run, protocol, environment, supporting

    // Labels derived in one place so every view says the same.
    QString title() const;
    QString implementationLabel() const;
    QString gpuLabel() const;
    QString benchmarkLabel() const;
};

using ManifestPtr = std::shared_ptr<const Manifest>;

// The digest checks of a bundle view, as of when it was built (against what was loaded then).
inline QList<DigestCheck> verifyRunDigests(const Manifest& m) {
    return m.checks;
}

// Every leaf of a JSON value as (path, text) pairs, for key/value views.
Pairs flattenedFields(const Json& value, const QString& path = {});

// The materialized view of a resource.
Resource resourceView(const ResourceRecord& r, const QList<Origin>& origins = {});

// Labels of a run from its typed fields, for views that have no Manifest.
QString implementationLabel(const RunRecord& run);

} // namespace kix
