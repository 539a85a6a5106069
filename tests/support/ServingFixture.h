// A catalog export of KernelIndex's serving tables, written by the tests (issue 37): a ModelRevision, a
// ServingStackRevision, a ServingConfiguration and a ServingWorkload, three ServingRuns in two published
// cohorts (one retracted) and a serving measurement, each row with the published digest KernelIndex writes.
#pragma once

#include "RecordFixtures.h"

#include <QList>

namespace kixfix {

inline Json servingLine(const char* table, Json r) {
    return Json{{"table", table}, {"row", std::move(r)}};
}

struct ServingCatalog {
    Json model = resource("ModelRevision", "meridian-8b", {{"model", "Meridian 8B"}});
    Json stack = resource("ServingStackRevision", "meridian-serve-0-4",
                          {{"project", {{"name", "meridian-serve"}}}, {"revision", {{"version", "0.4.1"}}}});
    Json config = resource("ServingConfiguration", "meridian-tp2",
                           {{"stackDigest", kixfix::digest(stack)}, {"dtype", "bf16"}});
    Json workload =
        resource("ServingWorkload", "chat-open-loop", {{"streaming", true}, {"loadGeneration", "open_loop"}});
    QList<Json> lines;

    Json servingRun(const std::string& name, double tps, int accelerators,
                    const char* status = "valid") const {
        return resource("ServingRun", name,
                        {{"modelDigest", kixfix::digest(model)},
                         {"configurationDigest", kixfix::digest(config)},
                         {"workloadDigest", kixfix::digest(workload)},
                         {"topology",
                          {{"acceleratorVendor", "nvidia"},
                           {"acceleratorModel", "NVIDIA B200"},
                           {"acceleratorsPerNode", accelerators},
                           {"nodeCount", 1}}},
                         {"harness", {{"name", "example_loadgen"}, {"version", "1.2.0"}}},
                         {"qualityPolicy", "exact_model"},
                         {"status", status},
                         {"measurements", Json::array({{{"metric", "output_token_throughput_tps"},
                                                        {"unit", "tokens_s"},
                                                        {"statistic", "reported"},
                                                        {"value", tps}}})},
                         {"observedAt", "2026-08-01T12:00:00Z"}});
    }
    Json runRow(const std::string& id, const Json& run, const std::string& cohort,
                Json retractedAt = nullptr) const {
        return servingLine("serving_runs", {{"id", id},
                                            {"runDigest", kixfix::digest(run)},
                                            {"cohortKey", cohort},
                                            {"status", run["spec"]["status"]},
                                            {"retractedAt", std::move(retractedAt)},
                                            {"supersedesId", nullptr},
                                            {"manifest", run}});
    }

    ServingCatalog() {
        lines << servingLine("model_revisions", kixfix::resourceRow("m-1", model, "modelDigest"));
        lines << servingLine("serving_stack_revisions", kixfix::resourceRow("s-1", stack, "stackDigest"));
        lines << servingLine("serving_configurations",
                             kixfix::resourceRow("c-1", config, "configurationDigest"));
        lines << servingLine("serving_workloads", kixfix::resourceRow("w-1", workload, "workloadDigest"));
        lines << runRow("r-1", servingRun("tp2-a", 14250, 2), "sha256:" + std::string(64, 'a'));
        lines << runRow("r-2", servingRun("tp2-b", 13900, 2), "sha256:" + std::string(64, 'a'),
                        "2026-08-10T00:00:00Z");
        lines << runRow("r-3", servingRun("tp4", 26100, 4), "sha256:" + std::string(64, 'b'));
        lines << servingLine("serving_measurements", {{"id", "sm-1"},
                                                      {"runId", "r-1"},
                                                      {"metric", "output_token_throughput_tps"},
                                                      {"statistic", "reported"},
                                                      {"unit", "tokens_s"},
                                                      {"value", 14250},
                                                      {"sampleCount", nullptr}});
    }
    QByteArray text() const {
        QByteArray out;
        for (const Json& l : lines)
            out += QByteArray::fromStdString(l.dump()) + '\n';
        return out;
    }
};

} // namespace kixfix
