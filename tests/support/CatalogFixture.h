// A small catalog export written by the tests: one operation, two workload cases, one implementation,
// runs in bundles with the published facts KernelIndex writes (keys recomputed here by hand, not by kix's
// key function), measurements, and rows of tables kix skips. Lines can be edited before writing.
#pragma once

#include "RecordFixtures.h"
#include "Sha256.h"

#include <QList>
#include <zstd.h>

namespace kixfix {

// KernelIndex's comparison key, written out by hand as the RFC 8785 text it hashes (members in code-unit
// order), so that kix's own key function is checked against an independent spelling of the rule.
inline std::string handComparisonKey(const std::string& correctness, const std::string& environment,
                                     const std::string& metric, const std::string& operation,
                                     const std::string& protocol, const std::string& workload) {
    const std::string text = "{\"correctness\":\"" + correctness + "\",\"environment\":\"" + environment +
                             "\",\"metric\":\"" + metric + "\",\"operation\":\"" + operation +
                             "\",\"protocol\":\"" + protocol + "\",\"v\":1,\"workload\":\"" + workload +
                             "\"}";
    return "sha256:" + kix::sha256Hex(text).toStdString();
}

inline std::string handCorrectnessKey(const std::string& comparator) {
    return "sha256:" +
           kix::sha256Hex("{\"correctness\":{\"comparator\":\"" + comparator + "\"}}").toStdString();
}

struct Catalog {
    Json op = operation();
    Json w1 = workloadCase(op, 2048);
    Json w2 = workloadCase(op, 8192);
    Json impl = implementation(op);
    Json proto = protocol();
    Json env = environment();
    QList<Json> lines; // {"table", "row"} records, in file order

    Json runBundle(const std::string& name, const Json& workload, double median,
                   const char* status = "passed") const {
        return bundle(run(name, workload, impl, proto, env, median, status), proto, env);
    }
    std::string keyOf(const Json& workload, const char* metric = "latency:median:ns") const {
        return handComparisonKey(handCorrectnessKey("elementwise_close"), digest(env), metric, digest(op),
                                 digest(proto), digest(workload));
    }

    Catalog() {
        lines << Json{{"table", "sources"}, {"row", {{"id", "src-1"}, {"slug", "example"}}}};
        lines << Json{{"table", "operations"}, {"row", resourceRow("op-1", op, "semanticDigest")}};
        Json row = resourceRow("wl-1", w1, "workloadDigest");
        row["operationId"] = "op-1";
        lines << Json{{"table", "workloads"}, {"row", row}};
        row = resourceRow("wl-2", w2, "workloadDigest");
        row["operationId"] = "op-1";
        lines << Json{{"table", "workloads"}, {"row", row}};
        lines << Json{{"table", "implementations"},
                      {"row", resourceRow("impl-1", impl, "implementationDigest")}};
        const std::string correctness = handCorrectnessKey("elementwise_close");
        lines << Json{
            {"table", "benchmark_runs"},
            {"row", runRow("run-1", runBundle("run-a", w1, 8120), "wl-1", "impl-1", keyOf(w1), correctness)}};
        lines << Json{
            {"table", "benchmark_runs"},
            {"row", runRow("run-2", runBundle("run-b", w1, 9050), "wl-1", "impl-1", keyOf(w1), correctness)}};
        lines << Json{{"table", "benchmark_runs"},
                      {"row", runRow("run-3", runBundle("run-c", w2, 30100), "wl-2", "impl-1", keyOf(w2),
                                     correctness)}};
        lines << Json{{"table", "benchmark_runs"},
                      {"row", runRow("run-4", runBundle("run-d", w1, -1, "compile_error"), "wl-1", "impl-1",
                                     keyOf(w1, "none"), correctness)}};
        lines << Json{{"table", "measurements"},
                      {"row",
                       {{"id", "m-1"},
                        {"runId", "run-1"},
                        {"metric", "latency"},
                        {"statistic", "median"},
                        {"unit", "ns"},
                        {"value", 8120},
                        {"sampleCount", 200}}}};
        lines << Json{
            {"table", "projects"},
            {"row",
             {{"id", "p-1"}, {"manifest", resource("SoftwareProject", "meridian", {{"name", "Meridian"}})}}}};
        lines << Json{{"table", "artifacts"}, {"row", {{"id", "a-1"}, {"kind", "source"}}}};
    }

    // A benchmark_runs line the way GPU MODE's are published (issue 37): timing with the mean and the
    // count, and the latency's standard deviation as a measurement beside it, on workload w1.
    Json meanWithStdLine(const std::string& id, const std::string& name, double mean, double stddev,
                         qint64 samples) const {
        Json b = runBundle(name, w1, mean);
        Json& spec = b["run"]["spec"];
        spec["timing"] = {
            {"primaryStatistic", "mean"}, {"samples", samples}, {"latencyNs", {{"mean", mean}}}};
        spec["measurements"] = Json::array({{{"metric", "latency"},
                                             {"statistic", "std"},
                                             {"unit", "ns"},
                                             {"value", stddev},
                                             {"sampleCount", samples}}});
        Json row = runRow(id, b, "wl-1", "impl-1", keyOf(w1, "latency:mean:ns"),
                          handCorrectnessKey("elementwise_close"));
        row["primaryValue"] = mean;
        row["primaryStatistic"] = "mean";
        return Json{{"table", "benchmark_runs"}, {"row", row}};
    }

    QByteArray text() const {
        QByteArray out;
        for (const Json& l : lines)
            out += QByteArray::fromStdString(l.dump()) + '\n';
        return out;
    }
    // The line number (1-based) of the first line of this table.
    int lineOf(const char* table, int nth = 0) const {
        for (int i = 0; i < lines.size(); ++i)
            if (lines[i]["table"] == table && nth-- == 0)
                return i + 1;
        return -1;
    }
};

// zstd-compressed bytes (one frame), as KernelIndex ships its export.
inline QByteArray zstd(const QByteArray& text) {
    QByteArray out(qsizetype(ZSTD_compressBound(std::size_t(text.size()))), Qt::Uninitialized);
    const std::size_t n =
        ZSTD_compress(out.data(), std::size_t(out.size()), text.constData(), std::size_t(text.size()), 3);
    out.resize(ZSTD_isError(n) ? 0 : qsizetype(n));
    return out;
}

} // namespace kixfix
