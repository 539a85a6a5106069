#include "Manifest.h"

#include "JsonPath.h"

#include <QStringList>

namespace kix {

namespace {
const QList<QPair<ResourceKind, QString>>& kindTable() {
    static const QList<QPair<ResourceKind, QString>> table = {
        {ResourceKind::BenchmarkRun, QStringLiteral("BenchmarkRun")},
        {ResourceKind::BenchmarkProtocol, QStringLiteral("BenchmarkProtocol")},
        {ResourceKind::ExecutionEnvironment, QStringLiteral("ExecutionEnvironment")},
        {ResourceKind::WorkloadSuite, QStringLiteral("WorkloadSuite")},
        {ResourceKind::WorkloadCase, QStringLiteral("WorkloadCase")},
        {ResourceKind::ImplementationRevision, QStringLiteral("ImplementationRevision")},
        {ResourceKind::OperationSpec, QStringLiteral("OperationSpec")},
    };
    return table;
}
} // namespace

QString kindName(ResourceKind kind) {
    for (const auto& [k, name] : kindTable())
        if (k == kind)
            return name;
    return {};
}

std::optional<ResourceKind> kindFromName(const QString& name) {
    for (const auto& [k, n] : kindTable())
        if (n == name)
            return k;
    return std::nullopt;
}

QString knownKindNames() {
    QStringList names;
    for (const auto& entry : kindTable())
        names << entry.second;
    return names.join(QStringLiteral(", "));
}

std::optional<double> LatencyStats::value(const QString& statistic) const {
    if (statistic == QLatin1String("median") && median)
        return median;
    if (statistic == QLatin1String("min") && min)
        return min;
    return mean ? mean : median;
}

QString CaseResult::axesLabel() const {
    QStringList parts;
    for (const auto& [name, value] : axes)
        parts << name + u'=' + QString::number(value, 'g', 12);
    return parts.join(u' ');
}

std::optional<double> CaseResult::effectiveSpeedup() const {
    if (speedup)
        return speedup;
    const auto ref = referenceLatencyNs.mean;
    const auto own = latencyNs.mean;
    if (ref && own && *own > 0)
        return *ref / *own;
    return std::nullopt;
}

std::optional<double> RunSpec::metric(const QString& name) const {
    for (const auto& [key, value] : metrics)
        if (key == name)
            return value;
    return std::nullopt;
}

QList<const Resource*> Manifest::resources() const {
    QList<const Resource*> out;
    for (const auto* r : {&run, &protocol, &environment})
        if (r->has_value())
            out << &**r;
    for (const auto& r : supporting)
        out << &r;
    return out;
}

QString Manifest::title() const {
    for (const auto* r : {&run, &protocol, &environment})
        if (r->has_value() && !(*r)->title.isEmpty())
            return (*r)->title;
    if (!supporting.isEmpty())
        return supporting.first().title.isEmpty() ? supporting.first().name : supporting.first().title;
    return run ? run->name : QString();
}

QString Manifest::implementationLabel() const {
    if (!runSpec.implementationName.isEmpty())
        return runSpec.implementationName;
    // KernelIndex titles read "implementation · benchmark · GPU".
    if (run && !run->title.isEmpty())
        return run->title.section(QStringLiteral(" · "), 0, 0).trimmed();
    return run ? run->name : QString();
}

QString Manifest::gpuLabel() const {
    if (!environmentSpec.product.isEmpty())
        return environmentSpec.product;
    return QString();
}

QString Manifest::benchmarkLabel() const {
    return runSpec.benchmark;
}

namespace {
void flattenInto(const Json& v, const QString& path, Pairs& out) {
    if (v.is_object() && !v.empty()) {
        for (const auto& [k, e] : v.items())
            flattenInto(e, jsonPathKey(path, QString::fromStdString(k)), out);
    } else if (v.is_string()) {
        out.append({path, QString::fromStdString(v.get<std::string>())});
    } else {
        out.append({path, QString::fromStdString(v.dump())});
    }
}
} // namespace

Pairs flattenedFields(const Json& value, const QString& path) {
    Pairs out;
    flattenInto(value, path, out);
    return out;
}

} // namespace kix
