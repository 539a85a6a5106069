#include "ComparisonKey.h"

#include "Digest.h"

namespace kix {

QString correctnessKey(const nlohmann::json* correctness) {
    nlohmann::json body = nlohmann::json::object();
    if (correctness)
        body["correctness"] = *correctness;
    return valueDigest(body);
}

QString metricKey(const std::optional<PrimaryMeasurement>& primary) {
    return primary ? primary->key() : QStringLiteral("none");
}

QString comparisonKey(const ComparisonKeyParts& p) {
    const nlohmann::json body = {{"v", 1},
                                 {"operation", p.operation.toStdString()},
                                 {"workload", p.workload.toStdString()},
                                 {"protocol", p.protocol.toStdString()},
                                 {"environment", p.environment.toStdString()},
                                 {"correctness", p.correctness.toStdString()},
                                 {"metric", p.metric.toStdString()}};
    return valueDigest(body);
}

} // namespace kix
