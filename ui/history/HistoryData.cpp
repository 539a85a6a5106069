#include "HistoryData.h"

#include "Format.h"
#include "RunSpec.h"
#include "WorkPool.h"

#include <QElapsedTimer>
#include <QHash>
#include <QSet>
#include <QtConcurrent>
#include <algorithm>
#include <array>
#include <cmath>

namespace kix::ui {

HistoryData buildHistoryData(const RecordIndex& index) {
    QElapsedTimer timer;
    timer.start();
    HistoryData d;
    // The timelines (mostly reading record_events again from the export) and the series (mostly the change
    // points) share nothing: the timelines go to another thread of kix's pool while this one builds the
    // series. Waiting on the pool from the pool cannot starve it: a task not started yet runs here.
    QFuture<RecordTimelines> timelines =
        QtConcurrent::run(workPool(), [&index] { return buildRecordTimelines(index); });
    d.series = buildRunSeries(index);
    d.timelines = timelines.takeResult();
    QHash<QString, int> seriesRuns;
    for (const RunSeries& s : d.series)
        seriesRuns.insert(s.comparisonKey, int(s.points.size()));
    QSet<QString> listed;
    for (const RecordTimeline& t : d.timelines.cohorts) {
        listed.insert(t.comparisonKey);
        d.keys << t.comparisonKey;
        d.labels << QStringLiteral("%1 records · %2 runs · %3")
                        .arg(t.steps.size())
                        .arg(seriesRuns.value(t.comparisonKey))
                        .arg(t.label.isEmpty() ? t.comparisonKey.left(19) : t.label);
    }
    for (const RunSeries& s : d.series)
        if (!listed.contains(s.comparisonKey)) {
            d.keys << s.comparisonKey;
            d.labels << QStringLiteral("%1 runs%2 · %3")
                            .arg(s.points.size())
                            .arg(s.changes.isEmpty()
                                     ? QString()
                                     : QStringLiteral(" · %1 change point(s)").arg(s.changes.size()))
                            .arg(s.label);
        }
    for (const RunSeries& s : d.series)
        for (const SeriesPoint& p : s.points)
            d.cohortOfRun.insert(p.run, s.comparisonKey);
    for (const RecordTimeline& t : d.timelines.cohorts)
        for (const RecordStep& s : t.steps)
            if (s.run >= 0)
                d.cohortOfRun.insert(s.run, t.comparisonKey);
    d.buildMs = timer.elapsed();
    return d;
}

QString HistoryUnit::format(double value) const {
    const QString number = formatNumber(value * scale, 3);
    return name.isEmpty() ? number : number + u' ' + name;
}

HistoryUnit historyUnit(const QString& unit, const QList<double>& values) {
    const auto perUnit = nanosecondsPerUnit(unit);
    if (!perUnit)
        return {unit, 1};
    double largestNs = 0;
    for (const double v : values)
        if (std::isfinite(v))
            largestNs = std::max(largestNs, std::abs(v) * *perUnit);
    static const std::array<std::pair<const char*, double>, 4> units = {
        {{"s", 1e9}, {"ms", 1e6}, {"µs", 1e3}, {"ns", 1}}};
    for (const auto& [name, ns] : units)
        if (largestNs >= ns || ns == 1)
            return {QString::fromUtf8(name), *perUnit / ns};
    return {QStringLiteral("ns"), *perUnit};
}

} // namespace kix::ui
