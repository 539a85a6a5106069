#include "ResourceReader.h"

#include "Canonical.h"
#include "ComparisonKey.h"
#include "Digest.h"
#include "FieldReader.h"
#include "JsonPath.h"
#include "ResourceRules.h"
#include "RunReader.h"

#include <algorithm>

namespace kix {

using namespace codes;
using Need = FieldReader::Need;

namespace {

ProtocolSpec readProtocol(FieldReader spec) {
    ProtocolSpec p;
    FieldReader harness = spec.object("harness", Need::Required);
    p.harnessName = harness.string("name", Need::Required).value_or(QString());
    p.harnessVersion = harness.string("version").value_or(QString());
    FieldReader measurement = spec.object("measurement");
    p.timer = measurement.string("timer").value_or(QString());
    p.primaryStatistic = measurement.string("primaryStatistic").value_or(QString());
    FieldReader correctness = spec.object("correctness");
    p.correctnessReference = correctness.string("reference").value_or(QString());
    p.comparator = correctness.string("comparator").value_or(QString());
    FieldReader comparability = spec.object("comparability");
    p.family = comparability.string("family").value_or(QString());
    p.notes = comparability.string("notes").value_or(QString());
    return p;
}

EnvironmentSpec readEnvironment(FieldReader spec) {
    EnvironmentSpec e;
    FieldReader hardware = spec.object("hardware", Need::Required);
    e.vendor = hardware.string("vendor").value_or(QString());
    e.product = hardware.string("product", Need::Required).value_or(QString());
    e.architecture = hardware.string("architecture").value_or(QString());
    FieldReader software = spec.object("software");
    e.driver = software.string("driver").value_or(QString());
    e.cudaToolkit = software.string("cudaToolkit").value_or(QString());
    e.operatingSystem = software.string("operatingSystem").value_or(QString());
    FieldReader framework = software.object("framework");
    const QString name = framework.string("name").value_or(QString());
    const QString version = framework.string("version").value_or(QString());
    e.framework = QString(name + u' ' + version).trimmed();
    return e;
}

QString axesLabel(const Json* axes) {
    if (!axes || !axes->is_object())
        return {};
    QStringList parts;
    for (const auto& [k, v] : axes->items())
        parts << QString::fromStdString(k) + u'=' +
                     (v.is_string() ? QString::fromStdString(v.get<std::string>())
                                    : QString::fromStdString(v.dump()));
    return parts.join(u' ');
}

WorkloadFacts readWorkload(FieldReader spec, ResourceKind kind) {
    WorkloadFacts w;
    w.operationDigest = spec.digest("operationSpecDigest").value_or(QString());
    w.correctnessKey = correctnessKey(spec.child("correctness"));
    if (kind == ResourceKind::WorkloadSuite) {
        const Json* cases = spec.array("cases");
        w.label = QStringLiteral("suite of %1 cases").arg(cases ? qsizetype(cases->size()) : 0);
    } else {
        w.label = axesLabel(spec.child("axes"));
    }
    return w;
}

// What kix lists a ServingRun by (Records.h); KernelIndex's schema check reports what is missing.
ServingRunFacts readServingRun(FieldReader spec) {
    ServingRunFacts s;
    s.status = spec.string("status").value_or(QString());
    s.observedAt = spec.string("observedAt").value_or(QString());
    s.modelDigest = spec.digest("modelDigest").value_or(QString());
    s.workloadDigest = spec.digest("workloadDigest").value_or(QString());
    s.configurationDigest = spec.digest("configurationDigest").value_or(QString());
    FieldReader harness = spec.object("harness");
    s.harness =
        QStringList{harness.string("name").value_or(QString()), harness.string("version").value_or(QString())}
            .join(u' ')
            .trimmed();
    s.qualityPolicy = spec.string("qualityPolicy").value_or(QString());
    s.scenario = spec.object("sourceNative").string("scenario").value_or(QString());
    FieldReader topology = spec.object("topology");
    s.accelerator = topology.string("acceleratorModel").value_or(QString());
    const auto nodes = topology.count("nodeCount");
    const auto perNode = topology.count("acceleratorsPerNode");
    if (nodes && perNode)
        s.accelerators = *nodes * *perNode;
    if (const Json* list = spec.array("measurements"); list && !list->empty() && list->front().is_object()) {
        FieldReader m(&list->front(), jsonPathIndex(spec.pathOf(QStringLiteral("measurements")), 0),
                      spec.file(), spec.problems(), spec.line());
        const auto metric = m.string("metric");
        const auto unit = m.string("unit");
        const auto statistic = m.string("statistic");
        const auto value = m.number("value");
        if (metric && unit && statistic && value)
            s.primary = Measurement{*metric, *unit, *statistic, *value, m.count("sampleCount")};
    }
    return s;
}

void name(ResourceRecord& r, const char* field, ResourceKind kind, const QString& digest) {
    if (!digest.isEmpty())
        r.references.names.append(Reference{QString::fromLatin1(field), digest, kind});
}

void readTyped(ResourceRecord& r, RunSpec* run, FieldReader spec) {
    switch (r.kind) {
    case ResourceKind::BenchmarkRun:
        *run = readRunSpec(spec);
        break;
    case ResourceKind::BenchmarkProtocol:
        r.protocol = readProtocol(spec);
        break;
    case ResourceKind::ExecutionEnvironment:
        r.environment = readEnvironment(spec);
        break;
    case ResourceKind::WorkloadSuite:
    case ResourceKind::WorkloadCase:
        r.workload = readWorkload(spec, r.kind);
        name(r, "operationSpecDigest", ResourceKind::OperationSpec, r.workload.operationDigest);
        break;
    case ResourceKind::ImplementationRevision:
        r.references.operationDigest = spec.object("operation").digest("specDigest").value_or(QString());
        name(r, "operation.specDigest", ResourceKind::OperationSpec, r.references.operationDigest);
        break;
    case ResourceKind::OperationSpec:
        r.references.family = spec.string("family").value_or(QString());
        break;
    case ResourceKind::ServingRun:
        r.serving = readServingRun(spec);
        name(r, "modelDigest", ResourceKind::ModelRevision, r.serving.modelDigest);
        name(r, "configurationDigest", ResourceKind::ServingConfiguration, r.serving.configurationDigest);
        name(r, "workloadDigest", ResourceKind::ServingWorkload, r.serving.workloadDigest);
        break;
    case ResourceKind::ServingConfiguration:
        name(r, "stackDigest", ResourceKind::ServingStackRevision,
             spec.digest("stackDigest").value_or(QString()));
        break;
    default:
        break; // the other kinds are kept for their digests; kix reads no field of theirs
    }
}

// apiVersion, kind and metadata; false when the resource cannot be identified at all.
bool readIdentity(FieldReader& fr, const QString& path, std::optional<ResourceKind> expected,
                  ResourceRecord& r) {
    const auto api = fr.string("apiVersion", Need::Required);
    if (api && *api != QLatin1String(kApiVersion))
        fr.error(resourceApiVersion, fr.pathOf(QStringLiteral("apiVersion")),
                 QStringLiteral("unknown apiVersion \"%1\": expected \"%2\"")
                     .arg(*api, QLatin1String(kApiVersion)));
    const auto kindText = fr.string("kind", Need::Required);
    bool kindOk = false;
    if (kindText) {
        const auto parsed = kindFromName(*kindText);
        if (!parsed) {
            fr.error(
                resourceUnknownKind, fr.pathOf(QStringLiteral("kind")),
                QStringLiteral("unknown kind \"%1\": expected one of %2").arg(*kindText, knownKindNames()));
        } else if (expected && *parsed != *expected) {
            fr.error(resourceWrongKind, fr.pathOf(QStringLiteral("kind")),
                     QStringLiteral("expected kind \"%1\" under %2, got \"%3\"")
                         .arg(kindName(*expected), path, *kindText));
        } else {
            kindOk = true;
            r.kind = *parsed;
        }
    }
    FieldReader metadata = fr.object("metadata", Need::Required);
    r.name = metadata.string("name", Need::Required).value_or(QString());
    r.title = metadata.string("title").value_or(QString());
    if (metadata.valid())
        r.metadata = QByteArray::fromStdString(metadata.json()->dump());
    const bool specOk = fr.object("spec", Need::Required).valid();
    return kindOk && specOk;
}

} // namespace

ReadResource readResource(const Json& json, const ResourceContext& where,
                          std::optional<ResourceKind> expected, Problems& problems) {
    ReadResource out;
    Problems own;
    FieldReader fr(&json, where.path, where.file, own, where.line);
    auto r = std::make_shared<ResourceRecord>();
    r->origin = Origin{where.file, where.line, where.pointer};
    if (!fr.valid()) {
        fr.error(resourceNotObject, where.path,
                 QStringLiteral("expected a resource object, got %1").arg(jsonTypeName(json)));
    } else if (readIdentity(fr, where.path, expected, *r)) {
        NormalizedForm normal = normalizeForDigest(json, where.file, where.path, where.line);
        own += normal.problems;
        try {
            CanonicalDigest hashed = canonicalDigest(normal.value);
            r->canonical = std::move(hashed.canonical);
            r->digest = std::move(hashed.digest);
            r->writtenDigest = normal.changed ? resourceDigest(json) : r->digest;
            if (normal.changed) {
                r->normalization = normal.changes;
                r->written = QByteArray::fromStdString(json.dump());
            }
            auto run = std::make_shared<RunRecord>();
            FieldReader spec(&normal.value.at("spec"), fr.pathOf(QStringLiteral("spec")), where.file, own,
                             where.line);
            readTyped(*r, &run->spec, spec);
            // Normalization and the acceptance check report a refused duration alike: keep it once.
            for (const Problem& f :
                 kernelIndexFindings(json, where.file, where.path, where.documentBytes, where.line)) {
                const bool seen = std::any_of(own.begin(), own.end(), [&](const Problem& p) {
                    return p.code == f.code && p.path == f.path && p.message == f.message;
                });
                if (!seen)
                    own.append(f);
            }
            r->problems = own;
            out.resource = r;
            if (r->kind == ResourceKind::BenchmarkRun) {
                run->resource = r;
                out.run = run;
            }
        } catch (const CanonicalError& e) {
            fr.error(resourceCanonical, where.path,
                     QStringLiteral("cannot compute the digest: %1").arg(QString::fromUtf8(e.what())));
        }
    }
    problems += own;
    return out;
}

} // namespace kix
