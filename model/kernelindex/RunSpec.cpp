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
    // Like with like: means when both have one, else medians (SOL-ExecBench reports medians).
    if (referenceLatencyNs.mean && latencyNs.mean && *latencyNs.mean > 0)
        return *referenceLatencyNs.mean / *latencyNs.mean;
    if (referenceLatencyNs.median && latencyNs.median && *latencyNs.median > 0)
        return *referenceLatencyNs.median / *latencyNs.median;
    return std::nullopt;
}

QString CaseResult::nonFiniteLabel() const {
    bool nan = false;
    bool inf = false;
    for (const auto& e : errors) {
        nan = nan || e.hasNan.value_or(false);
        inf = inf || e.hasInf.value_or(false);
    }
    if (nan && inf)
        return QStringLiteral("NaN and Inf in output");
    if (nan)
        return QStringLiteral("NaN in output");
    if (inf)
        return QStringLiteral("Inf in output");
    return {};
}

std::optional<QPair<QString, double>> CaseResult::namedLatency(const QString& statistic) const {
    const std::pair<const char*, const std::optional<double>*> named[] = {
        {"mean", &latencyNs.mean}, {"median", &latencyNs.median}, {"minimum", &latencyNs.min},
        {"min", &latencyNs.min},   {"maximum", &latencyNs.max},   {"max", &latencyNs.max},
        {"p05", &latencyNs.p05},   {"p95", &latencyNs.p95},
    };
    for (const auto& [name, v] : named)
        if (statistic == QLatin1String(name) && v->has_value())
            return QPair<QString, double>(QString::fromLatin1(name), **v);
    if (latencyNs.mean)
        return QPair<QString, double>(QStringLiteral("mean"), *latencyNs.mean);
    if (latencyNs.median)
        return QPair<QString, double>(QStringLiteral("median"), *latencyNs.median);
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
