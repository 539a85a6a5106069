#include "HistoryData.h"

#include "WorkPool.h"

#include <QElapsedTimer>
#include <QHash>
#include <QSet>
#include <QtConcurrent>

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
    d.buildMs = timer.elapsed();
    return d;
}

} // namespace kix::ui
