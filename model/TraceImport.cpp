#include "TraceImport.h"

#include "Canonical.h"
#include "FieldReader.h"
#include "JsonReader.h"
#include "ManifestWriter.h"
#include "Statistics.h"

#include <QMap>
#include <cmath>

namespace kix {

namespace {

struct TraceCase {
    Json caseJson;
    QString timestamp;
    QString hardware;
    Json libs;
    bool passed = false;
};

// Pydantic writes NaN as the string "NaN" (ser_json_inf_nan="strings").
std::optional<double> errorValue(const Json& v) {
    if (v.is_number())
        return v.get<double>();
    return std::nullopt;
}

std::optional<TraceCase> readTrace(const Json& t, const QString& where, Problems& problems,
                                   QString& definition, QString& solution) {
    FieldReader fr(&t, QString(), where, problems);
    if (!fr.valid()) {
        problems.append({Problem::Severity::Error, where, QString(),
                         QStringLiteral("expected a trace object, got %1").arg(jsonTypeName(t))});
        return std::nullopt;
    }
    const auto def = fr.string("definition", FieldReader::Required);
    FieldReader workload = fr.object("workload", FieldReader::Required);
    const auto uuid = workload.string("uuid", FieldReader::Required);
    if (!def || !uuid)
        return std::nullopt;
    const auto sol = fr.string("solution");
    FieldReader evaluation = fr.object("evaluation");
    if (!sol || !evaluation.valid()) {
        problems.append({Problem::Severity::Warning, where, QString(),
                         QStringLiteral("workload-only trace (no solution or evaluation); skipped")});
        return std::nullopt;
    }
    const auto status = evaluation.string("status", FieldReader::Required);
    const auto timestamp = evaluation.string("timestamp", FieldReader::Required);
    FieldReader env = evaluation.object("environment", FieldReader::Required);
    const auto hardware = env.string("hardware", FieldReader::Required);
    if (!status || !timestamp || !hardware)
        return std::nullopt;
    definition = *def;
    solution = *sol;

    TraceCase tc;
    tc.timestamp = *timestamp;
    tc.hardware = *hardware;
    tc.libs = t["evaluation"]["environment"].value("libs", Json::object());
    tc.passed = *status == QLatin1String("PASSED");
    Json c = Json::object();
    c["id"] = uuid->toStdString();
    c["axes"] = t["workload"].value("axes", Json::object());
    c["status"] = status->toLower().toStdString();
    FieldReader perf = evaluation.object("performance");
    if (perf.valid()) {
        if (const auto ms = perf.nonNegative("latency_ms", FieldReader::Required, "milliseconds"))
            c["latencyNs"] = Json{{"mean", *ms * 1e6}};
        if (const auto ref = perf.nonNegative("reference_latency_ms", FieldReader::Optional, "milliseconds"))
            c["referenceLatencyNs"] = Json{{"mean", *ref * 1e6}};
        if (const auto sp = perf.nonNegative("speedup_factor"))
            c["speedup"] = *sp;
    } else if (tc.passed) {
        problems.append(
            {Problem::Severity::Error, where, QStringLiteral("evaluation.performance"),
             QStringLiteral("required field is missing for a PASSED evaluation (expected an object)")});
        return std::nullopt;
    }
    if (t["evaluation"].contains("correctness") && t["evaluation"]["correctness"].is_object()) {
        const Json& corr = t["evaluation"]["correctness"];
        Json out = Json{{"name", "all outputs"}};
        if (const auto a = errorValue(corr.value("max_absolute_error", Json())))
            out["maxAbsError"] = *a;
        if (const auto r = errorValue(corr.value("max_relative_error", Json())))
            out["maxRelError"] = *r;
        out["passed"] = tc.passed;
        c["correctness"] = Json{{"outputs", Json::array({out})}};
    }
    tc.caseJson = std::move(c);
    return tc;
}

Json buildBundle(const QString& definition, const QString& solution, const QList<TraceCase>& cases) {
    Json caseArray = Json::array();
    std::vector<double> latencies;
    QString observed;
    bool allPassed = true;
    for (const auto& c : cases) {
        caseArray.push_back(c.caseJson);
        if (c.caseJson.contains("latencyNs"))
            latencies.push_back(c.caseJson["latencyNs"]["mean"].get<double>());
        if (c.timestamp > observed)
            observed = c.timestamp;
        allPassed = allPassed && c.passed;
    }
    const TraceCase& first = cases.first();
    Json runSpec = Json::object();
    runSpec["status"] = allPassed ? "passed" : "failed";
    runSpec["observedAt"] = observed.toStdString();
    runSpec["definition"] = definition.toStdString();
    runSpec["implementation"] = Json{{"name", solution.toStdString()}};
    if (const auto g = geometricMean(latencies); g && allPassed)
        runSpec["timing"] = Json{{"latencyNs", Json{{"mean", *g}}},
                                 {"primaryStatistic", "mean"},
                                 {"aggregation", "geometric mean of per-case latency"}};
    runSpec["cases"] = caseArray;

    std::string stack = "unknown";
    for (const char* key : {"sol_execbench", "sol-execbench"})
        if (first.libs.contains(key) && first.libs[key].is_string())
            stack = first.libs[key].get<std::string>();
    const Json protocol = makeResource(
        ResourceKind::BenchmarkProtocol, QStringLiteral("sol-execbench-trace-import"),
        QStringLiteral("SOL-ExecBench local evaluation (imported trace)"),
        Json{{"harness", Json{{"name", "SOL-ExecBench"}, {"version", stack}}},
             {"measurement", Json{{"timer", "harness_reported"}, {"primaryStatistic", "mean"}}},
             {"correctness", Json{{"reference", "definition reference implementation"},
                                  {"comparator", "sol_execbench_eval"}}},
             {"comparability",
              Json{{"family", "sol_execbench_local"},
                   {"notes", "Imported from a SOL-ExecBench traces file by kix. Comparable only within "
                             "one definition, GPU type and SOL-ExecBench version."}}}});
    QString product = first.hardware;
    product.replace(u'_', u' ');
    const Json environment =
        makeResource(ResourceKind::ExecutionEnvironment,
                     QStringLiteral("sol-execbench-%1").arg(first.hardware.toLower()), product,
                     Json{{"hardware", Json{{"product", product.toStdString()}}},
                          {"software", Json{{"libraries", first.libs}}}});
    const Json run = makeResource(ResourceKind::BenchmarkRun, QStringLiteral("trace-%1").arg(solution),
                                  QStringLiteral("%1 · %2 · %3").arg(solution, definition, product), runSpec);
    return makeBundle(run, protocol, environment);
}

} // namespace

TraceImportResult importTraces(const QByteArray& jsonl, const QString& file) {
    TraceImportResult out;
    QMap<QString, QList<TraceCase>> bySolution;
    QMap<QString, QString> definitionOf;
    const QList<QByteArray> lines = jsonl.split('\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (lines[i].trimmed().isEmpty())
            continue;
        const QString where = QStringLiteral("%1:line %2").arg(file).arg(i + 1);
        JsonReadResult parsed = parseJson(lines[i], where);
        if (!parsed.value) {
            out.problems.append(parsed.error);
            continue;
        }
        QString definition, solution;
        if (auto tc = readTrace(*parsed.value, where, out.problems, definition, solution)) {
            if (definitionOf.contains(solution) && definitionOf[solution] != definition) {
                out.problems.append(
                    {Problem::Severity::Error, where, QStringLiteral("definition"),
                     QStringLiteral("solution \"%1\" appears with two definitions (\"%2\" and \"%3\")")
                         .arg(solution, definitionOf[solution], definition)});
                continue;
            }
            definitionOf[solution] = definition;
            bySolution[solution].append(std::move(*tc));
        }
    }
    if (bySolution.isEmpty() && !hasErrors(out.problems))
        out.problems.append({Problem::Severity::Error, file, QString(),
                             QStringLiteral("no evaluated traces found (expected one JSON trace per line)")});
    for (auto it = bySolution.cbegin(); it != bySolution.cend(); ++it)
        out.bundles.append(buildBundle(definitionOf[it.key()], it.key(), it.value()));
    return out;
}

} // namespace kix
