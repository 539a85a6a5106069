#include "RunReader.h"

#include "CaseReader.h"
#include "JsonPath.h"
#include "RawSamples.h"
#include "Timestamp.h"

#include <QHash>
#include <algorithm>
#include <cmath>

namespace kix {

using namespace codes;
using Need = FieldReader::Need;

namespace {

// GPU MODE publishes its latency's standard deviation as a measurement ({"metric": "latency",
// "statistic": "std", "unit": "ns", "sampleCount": 100}) beside timing's mean: the run's spread, read into
// its latency statistics (with the path it came from) where timing states none of its own, so that every
// verdict on the run can use it (docs/verdicts.md). A std of another metric, in no time unit, or negative
// is not a latency's spread and stays a measurement only. Timing is read first.
void adoptMeasuredSpread(const Measurement& m, const QString& path, RunSpec& run) {
    const auto perUnit = nanosecondsPerUnit(m.unit);
    const bool spread = m.statistic == QLatin1String("std") || m.statistic == QLatin1String("stddev");
    if (!run.hasTiming || run.latencyNs.stddev || m.metric != QLatin1String("latency") || !spread ||
        !perUnit || !std::isfinite(m.value) || m.value < 0)
        return;
    run.latencyNs.stddev = m.value * *perUnit;
    run.latencyNs.stddevPath = path;
    if (!run.latencyNs.samples)
        run.latencyNs.samples = m.sampleCount;
}

void readMeasurements(FieldReader& spec, RunSpec& run) {
    const Json* list = spec.array("measurements");
    if (!list)
        return;
    const QString listPath = spec.pathOf(QStringLiteral("measurements"));
    for (std::size_t i = 0; i < list->size(); ++i) {
        FieldReader m(&(*list)[i], jsonPathIndex(listPath, qsizetype(i)), spec.file(), spec.problems(),
                      spec.line());
        if (!m.valid()) {
            m.error(fieldType, m.path(),
                    QStringLiteral("expected an object, got %1").arg(jsonTypeName((*list)[i])));
            continue;
        }
        const auto metric = m.string("metric", Need::Required);
        const auto unit = m.string("unit", Need::Required);
        const auto statistic = m.string("statistic", Need::Required);
        const auto value = m.number("value", Need::Required);
        const auto samples = m.count("sampleCount");
        if (!metric || !unit || !statistic || !value)
            continue;
        run.measurements.append(Measurement{*metric, *unit, *statistic, *value, samples});
        adoptMeasuredSpread(run.measurements.last(), m.path(), run);
    }
}

void readTiming(FieldReader& spec, RunSpec& run) {
    FieldReader timing = spec.object("timing");
    run.hasTiming = timing.valid();
    if (!timing.valid())
        return;
    run.primaryStatistic = timing.string("primaryStatistic").value_or(QStringLiteral("mean"));
    if (!isTokenName(run.primaryStatistic))
        timing.error(
            fieldStatistic, timing.pathOf(QStringLiteral("primaryStatistic")),
            QStringLiteral("expected a lowercase statistic name such as median, mean or p95, got \"%1\"")
                .arg(run.primaryStatistic));
    run.aggregation = timing.string("aggregation").value_or(QString());
    run.latencyNs = readLatencyStats(timing.object("latencyNs", Need::Required), false);
    if (const auto samples = timing.count("samples"); samples && !run.latencyNs.samples)
        run.latencyNs.samples = samples;
}

} // namespace

RunSpec readRunSpec(FieldReader spec) {
    RunSpec run;
    run.status = spec.string("status", Need::Required).value_or(QString());
    if (const auto at = spec.string("observedAt", Need::Required)) {
        if (!isRfc3339DateTime(*at))
            spec.error(
                fieldTimestamp, spec.pathOf(QStringLiteral("observedAt")),
                QStringLiteral("expected an RFC 3339 timestamp such as 2026-06-26T09:16:50.948Z, got \"%1\"")
                    .arg(*at));
        run.observedAt = *at;
    }
    readTiming(spec, run);
    readMeasurements(spec, run);
    if (!run.hasTiming && !run.measurements.isEmpty())
        run.primaryStatistic = run.measurements.first().statistic;
    const Json* listed = spec.child("measurements");
    const bool noEntries = !listed || (listed->is_array() && listed->empty());
    if (run.passed() && !run.hasTiming && noEntries)
        spec.error(fieldNoPrimary, spec.pathOf(QStringLiteral("timing")),
                   QStringLiteral(
                       "a passed run needs timing (with latencyNs) or at least one entry in measurements"));

    run.protocolDigest = spec.digest("protocolDigest", Need::Required).value_or(QString());
    run.environmentDigest = spec.digest("environmentDigest", Need::Required).value_or(QString());
    run.workloadDigest = spec.digest("workloadDigest").value_or(QString());
    run.implementationDigest = spec.digest("implementationDigest").value_or(QString());
    run.correctnessComparator = spec.object("correctness").string("comparator").value_or(QString());

    FieldReader native = spec.object("sourceNative");
    run.source = native.string("source").value_or(QString());
    run.benchmark = native.string("benchmark").value_or(QString());
    run.externalId = native.string("externalId").value_or(QString());
    run.metrics = readNumberMap(native.object("metrics"));
    if (run.benchmark.isEmpty())
        run.benchmark = spec.string("definition").value_or(QString());

    FieldReader impl = spec.object("implementation");
    run.implementationName = impl.string("name").value_or(QString());
    run.implementationRevision = impl.string("revision").value_or(QString());
    readCaseList(spec, run.cases);
    readRawSamplesEvidence(spec, run);
    return run;
}

} // namespace kix
