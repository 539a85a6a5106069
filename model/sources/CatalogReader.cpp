#include "CatalogReader.h"

#include "DocumentReader.h"
#include "FieldReader.h"
#include "JsonPath.h"
#include "QuotedForMessage.h"
#include "RecordEventsReader.h"
#include "Timestamp.h"

#include <algorithm>

namespace kix {

using namespace codes;

namespace {

// Catalog columns are nullable: null and absent both read as empty; another type is a problem.
QString column(const Json& row, const char* key, ParsedDocument& doc, qint64 line) {
    const auto it = row.find(key);
    if (it == row.end() || it->is_null())
        return {};
    if (it->is_string())
        return QString::fromStdString(it->get_ref<const std::string&>());
    doc.problems.append(
        makeProblem(Problem::Severity::Error, catalogRow, doc.origin.file,
                    jsonPathKey(QStringLiteral("row"), QString::fromLatin1(key)),
                    QStringLiteral("expected a string or null, got %1").arg(jsonTypeName(*it)), line));
    return {};
}

// A timestamp column (publishedAt, retractedAt): null or absent, or a date-time the way the manifest
// reader checks observedAt (RFC 3339), with KernelIndex's own instant form (seconds left out) allowed too,
// so that nothing KernelIndex accepts is refused. A bad value is kept as written (a retractedAt still
// retracts) and reported.
QString timestampColumn(const Json& row, const char* key, ParsedDocument& doc, qint64 line) {
    QString value = column(row, key, doc, line);
    const auto it = row.find(key);
    if (it == row.end() || !it->is_string())
        return value;
    const std::string& text = it->get_ref<const std::string&>();
    if (!isRfc3339DateTime(text) && !isKernelIndexInstant(text))
        doc.problems.append(makeProblem(
            Problem::Severity::Error, fieldTimestamp, doc.origin.file,
            jsonPathKey(QStringLiteral("row"), QString::fromLatin1(key)),
            QStringLiteral("expected an RFC 3339 timestamp such as 2026-06-26T09:16:50.948Z, got \"%1\"")
                .arg(value),
            line));
    return value;
}

void mismatch(ParsedDocument& doc, const char* code, const char* field, const QString& what,
              const QString& published, const QString& recomputed) {
    doc.problems.append(
        makeProblem(Problem::Severity::Error, code, doc.origin.file,
                    jsonPathKey(QStringLiteral("row"), QString::fromLatin1(field)),
                    QStringLiteral("published %1 %2 differs from the %3 kix recomputes from the line")
                        .arg(what, published, recomputed),
                    doc.origin.line));
}

void checkPublished(ParsedDocument& doc, const char* field, const QString& what, const QString& published,
                    const QString& recomputed, const char* code = catalogDigest) {
    if (!published.isEmpty() && !recomputed.isEmpty() && published != recomputed)
        mismatch(doc, code, field, what, published, recomputed);
}

void readRunRow(const Json& row, ParsedDocument& doc) {
    const qint64 line = doc.origin.line;
    CatalogRunFacts f;
    f.id = column(row, "id", doc, line);
    f.runDigest = column(row, "runDigest", doc, line);
    f.protocolKey = column(row, "protocolKey", doc, line);
    f.environmentKey = column(row, "environmentKey", doc, line);
    f.correctnessKey = column(row, "correctnessKey", doc, line);
    f.comparisonKey = column(row, "comparisonKey", doc, line);
    f.status = column(row, "status", doc, line);
    f.primaryMetric = column(row, "primaryMetric", doc, line);
    f.primaryStatistic = column(row, "primaryStatistic", doc, line);
    f.primaryUnit = column(row, "primaryUnit", doc, line);
    if (const auto it = row.find("primaryValue"); it != row.end() && it->is_number())
        f.primaryValue = it->get<double>();
    f.publishedAt = timestampColumn(row, "publishedAt", doc, line);
    f.retractedAt = timestampColumn(row, "retractedAt", doc, line);
    f.retractionReason = column(row, "retractionReason", doc, line);
    f.supersedesId = column(row, "supersedesId", doc, line);
    f.implementationId = column(row, "implementationId", doc, line);
    f.workloadId = column(row, "workloadId", doc, line);
    f.hardwareModel = column(row, "hardwareModel", doc, line);
    if (doc.run) {
        const RunSpec& s = doc.run->spec;
        checkPublished(doc, "runDigest", QStringLiteral("run digest"), f.runDigest, doc.run->digest());
        checkPublished(doc, "protocolKey", QStringLiteral("protocol key"), f.protocolKey,
                       doc.bundleProtocolDigest, catalogKey);
        checkPublished(doc, "environmentKey", QStringLiteral("environment key"), f.environmentKey,
                       doc.bundleEnvironmentDigest, catalogKey);
        if (!f.status.isEmpty() && f.status != s.status)
            doc.problems.append(makeProblem(
                Problem::Severity::Error, catalogStatus, doc.origin.file, QStringLiteral("row.status"),
                QStringLiteral("published status \"%1\" differs from the run's \"%2\"")
                    .arg(f.status, s.status),
                line));
        const auto primary = s.primary();
        const QString published = f.primaryValue
                                      ? QStringLiteral("%1:%2:%3 = %4")
                                            .arg(f.primaryMetric, f.primaryStatistic, f.primaryUnit)
                                            .arg(*f.primaryValue, 0, 'g', 17)
                                      : f.primaryMetric;
        const QString recomputed =
            primary ? primary->key() + QStringLiteral(" = ") + QString::number(primary->value, 'g', 17)
                    : QStringLiteral("none");
        if (published != recomputed)
            doc.problems.append(makeProblem(
                Problem::Severity::Error, catalogPrimary, doc.origin.file, QStringLiteral("row.primaryValue"),
                QStringLiteral("published primary measurement %1 differs from the %2 kix "
                               "derives from the run")
                    .arg(published, recomputed),
                line));
    }
    doc.publishedRun = std::move(f);
}

void readResourceRow(const Json& row, const QString& table, const char* digestColumn, ParsedDocument& doc) {
    CatalogResourceFacts f;
    f.table = table;
    f.id = column(row, "id", doc, doc.origin.line);
    f.operationId = column(row, "operationId", doc, doc.origin.line);
    if (digestColumn) {
        f.publishedDigest = column(row, digestColumn, doc, doc.origin.line);
        if (!doc.resources.isEmpty())
            checkPublished(doc, digestColumn, QStringLiteral("digest"), f.publishedDigest,
                           doc.resources.first()->digest);
    }
    doc.publishedResource = std::move(f);
}

// A serving_runs row: its ServingRun, the published run digest checked, and KernelIndex's serving cohort and
// lifecycle kept beside it. The row's status must be the run's, as for benchmark_runs.
void readServingRunRow(const Json& row, ParsedDocument& doc) {
    readResourceRow(row, doc.table, "runDigest", doc);
    CatalogResourceFacts& f = *doc.publishedResource;
    const qint64 line = doc.origin.line;
    f.cohortKey = column(row, "cohortKey", doc, line);
    f.status = column(row, "status", doc, line);
    f.retractedAt = timestampColumn(row, "retractedAt", doc, line);
    f.supersedesId = column(row, "supersedesId", doc, line);
    const QString runStatus = doc.resources.isEmpty() ? QString() : doc.resources.first()->serving.status;
    if (!f.status.isEmpty() && !runStatus.isEmpty() && f.status != runStatus)
        doc.problems.append(makeProblem(
            Problem::Severity::Error, catalogStatus, doc.origin.file, QStringLiteral("row.status"),
            QStringLiteral("published status \"%1\" differs from the run's \"%2\"").arg(f.status, runStatus),
            line));
}

// The serving tables of KernelIndex's export that hold one resource each: the kind and the digest column.
struct ServingTable {
    const char* table;
    ResourceKind kind;
    const char* expected;
    const char* digestColumn;
};
constexpr ServingTable kServingTables[] = {
    {"serving_configurations", ResourceKind::ServingConfiguration, "a ServingConfiguration",
     "configurationDigest"},
    {"serving_stack_revisions", ResourceKind::ServingStackRevision, "a ServingStackRevision", "stackDigest"},
    {"serving_workloads", ResourceKind::ServingWorkload, "a ServingWorkload", "workloadDigest"},
    {"model_revisions", ResourceKind::ModelRevision, "a ModelRevision", "modelDigest"},
};

const ServingTable* servingTable(const QString& table) {
    for (const ServingTable& t : kServingTables)
        if (table == QLatin1String(t.table))
            return &t;
    return nullptr;
}

// measurements and serving_measurements rows alike: one measurement of the run with this id.
void readMeasurementRow(const Json& row, ParsedDocument& doc) {
    Problems& problems = doc.problems;
    FieldReader fr(&row, QStringLiteral("row"), doc.origin.file, problems, doc.origin.line);
    const auto runId = fr.string("runId", FieldReader::Required);
    const auto metric = fr.string("metric", FieldReader::Required);
    const auto statistic = fr.string("statistic", FieldReader::Required);
    const auto unit = fr.string("unit", FieldReader::Required);
    const auto value = fr.number("value", FieldReader::Required);
    std::optional<qint64> samples;
    if (const Json* n = fr.child("sampleCount"); n && !n->is_null())
        samples = fr.count("sampleCount");
    if (runId && metric && statistic && unit && value)
        doc.measurement =
            CatalogMeasurement{*runId, Measurement{*metric, *unit, *statistic, *value, samples}};
}

void readManifestOf(const Json& row, ParsedDocument& doc) {
    const auto it = row.find("manifest");
    if (it == row.end()) {
        doc.problems.append(makeProblem(
            Problem::Severity::Error, catalogRow, doc.origin.file, QStringLiteral("row.manifest"),
            QStringLiteral("required field is missing (expected the row's manifest)"), doc.origin.line));
        return;
    }
    readManifestDocument(*it,
                         DocumentContext{doc.origin.file, doc.origin.line, QStringLiteral("/row/manifest"),
                                         QStringLiteral("row.manifest"), doc.bytes},
                         doc);
}

// What a row's manifest held, for messages: "a BenchmarkRun, a BenchmarkProtocol and an
// ExecutionEnvironment".
QString heldKinds(const ParsedDocument& doc) {
    QStringList kinds;
    if (doc.run)
        kinds << kindName(ResourceKind::BenchmarkRun);
    for (const ResourcePtr& r : doc.resources)
        kinds << kindName(r->kind);
    for (QString& k : kinds)
        k.prepend(k.startsWith(u'E') || k.startsWith(u'I') || k.startsWith(u'O') ? QStringLiteral("an ")
                                                                                 : QStringLiteral("a "));
    const QString last = kinds.takeLast();
    return kinds.isEmpty() ? last : kinds.join(QStringLiteral(", ")) + QStringLiteral(" and ") + last;
}

// A row's manifest must be of its table's kind: a run (in its bundle) for benchmark_runs, one resource of the
// kinds given for the others. Otherwise it is an error and nothing of the row is kept, so that the row's
// published facts are never pinned on a record of another kind.
void expectKind(ParsedDocument& doc, std::initializer_list<ResourceKind> kinds, const QString& expected) {
    const bool nothing = !doc.run && doc.resources.isEmpty();
    const bool runs = kinds.size() == 1 && *kinds.begin() == ResourceKind::BenchmarkRun;
    const bool ok = nothing || (runs ? doc.run != nullptr
                                     : !doc.run && doc.resources.size() == 1 &&
                                           std::find(kinds.begin(), kinds.end(),
                                                     doc.resources.first()->kind) != kinds.end());
    if (ok)
        return;
    doc.problems.append(makeProblem(
        Problem::Severity::Error, catalogRow, doc.origin.file, QStringLiteral("row.manifest"),
        QStringLiteral("a row of %1 holds %2, expected %3").arg(doc.table, heldKinds(doc), expected),
        doc.origin.line));
    doc.run.reset();
    doc.resources.clear();
    doc.bundleProtocolDigest.clear();
    doc.bundleEnvironmentDigest.clear();
}

// The tables of KernelIndex's export that kix knows and does not read (yet): counted, otherwise skipped.
bool isCatalogTableSkipped(const QString& table) {
    static const QStringList skipped = {QStringLiteral("sources"), QStringLiteral("artifacts"),
                                        QStringLiteral("operation_aliases")};
    return skipped.contains(table);
}

} // namespace

bool isCatalogTableRead(const QString& table) {
    static const QStringList read = {QStringLiteral("benchmark_runs"),
                                     QStringLiteral("workloads"),
                                     QStringLiteral("implementations"),
                                     QStringLiteral("operations"),
                                     QStringLiteral("projects"),
                                     QStringLiteral("measurements"),
                                     QStringLiteral("record_events"),
                                     QStringLiteral("serving_runs"),
                                     QStringLiteral("serving_measurements")};
    return read.contains(table) || servingTable(table) != nullptr;
}

Problem unknownCatalogTable(const QString& table, const QString& file, qint64 line, qint64 rows) {
    const QString notRead = rows == 1 ? QStringLiteral("row not read")
                                      : QStringLiteral("%1 rows not read, the first on this line").arg(rows);
    return makeProblem(
        Problem::Severity::Warning, catalogLine, file, QStringLiteral("table"),
        QStringLiteral("unknown catalog table %1: %2 (kix reads benchmark_runs, workloads, "
                       "implementations, operations, projects, measurements, record_events and "
                       "the serving tables, and skips sources, artifacts and operation_aliases)")
            .arg(quotedForMessage(table), notRead),
        line);
}

bool isSolExecBenchTraceRecord(const QByteArray& line, const JsonLimits& limits) {
    const JsonReadResult parsed = parseJson(line, QString(), limits);
    return parsed.value && parsed.value->is_object() && parsed.value->contains("definition") &&
           parsed.value->contains("workload") && !parsed.value->contains("table");
}

Problem solExecBenchTraceProblem(const QString& file, qint64 line) {
    return makeProblem(Problem::Severity::Error, catalogLine, file, QString(),
                       QStringLiteral("this is a SOL-ExecBench trace (records of definition, workload, "
                                      "solution and evaluation), not a KernelIndex catalog export: make "
                                      "manifests of it with `kix import-trace %1`; the file is not read")
                           .arg(file),
                       line);
}

ParsedDocument readCatalogLine(const QByteArray& text, const QString& file, qint64 line,
                               const JsonLimits& limits) {
    ParsedDocument doc;
    doc.origin = Origin{file, line, QString()};
    doc.bytes = text.size();
    JsonReadResult parsed = parseJson(text, file, limits);
    if (!parsed.value) {
        parsed.error.line = line;
        if (parsed.error.code.isEmpty())
            parsed.error.code = QString::fromLatin1(catalogLine);
        doc.problems.append(parsed.error);
        return doc;
    }
    const Json& root = *parsed.value;
    const auto table = root.is_object() ? root.find("table") : root.end();
    const auto row = root.is_object() ? root.find("row") : root.end();
    if (!root.is_object() || table == root.end() || !table->is_string() || row == root.end() ||
        !row->is_object()) {
        doc.problems.append(makeProblem(
            Problem::Severity::Error, catalogLine, file, QString(),
            QStringLiteral("expected a catalog record {\"table\": name, \"row\": object}"), line));
        return doc;
    }
    doc.table = QString::fromStdString(table->get<std::string>());
    if (doc.table == QLatin1String("benchmark_runs")) {
        readManifestOf(*row, doc);
        expectKind(doc, {ResourceKind::BenchmarkRun},
                   QStringLiteral("a {run, protocol, environment} bundle"));
        readRunRow(*row, doc);
    } else if (doc.table == QLatin1String("workloads")) {
        readManifestOf(*row, doc);
        expectKind(doc, {ResourceKind::WorkloadCase, ResourceKind::WorkloadSuite},
                   QStringLiteral("a WorkloadCase or a WorkloadSuite"));
        readResourceRow(*row, doc.table, "workloadDigest", doc);
    } else if (doc.table == QLatin1String("implementations")) {
        readManifestOf(*row, doc);
        expectKind(doc, {ResourceKind::ImplementationRevision}, QStringLiteral("an ImplementationRevision"));
        readResourceRow(*row, doc.table, "implementationDigest", doc);
    } else if (doc.table == QLatin1String("operations")) {
        readManifestOf(*row, doc);
        expectKind(doc, {ResourceKind::OperationSpec}, QStringLiteral("an OperationSpec"));
        readResourceRow(*row, doc.table, "semanticDigest", doc);
    } else if (doc.table == QLatin1String("projects")) {
        readManifestOf(*row, doc);
        expectKind(doc, {ResourceKind::SoftwareProject}, QStringLiteral("a SoftwareProject"));
        readResourceRow(*row, doc.table, nullptr, doc);
    } else if (doc.table == QLatin1String("measurements") ||
               doc.table == QLatin1String("serving_measurements")) {
        readMeasurementRow(*row, doc);
    } else if (doc.table == QLatin1String("serving_runs")) {
        readManifestOf(*row, doc);
        expectKind(doc, {ResourceKind::ServingRun}, QStringLiteral("a ServingRun"));
        readServingRunRow(*row, doc);
    } else if (const ServingTable* serving = servingTable(doc.table)) {
        readManifestOf(*row, doc);
        expectKind(doc, {serving->kind}, QString::fromLatin1(serving->expected));
        readResourceRow(*row, doc.table, serving->digestColumn, doc);
    } else if (doc.table == QLatin1String("record_events")) {
        readRecordEventRow(*row, doc.origin.file, doc.origin.line,
                           doc.problems); // the rows: readRecordEvents
    } else if (!isCatalogTableSkipped(doc.table)) {
        doc.unknownTable = true;
        doc.problems.append(unknownCatalogTable(doc.table, file, line));
    }
    return doc;
}

} // namespace kix
