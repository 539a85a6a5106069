// KernelIndex's comparison cohort identity (its policy/comparison.ts, facts in docs/manifest-format.md):
// the comparison key is "sha256:" + SHA-256 of the RFC 8785 form of
// {v: 1, operation, workload, protocol, environment, correctness, metric}.
#pragma once

#include "RunSpec.h"

#include <QString>
#include <nlohmann/json.hpp>
#include <optional>

namespace kix {

struct ComparisonKeyParts {
    QString operation;   // the workload's spec.operationSpecDigest
    QString workload;    // the run's spec.workloadDigest
    QString protocol;    // the protocol's digest (the catalog's protocolKey)
    QString environment; // the environment's digest (the catalog's environmentKey)
    QString correctness; // correctnessKey of the workload's spec.correctness
    QString metric;      // "latency:median:ns", or "none" without a primary measurement
};

// Digest of {correctness: <value>}; an absent value hashes as {} (as JavaScript drops undefined members).
QString correctnessKey(const nlohmann::json* correctness);
QString metricKey(const std::optional<PrimaryMeasurement>& primary);
QString comparisonKey(const ComparisonKeyParts& parts);

} // namespace kix
