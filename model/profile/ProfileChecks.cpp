#include "ProfileChecks.h"

#include <algorithm>
#include <cmath>

namespace kix::profile {

namespace {

bool isSummed(const MetricSpec& spec) {
    return spec.unit == MetricUnit::Nanoseconds || spec.unit == MetricUnit::Bytes;
}

bool isLaunchResource(const MetricSpec& spec) {
    const QLatin1String key(spec.key);
    return key == QLatin1String("registersPerThread") || key == QLatin1String("staticSharedBytes") ||
           key == QLatin1String("dynamicSharedBytes");
}

QString number(double v, int significant = 3) {
    return QString::number(v, 'g', significant);
}

} // namespace

std::optional<double> caseMetric(const CaseProfile& profile, const MetricSpec& spec) {
    const std::size_t i = std::size_t(&spec - kMetricSet.data());
    if (profile.kernels.isEmpty())
        return std::nullopt;
    if (isLaunchResource(spec)) {
        std::optional<double> most;
        for (const KernelProfile& k : profile.kernels)
            if (k.metrics[i])
                most = std::max(most.value_or(0), *k.metrics[i]);
        return most;
    }
    if (isSummed(spec)) {
        if (QLatin1String(spec.key) == QLatin1String("durationNs"))
            return profile.durationNs();
        double sum = 0;
        for (const KernelProfile& k : profile.kernels) {
            if (!k.metrics[i])
                return std::nullopt;
            sum += *k.metrics[i];
        }
        return sum;
    }
    double weighted = 0, weights = 0;
    for (const KernelProfile& k : profile.kernels) {
        const auto d = k.value("durationNs");
        if (!k.metrics[i] || !d)
            return std::nullopt;
        weighted += *k.metrics[i] * *d;
        weights += *d;
    }
    return weights > 0 ? std::optional<double>(weighted / weights) : std::nullopt;
}

QString formatMetric(const MetricSpec& spec, double value) {
    switch (spec.unit) {
    case MetricUnit::Nanoseconds:
        return value >= 1e6   ? number(value / 1e6, 4) + QStringLiteral(" ms")
               : value >= 1e3 ? number(value / 1e3, 4) + QStringLiteral(" us")
                              : number(value, 4) + QStringLiteral(" ns");
    case MetricUnit::Bytes:
        return value >= 1e9   ? number(value / 1e9, 4) + QStringLiteral(" GB")
               : value >= 1e6 ? number(value / 1e6, 4) + QStringLiteral(" MB")
               : value >= 1e3 ? number(value / 1e3, 4) + QStringLiteral(" kB")
                              : number(value, 4) + QStringLiteral(" B");
    case MetricUnit::BytesPerSecond:
        return value >= 1e12 ? number(value / 1e12, 3) + QStringLiteral(" TB/s")
                             : number(value / 1e9, 3) + QStringLiteral(" GB/s");
    case MetricUnit::Percent:
        return QString::number(value, 'f', value < 10 ? 1 : 0) + u'%';
    case MetricUnit::Count:
        return number(value, 6);
    }
    return number(value);
}

RooflineConsistency rooflineConsistency(const CaseProfile& profile, std::optional<double> rooflineBytes,
                                        std::optional<double> l2Bytes) {
    RooflineConsistency out;
    const auto bytes = profile.dramBytes(&out.estimated);
    if (!bytes) {
        out.text = QStringLiteral("no check: the profile has no DRAM byte count (dram__bytes_read.sum and "
                                  "dram__bytes_write.sum, or the bandwidth and the duration)");
        return out;
    }
    if (!rooflineBytes || *rooflineBytes <= 0) {
        out.text = QStringLiteral("no check: kix has no roofline byte count for this case");
        return out;
    }
    out.profiledBytes = *bytes;
    out.rooflineBytes = *rooflineBytes;
    out.ratio = *bytes / *rooflineBytes;
    const MetricSpec& b = *metricSpec(QStringLiteral("dramReadBytes"));
    const QString numbers =
        QStringLiteral("the kernels moved %1 through DRAM%2, %3× the %4 the roofline counts")
            .arg(formatMetric(b, out.profiledBytes),
                 out.estimated ? QStringLiteral(" (bandwidth × duration)") : QString(),
                 QString::number(out.ratio, 'f', 3), formatMetric(b, out.rooflineBytes));
    if (out.ratio > kMovedTooMuch) {
        out.kind = RooflineConsistency::Kind::MovedMore;
        out.text = numbers + QStringLiteral(": more than the operation needs (a missed fusion, or re-reads)");
    } else if (out.ratio < kMovedTooLittle && l2Bytes && out.rooflineBytes - out.profiledBytes <= *l2Bytes) {
        out.kind = RooflineConsistency::Kind::HeldInL2;
        out.text = numbers + QStringLiteral(": %1 short, which the GPU's %2 L2 can still hold as unwritten "
                                            "output when the kernel ends")
                                 .arg(formatMetric(b, out.rooflineBytes - out.profiledBytes),
                                      formatMetric(b, *l2Bytes));
    } else if (out.ratio < kMovedTooLittle) {
        out.kind = RooflineConsistency::Kind::MovedLess;
        out.text = numbers + QStringLiteral(": fewer bytes than the floor says must move, more than the L2 "
                                            "could hold back: the floor is suspicious");
    } else {
        out.kind = RooflineConsistency::Kind::Consistent;
        out.text = numbers + QStringLiteral(": consistent with the roofline");
    }
    return out;
}

QList<MetricChange> compareProfiles(const CaseProfile& a, const CaseProfile& b) {
    QList<MetricChange> changes;
    for (const MetricSpec& spec : kMetricSet) {
        MetricChange c{QLatin1String(spec.key), QLatin1String(spec.label), spec.ofPeak,
                       caseMetric(a, spec),     caseMetric(b, spec),       std::nullopt};
        if (c.a && c.b && *c.a > 0)
            c.relative = (*c.b - *c.a) / *c.a;
        changes << c;
    }
    std::stable_sort(changes.begin(), changes.end(), [](const MetricChange& x, const MetricChange& y) {
        if (x.relative.has_value() != y.relative.has_value())
            return x.relative.has_value();
        return x.relative && std::abs(*x.relative) > std::abs(*y.relative);
    });
    return changes;
}

QString largestChangeSentence(const QList<MetricChange>& changes, double minRelative) {
    for (const MetricChange& c : changes) {
        // The duration is the verdict itself; the sentence says what moved beside it.
        if (!c.relative || std::abs(*c.relative) < minRelative || c.key == QLatin1String("durationNs"))
            continue;
        const MetricSpec& spec = *metricSpec(c.key);
        return QStringLiteral("%1 %2 → %3%4")
            .arg(c.label, formatMetric(spec, *c.a), formatMetric(spec, *c.b),
                 c.ofPeak ? QStringLiteral(" of peak") : QString());
    }
    return {};
}

QString verdictWithWhy(const QString& verdictWord, const QList<MetricChange>& changes, double minRelative) {
    const QString why = largestChangeSentence(changes, minRelative);
    return why.isEmpty() ? verdictWord : verdictWord + QStringLiteral(": ") + why;
}

} // namespace kix::profile
