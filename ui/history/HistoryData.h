// What the History tab shows, as plain values: the record timelines and the run series of every cohort,
// with the cohort box's keys and labels. Built off the UI thread from a snapshot of the store (the way
// heaptrack hands its chart widget a ChartData); the widget only draws it.
#pragma once

#include "RecordIndex.h"
#include "RecordTimeline.h"
#include "RunSeries.h"

#include <QHash>
#include <QList>
#include <QStringList>

namespace kix::ui {

struct HistoryData {
    RecordTimelines timelines;
    QList<RunSeries> series;
    QStringList keys;   // every cohort with a timeline or a series: timelines' order, then the series'
    QStringList labels; // "12 records · 40 runs · operation · … · metric"
    QHash<int, QString> cohortOfRun; // a run index of the snapshot → the key of the cohort that shows it
    qint64 buildMs = 0;              // how long building took, off the UI thread
};

// Builds what the tab shows (what refresh() runs off the UI thread).
HistoryData buildHistoryData(const RecordIndex& index);

// The one unit a cohort's values are shown in, on the axis and in the table alike (issue 37): for times,
// chosen for the data as the Plot tab's µs is for its cases — the largest of ns, µs, ms and s in which the
// largest value is at least 1 (so 8·10⁻⁵ s reads 80 µs); any other unit as the values have it.
struct HistoryUnit {
    QString name;                       // "µs", "tokens_s"; empty: the values have none
    double scale = 1;                   // a value in its own unit times this is the value in `name`
    QString format(double value) const; // "80 µs", "8.84e+03 tokens_s"
};
HistoryUnit historyUnit(const QString& unit, const QList<double>& values);

} // namespace kix::ui
