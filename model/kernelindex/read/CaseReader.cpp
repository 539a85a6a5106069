#include "CaseReader.h"

#include "InputLimits.h"
#include "JsonPath.h"
#include "KernelIndexRules.h"
#include "SampleStatistics.h"

#include <QHash>
#include <algorithm>
#include <cmath>

namespace kix {

using namespace codes;
using Need = FieldReader::Need;

bool isTokenName(const QString& s) {
    return kernelindex::isToken(s.toStdString());
}

namespace {

// KernelIndex writes minimum/maximum; kix's own files min/max. Either is read into the same member.
std::optional<double> eitherOf(FieldReader& stats, const char* kernelIndexName, const char* kixName) {
    if (stats.child(kernelIndexName))
        return stats.duration(kernelIndexName);
    return stats.duration(kixName);
}

} // namespace

LatencyStats readLatencyStats(FieldReader stats, bool meanRequired) {
    LatencyStats s;
    if (!stats.valid())
        return s;
    s.mean = stats.duration("mean", meanRequired ? Need::Required : Need::Optional);
    s.median = stats.duration("median");
    s.min = eitherOf(stats, "minimum", "min");
    s.max = eitherOf(stats, "maximum", "max");
    s.p05 = stats.duration("p05");
    s.p95 = stats.duration("p95");
    s.mad = stats.duration("mad");
    s.stddev = stats.duration("stddev");
    if (s.stddev)
        s.stddevPath = stats.pathOf(QStringLiteral("stddev"));
    s.samples = stats.count("samples");
    if (const Json* ci = stats.child("confidence95")) {
        const QString path = stats.pathOf(QStringLiteral("confidence95"));
        if (!ci->is_array() || ci->size() != 2) {
            stats.error(fieldType, path,
                        QStringLiteral("expected [low, high] in nanoseconds, got %1").arg(jsonTypeName(*ci)));
        } else {
            const Json pair = Json{{"low", (*ci)[0]}, {"high", (*ci)[1]}};
            FieldReader bounds(&pair, path, stats.file(), stats.problems(), stats.line());
            s.ciLow = bounds.duration("low");
            s.ciHigh = bounds.duration("high");
            if (s.ciLow && s.ciHigh && *s.ciLow > *s.ciHigh)
                stats.error(fieldOrder, path,
                            QStringLiteral("the low bound (%1) is above the high bound (%2)")
                                .arg(*s.ciLow)
                                .arg(*s.ciHigh));
            else if (s.ciLow && s.ciHigh)
                s.confidencePath = path; // a spread the verdict engine may use (docs/verdicts.md)
        }
    }
    // KernelIndex has no such rule and accepts the run: a kix warning, never an upstream rejection.
    if (s.min && s.max && *s.min > *s.max)
        stats.warning(
            fieldOrder,
            stats.pathOf(stats.child("minimum") ? QStringLiteral("minimum") : QStringLiteral("min")),
            QStringLiteral("the minimum (%1) is greater than the maximum (%2) (KernelIndex accepts this)")
                .arg(*s.min)
                .arg(*s.max));
    if (!meanRequired && s.isEmpty())
        stats.error(fieldEmptyStats, stats.path(),
                    QStringLiteral("expected at least one of mean, median, minimum, maximum, p05, p95"));
    return s;
}

QList<QPair<QString, double>> readNumberMap(FieldReader map) {
    QList<QPair<QString, double>> out;
    if (!map.valid())
        return out;
    for (const auto& [key, value] : map.json()->items()) {
        const QString name = QString::fromStdString(key);
        if (value.is_number())
            out.append({name, value.get<double>()});
        else
            map.warning(fieldIgnored, map.pathOf(name),
                        QStringLiteral("expected a number, got %1; ignored").arg(jsonTypeName(value)));
    }
    return out;
}

namespace {

void readOutputs(FieldReader correctness, CaseResult& c) {
    const Json* outputs = correctness.array("outputs");
    if (!outputs)
        return;
    const QString outputsPath = correctness.pathOf(QStringLiteral("outputs"));
    for (std::size_t i = 0; i < outputs->size(); ++i) {
        FieldReader o(&(*outputs)[i], jsonPathIndex(outputsPath, qsizetype(i)), correctness.file(),
                      correctness.problems(), correctness.line());
        if (!o.valid()) {
            o.error(fieldType, o.path(), QStringLiteral("expected an object"));
            continue;
        }
        OutputError e;
        e.output = o.string("name", Need::Required).value_or(QString());
        e.maxAbsError = o.nonNegative("maxAbsError");
        e.maxRelError = o.nonNegative("maxRelError");
        e.atol = o.nonNegative("atol");
        e.rtol = o.nonNegative("rtol");
        e.passed = o.boolean("passed");
        e.hasNan = o.boolean("hasNan");
        e.hasInf = o.boolean("hasInf");
        c.errors.append(e);
    }
}

// An array of per-launch times: positive numbers of nanoseconds. One located error for the first bad
// element, and no samples then: a verdict must not rest on part of them.
std::vector<double> readSampleList(FieldReader& fr, const char* key, PackedNumberArrays* packed) {
    std::vector<double> out;
    if (const Json* member = packed ? fr.child(key) : nullptr) {
        // Packed only where every element already passed the checks below (RawSamples.cpp).
        if (const auto index = PackedNumberArrays::markerIndex(*member);
            index && *index < packed->arrays.size())
            return std::move(packed->arrays[*index]);
    }
    const Json* list = fr.array(key);
    if (!list)
        return out;
    const QString path = fr.pathOf(QString::fromLatin1(key));
    out.reserve(list->size());
    for (std::size_t i = 0; i < list->size(); ++i) {
        const Json& v = (*list)[i];
        const double d = v.is_number() ? v.get<double>() : 0;
        if (v.is_number() && d > limits::kMaxSampleNs) {
            fr.error(fieldRange, jsonPathIndex(path, qsizetype(i)),
                     QStringLiteral("expected at most %1 ns (1,000 s) for one launch, got %2")
                         .arg(limits::kMaxSampleNs)
                         .arg(QString::fromStdString(v.dump())));
            return {};
        }
        if (!v.is_number() || !(d > 0) || !std::isfinite(d)) {
            fr.error(v.is_number() ? fieldRange : fieldType, jsonPathIndex(path, qsizetype(i)),
                     QStringLiteral("expected a positive number of nanoseconds, got %1")
                         .arg(v.is_number() ? QString::fromStdString(v.dump()) : jsonTypeName(v)));
            return {};
        }
        out.push_back(d);
    }
    return out;
}

void readCase(FieldReader fr, CaseResult& c, PackedNumberArrays* packed) {
    c.id = fr.string("id", Need::Required).value_or(QString());
    c.axes = readNumberMap(fr.object("axes"));
    c.status = fr.string("status").value_or(QStringLiteral("passed"));
    const bool needsTiming = c.status == QLatin1String("passed");
    // A passed case needs a latency: any statistic (SOL-ExecBench reports medians, kix's own runs means).
    c.latencyNs =
        readLatencyStats(fr.object("latencyNs", needsTiming ? Need::Required : Need::Optional), false);
    c.referenceLatencyNs = readLatencyStats(fr.object("referenceLatencyNs"), false);
    c.speedup = fr.nonNegative("speedup");
    c.bytes = fr.nonNegative("bytes", Need::Optional, "bytes");
    c.bandwidthGBps = fr.nonNegative("bandwidthGBps");
    c.copyBandwidthFraction = fr.nonNegative("copyBandwidthFraction");
    readOutputs(fr.object("correctness"), c);
    c.timer = fr.string("timer").value_or(QString());
    c.samplesNs = readSampleList(fr, "samplesNs", packed);
    checkSampleStatistics(fr, c);
    // {"latencyNs", "samplesNs"}, or {"unavailable": why} when CUPTI could not time the case.
    FieldReader cupti = fr.object("cupti");
    if (cupti.valid())
        c.cuptiSamplesNs = readSampleList(cupti, "samplesNs", packed);
    c.gpuState = readCaseGpuState(fr.object("gpuState"));
    c.noiseFloor = readCaseNoiseFloor(fr.object("noiseFloor"));
}

} // namespace

void readCaseList(FieldReader& holder, QList<CaseResult>& out, std::optional<qsizetype> only,
                  PackedNumberArrays* packed) {
    FieldReader& spec = holder; // a run's spec or a raw-samples file
    const Json* cases = spec.array("cases");
    if (!cases)
        return;
    QHash<QString, qsizetype> firstSeen;
    const QString casesPath = spec.pathOf(QStringLiteral("cases"));
    out.reserve(qsizetype(cases->size()));
    for (std::size_t i = 0; i < cases->size(); ++i) {
        if (only && qsizetype(i) != *only)
            continue;
        const QString path = jsonPathIndex(casesPath, qsizetype(i));
        FieldReader fr(&(*cases)[i], path, spec.file(), spec.problems(), spec.line());
        if (!fr.valid()) {
            fr.error(fieldType, path,
                     QStringLiteral("expected an object, got %1").arg(jsonTypeName((*cases)[i])));
            continue;
        }
        CaseResult c;
        readCase(fr, c, packed);
        if (!c.id.isEmpty()) {
            if (const auto it = firstSeen.constFind(c.id); it != firstSeen.constEnd()) {
                fr.error(fieldDuplicateId, jsonPathKey(path, QStringLiteral("id")),
                         QStringLiteral("duplicate case id \"%1\" (first at %2)")
                             .arg(c.id, jsonPathIndex(casesPath, *it)));
                continue;
            }
            firstSeen.insert(c.id, qsizetype(i));
        }
        out.append(std::move(c));
    }
}

} // namespace kix
