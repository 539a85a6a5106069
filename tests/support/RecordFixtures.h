// Small, self-consistent KernelIndex records written by the tests themselves: an operation, workload
// cases and a suite, an implementation, protocols and environments, runs that name them by their
// recomputed digests, bundles, and catalog export lines. Each builder takes the few facts a test varies.
#pragma once

#include "Digest.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QString>
#include <nlohmann/json.hpp>
#include <string>

namespace kixfix {

using Json = nlohmann::json;

inline Json resource(const char* kind, const std::string& name, Json spec) {
    return {{"apiVersion", "kernelindex.dev/v1alpha1"},
            {"kind", kind},
            {"metadata", {{"name", name}, {"title", name}}},
            {"spec", std::move(spec)}};
}

inline std::string digest(const Json& r) {
    return kix::resourceDigest(r).toStdString();
}

inline Json operation(const std::string& name = "rmsnorm-h4096", int hidden = 4096) {
    return resource(
        "OperationSpec", name,
        {{"family", "rmsnorm"},
         {"axes",
          {{"tokens", {{"role", "variable"}, {"type", "integer"}}},
           {"hidden", {{"role", "constant"}, {"type", "integer"}, {"value", hidden}}}}},
         {"inputs", Json::array({{{"name", "input"},
                                  {"tensor", {{"dtype", "bf16"}, {"shape", {"tokens", "hidden"}}}}}})},
         {"outputs", Json::array({{{"name", "output"},
                                   {"tensor", {{"dtype", "bf16"}, {"shape", {"tokens", "hidden"}}}}}})},
         {"semantics", {{"mutation", "none"}, {"determinism", "deterministic"}}}});
}

inline Json workloadCase(const Json& op, int tokens, const char* comparator = "elementwise_close") {
    return resource("WorkloadCase", "rmsnorm-tokens-" + std::to_string(tokens),
                    {{"operationSpecDigest", digest(op)},
                     {"axes", {{"tokens", tokens}, {"hidden", 4096}}},
                     {"tensors", {{"input", {{"dtype", "bf16"}, {"shape", {tokens, 4096}}}}}},
                     {"correctness", {{"comparator", comparator}}}});
}

inline Json implementation(const Json& op, const std::string& name = "meridian-rmsnorm") {
    return resource("ImplementationRevision", name,
                    {{"projectRevision", {{"version", "1.0"}}},
                     {"operation", {{"specDigest", digest(op)}}},
                     {"callable", {{"language", "triton"}}},
                     {"support", {{"hardwareArchitectures", {"sm_100"}}, {"dtypes", {"bf16"}}}},
                     {"licensing", Json::object()}});
}

inline Json protocol(const std::string& version = "1.0") {
    return resource("BenchmarkProtocol", "fixed-clock-median",
                    {{"harness", {{"name", "example-harness"}, {"version", version}}},
                     {"measurement", {{"timer", "device_events"}, {"primaryStatistic", "median"}}},
                     {"comparability", {{"family", "example_fixed_clock"}}}});
}

inline Json environment(const std::string& product = "NVIDIA B200", const std::string& torch = "2.9") {
    return resource("ExecutionEnvironment", "b200-torch-" + torch,
                    {{"hardware", {{"vendor", "nvidia"}, {"product", product}, {"architecture", "sm_100"}}},
                     {"software",
                      {{"driver", "580.00"},
                       {"cudaToolkit", "13.1"},
                       {"framework", {{"name", "pytorch"}, {"version", torch}}}}}});
}

// A run naming the given resources; `median` in ns, or no timing when negative.
inline Json run(const std::string& name, const Json& workload, const Json& impl, const Json& proto,
                const Json& env, double median = 8120, const char* status = "passed") {
    Json spec = {{"implementationDigest", digest(impl)},
                 {"workloadDigest", digest(workload)},
                 {"protocolDigest", digest(proto)},
                 {"environmentDigest", digest(env)},
                 {"status", status},
                 {"observedAt", "2026-08-01T12:00:00Z"}};
    if (median >= 0)
        spec["timing"] = {
            {"primaryStatistic", "median"}, {"samples", 200}, {"latencyNs", {{"median", median}}}};
    return resource("BenchmarkRun", name, spec);
}

inline Json bundle(const Json& r, const Json& proto, const Json& env) {
    return {{"run", r}, {"protocol", proto}, {"environment", env}};
}

// A catalog export line of benchmark_runs for a bundle, with the published facts KernelIndex writes.
inline Json runRow(const std::string& id, const Json& b, const std::string& workloadId,
                   const std::string& implId, const std::string& comparisonKey,
                   const std::string& correctnessKey) {
    const Json& spec = b["run"]["spec"];
    const bool timed = spec.contains("timing");
    // A mean-only timing (a catalog run that published a mean) has no median: null, not a const
    // operator[] on a missing key (undefined; an assertion where the library checks it).
    const Json median = timed ? spec["timing"]["latencyNs"].value("median", Json(nullptr)) : Json(nullptr);
    return {{"id", id},
            {"runDigest", digest(b["run"])},
            {"implementationId", implId},
            {"workloadId", workloadId},
            {"status", spec["status"]},
            {"observedAt", spec["observedAt"]},
            {"publishedAt", "2026-08-15T02:02:57.440Z"},
            {"hardwareModel", b["environment"]["spec"]["hardware"]["product"]},
            {"protocolKey", digest(b["protocol"])},
            {"environmentKey", digest(b["environment"])},
            {"correctnessKey", correctnessKey},
            {"comparisonKey", comparisonKey},
            {"primaryMetric", timed ? "latency" : "none"},
            {"primaryValue", median},
            {"primaryUnit", timed ? Json("ns") : Json(nullptr)},
            {"primaryStatistic", timed ? Json("median") : Json(nullptr)},
            {"retractedAt", nullptr},
            {"supersedesId", nullptr},
            {"manifest", b}};
}

inline Json resourceRow(const std::string& id, const Json& r, const char* digestColumn) {
    Json row = {{"id", id}, {"manifest", r}};
    if (digestColumn)
        row[digestColumn] = digest(r);
    return row;
}

inline QByteArray line(const char* table, const Json& row) {
    return QByteArray::fromStdString(Json{{"table", table}, {"row", row}}.dump()) + '\n';
}

inline bool writeFile(const QString& path, const QByteArray& bytes) {
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

inline bool writeJson(const QString& path, const Json& value) {
    return writeFile(path, QByteArray::fromStdString(value.dump(2)));
}

} // namespace kixfix
