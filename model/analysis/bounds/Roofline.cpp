#include "Roofline.h"

#include "Format.h"

#include <QStringList>
#include <algorithm>
#include <cmath>
#include <vector>

namespace kix {

using Json = nlohmann::json;

namespace {

constexpr double kAtRooflineTolerance = 1.05;

QString lower(const Json& v) {
    return v.is_string() ? QString::fromStdString(v.get<std::string>()).toLower() : QString();
}

QString formatMiB(double bytes) {
    return QStringLiteral("%1 MiB").arg(bytes / (1024.0 * 1024.0), 0, 'f',
                                        bytes >= 10 * 1024.0 * 1024.0 ? 0 : 1);
}

struct CaseFloor {
    double bytes = 0, floorNs = 0, cacheFloorNs = 0;
};

std::optional<CaseFloor> caseFloor(const Json& operation, const Json& axes, const Json& tensors,
                                   const GpuMemorySpec& gpu, const ProtocolFacts& protocol, QString& why) {
    const BytesOutcome b = bytesThatMustMove(operation, axes, tensors);
    if (!b.bytes) {
        why = b.noFloorReason;
        return std::nullopt;
    }
    CaseFloor f;
    f.bytes = b.bytes->total();
    f.floorNs = f.bytes / gpu.peakBandwidthGBps; // GB/s is bytes per nanosecond
    const double cache = gpu.cacheBytes.value_or(0);
    double fromMemory = 0;
    if (protocol.l2 == ProtocolFacts::L2::Flushed)
        fromMemory = b.bytes->readBytes + std::max(0.0, b.bytes->writeBytes - cache);
    else if (gpu.cacheBytes)
        fromMemory = std::max(0.0, f.bytes - cache);
    // else: a warm cache of unknown size could serve anything
    f.cacheFloorNs = fromMemory / gpu.peakBandwidthGBps;
    return f;
}

double combine(const std::vector<double>& v, SuiteAggregation how) {
    if (how == SuiteAggregation::ArithmeticMean) {
        double sum = 0;
        for (double x : v)
            sum += x;
        return sum / double(v.size());
    }
    if (how == SuiteAggregation::GeometricMean) {
        double logs = 0;
        for (double x : v) {
            if (!(x > 0))
                return 0;
            logs += std::log(x);
        }
        return std::exp(logs / double(v.size()));
    }
    return *std::min_element(v.begin(), v.end());
}

QString aggregationName(SuiteAggregation how) {
    switch (how) {
    case SuiteAggregation::ArithmeticMean:
        return QStringLiteral("mean");
    case SuiteAggregation::GeometricMean:
        return QStringLiteral("geometric mean");
    case SuiteAggregation::NotStated:
        break;
    }
    return QStringLiteral("smallest");
}

RooflineVerdict judge(double measuredNs, const CaseFloor& f, const GpuMemorySpec& gpu,
                      const ProtocolFacts& protocol) {
    RooflineVerdict v;
    v.measuredNs = measuredNs;
    v.floorNs = f.floorNs;
    v.cacheFloorNs = f.cacheFloorNs;
    v.bytes = f.bytes;
    v.ratio = measuredNs / f.floorNs;
    v.bandwidthGBps = gpu.peakBandwidthGBps;
    v.cacheBytes = gpu.cacheBytes;
    v.cacheName = gpu.cacheName.isEmpty() ? QStringLiteral("cache") : gpu.cacheName;
    v.gpu = gpu.product;
    v.l2 = protocol.l2;
    if (measuredNs < f.cacheFloorNs)
        v.kind = RooflineVerdict::Kind::Suspicious;
    else if (measuredNs < f.floorNs)
        v.kind = RooflineVerdict::Kind::CacheCanExplain;
    else if (v.ratio <= kAtRooflineTolerance)
        v.kind = RooflineVerdict::Kind::AtRoofline;
    else
        v.kind = RooflineVerdict::Kind::AboveFloor;
    return v;
}

QString unusable(double measuredNs, const GpuMemorySpec& gpu) {
    if (!(measuredNs > 0) || !std::isfinite(measuredNs))
        return QStringLiteral("no positive measured latency to compare");
    if (!(gpu.peakBandwidthGBps > 0))
        return QStringLiteral("no peak memory bandwidth for %1").arg(gpu.product);
    return {};
}

} // namespace

ProtocolFacts protocolFactsFrom(const Json& protocol) {
    ProtocolFacts f;
    const Json& spec = protocol.is_object() && protocol.contains("spec") ? protocol["spec"] : protocol;
    if (!spec.is_object() || !spec.contains("measurement") || !spec["measurement"].is_object())
        return f;
    const Json& m = spec["measurement"];
    const QString l2 = m.contains("l2") ? lower(m["l2"]) : QString();
    if (l2.isEmpty()) {
        // KernelIndex's protocol has no field for the L2's state: kix's own harness says it in the notes,
        // in one fixed phrase. Other harnesses' notes are free text and are not read.
        const Json* notes = spec.contains("comparability") && spec["comparability"].is_object() &&
                                    spec["comparability"].contains("notes")
                                ? &spec["comparability"]["notes"]
                                : nullptr;
        const bool kixHarness = spec.contains("harness") && spec["harness"].is_object() &&
                                spec["harness"].value("name", Json()) == "kix local rerun";
        if (kixHarness && notes && notes->is_string() &&
            notes->get<std::string>().find(kKixL2FlushedPhrase) != std::string::npos) {
            f.l2 = ProtocolFacts::L2::Flushed;
            f.evidence = QString::fromLatin1(kKixL2FlushedPhrase);
        }
        return f;
    }
    f.evidence = QString::fromStdString(m["l2"].get<std::string>());
    if (l2.contains(QLatin1String("not flushed")) || l2.startsWith(QLatin1String("warm")))
        f.l2 = ProtocolFacts::L2::NotFlushed;
    else if (l2.startsWith(QLatin1String("flushed")) || l2.contains(QLatin1String("cold")))
        f.l2 = ProtocolFacts::L2::Flushed;
    return f;
}

SuiteAggregation suiteAggregationFrom(const QString& text) {
    const QString t = text.toLower();
    if (t == QLatin1String("geomean") || t.contains(QLatin1String("geometric")))
        return SuiteAggregation::GeometricMean;
    if (t.contains(QLatin1String("arithmetic")))
        return SuiteAggregation::ArithmeticMean;
    return SuiteAggregation::NotStated;
}

QString formatBandwidth(double gbps) {
    return gbps >= 1000 ? QStringLiteral("%1 TB/s").arg(gbps / 1000, 0, 'f', 2)
                        : QStringLiteral("%1 GB/s").arg(gbps, 0, 'f', 0);
}

QString formatBytes(double bytes) {
    const auto scaled = [](double v, const char* unit) {
        return QStringLiteral("%1 %2")
            .arg(v, 0, 'f',
                 v >= 100  ? 0
                 : v >= 10 ? 1
                           : 2)
            .arg(QLatin1String(unit));
    };
    if (bytes < 1e3)
        return QStringLiteral("%1 B").arg(bytes, 0, 'f', 0);
    if (bytes < 1e6)
        return scaled(bytes / 1e3, "kB");
    if (bytes < 1e9)
        return scaled(bytes / 1e6, "MB");
    if (bytes < 1e12)
        return scaled(bytes / 1e9, "GB");
    return scaled(bytes / 1e12, "TB");
}

QString RooflineVerdict::ratioText() const {
    const QChar times(0x00D7);
    if (!std::isfinite(ratio))
        return QStringLiteral("—");
    if (ratio < 1) {
        const int decimals = ratio > 0 ? std::max(2, 1 - int(std::floor(std::log10(ratio)))) : 2;
        return QString::number(ratio, 'f', decimals) + times;
    }
    return QString::number(ratio, 'f', ratio >= 100 ? 0 : ratio >= 10 ? 1 : 2) + times;
}

QString RooflineVerdict::label() const {
    switch (kind) {
    case Kind::Suspicious:
        return QStringLiteral("suspicious ") + ratioText();
    case Kind::CacheCanExplain:
        return QStringLiteral("cache ") + ratioText();
    case Kind::AtRoofline:
        return QStringLiteral("at roofline ") + ratioText();
    case Kind::AboveFloor:
        break;
    }
    return ratioText();
}

QString RooflineVerdict::text() const {
    const QString suite =
        cases > 1 ? QStringLiteral(", the %1 of %2 case floors").arg(aggregation).arg(cases) : QString();
    const QString numbers = QStringLiteral("%1 measured, floor %2 (%3 at %4 on %5%6)")
                                .arg(formatLatency(measuredNs), formatLatency(floorNs), formatBytes(bytes),
                                     formatBandwidth(bandwidthGBps), gpu, suite);
    const QString cache = cacheBytes ? QStringLiteral("the %1 %2").arg(formatMiB(*cacheBytes), cacheName)
                                     : QStringLiteral("a cache of unknown size");
    switch (kind) {
    case Kind::Suspicious:
        return QStringLiteral(
                   "faster than the memory roofline: suspicious: %1 floor; %2; even with %3 serving all "
                   "it can, it needs at least %4")
            .arg(ratioText(), numbers, cache, formatLatency(cacheFloorNs));
    case Kind::CacheCanExplain:
        return QStringLiteral(
                   "faster than the HBM floor (%1), which the cache can explain: %2; %3, so with it the "
                   "floor is %4")
            .arg(ratioText(), numbers,
                 l2 == ProtocolFacts::L2::Flushed
                     ? QStringLiteral(
                           "the protocol flushes L2, but outputs may stay in %1 past the timed region")
                           .arg(cache)
                     : QStringLiteral("the protocol does not say it flushes L2, and %1 can serve part of it")
                           .arg(cache),
                 formatLatency(cacheFloorNs));
    case Kind::AtRoofline:
        return QStringLiteral("at the roofline: %1 floor; %2").arg(ratioText(), numbers);
    case Kind::AboveFloor:
        break;
    }
    return QStringLiteral("%1 floor; %2").arg(ratioText(), numbers);
}

RooflineOutcome rooflineForCase(const Json& operation, const Json& axes, const Json& tensors,
                                double measuredNs, const GpuMemorySpec& gpu, const ProtocolFacts& protocol) {
    RooflineOutcome out;
    if (const QString bad = unusable(measuredNs, gpu); !bad.isEmpty()) {
        out.noFloorReason = bad;
        return out;
    }
    QString why;
    const auto f = caseFloor(operation, axes, tensors, gpu, protocol, why);
    if (!f) {
        out.noFloorReason = why;
        return out;
    }
    out.verdict = judge(measuredNs, *f, gpu, protocol);
    return out;
}

RooflineOutcome rooflineFor(const Json& operation, const Json& workload, double measuredNs,
                            SuiteAggregation aggregation, const GpuMemorySpec& gpu,
                            const ProtocolFacts& protocol) {
    const QString kind = workload.is_object() && workload.contains("kind") && workload["kind"].is_string()
                             ? QString::fromStdString(workload["kind"].get<std::string>())
                             : QString();
    const Json& spec = workload.is_object() && workload.contains("spec") ? workload["spec"] : workload;
    if (kind == QLatin1String("WorkloadCase") ||
        (kind.isEmpty() && spec.is_object() && spec.contains("axes")))
        return rooflineForCase(operation, spec.value("axes", Json::object()), spec.value("tensors", Json()),
                               measuredNs, gpu, protocol);
    RooflineOutcome out;
    if (kind != QLatin1String("WorkloadSuite") || !spec.is_object() || !spec.contains("cases") ||
        !spec["cases"].is_array() || spec["cases"].empty()) {
        out.noFloorReason =
            QStringLiteral("the workload is neither a WorkloadCase nor a WorkloadSuite with cases");
        return out;
    }
    if (const QString bad = unusable(measuredNs, gpu); !bad.isEmpty()) {
        out.noFloorReason = bad;
        return out;
    }
    std::vector<double> bytes, floors, cacheFloors;
    for (std::size_t i = 0; i < spec["cases"].size(); ++i) {
        const Json& c = spec["cases"][i];
        QString why;
        const auto f = c.is_object() ? caseFloor(operation, c.value("axes", Json::object()),
                                                 c.value("tensors", Json()), gpu, protocol, why)
                                     : std::nullopt;
        if (!f && aggregation != SuiteAggregation::ArithmeticMean) {
            // A case without a floor bounds a geometric mean or a minimum by nothing.
            out.noFloorReason = QStringLiteral("case %1 has no floor: %2").arg(i).arg(why);
            return out;
        }
        bytes.push_back(f ? f->bytes : 0);
        floors.push_back(f ? f->floorNs : 0);
        cacheFloors.push_back(f ? f->cacheFloorNs : 0);
    }
    CaseFloor combined{combine(bytes, aggregation), combine(floors, aggregation),
                       combine(cacheFloors, aggregation)};
    if (!(combined.floorNs > 0)) {
        out.noFloorReason = QStringLiteral("no case of the suite has a floor");
        return out;
    }
    out.verdict = judge(measuredNs, combined, gpu, protocol);
    out.verdict->cases = int(floors.size());
    out.verdict->aggregation = aggregationName(aggregation);
    return out;
}

} // namespace kix
