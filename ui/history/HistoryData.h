// What the History tab shows, as plain values: the record timelines and the run series of every cohort,
// with the cohort box's keys and labels. Built off the UI thread from a snapshot of the store (the way
// heaptrack hands its chart widget a ChartData); the widget only draws it.
#pragma once

#include "RecordIndex.h"
#include "RecordTimeline.h"
#include "RunSeries.h"

#include <QList>
#include <QStringList>

namespace kix::ui {

struct HistoryData {
    RecordTimelines timelines;
    QList<RunSeries> series;
    QStringList keys;   // every cohort with a timeline or a series: timelines' order, then the series'
    QStringList labels; // "12 records · 40 runs · operation · … · metric"
    qint64 buildMs = 0; // how long building took, off the UI thread
};

// Builds what the tab shows (what refresh() runs off the UI thread).
HistoryData buildHistoryData(const RecordIndex& index);

} // namespace kix::ui
