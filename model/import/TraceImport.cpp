#include "TraceImport.h"

#include "Digest.h"
#include "FieldReader.h"
#include "FileSuffixes.h"
#include "JsonReader.h"
#include "LineSource.h"
#include "ManifestWriter.h"
#include "OutputName.h"
#include "ProblemCodes.h"
#include "RawSamples.h"
#include "Statistics.h"
#include "Timestamp.h"
#include "TraceMapping.h"

#include <QDateTime>
#include <QRegularExpression>
#include <cmath>

namespace kix {

using namespace codes;
using Need = FieldReader::Need;

namespace {

constexpr char kComparator[] = "sol_execbench_eval";
constexpr char kSource[] = "sol-execbench";
constexpr qint64 kManifestLimit = qint64(1024) * 1024; // KernelIndex rejects a manifest over 1 MiB

// What one evaluated trace line says, kept compact (no JSON tree per line).
// clang-tidy 14 reports a throw path in the implicit move of a struct with nlohmann::json members,
// whose own move constructor is noexcept: nothing can escape.
// NOLINTNEXTLINE(bugprone-exception-escape): implicit move of nlohmann::json members, see above
struct TraceLine {
    qint64 line = 0;
    QString definition, solution, uuid;
    QList<QPair<QString, qint64>> axes;
    QStringList inputs;
    Json workloadCorrectness; // the WorkloadCase's correctness, from workload.tolerance
    QString status;           // KernelIndex's
    QString timestampGiven, observedAt;
    bool naive = false;
    QString hardware;
    std::map<std::string, std::string> libs;
    std::optional<double> latencyMs, referenceMs, speedup;
    bool hasCorrectness = false;
    std::optional<double> maxAbs, maxRel;
    std::optional<bool> hasNan, hasInf;
    QString log;
};

struct Group {
    QList<TraceLine> lines;
    QHash<QString, qint64> lineOfUuid;
};

struct DefinitionFacts {
    QStringList axes, inputs; // first-seen order
};

// SOL-ExecBench writes an absent optional field as null; to kix, null is absent.
void dropNulls(Json& value) {
    if (!value.is_object())
        return;
    for (auto it = value.begin(); it != value.end();) {
        if (it->is_null()) {
            it = value.erase(it);
        } else {
            dropNulls(*it);
            ++it;
        }
    }
}

bool isIdentifier(const QString& s) {
    static const QRegularExpression pattern(QStringLiteral("^[a-z][a-z0-9_]*$"));
    return pattern.match(s).hasMatch();
}

QString boundedText(const QString& text, qsizetype limit) {
    return text.size() <= limit ? text : text.left(limit - 1) + QChar(0x2026);
}

std::string utf8(const QString& s) {
    return s.toStdString();
}

qint64 nanoseconds(double ms) {
    return std::llround(ms * 1e6);
}

// Pydantic writes a non-finite error as the string "NaN" or "Infinity": no number to keep.
std::optional<double> errorValue(const FieldReader& fr, const char* key) {
    const Json* v = fr.child(key);
    if (v && v->is_number() && std::isfinite(v->get<double>()) && v->get<double>() >= 0)
        return v->get<double>();
    return std::nullopt;
}

// "+02:00" -> seconds east of UTC; nullopt when malformed.
std::optional<int> offsetSeconds(const QString& text) {
    if (text == QLatin1String("Z"))
        return 0;
    static const QRegularExpression pattern(QStringLiteral("^([+-])([01]\\d|2[0-3]):([0-5]\\d)$"));
    const auto m = pattern.match(text);
    if (!m.hasMatch())
        return std::nullopt;
    const int seconds = m.captured(2).toInt() * 3600 + m.captured(3).toInt() * 60;
    return m.captured(1) == QLatin1String("-") ? -seconds : seconds;
}

struct ParsedTime {
    QString utc; // KernelIndex's observedAt
    bool naive = false;
};

// An ISO 8601 date and time as Python's isoformat() writes it, with or without a zone, to a UTC
// instant keeping the fraction as given. A naive time is read in `naiveOffset` when set, else as if
// it were UTC (and reported so by the caller).
std::optional<ParsedTime> toUtc(const QString& text, const QString& naiveOffset) {
    static const QRegularExpression pattern(QStringLiteral(
        "^(\\d{4}-\\d{2}-\\d{2})T(\\d{2}):(\\d{2})(?::(\\d{2})(\\.\\d{1,9})?)?(Z|z|[+-]\\d{2}:\\d{2})?$"));
    const auto m = pattern.match(text);
    if (!m.hasMatch())
        return std::nullopt;
    ParsedTime out;
    QString zone = m.captured(6).toUpper();
    if (zone.isEmpty()) {
        out.naive = true;
        zone = naiveOffset.isEmpty() ? QStringLiteral("Z") : naiveOffset;
    }
    const auto offset = offsetSeconds(zone);
    const QDate date = QDate::fromString(m.captured(1), Qt::ISODate);
    const QTime time(m.captured(2).toInt(), m.captured(3).toInt(), m.captured(4).toInt());
    if (!offset || !date.isValid() || !time.isValid())
        return std::nullopt;
    const QDateTime utc = QDateTime(date, time, Qt::UTC).addSecs(-*offset);
    out.utc = utc.toString(QStringLiteral("yyyy-MM-dd'T'HH:mm:ss")) + m.captured(5) + u'Z';
    if (!isUtcInstant(out.utc))
        return std::nullopt;
    return out;
}

// KernelIndex compares instants; the fractions kept as given may differ in length.
bool laterThan(const QString& a, const QString& b) {
    const auto ta = QDateTime::fromString(a, Qt::ISODateWithMs);
    const auto tb = QDateTime::fromString(b, Qt::ISODateWithMs);
    return ta.isValid() && tb.isValid() ? ta > tb : a > b;
}

// What the steps of building one solution's set hand each other.
// NOLINTNEXTLINE(bugprone-exception-escape): implicit move of nlohmann::json members, as TraceLine
struct Built {
    std::string operationDigest;
    QList<std::string> caseDigests; // per line of the group
    QString suiteDigest;
    GpuFacts gpu;
    Json environment, protocol;
    std::string implementationDigest;
    QString samplesFile;
    QByteArray samplesBytes;
};

Json evidenceCase(const TraceLine& t) {

    Json c = {{"id", utf8(t.uuid)}, {"status", utf8(t.status)}, {"observedAt", utf8(t.timestampGiven)}};
    Json axes = Json::object();
    for (const auto& [axis, value] : t.axes)
        axes[utf8(axis)] = value;
    c["axes"] = axes;
    if (t.latencyMs)
        c["latencyNs"] = Json{{"median", nanoseconds(*t.latencyMs)}};
    // 0.0 is SOL-ExecBench's "the reference was not timed" (its default), not a 0 ns reference.
    if (t.referenceMs && *t.referenceMs > 0) {
        c["referenceLatencyNs"] = Json{{"median", nanoseconds(*t.referenceMs)}};
        if (t.speedup && *t.speedup > 0)
            c["speedup"] = *t.speedup;
    }
    if (t.hasCorrectness) {
        Json output = {{"name", "all outputs"}, {"passed", t.status == QLatin1String("passed")}};
        const bool nonFinite = t.hasNan.value_or(false) || t.hasInf.value_or(false);
        if (t.maxAbs && !nonFinite)
            output["maxAbsError"] = *t.maxAbs;
        if (t.maxRel && !nonFinite)
            output["maxRelError"] = *t.maxRel;
        if (t.hasNan)
            output["hasNan"] = *t.hasNan;
        if (t.hasInf)
            output["hasInf"] = *t.hasInf;
        c["correctness"] = Json{{"outputs", Json::array({output})}};
    }
    if (!t.log.isEmpty())
        c["error"] = utf8(t.log);
    return c;
}

// A case run's spec, less what links it to its workload and evidence.
Json caseRunSpec(const TraceLine& t, const Built& b) {

    Json spec = {{"implementationDigest", b.implementationDigest},
                 {"status", utf8(t.status)},
                 {"observedAt", utf8(t.observedAt)}};
    Json metrics = Json::object();
    if (t.latencyMs) {
        spec["timing"] =
            Json{{"primaryStatistic", "median"}, {"latencyNs", Json{{"median", nanoseconds(*t.latencyMs)}}}};
        metrics["latency_ms"] = *t.latencyMs;
    }
    if (t.referenceMs && *t.referenceMs > 0)
        metrics["reference_latency_ms"] = *t.referenceMs;
    if (t.referenceMs && *t.referenceMs > 0 && t.speedup && *t.speedup > 0)
        metrics["speedup_factor"] = *t.speedup;
    spec["sourceNative"] = Json{{"source", kSource},
                                {"benchmark", utf8(boundedText(t.definition, 200))},
                                {"externalId", utf8(t.uuid)},
                                {"metrics", metrics}};
    if (t.hasCorrectness) {
        Json correctness = {{"comparator", kComparator}};
        // With NaN or Inf in the output SOL-ExecBench writes 0.0 errors, which would read as exact.
        const bool nonFinite = t.hasNan.value_or(false) || t.hasInf.value_or(false);
        if (t.maxAbs && !nonFinite)
            correctness["maximumAbsoluteError"] = *t.maxAbs;
        if (t.maxRel && !nonFinite)
            correctness["maximumRelativeError"] = *t.maxRel;
        spec["correctness"] = correctness;
    }
    return spec;
}

} // namespace

QString checkUtcOffset(const QString& offset) {
    return offsetSeconds(offset)
               ? QString()
               : QStringLiteral("expected a UTC offset such as +02:00, -05:30 or Z, got \"%1\"").arg(offset);
}

QString checkArchitecture(const QString& arch) {
    return isIdentifier(arch) ? QString()
                              : QStringLiteral("expected an architecture such as sm_90 (lowercase letters, "
                                               "digits and _), got \"%1\"")
                                    .arg(arch);
}

QString checkHarnessVersion(const QString& version) {
    if (version.trimmed().isEmpty() || version.size() > 100)
        return QStringLiteral("expected a version of 1 to 100 characters, got \"%1\"")
            .arg(boundedText(version, 40));
    return {};
}

struct TraceImporter::Impl {
    QString file;
    TraceImportOptions options;
    Problems problems;
    std::map<QString, Group>
        groups; // by solution, in name order: the set is the same whatever the line order
    std::map<QString, DefinitionFacts> definitions;
    int workloadOnly = 0;
    qint64 firstWorkloadOnly = 0;
    int naive = 0;
    qint64 firstNaive = 0;
    int traces = 0;

