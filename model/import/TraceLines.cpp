#include "TraceLines.h"

#include "KernelIndexRules.h"
#include "ProblemCodes.h"
#include "QuotedForMessage.h"
#include "Timestamp.h"
#include "TraceMapping.h"

#include <cmath>
#include <cstdint>

namespace kix::trace {

using namespace codes;
using Need = FieldReader::Need;

namespace {

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
    return kernelindex::isToken(s.toStdString());
}

// Pydantic writes a non-finite error as the string "NaN" or "Infinity": no number to keep.
std::optional<double> errorValue(const FieldReader& fr, const char* key) {
    const Json* v = fr.child(key);
    if (v && v->is_number() && std::isfinite(v->get<double>()) && v->get<double>() >= 0)
        return v->get<double>();
    return std::nullopt;
}

// An axis is an extent: a positive integer a qint64 holds (nlohmann keeps 2^63 and above as unsigned,
// which a signed read would wrap to a negative extent). Empty when the value is one.
QString axisValueProblem(const Json& value) {
    if (value.is_number_unsigned() && value.get<std::uint64_t>() > std::uint64_t(INT64_MAX))
        return QStringLiteral("expected a positive integer of at most 2^63 - 1, got %1")
            .arg(QString::fromStdString(value.dump()));
    if (value.get<qint64>() <= 0)
        return QStringLiteral("expected a positive integer, got %1")
            .arg(QString::fromStdString(value.dump()));
    return {};
}

} // namespace

TraceLineReader::TraceLineReader(QString file, QString utcOffset, Problems& problems)
    : file(std::move(file))
    , utcOffset(std::move(utcOffset))
    , problems(problems) {}

void TraceLineReader::error(const char* code, qint64 line, const QString& path, const QString& message) {
    problems.append(makeProblem(Problem::Severity::Error, code, file, path, message, line));
}

void TraceLineReader::warning(const char* code, qint64 line, const QString& path, const QString& message) {
    problems.append(makeProblem(Problem::Severity::Warning, code, file, path, message, line));
}

bool TraceLineReader::readWorkload(FieldReader& workload, TraceLine& t) {
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
                      QStringLiteral("axis name %1 cannot be a KernelIndex axis (expected lowercase "
                                     "letters, digits and _)")
                          .arg(quotedForMessage(name, 80)));
                ok = false;
            } else if (!value.is_number_integer()) {
                error(fieldType, t.line, axes.pathOf(name),
                      QStringLiteral("expected an integer, got %1").arg(jsonTypeName(value)));
                ok = false;
            } else if (const QString why = axisValueProblem(value); !why.isEmpty()) {
                error(fieldRange, t.line, axes.pathOf(name), why);
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
                      QStringLiteral("input name %1 cannot be a KernelIndex input (expected lowercase "
                                     "letters, digits and _)")
                          .arg(quotedForMessage(name, 80)));
                ok = false;
            } else {
                t.inputs << name;
            }
        }
    }
    return readTolerance(workload.object("tolerance"), t) && ok;
}

