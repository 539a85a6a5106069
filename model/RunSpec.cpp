#include "RunSpec.h"

#include <QStringList>

namespace kix {

bool LatencyStats::isEmpty() const {
    return !mean && !median && !min && !max && !p05 && !p95;
}

std::optional<double> LatencyStats::value(const QString& statistic) const {
    const std::pair<const char*, const std::optional<double>*> named[] = {
        {"mean", &mean}, {"median", &median}, {"minimum", &min}, {"min", &min}, {"maximum", &max},
        {"max", &max},   {"p05", &p05},       {"p95", &p95},     {"mad", &mad},
    };
    for (const auto& [name, v] : named)
        if (statistic == QLatin1String(name) && v->has_value())
            return *v;
    return mean ? mean : median;
}

std::optional<double> LatencyStats::central(const QString& primaryStatistic) const {
    if (primaryStatistic == QLatin1String("mean"))
        return mean ? mean : median;
    return median ? median : mean;
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

QString PrimaryMeasurement::key() const {
    return metric + u':' + statistic + u':' + unit;
}

std::optional<double> nanosecondsPerUnit(const QString& unit) {
    if (unit == QLatin1String("ns"))
        return 1.0;
    if (unit == QLatin1String("us") || unit == QStringLiteral("µs"))
        return 1e3;
    if (unit == QLatin1String("ms"))
        return 1e6;
    if (unit == QLatin1String("s"))
        return 1e9;
    return std::nullopt;
}

std::optional<double> PrimaryMeasurement::nanoseconds() const {
    if (const auto scale = nanosecondsPerUnit(unit))
        return value * *scale;
    return std::nullopt;
}

std::optional<double> RunSpec::metric(const QString& name) const {
    for (const auto& [key, value] : metrics)
        if (key == name)
            return value;
    return std::nullopt;
}

std::optional<double> RunSpec::primaryLatencyNs() const {
    if (hasTiming && !latencyNs.isEmpty())
        return latencyNs.value(primaryStatistic);
    if (const auto p = primary())
        return p->nanoseconds();
    return std::nullopt;
}

std::optional<PrimaryMeasurement> RunSpec::primary() const {
    if (hasTiming) {
        if (const auto v = latencyNs.central(primaryStatistic))
            return PrimaryMeasurement{QStringLiteral("latency"), primaryStatistic, QStringLiteral("ns"), *v,
                                      latencyNs.samples};
    }
    if (!measurements.isEmpty()) {
        const Measurement& m = measurements.first();
        return PrimaryMeasurement{m.metric, m.statistic, m.unit, m.value, m.sampleCount};
    }
    return std::nullopt;
}

} // namespace kix