    void error(const char* code, qint64 line, const QString& path, const QString& message) {
        problems.append(makeProblem(Problem::Severity::Error, code, file, path, message, line));
    }
    void warning(const char* code, qint64 line, const QString& path, const QString& message) {
        problems.append(makeProblem(Problem::Severity::Warning, code, file, path, message, line));
    }

    bool readWorkload(FieldReader& workload, TraceLine& t);
    bool readTolerance(FieldReader tolerance, TraceLine& t);
    bool readEvaluation(FieldReader& evaluation, TraceLine& t);
    void readLine(const Json& parsed, qint64 line);
    void keep(TraceLine&& t);
    Json operationSpec(const QString& definition) const;
    void build(TraceImportResult& out);
    void addFile(TraceImportResult& out, const QString& name, const Json& doc);
    void buildWorkloads(const Group& g, Built& b, TraceImportResult& out);
    bool buildEnvironment(const Group& g, Built& b);
    void buildImplementation(const QString& solution, Built& b, TraceImportResult& out);
    void buildEvidence(const QString& solution, const Group& g, Built& b, TraceImportResult& out);
    void buildRuns(const QString& solution, const Group& g, const Built& b, TraceImportResult& out);
};

bool TraceImporter::Impl::readWorkload(FieldReader& workload, TraceLine& t) {
    bool ok = true;
    if (const auto uuid = workload.string("uuid", Need::Required)) {
        t.uuid = *uuid;
        if (uuid->size() > 200) {
            error(traceName, t.line, workload.pathOf(QStringLiteral("uuid")),
                  QStringLiteral("a workload id of %1 characters; KernelIndex keeps at most 200")
                      .arg(uuid->size()));
            ok = false;
        }
    } else {
        ok = false;
    }
    FieldReader axes = workload.object("axes");
    if (axes.valid()) {
        for (const auto& [key, value] : axes.json()->items()) {
            const QString name = QString::fromStdString(key);
            if (!isIdentifier(name)) {
                error(traceName, t.line, axes.pathOf(name),
                      QStringLiteral("axis name \"%1\" cannot be a KernelIndex axis (expected lowercase "
                                     "letters, digits and _)")
                          .arg(boundedText(name, 80)));
                ok = false;
            } else if (!value.is_number_integer()) {
                error(fieldType, t.line, axes.pathOf(name),
                      QStringLiteral("expected an integer, got %1").arg(jsonTypeName(value)));
                ok = false;
            } else {
                t.axes.append({name, value.get<qint64>()});
            }
        }
    }
    FieldReader inputs = workload.object("inputs");
    if (inputs.valid()) {
        for (const auto& [key, value] : inputs.json()->items()) {
            const QString name = QString::fromStdString(key);
            if (!isIdentifier(name)) {
                error(traceName, t.line, inputs.pathOf(name),
                      QStringLiteral("input name \"%1\" cannot be a KernelIndex input (expected lowercase "
                                     "letters, digits and _)")
                          .arg(boundedText(name, 80)));
                ok = false;
            } else {
                t.inputs << name;
            }
        }
    }
    return readTolerance(workload.object("tolerance"), t) && ok;
}

// workload.tolerance: the WorkloadCase's correctness.
bool TraceImporter::Impl::readTolerance(FieldReader tolerance, TraceLine& t) {
    bool ok = true;
    t.workloadCorrectness = Json{{"comparator", kComparator}};
    if (tolerance.valid()) {
        if (const auto atol = tolerance.nonNegative("max_atol"))
            t.workloadCorrectness["maxAbsoluteError"] = *atol;
        if (const auto rtol = tolerance.nonNegative("max_rtol"))
            t.workloadCorrectness["maxRelativeError"] = *rtol;
        if (const auto ratio = tolerance.nonNegative("required_matched_ratio")) {
            if (*ratio > 1) {
                error(fieldRange, t.line, tolerance.pathOf(QStringLiteral("required_matched_ratio")),
                      QStringLiteral("expected a ratio from 0 to 1, got %1").arg(*ratio));
                ok = false;
            } else {
                t.workloadCorrectness["requiredMatchedRatio"] = *ratio;
            }
        }
    }
    return ok;
}

bool TraceImporter::Impl::readEvaluation(FieldReader& evaluation, TraceLine& t) {
    bool ok = true;
    if (const auto status = evaluation.string("status", Need::Required)) {
        if (const auto mapped = kernelIndexStatus(*status)) {
            t.status = *mapped;
        } else {
            error(traceStatus, t.line, evaluation.pathOf(QStringLiteral("status")),
                  QStringLiteral("unknown status \"%1\": expected one of %2")
                      .arg(boundedText(*status, 80), solExecBenchStatuses().join(QStringLiteral(", "))));
            ok = false;
        }
    } else {
        ok = false;
    }
    if (const auto timestamp = evaluation.string("timestamp", Need::Required)) {
        t.timestampGiven = *timestamp;
        if (const auto parsed = toUtc(*timestamp, options.utcOffset)) {
            t.observedAt = parsed->utc;
            t.naive = parsed->naive;
        } else {
            error(traceTimestamp, t.line, evaluation.pathOf(QStringLiteral("timestamp")),
                  QStringLiteral(
                      "expected an ISO 8601 date and time such as 2026-07-06T23:01:48.730752, got \"%1\"")
                      .arg(boundedText(*timestamp, 80)));
            ok = false;
        }
    } else {
        ok = false;
    }
    FieldReader env = evaluation.object("environment", Need::Required);
    if (const auto hardware = env.string("hardware", Need::Required))
        t.hardware = *hardware;
    else
        ok = false;
    FieldReader libs = env.object("libs");
    if (libs.valid()) {
        for (const auto& [key, value] : libs.json()->items()) {
            const QString name = QString::fromStdString(key);
            if (!value.is_string())
                warning(
                    fieldIgnored, t.line, libs.pathOf(name),
                    QStringLiteral("expected a version string, got %1; left out").arg(jsonTypeName(value)));
            else
                t.libs[key] = value.get<std::string>();
        }
    }
    if (const auto log = evaluation.string("log"))
        t.log = *log;
    FieldReader correctness = evaluation.object("correctness");
    if (correctness.valid()) {
        t.hasCorrectness = true;
        t.maxAbs = errorValue(correctness, "max_absolute_error");
        t.maxRel = errorValue(correctness, "max_relative_error");
        t.hasNan = correctness.boolean("has_nan");
        t.hasInf = correctness.boolean("has_inf");
    }
    FieldReader performance = evaluation.object("performance");
    if (performance.valid()) {
        t.latencyMs = performance.nonNegative("latency_ms", Need::Required, "milliseconds");
        t.referenceMs = performance.nonNegative("reference_latency_ms", Need::Optional, "milliseconds");
        t.speedup = performance.nonNegative("speedup_factor");
        ok = ok && t.latencyMs.has_value();
    }
    return ok;
}

void TraceImporter::Impl::readLine(const Json& parsed, qint64 line) {
    const int errorsBefore = errorCount(problems);
    Json trace = parsed;
    dropNulls(trace);
    FieldReader fr(&trace, QString(), file, problems, line);
    if (!trace.is_object()) {
        error(traceNotObject, line, QString(),
              QStringLiteral("expected a trace object, got %1").arg(jsonTypeName(parsed)));
        return;
    }
    TraceLine t;
    t.line = line;
    const auto definition = fr.string("definition", Need::Required);
    FieldReader workload = fr.object("workload", Need::Required);
    bool ok = definition.has_value() && workload.valid() && readWorkload(workload, t);
    FieldReader evaluation = fr.object("evaluation");
    if (!evaluation.valid()) {
        if (ok && errorCount(problems) == errorsBefore && ++workloadOnly == 1)
            firstWorkloadOnly = line;
        return;
    }
    const auto solution = fr.string("solution", Need::Required);
    ok = readEvaluation(evaluation, t) && ok && solution.has_value();
    if (!ok || errorCount(problems) != errorsBefore)
        return;
    t.definition = *definition;
    t.solution = *solution;
    keep(std::move(t));
}

void TraceImporter::Impl::keep(TraceLine&& t) {
    Group& g = groups[t.solution];
    if (!g.lines.isEmpty()) {
        const TraceLine& first = g.lines.first();
        const auto conflict = [&](const QString& what, const QString& a, const QString& b,
                                  const QString& path) {
            error(traceConflict, t.line, path,
                  QStringLiteral("solution \"%1\" appears with two %2 (\"%3\" at line %4 and \"%5\")")
                      .arg(boundedText(t.solution, 80), what, boundedText(a, 80))
                      .arg(first.line)
                      .arg(boundedText(b, 80)));
        };
        if (first.definition != t.definition) {
            conflict(QStringLiteral("definitions"), first.definition, t.definition,
                     QStringLiteral("definition"));
            return;
        }
        if (first.hardware != t.hardware) {
            conflict(QStringLiteral("GPUs"), first.hardware, t.hardware,
                     QStringLiteral("evaluation.environment.hardware"));
            return;
        }
        if (first.libs != t.libs) {
            conflict(QStringLiteral("software environments"), QString::fromStdString(Json(first.libs).dump()),
                     QString::fromStdString(Json(t.libs).dump()),
                     QStringLiteral("evaluation.environment.libs"));
            return;
        }
    }
    if (const auto seen = g.lineOfUuid.constFind(t.uuid); seen != g.lineOfUuid.constEnd()) {
        error(traceDuplicate, t.line, QStringLiteral("workload.uuid"),
              QStringLiteral("workload \"%1\" of solution \"%2\" was already evaluated at line %3")
                  .arg(boundedText(t.uuid, 80), boundedText(t.solution, 80))
                  .arg(*seen));
        return;
    }
    if (t.status == QLatin1String("passed") && !t.latencyMs) {
        warning(traceNoPerformance, t.line, QStringLiteral("evaluation.performance"),
                QStringLiteral("a PASSED evaluation without performance; imported as incomplete_evidence"));
        t.status = QStringLiteral("incomplete_evidence");
    }
    if (t.naive && ++naive == 1)
        firstNaive = t.line;
    DefinitionFacts& facts = definitions[t.definition];
    for (const auto& [axis, value] : t.axes)
        if (!facts.axes.contains(axis))
            facts.axes << axis;
    for (const auto& input : t.inputs)
        if (!facts.inputs.contains(input))
            facts.inputs << input;
    ++traces;
    g.lineOfUuid.insert(t.uuid, t.line);
    g.lines.append(std::move(t));
}

// The OperationSpec as far as the traces tell it: the family from the definition's name, the axes
// and inputs the workloads name. The trace names no outputs, dtypes, shapes or semantics; KernelIndex
// requires outputs and semantics, so one output named "output", mutation "none" and determinism
// "unspecified" stand in, and the description says so.
Json TraceImporter::Impl::operationSpec(const QString& definition) const {
    const DefinitionFacts& facts = definitions.at(definition);
    Json axes = Json::object();
    for (const auto& axis : facts.axes)
        axes[utf8(axis)] = Json{{"role", "variable"}, {"type", "integer"}};
    Json inputs = Json::array();
    for (const auto& input : facts.inputs)
        inputs.push_back(Json{{"name", utf8(input)}});
    Json spec = {{"family", utf8(familyName(definition))},
                 {"axes", axes},
                 {"inputs", inputs},
                 {"outputs", Json::array({Json{{"name", "output"}}})},
                 {"semantics", Json{{"mutation", "none"}, {"determinism", "unspecified"}}}};
    Json op = makeResource(ResourceKind::OperationSpec, boundedName(definition), boundedText(definition, 200),
                           spec);
    op["metadata"]["description"] = "Rebuilt by kix import-trace from a SOL-ExecBench trace, which names the "
                                    "definition, its axes and its "
                                    "inputs only. The output named \"output\", mutation \"none\" and "
                                    "determinism \"unspecified\" stand in "
                                    "for what the definition file says; dtypes and shapes are unknown.";
    return op;
}

void TraceImporter::Impl::build(TraceImportResult& out) {
    if (naive > 0)
        warning(traceNaiveTimestamp, firstNaive, QStringLiteral("evaluation.timestamp"),
                options.utcOffset.isEmpty()
                    ? QStringLiteral(
                          "%1 timestamp(s) without a zone (SOL-ExecBench writes local time): observedAt "
                          "holds each as if it were UTC, and the runs' labels keep the text as given "
                          "(--utc-offset states the zone)")
                          .arg(naive)
                    : QStringLiteral("%1 timestamp(s) without a zone, read at UTC offset %2 as asked")
                          .arg(naive)
                          .arg(options.utcOffset));
    if (workloadOnly > 0)
        warning(traceWorkloadOnly, firstWorkloadOnly, QString(),
                QStringLiteral("skipped %1 workload-only line(s) (no evaluation), the first at line %2")
                    .arg(workloadOnly)
                    .arg(firstWorkloadOnly));
    if (groups.empty() && !hasErrors(problems))
        error(traceEmpty, 0, QString(),
              QStringLiteral("no evaluated traces found (expected one JSON trace per line)"));
    for (const auto& [definition, facts] : definitions)
        if (facts.inputs.isEmpty())
            error(traceName, 0, QString(),
                  QStringLiteral(
                      "the traces name no input of definition \"%1\" (workload.inputs); KernelIndex's "
                      "OperationSpec needs at least one")
                      .arg(boundedText(definition, 80)));
    if (hasErrors(problems))
        return;
    for (const auto& [solution, group] : groups) {
        Built b;
        buildWorkloads(group, b, out);
        if (!buildEnvironment(group, b))
            continue;
        buildImplementation(solution, b, out);
        buildEvidence(solution, group, b, out);
        buildRuns(solution, group, b, out);
        out.solutions << solution;
    }
    for (const auto& f : out.files.files()) {
        const bool manifest = !f.name.endsWith(QLatin1String(kSamplesSuffix));
        const qint64 limit = manifest ? kManifestLimit : JsonLimits::defaults().maxBytes;
        if (f.bytes.size() > limit)
            error(traceTooLarge, 0, QString(),
                  manifest ? QStringLiteral(
                                 "%1 would be %2 bytes, over KernelIndex's limit of %3 bytes for a manifest")
                                 .arg(f.name)
                                 .arg(f.bytes.size())
                                 .arg(limit)
                           : tooLargeMessage(f.name, f.bytes.size(), limit));
    }
}

void TraceImporter::Impl::addFile(TraceImportResult& out, const QString& name, const Json& doc) {
    if (const QString err = out.files.add(name, doc); !err.isEmpty())
        error(traceConflict, 0, QString(), err);
}

void TraceImporter::Impl::buildWorkloads(const Group& g, Built& b, TraceImportResult& out) {
    const TraceLine& first = g.lines.first();
    const auto add = [&](const QString& name, const Json& doc) { addFile(out, name, doc); };
    const QString definitionName = boundedName(first.definition);

    // Operation, workload cases and the suite of this solution's cases.
    const Json operation = operationSpec(first.definition);
    b.operationDigest = utf8(resourceDigest(operation));
    const std::string& operationDigest = b.operationDigest;
    add(definitionName + QStringLiteral(".operation.json"), operation);
    Json suiteCases = Json::array();
    for (const auto& t : g.lines) {
        Json axes = Json::object();
        for (const auto& [axis, value] : t.axes)
            axes[utf8(axis)] = value;
        const QString name = definitionName + QStringLiteral("--") + boundedName(t.uuid, 48);
        const Json workloadCase =
            makeResource(ResourceKind::WorkloadCase, name,
                         boundedText(QStringLiteral("%1, %2").arg(first.definition, t.uuid), 200),
                         Json{{"operationSpecDigest", operationDigest},
                              {"axes", axes},
                              {"tensors", Json::object()},
                              {"correctness", t.workloadCorrectness}});
        b.caseDigests << utf8(resourceDigest(workloadCase));
        add(name + QLatin1String(kWorkloadSuffix), workloadCase);
        suiteCases.push_back(Json{{"externalId", utf8(t.uuid)}, {"axes", axes}});
    }
    Json suiteSpec = {
        {"operationSpecDigest", operationDigest},
        {"cases", suiteCases},
        {"correctness",
         Json{{"comparator", kComparator},
              {"description", "Each case is checked against the definition's reference within its "
                              "tolerance by SOL-ExecBench."}}},
        {"aggregation", Json{{"metric", "latency"}, {"statistic", "geomean"}}}};
    Json suite = makeResource(ResourceKind::WorkloadSuite, QString(), QString(), suiteSpec);
    b.suiteDigest = resourceDigest(suite);
    const QString suiteName = definitionName + QStringLiteral("--suite-") + b.suiteDigest.mid(7, 10);
    suite["metadata"] = Json{
        {"name", utf8(suiteName)},
        {"title",
         utf8(boundedText(QStringLiteral("%1, %2 cases").arg(first.definition).arg(g.lines.size()), 200))}};
    add(suiteName + QLatin1String(kWorkloadSuffix), suite);
}

// Where it ran and how it was measured; false (with the error) when the GPU cannot be told.
bool TraceImporter::Impl::buildEnvironment(const Group& g, Built& b) {
    const TraceLine& first = g.lines.first();
    GpuFacts& gpu = b.gpu;
    gpu = gpuFacts(first.hardware);
    if (!options.architecture.isEmpty()) {
        gpu.architecture = options.architecture;
        if (gpu.vendor.isEmpty())
            gpu.vendor = QStringLiteral("nvidia"); // SOL-ExecBench runs on NVIDIA GPUs only
    }
    if (gpu.vendor.isEmpty() || gpu.architecture.isEmpty()) {
        error(traceArchitecture, first.line, QStringLiteral("evaluation.environment.hardware"),
              QStringLiteral(
                  "cannot tell the vendor and architecture of GPU \"%1\", which KernelIndex requires: "
                  "pass --architecture (for example sm_90)")
                  .arg(boundedText(first.hardware, 80)));
        return false;
    }
    Json libraries = Json::object();
    QString version = options.harnessVersion;
    for (const auto& [key, value] : first.libs) {
        const QString name = identifierName(QString::fromStdString(key));
        const QString text = QString::fromStdString(value);
        if (name == QLatin1String("sol_execbench") && version.isEmpty())
            version = text;
        if (!name.isEmpty() && !text.isEmpty() && text.size() <= 100)
            libraries[utf8(name)] = value;
        else
            warning(fieldIgnored, first.line, QStringLiteral("evaluation.environment.libs"),
                    QStringLiteral(
                        "library \"%1\" = \"%2\" has no KernelIndex form (a name and a version of at most "
                        "100 characters); left out")
                        .arg(boundedText(QString::fromStdString(key), 80), boundedText(text, 80)));
    }
    const bool versionKnown = !version.isEmpty();
    if (!versionKnown)
        version = QStringLiteral("unknown");
    Json software = {{"libraries", libraries}};
    if (libraries.contains("cuda"))
        software["cudaToolkit"] = libraries["cuda"];
    if (libraries.contains("torch"))
        software["framework"] = Json{{"name", "pytorch"}, {"version", libraries["torch"]}};
    b.environment =
        makeResource(ResourceKind::ExecutionEnvironment,
                     boundedName(QStringLiteral("sol-execbench-%1").arg(gpu.product.toLower())),
                     boundedText(QStringLiteral("%1 (SOL-ExecBench trace)").arg(gpu.product), 200),
                     Json{{"hardware", Json{{"vendor", utf8(gpu.vendor)},
                                            {"product", utf8(boundedText(gpu.product, 200))},
                                            {"architecture", utf8(gpu.architecture)}}},
                          {"software", software}});
    const QString notes =
        versionKnown
            ? QStringLiteral("Imported from a SOL-ExecBench traces file by kix. Per-case latency is the "
                             "median of the timed iterations. Comparable only within one definition, GPU "
                             "type and SOL-ExecBench version.")
            : QStringLiteral("Imported from a SOL-ExecBench traces file by kix. Per-case latency is the "
                             "median of the timed iterations. The trace did not record the SOL-ExecBench "
                             "version: not comparable with runs of any known version.");
    b.protocol = makeResource(
        ResourceKind::BenchmarkProtocol, boundedName(QStringLiteral("sol-execbench-trace-%1").arg(version)),
        boundedText(QStringLiteral("SOL-ExecBench %1 local evaluation (imported trace)").arg(version), 200),
        Json{{"harness", Json{{"name", "SOL-ExecBench"}, {"version", utf8(version)}}},
             {"measurement", Json{{"timer", "cupti"}, {"primaryStatistic", "median"}}},
             {"correctness",
              Json{{"reference", "definition reference implementation"}, {"comparator", kComparator}}},
             {"comparability", Json{{"family", "sol_execbench_local"}, {"notes", utf8(notes)}}}});
    return true;
}

// The implementation: the trace names the solution and nothing else about it.
void TraceImporter::Impl::buildImplementation(const QString& solution, Built& b, TraceImportResult& out) {
    const GpuFacts& gpu = b.gpu;
    Json implementation = makeResource(
        ResourceKind::ImplementationRevision, boundedName(solution), boundedText(solution, 200),
        Json{{"projectRevision", Json::object()},
             {"operation", Json{{"specDigest", b.operationDigest}}},
             {"callable", Json{{"language", "unknown"}}},
             {"support", Json{{"hardwareArchitectures", Json::array({utf8(gpu.architecture)})},
                              {"productsTested", Json::array({utf8(boundedText(gpu.product, 100))})},
                              {"dtypes", Json::array()}}},
             {"licensing", Json::object()}});
    implementation["metadata"]["description"] = "A SOL-ExecBench solution as a trace names it; the trace "
                                                "records neither its source, its language nor its "
                                                "license.";
    b.implementationDigest = utf8(resourceDigest(implementation));
    addFile(out, boundedName(solution) + QStringLiteral(".implementation.json"), implementation);
}

// The evidence: what KernelIndex's run has no field for, per case.
void TraceImporter::Impl::buildEvidence(const QString& solution, const Group& g, Built& b,
                                        TraceImportResult& out) {
    Json evidenceCases = Json::array();
    for (const auto& t : g.lines)
        evidenceCases.push_back(evidenceCase(t));
    const QString runName = boundedName(solution);
    b.samplesFile = runName + QLatin1String(kSamplesSuffix);
    b.samplesBytes = jsonFileBytes(rawSamplesDocument(runName, evidenceCases));
    if (const QString err = out.files.addBytes(b.samplesFile, b.samplesBytes); !err.isEmpty())
        error(traceConflict, 0, QString(), err);
}

// One run per case, then the suite run.
void TraceImporter::Impl::buildRuns(const QString& solution, const Group& g, const Built& b,
                                    TraceImportResult& out) {
    const TraceLine& first = g.lines.first();
    const QString runName = boundedName(solution);
    const QString product = boundedText(b.gpu.product, 60);
    QString suiteStatus = QStringLiteral("passed");
    QString latest;
    std::vector<double> medians;
    for (qsizetype i = 0; i < g.lines.size(); ++i) {
        const TraceLine& t = g.lines[i];
        if (suiteStatus == QLatin1String("passed") && t.status != QLatin1String("passed"))
            suiteStatus = t.status;
        if (latest.isEmpty() || laterThan(t.observedAt, latest))
            latest = t.observedAt;
        if (t.latencyMs)
            medians.push_back(double(nanoseconds(*t.latencyMs)));
        Json spec = caseRunSpec(t, b);
        spec["workloadDigest"] = b.caseDigests[i];
        spec["evidence"] = Json{{"rawSamples", rawSamplesReference(b.samplesFile, b.samplesBytes, i)}};
        const QString name = runName + QStringLiteral("--") + boundedName(t.uuid, 48);
        Json run = makeResource(
            ResourceKind::BenchmarkRun, name,
            boundedText(QStringLiteral("%1 · %2 · %3 · %4").arg(solution, first.definition, t.uuid, product),
                        200),
            spec);
        if (t.naive && options.utcOffset.isEmpty())
            run["metadata"]["labels"] =
                Json{{"observed_at_as_given", utf8(boundedText(t.timestampGiven, 200))},
                     {"observed_at_zone", "unknown"}};
        addFile(out, name + QLatin1String(kManifestSuffix), makeBundle(run, b.protocol, b.environment));
    }
    Json spec = {
        {"implementationDigest", b.implementationDigest},
        {"workloadDigest", utf8(b.suiteDigest)},
        {"status", utf8(suiteStatus)},
        {"observedAt", utf8(latest)},
        {"sourceNative", Json{{"source", kSource}, {"benchmark", utf8(boundedText(first.definition, 200))}}},
        {"evidence", Json{{"rawSamples", rawSamplesReference(b.samplesFile, b.samplesBytes)}}}};
    if (suiteStatus == QLatin1String("passed") && qsizetype(medians.size()) == g.lines.size()) {
        if (const auto mean = geometricMean(medians))
            spec["measurements"] = Json::array({Json{{"metric", "latency"},
                                                     {"unit", "ns"},
                                                     {"statistic", "geomean"},
                                                     {"value", std::llround(*mean)},
                                                     {"sampleCount", medians.size()}}});
    }
    Json run = makeResource(
        ResourceKind::BenchmarkRun, runName,
        boundedText(QStringLiteral("%1 · %2 · %3").arg(solution, first.definition, product), 200), spec);
    if (first.naive && options.utcOffset.isEmpty())
        run["metadata"]["labels"] = Json{{"observed_at_zone", "unknown"}};
    addFile(out, runName + QLatin1String(kManifestSuffix), makeBundle(run, b.protocol, b.environment));
}

TraceImporter::TraceImporter(QString file, TraceImportOptions options)
    : d(std::make_unique<Impl>()) {
    d->file = std::move(file);
    d->options = std::move(options);
}

TraceImporter::~TraceImporter() = default;

void TraceImporter::addLine(const QByteArray& text, qint64 line) {
    if (text.trimmed().isEmpty())
        return;
    JsonReadResult parsed = parseJson(text, d->file);
    if (!parsed.value) {
        Problem p = parsed.error;
        p.line = line;
        d->problems.append(p);
        return;
    }
    d->readLine(*parsed.value, line);
}

void TraceImporter::addProblem(const Problem& problem) {
    d->problems.append(problem);
}

TraceImportResult TraceImporter::finish() {
    TraceImportResult out;
    d->build(out);
    out.problems = d->problems;
    out.traces = d->traces;
    out.workloadOnly = d->workloadOnly;
    if (hasErrors(out.problems))
        out.files = ManifestSet();
    return out;
}

TraceImportResult importTraces(const QByteArray& jsonl, const QString& file,
                               const TraceImportOptions& options) {
    TraceImporter importer(file, options);
    qint64 number = 0;
    qsizetype start = 0;
    while (start <= jsonl.size()) {
        qsizetype end = jsonl.indexOf('\n', start);
        if (end < 0)
            end = jsonl.size();
        ++number;
        QByteArray line = jsonl.mid(start, end - start);
        if (line.endsWith('\r'))
            line.chop(1);
        importer.addLine(line, number);
        start = end + 1;
    }
    return importer.finish();
}

TraceImportResult importTraceFile(const QString& path, const TraceImportOptions& options) {
    TraceImporter importer(path, options);
    LineSource source(path);
    const auto refuse = [&](const Problem& p) {
        TraceImportResult out;
        out.problems << p;
        return out;
    };
    if (const auto problem = source.open())
        return refuse(*problem);
    const auto tooLarge = [&](qint64 size) {
        return refuse(
            makeProblem(Problem::Severity::Error, traceTooLarge, path, QString(),
                        QStringLiteral("the trace file is %1 bytes, over the import limit of %2 bytes "
                                       "(--max-bytes raises it)")
                            .arg(size)
                            .arg(options.maxFileBytes)));
    };
    if (source.fileSize() > options.maxFileBytes)
        return tooLarge(source.fileSize());
    SourceLine line;
    while (source.next(line)) {
        if (source.bytesConsumed() > options.maxFileBytes)
            return tooLarge(source.bytesConsumed()); // it grew while read
        if (line.problem)
            importer.addProblem(*line.problem);
        else
            importer.addLine(line.text, line.number);
    }
    if (const auto problem = source.error())
        importer.addProblem(*problem);
    return importer.finish();
}

} // namespace kix
