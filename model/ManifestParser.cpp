#include "ManifestParser.h"

#include "Canonical.h"
#include "Digest.h"
#include "FieldReader.h"
#include "JsonPath.h"

#include <QDateTime>
#include <QHash>
#include <QSet>

namespace kix {

namespace {

using Need = FieldReader::Need;

LatencyStats readStats(FieldReader stats, bool meanRequired) {
    LatencyStats s;
    if (!stats.valid())
        return s;
    s.mean = stats.nonNegative("mean", meanRequired ? Need::Required : Need::Optional, "nanoseconds");
    s.median = stats.nonNegative("median", Need::Optional, "nanoseconds");
    s.min = stats.nonNegative("min", Need::Optional, "nanoseconds");
    s.max = stats.nonNegative("max", Need::Optional, "nanoseconds");
    s.stddev = stats.nonNegative("stddev", Need::Optional, "nanoseconds");
    s.samples = stats.count("samples");
    if (s.min && s.max && *s.min > *s.max)
        stats.error(stats.pathOf(QStringLiteral("min")),
                    QStringLiteral("min (%1) is greater than max (%2)").arg(*s.min).arg(*s.max));
    if (!meanRequired && s.isEmpty() && !stats.path().isEmpty())
        stats.error(stats.path(), QStringLiteral("expected at least one of mean, median, min, max"));
    return s;
}

QList<QPair<QString, double>> readNumberMap(FieldReader map, const Json* json) {
    QList<QPair<QString, double>> out;
    if (!map.valid() || !json)
        return out;
    for (const auto& [key, value] : json->items()) {
        const QString name = QString::fromStdString(key);
        if (value.is_number())
            out.append({name, value.get<double>()});
        else
            map.warning(map.pathOf(name),
                        QStringLiteral("expected a number, got %1; ignored").arg(jsonTypeName(value)));
    }
    return out;
}

const Json* child(const Json& parent, const char* key) {
    if (!parent.is_object())
        return nullptr;
    const auto it = parent.find(key);
    return it == parent.end() ? nullptr : &*it;
}

void readCase(const Json& json, const QString& path, const QString& file, Problems& problems, CaseResult& c) {
    FieldReader fr(&json, path, file, problems);
    if (!fr.valid()) {
        problems.append({Problem::Severity::Error, file, path,
                         QStringLiteral("expected an object, got %1").arg(jsonTypeName(json))});
        return;
    }
    c.id = fr.string("id", Need::Required).value_or(QString());
    c.axes = readNumberMap(fr.object("axes"), child(json, "axes"));
    c.status = fr.string("status").value_or(QStringLiteral("passed"));
    const bool needsTiming = c.status == QLatin1String("passed");
    c.latencyNs =
        readStats(fr.object("latencyNs", needsTiming ? Need::Required : Need::Optional), needsTiming);
    c.referenceLatencyNs = readStats(fr.object("referenceLatencyNs"), false);
    c.speedup = fr.nonNegative("speedup");
    c.bytes = fr.nonNegative("bytes", Need::Optional, "bytes");
    c.bandwidthGBps = fr.nonNegative("bandwidthGBps");
    c.copyBandwidthFraction = fr.nonNegative("copyBandwidthFraction");
    FieldReader correctness = fr.object("correctness");
    if (const Json* outputs = correctness.array("outputs")) {
        for (std::size_t i = 0; i < outputs->size(); ++i) {
            FieldReader o(&(*outputs)[i],
                          jsonPathIndex(correctness.pathOf(QStringLiteral("outputs")), qsizetype(i)), file,
                          problems);
            if (!o.valid()) {
                problems.append(
                    {Problem::Severity::Error, file, o.path(), QStringLiteral("expected an object")});
                continue;
            }
            OutputError e;
            e.output = o.string("name", Need::Required).value_or(QString());
            e.maxAbsError = o.nonNegative("maxAbsError");
            e.maxRelError = o.nonNegative("maxRelError");
            e.atol = o.nonNegative("atol");
            e.rtol = o.nonNegative("rtol");
            e.passed = o.boolean("passed");
            c.errors.append(e);
        }
    }
}

void readRun(FieldReader spec, const Json& json, const QString& file, Problems& problems, RunSpec& run) {
    run.status = spec.string("status", Need::Required).value_or(QString());
    if (const auto at = spec.string("observedAt", Need::Required)) {
        if (!QDateTime::fromString(*at, Qt::ISODateWithMs).isValid())
            spec.error(
                spec.pathOf(QStringLiteral("observedAt")),
                QStringLiteral("expected an RFC 3339 timestamp such as 2026-06-26T09:16:50.948Z, got \"%1\"")
                    .arg(*at));
        run.observedAt = *at;
    }
    const bool passed = run.status == QLatin1String("passed");
    FieldReader timing = spec.object("timing", passed ? Need::Required : Need::Optional);
    run.primaryStatistic = timing.string("primaryStatistic").value_or(QStringLiteral("mean"));
    if (!QSet<QString>{QStringLiteral("mean"), QStringLiteral("median"), QStringLiteral("min")}.contains(
            run.primaryStatistic))
        timing.error(
            timing.pathOf(QStringLiteral("primaryStatistic")),
            QStringLiteral("expected one of mean, median, min, got \"%1\"").arg(run.primaryStatistic));
    run.aggregation = timing.string("aggregation").value_or(QString());
    run.latencyNs =
        readStats(timing.object("latencyNs", timing.valid() ? Need::Required : Need::Optional), false);

    run.protocolDigest = spec.digest("protocolDigest", Need::Required).value_or(QString());
    run.environmentDigest = spec.digest("environmentDigest", Need::Required).value_or(QString());
    run.workloadDigest = spec.digest("workloadDigest").value_or(QString());
    run.implementationDigest = spec.digest("implementationDigest").value_or(QString());

    FieldReader native = spec.object("sourceNative");
    run.source = native.string("source").value_or(QString());
    run.benchmark = native.string("benchmark").value_or(QString());
    run.externalId = native.string("externalId").value_or(QString());
    const Json* nativeJson = child(json, "sourceNative");
    run.metrics =
        readNumberMap(native.object("metrics"), nativeJson ? child(*nativeJson, "metrics") : nullptr);
    if (run.benchmark.isEmpty())
        run.benchmark = spec.string("definition").value_or(QString());

    FieldReader impl = spec.object("implementation");
    run.implementationName = impl.string("name").value_or(QString());
    run.implementationRevision = impl.string("revision").value_or(QString());

    if (const Json* cases = spec.array("cases")) {
        QHash<QString, qsizetype> firstSeen;
        const QString casesPath = spec.pathOf(QStringLiteral("cases"));
        for (std::size_t i = 0; i < cases->size(); ++i) {
            CaseResult c;
            const QString path = jsonPathIndex(casesPath, qsizetype(i));
            readCase((*cases)[i], path, file, problems, c);
            if (!c.id.isEmpty()) {
                if (firstSeen.contains(c.id)) {
                    problems.append({Problem::Severity::Error, file, jsonPathKey(path, QStringLiteral("id")),
                                     QStringLiteral("duplicate case id \"%1\" (first at %2)")
                                         .arg(c.id, jsonPathIndex(casesPath, firstSeen.value(c.id)))});
                    continue;
                }
                firstSeen.insert(c.id, qsizetype(i));
            }
            run.cases.append(c);
        }
    }
}

void readProtocol(FieldReader spec, ProtocolSpec& p) {
    FieldReader harness = spec.object("harness", Need::Required);
    p.harnessName = harness.string("name", Need::Required).value_or(QString());
    p.harnessVersion = harness.string("version").value_or(QString());
    FieldReader measurement = spec.object("measurement");
    p.timer = measurement.string("timer").value_or(QString());
    p.primaryStatistic = measurement.string("primaryStatistic").value_or(QString());
    FieldReader correctness = spec.object("correctness");
    p.correctnessReference = correctness.string("reference").value_or(QString());
    p.comparator = correctness.string("comparator").value_or(QString());
    FieldReader comparability = spec.object("comparability", Need::Required);
    p.family = comparability.string("family", Need::Required).value_or(QString());
    p.notes = comparability.string("notes").value_or(QString());
}

void readEnvironment(FieldReader spec, const Json& json, EnvironmentSpec& e) {
    FieldReader hardware = spec.object("hardware", Need::Required);
    e.vendor = hardware.string("vendor").value_or(QString());
    e.product = hardware.string("product", Need::Required).value_or(QString());
    e.architecture = hardware.string("architecture").value_or(QString());
    for (const auto& pair : flattenedFields(json)) {
        if (pair.first != QLatin1String("hardware.vendor") &&
            pair.first != QLatin1String("hardware.product") &&
            pair.first != QLatin1String("hardware.architecture"))
            e.details.append(pair);
    }
}

std::optional<Resource> readResource(const Json& json, const QString& path,
                                     std::optional<ResourceKind> expected, Manifest& m) {
    FieldReader fr(&json, path, m.file, m.problems);
    if (!fr.valid()) {
        m.problems.append({Problem::Severity::Error, m.file, path,
                           QStringLiteral("expected a resource object, got %1").arg(jsonTypeName(json))});
        return std::nullopt;
    }
    const auto api = fr.string("apiVersion", Need::Required);
    if (api && *api != QLatin1String(kApiVersion))
        fr.error(fr.pathOf(QStringLiteral("apiVersion")),
                 QStringLiteral("unknown apiVersion \"%1\": expected \"%2\"")
                     .arg(*api, QLatin1String(kApiVersion)));
    const auto kindText = fr.string("kind", Need::Required);
    // A plain flag rather than std::optional: GCC 12 warns about optional enums falsely.
    bool kindOk = false;
    ResourceKind kind = ResourceKind::BenchmarkRun;
    if (kindText) {
        const auto parsed = kindFromName(*kindText);
        if (!parsed) {
            fr.error(
                fr.pathOf(QStringLiteral("kind")),
                QStringLiteral("unknown kind \"%1\": expected one of %2").arg(*kindText, knownKindNames()));
        } else if (expected && *parsed != *expected) {
            fr.error(fr.pathOf(QStringLiteral("kind")),
                     QStringLiteral("expected kind \"%1\" under %2, got \"%3\"")
                         .arg(kindName(*expected), path, *kindText));
        } else {
            kindOk = true;
            kind = *parsed;
        }
    }
    FieldReader metadata = fr.object("metadata", Need::Required);
    Resource r;
    r.jsonPath = path;
    r.name = metadata.string("name", Need::Required).value_or(QString());
    r.title = metadata.string("title").value_or(QString());
    FieldReader spec = fr.object("spec", Need::Required);
    if (!kindOk || !spec.valid())
        return std::nullopt;
    r.kind = kind;
    r.json = json;
    const Json& specJson = json.at("spec");
    switch (r.kind) {
    case ResourceKind::BenchmarkRun:
        readRun(spec, specJson, m.file, m.problems, m.runSpec);
        break;
    case ResourceKind::BenchmarkProtocol:
        readProtocol(spec, m.protocolSpec);
        break;
    case ResourceKind::ExecutionEnvironment:
        readEnvironment(spec, specJson, m.environmentSpec);
        break;
    default:
        break; // supporting resources: only their digest matters to kix
    }
    try {
        r.digest = resourceDigest(json);
    } catch (const CanonicalError& e) {
        fr.error(path, QStringLiteral("cannot compute the digest: %1").arg(QString::fromUtf8(e.what())));
    }
    return r;
}

void readBundle(const Json& root, Manifest& m) {
    m.isBundle = true;
    static const char* const members[] = {"run", "protocol", "environment"};
    for (const auto& [key, value] : root.items()) {
        const QString name = QString::fromStdString(key);
        if (name != QLatin1String("run") && name != QLatin1String("protocol") &&
            name != QLatin1String("environment"))
            m.problems.append({Problem::Severity::Warning, m.file, jsonPathKey(QString(), name),
                               QStringLiteral("unknown member of a bundle; ignored")});
    }
    if (!root.contains("run"))
        m.problems.append({Problem::Severity::Error, m.file, QStringLiteral("run"),
                           QStringLiteral("required field is missing (expected a BenchmarkRun resource)")});
    const ResourceKind kinds[] = {ResourceKind::BenchmarkRun, ResourceKind::BenchmarkProtocol,
                                  ResourceKind::ExecutionEnvironment};
    std::optional<Resource>* targets[] = {&m.run, &m.protocol, &m.environment};
    for (int i = 0; i < 3; ++i) {
        if (const Json* r = child(root, members[i]))
            *targets[i] = readResource(*r, QString::fromLatin1(members[i]), kinds[i], m);
    }
}

void readSingle(const Json& root, Manifest& m) {
    auto r = readResource(root, QString(), std::nullopt, m);
    if (!r)
        return;
    switch (r->kind) {
    case ResourceKind::BenchmarkRun:
        m.run = std::move(r);
        break;
    case ResourceKind::BenchmarkProtocol:
        m.protocol = std::move(r);
        break;
    case ResourceKind::ExecutionEnvironment:
        m.environment = std::move(r);
        break;
    default:
        m.supporting.append(std::move(*r));
        break;
    }
}

// Python's json module writes NaN and Infinity as bare words; name them instead of a generic syntax error.
void explainNonFinite(const QByteArray& bytes, Problem& p) {
    static const QByteArray words[] = {"NaN", "Infinity", "-Infinity"};
    for (const auto& w : words) {
        const QByteArray spaced = QByteArray(": ").append(w);
        const QByteArray tight = QByteArray(":").append(w);
        if (bytes.contains(spaced) || bytes.contains(tight)) {
            p.message += QStringLiteral(" (NaN and Infinity are not JSON numbers)");
            return;
        }
    }
}

} // namespace

ManifestPtr parseManifest(const QByteArray& bytes, const QString& file, const JsonLimits& limits) {
    auto m = std::make_shared<Manifest>();
    m->file = file;
    m->rawText = bytes.left(1 << 20);
    JsonReadResult parsed = parseJson(bytes, file, limits);
    if (!parsed.value) {
        explainNonFinite(bytes, parsed.error);
        m->problems.append(parsed.error);
        return m;
    }
    const Json& root = *parsed.value;
    if (!root.is_object()) {
        m->problems.append(
            {Problem::Severity::Error, file, QString(),
             QStringLiteral("expected a JSON object at the top level, got %1").arg(jsonTypeName(root))});
    } else if (root.contains("kind")) {
        readSingle(root, *m);
    } else if (root.contains("run") || root.contains("protocol") || root.contains("environment")) {
        readBundle(root, *m);
    } else {
        m->problems.append({Problem::Severity::Error, file, QString(),
                            QStringLiteral("not a kernelindex manifest: expected a bundle with \"run\", "
                                           "\"protocol\" and \"environment\", or a resource with \"kind\"")});
    }
    return m;
}

ManifestPtr loadManifestFile(const QString& path, const JsonLimits& limits) {
    QByteArray bytes;
    if (auto problem = readLimitedFile(path, limits, bytes)) {
        auto m = std::make_shared<Manifest>();
        m->file = path;
        m->problems.append(*problem);
        return m;
    }
    return parseManifest(bytes, path, limits);
}

} // namespace kix
