#include "KernelProfile.h"

#include "QuotedForMessage.h"

#include <QStringList>
#include <algorithm>
#include <cstring>

namespace kix::profile {

namespace {

std::optional<double> prefixFactor(QStringView unit, QStringView base) {
    if (!unit.endsWith(base))
        return std::nullopt;
    const QStringView prefix = unit.left(unit.size() - base.size());
    if (prefix.isEmpty())
        return 1.0;
    static constexpr std::array<std::pair<char16_t, double>, 5> prefixes = {
        {{u'K', 1e3}, {u'M', 1e6}, {u'G', 1e9}, {u'T', 1e12}, {u'P', 1e15}}};
    if (prefix.size() == 1)
        for (const auto& [p, f] : prefixes)
            if (prefix[0] == QChar(p))
                return f;
    return std::nullopt;
}

} // namespace

const MetricSpec* metricSpec(const QString& key) {
    for (const MetricSpec& m : kMetricSet)
        if (key == QLatin1String(m.key))
            return &m;
    return nullptr;
}

std::optional<double> unitFactor(const QString& unitText, MetricUnit want) {
    QString unit = unitText.trimmed();
    switch (want) {
    case MetricUnit::Nanoseconds: {
        static const std::array<std::pair<const char*, double>, 8> times = {{{"ns", 1},
                                                                             {"nsecond", 1},
                                                                             {"us", 1e3},
                                                                             {"usecond", 1e3},
                                                                             {"ms", 1e6},
                                                                             {"msecond", 1e6},
                                                                             {"s", 1e9},
                                                                             {"second", 1e9}}};
        for (const auto& [name, factor] : times)
            if (unit == QLatin1String(name))
                return factor;
        return std::nullopt;
    }
    case MetricUnit::Bytes:
        if (unit.endsWith(QStringLiteral("/block")))
            unit.chop(6);
        return prefixFactor(unit, u"byte");
    case MetricUnit::BytesPerSecond:
        for (const char* per : {"/s", "/second"})
            if (unit.endsWith(QLatin1String(per)))
                return prefixFactor(QStringView(unit).left(unit.size() - qsizetype(std::strlen(per))),
                                    u"byte");
        return std::nullopt;
    case MetricUnit::Percent:
        return unit == QStringLiteral("%") ? std::optional<double>(1.0) : std::nullopt;
    case MetricUnit::Count:
        return 1.0; // registers, warps: ncu's unit names the thing counted
    }
    return std::nullopt;
}

std::optional<double> KernelProfile::value(const char* key) const {
    for (std::size_t i = 0; i < kMetricSet.size(); ++i)
        if (std::strcmp(kMetricSet[i].key, key) == 0)
            return metrics[i];
    return std::nullopt;
}

std::optional<double> KernelProfile::dramBytes(bool* estimated) const {
    const auto read = value("dramReadBytes"), written = value("dramWriteBytes");
    if (estimated)
        *estimated = false;
    if (read && written)
        return *read + *written;
    const auto bandwidth = value("dramBandwidth"), duration = value("durationNs");
    if (!bandwidth || !duration)
        return std::nullopt;
    if (estimated)
        *estimated = true;
    return *bandwidth * *duration * 1e-9;
}

KernelProfileResult kernelProfile(const NcuLaunch& launch, const NcuTable& table, const QString& file) {
    KernelProfileResult result;
    KernelProfile& p = result.profile;
    p.function = launch.function;
    p.kernelName = launch.kernelName;
    p.gridSize = launch.gridSize;
    p.blockSize = launch.blockSize;
    QStringList missing;
    for (std::size_t i = 0; i < kMetricSet.size(); ++i) {
        const MetricSpec& spec = kMetricSet[i];
        const QString name = QLatin1String(spec.ncuName);
        const QString cell = launch.cells.value(name).trimmed();
        if (!launch.cells.contains(name) || cell.isEmpty() || cell == QStringLiteral("n/a")) {
            missing << name;
            continue;
        }
        const auto number = parseNcuNumber(cell);
        const auto factor = unitFactor(table.units.value(name), spec.unit);
        if (!number || !factor || *number < 0) {
            result.problems << makeProblem(
                Problem::Severity::Error, codes::profileBadValue, file, name,
                !number || *number < 0
                    ? QStringLiteral("launch %1 (%2): %3 is not a non-negative number")
                          .arg(launch.id)
                          .arg(quotedForMessage(launch.function), quotedForMessage(cell))
                    : QStringLiteral("launch %1 (%2): the unit %3 is not one of %4")
                          .arg(launch.id)
                          .arg(quotedForMessage(launch.function), quotedForMessage(table.units.value(name)),
                               QLatin1String(spec.label)),
                launch.line);
            continue;
        }
        if (spec.unit == MetricUnit::Percent && *number > 100.5) { // ncu rounds; more is not a percentage
            result.problems << makeProblem(Problem::Severity::Error, codes::profileBadValue, file, name,
                                           QStringLiteral("launch %1 (%2): %3% is over 100%")
                                               .arg(launch.id)
                                               .arg(quotedForMessage(launch.function), cell),
                                           launch.line);
            continue;
        }
        p.metrics[i] = *number * *factor;
    }
    if (!missing.isEmpty())
        result.problems << makeProblem(
            Problem::Severity::Warning, codes::profileMissingMetric, file, QString(),
            QStringLiteral("launch %1 (%2): not collected: %3")
                .arg(launch.id)
                .arg(quotedForMessage(launch.function), missing.join(QStringLiteral(", "))),
            launch.line);
    const QString prefix = QLatin1String(kStallPrefix), suffix = QLatin1String(kStallSuffix);
    for (const QString& name : table.metricNames) {
        if (!name.startsWith(prefix) || !name.endsWith(suffix))
            continue;
        const QString reason = name.mid(prefix.size(), name.size() - prefix.size() - suffix.size());
        const auto ratio = parseNcuNumber(launch.cells.value(name));
        if (reason != QStringLiteral("selected") && ratio && *ratio > 0)
            p.stalls << Stall{reason, *ratio};
    }
    std::stable_sort(p.stalls.begin(), p.stalls.end(),
                     [](const Stall& a, const Stall& b) { return a.ratio > b.ratio; });
    if (p.stalls.size() > kTopStalls)
        p.stalls.resize(kTopStalls);
    return result;
}

} // namespace kix::profile
