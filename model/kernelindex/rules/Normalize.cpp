#include "Normalize.h"

#include "Canonical.h"
#include "JsonPath.h"
#include "KernelIndexRules.h"
#include "QuotedForMessage.h"
#include "ResourceKind.h"
#include "Utf8.h"

#include <algorithm>
#include <cmath>

namespace kix {

namespace {

namespace ki = kernelindex;

// Set-like lists per kind, read in KernelIndex's kinds.ts (`setLike(...)`).
constexpr const char* kSetLikeSupportLists[] = {"hardwareArchitectures", "productsTested", "axes", "dtypes",
                                                "layouts"};
// Duration fields (`durationNs`): the protocol's warmupDuration and the run's latency statistics.
constexpr const char* kLatencyStatistics[] = {"median", "mean", "p05", "p95", "minimum", "maximum", "mad"};

struct Normalizer {
    const QString& file;
    NormalizedResource& out;

    void warn(const QString& path, const char* code, const QString& message) {
        Problem p;
        p.severity = Problem::Severity::Warning;
        p.file = file;
        p.path = path;
        p.message = message;
        p.code = QString::fromLatin1(code);
        out.problems.append(p);
    }

    void setLike(Json& list, const QString& path) {
        if (!list.is_array() ||
            !std::all_of(list.begin(), list.end(), [](const Json& v) { return v.is_string(); }))
            return; // KernelIndex refuses such a list outright; the upstream check says so
        std::vector<Json> items = std::move(list.get_ref<Json::array_t&>());
        const auto less = [](const Json& a, const Json& b) {
            return utf8::utf16Less(a.get_ref<const std::string&>(), b.get_ref<const std::string&>());
        };
        const bool wasSorted = std::is_sorted(items.begin(), items.end(), less);
        std::stable_sort(items.begin(), items.end(), less);
        const auto firstDuplicate = std::unique(items.begin(), items.end());
        const bool hadDuplicates = firstDuplicate != items.end();
        items.erase(firstDuplicate, items.end());
        list = Json(std::move(items));
        if (wasSorted && !hadDuplicates)
            return;
        out.changed = true;
        out.changes.append(path + (wasSorted       ? QStringLiteral(": de-duplicated")
                                   : hadDuplicates ? QStringLiteral(": sorted and de-duplicated")
                                                   : QStringLiteral(": sorted")));
    }

    void duration(Json& value, const QString& path) {
        if (!value.is_string())
            return;
        const std::string& text = value.get_ref<const std::string&>();
        const char* code = nullptr;
        const QString problem = durationProblem(text, code);
        if (!problem.isEmpty()) {
            warn(path, code, problem);
            return;
        }
        const ki::Duration d = ki::parseDuration(text);
        out.changed = true;
        out.changes.append(QStringLiteral("%1: %2 → %3 ns").arg(path, quotedForMessage(text)).arg(d.ns));
        value = d.ns;
    }
};

Json* member(Json& object, const char* name) {
    if (!object.is_object())
        return nullptr;
    const auto it = object.find(name);
    return it == object.end() ? nullptr : &*it;
}

// An ImplementationRevision's spec: its set-like support lists.
void normalizeImplementation(Normalizer& n, Json& spec, const QString& specPath) {
    if (Json* support = member(spec, "support")) {
        const QString supportPath = jsonPathKey(specPath, QStringLiteral("support"));
        for (const char* list : kSetLikeSupportLists) {
            if (Json* v = member(*support, list))
                n.setLike(*v, jsonPathKey(supportPath, QString::fromLatin1(list)));
        }
    }
}

// A BenchmarkProtocol's spec: its warmup duration.
void normalizeProtocol(Normalizer& n, Json& spec, const QString& specPath) {
    if (Json* measurement = member(spec, "measurement")) {
        if (Json* warmup = member(*measurement, "warmupDuration"))
            n.duration(*warmup, jsonPathKey(jsonPathKey(specPath, QStringLiteral("measurement")),
                                            QStringLiteral("warmupDuration")));
    }
}

// A BenchmarkRun's spec: its latency statistics and the bounds of their 95% confidence interval.
void normalizeRun(Normalizer& n, Json& spec, const QString& specPath) {
    Json* timing = member(spec, "timing");
    Json* latency = timing ? member(*timing, "latencyNs") : nullptr;
    if (!latency)
        return;
    const QString latencyPath =
        jsonPathKey(jsonPathKey(specPath, QStringLiteral("timing")), QStringLiteral("latencyNs"));
    for (const char* statistic : kLatencyStatistics) {
        if (Json* v = member(*latency, statistic))
            n.duration(*v, jsonPathKey(latencyPath, QString::fromLatin1(statistic)));
    }
    if (Json* interval = member(*latency, "confidence95"); interval && interval->is_array()) {
        const QString intervalPath = jsonPathKey(latencyPath, QStringLiteral("confidence95"));
        for (std::size_t i = 0; i < std::min<std::size_t>(2, interval->size()); ++i)
            n.duration((*interval)[i], jsonPathIndex(intervalPath, qsizetype(i)));
    }
}

} // namespace

QString durationProblem(const std::string& text, const char*& code) {
    const ki::Duration d = ki::parseDuration(text);
    if (d.status == ki::DurationParse::NotADuration) {
        code = codes::upstreamDuration;
        return QStringLiteral(
                   "KernelIndex expects an integer count of nanoseconds or a duration such as \"0.008 ms\" "
                   "(units ns, us, µs, ms, s), found %1")
            .arg(quotedForMessage(text));
    }
    if (d.status == ki::DurationParse::Ambiguous) {
        code = codes::upstreamAmbiguousDuration;
        if (!std::isfinite(d.exactNs) || std::trunc(d.exactNs) == d.exactNs)
            return QStringLiteral(
                       "%1 is more nanoseconds than KernelIndex stores exactly (at most %2): it rejects "
                       "this duration")
                .arg(quotedForMessage(text))
                .arg(ki::kMaxSafeInteger);
        return QStringLiteral(
                   "%1 is %2 ns, not a whole number of nanoseconds: KernelIndex rejects this duration as "
                   "ambiguous")
            .arg(quotedForMessage(text), QString::fromStdString(ecmaScriptNumber(d.exactNs)));
    }
    return {};
}

NormalizedResource normalizeResource(const Json& resource, const QString& file, const QString& path) {
    NormalizedResource out;
    out.value = resource;
    if (!resource.is_object())
        return out;
    const auto api = resource.find("apiVersion");
    const auto kind = resource.find("kind");
    if (api == resource.end() || !api->is_string() || api->get_ref<const std::string&>() != kApiVersion ||
        kind == resource.end() || !kind->is_string())
        return out;
    Json* spec = member(out.value, "spec");
    if (!spec)
        return out;
    const std::string& kindName = kind->get_ref<const std::string&>();
    const QString specPath = jsonPathKey(path, QStringLiteral("spec"));
    Normalizer n{file, out};
    if (kindName == "ImplementationRevision")
        normalizeImplementation(n, *spec, specPath);
    else if (kindName == "BenchmarkProtocol")
        normalizeProtocol(n, *spec, specPath);
    else if (kindName == "BenchmarkRun")
        normalizeRun(n, *spec, specPath);
    return out;
}

} // namespace kix