// workload.tolerance: the WorkloadCase's correctness.
bool TraceLineReader::readTolerance(FieldReader tolerance, TraceLine& t) {
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

bool TraceLineReader::readEvaluation(FieldReader& evaluation, TraceLine& t) {
    bool ok = true;
    if (const auto status = evaluation.string("status", Need::Required)) {
        if (const auto mapped = kernelIndexStatus(*status)) {
            t.status = *mapped;
        } else {
            error(traceStatus, t.line, evaluation.pathOf(QStringLiteral("status")),
                  QStringLiteral("unknown status %1: expected one of %2")
                      .arg(quotedForMessage(*status, 80), solExecBenchStatuses().join(QStringLiteral(", "))));
            ok = false;
        }
    } else {
        ok = false;
    }
    if (const auto timestamp = evaluation.string("timestamp", Need::Required)) {
        t.timestampGiven = *timestamp;
        if (const auto parsed = isoTimeToUtc(*timestamp, utcOffset)) {
            t.observedAt = parsed->utc;
            t.naive = parsed->naive;
        } else {
            error(traceTimestamp, t.line, evaluation.pathOf(QStringLiteral("timestamp")),
                  QStringLiteral(
                      "expected an ISO 8601 date and time such as 2026-07-06T23:01:48.730752, got %1")
                      .arg(quotedForMessage(*timestamp, 80)));
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

void TraceLineReader::readLine(const Json& parsed, qint64 line) {
    const int errorsBefore = errorCount(problems);
    Json trace = parsed;
    dropNulls(trace);
    FieldReader fr(&trace, QString(), file, problems, line);
    if (!trace.is_object()) {
        error(traceNotObject, line, QString(),
              QStringLiteral("expected a trace object, got %1").arg(jsonTypeName(parsed)));
        return;
    }
    // A catalog export given as a trace: said once for the file (finish), not as a missing definition.
    if (!trace.contains("definition") && trace.contains("table") && trace.contains("row")) {
        if (++catalogLines == 1)
            firstCatalogLine = line;
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

void TraceLineReader::keep(TraceLine&& t) {
    Group& g = read.groups[t.solution];
    if (!g.lines.isEmpty()) {
        const TraceLine& first = g.lines.first();
        const auto conflict = [&](const QString& what, const QString& a, const QString& b,
                                  const QString& path) {
            error(traceConflict, t.line, path,
                  QStringLiteral("solution %1 appears with two %2 (%3 at line %4 and %5)")
                      .arg(quotedForMessage(t.solution, 80), what, quotedForMessage(a, 80))
                      .arg(first.line)
                      .arg(quotedForMessage(b, 80)));
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
              QStringLiteral("workload %1 of solution %2 was already evaluated at line %3")
                  .arg(quotedForMessage(t.uuid, 80), quotedForMessage(t.solution, 80))
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
    DefinitionFacts& facts = read.definitions[t.definition];
    if (facts.firstLine == 0)
        facts.firstLine = t.line;
    for (const auto& [axis, value] : t.axes)
        if (!facts.axes.contains(axis)) {
            facts.axes << axis;
            facts.axisLine.insert(axis, t.line);
        }
    for (const auto& input : t.inputs)
        if (!facts.inputs.contains(input)) {
            facts.inputs << input;
            facts.inputLine.insert(input, t.line);
        }
    ++evaluated;
    g.lineOfUuid.insert(t.uuid, t.line);
    g.lines.append(std::move(t));
}

void TraceLineReader::finish() {
    if (naive > 0)
        warning(traceNaiveTimestamp, firstNaive, QStringLiteral("evaluation.timestamp"),
                utcOffset.isEmpty()
                    ? QStringLiteral(
                          "%1 timestamp(s) without a zone (SOL-ExecBench writes local time): observedAt "
                          "holds each as if it were UTC, and the runs' labels keep the text as given "
                          "(--utc-offset states the zone)")
                          .arg(naive)
                    : QStringLiteral("%1 timestamp(s) without a zone, read at UTC offset %2 as asked")
                          .arg(naive)
                          .arg(utcOffset));
    if (catalogLines > 0)
        error(traceCatalogLine, firstCatalogLine, QString(),
              QStringLiteral("this is a KernelIndex catalog export (%1 {\"table\", \"row\"} line(s), the "
                             "first here), not a SOL-ExecBench trace: open it with kix verify, kix show or "
                             "the explorer")
                  .arg(catalogLines));
    // One rule for nothing to import (exit 3): an empty file and one of workload-only lines alike.
    const bool nothing = read.groups.empty() && !hasErrors(problems);
    if (workloadOnly > 0 && !nothing)
        warning(traceWorkloadOnly, firstWorkloadOnly, QString(),
                QStringLiteral("skipped %1 workload-only line(s) (no evaluation), the first at line %2")
                    .arg(workloadOnly)
                    .arg(firstWorkloadOnly));
    if (nothing)
        error(
            traceEmpty, workloadOnly > 0 ? firstWorkloadOnly : 0, QString(),
            workloadOnly > 0
                ? QStringLiteral("nothing to import: the %1 line(s) are workload-only (no evaluation)")
                      .arg(workloadOnly)
                : QStringLiteral("nothing to import: no evaluated trace (expected one JSON trace per line)"));
    for (const auto& [definition, facts] : read.definitions)
        if (facts.inputs.isEmpty())
            error(traceName, 0, QString(),
                  QStringLiteral("the traces name no input of definition %1 (workload.inputs); KernelIndex's "
                                 "OperationSpec needs at least one")
                      .arg(quotedForMessage(definition, 80)));
}

} // namespace kix::trace
