#include "ResourceKind.h"

#include <QStringList>
#include <array>
#include <utility>

namespace kix {

namespace {
constexpr std::array<std::pair<ResourceKind, const char*>, 13> kKinds = {{
    {ResourceKind::BenchmarkRun, "BenchmarkRun"},
    {ResourceKind::BenchmarkProtocol, "BenchmarkProtocol"},
    {ResourceKind::ExecutionEnvironment, "ExecutionEnvironment"},
    {ResourceKind::WorkloadSuite, "WorkloadSuite"},
    {ResourceKind::WorkloadCase, "WorkloadCase"},
    {ResourceKind::ImplementationRevision, "ImplementationRevision"},
    {ResourceKind::OperationSpec, "OperationSpec"},
    {ResourceKind::SoftwareProject, "SoftwareProject"},
    {ResourceKind::ModelRevision, "ModelRevision"},
    {ResourceKind::ServingStackRevision, "ServingStackRevision"},
    {ResourceKind::ServingConfiguration, "ServingConfiguration"},
    {ResourceKind::ServingWorkload, "ServingWorkload"},
    {ResourceKind::ServingRun, "ServingRun"},
}};
} // namespace

QString kindName(ResourceKind kind) {
    for (const auto& [k, name] : kKinds)
        if (k == kind)
            return QString::fromLatin1(name);
    return {};
}

std::optional<ResourceKind> kindFromName(const QString& name) {
    for (const auto& [k, n] : kKinds)
        if (name == QLatin1String(n))
            return k;
    return std::nullopt;
}

QString knownKindNames() {
    QStringList names;
    for (const auto& entry : kKinds)
        names << QString::fromLatin1(entry.second);
    return names.join(QStringLiteral(", "));
}

bool isWorkloadKind(ResourceKind kind) {
    return kind == ResourceKind::WorkloadSuite || kind == ResourceKind::WorkloadCase;
}

} // namespace kix
