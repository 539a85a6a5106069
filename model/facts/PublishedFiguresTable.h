// The published leaderboard figures as a table for people (the explorer's "Published" tab): one row per
// entry, cohort by cohort (in the order of their ids) and fastest first within each, every cell
// already worded, with the rank's basis and the date the source was read. The figures are not records:
// whatever shows the table shows publishedFiguresNotice() with it.
#pragma once

#include "PublishedFigures.h"

#include <QList>
#include <QStringList>

namespace kix {

enum class PublishedColumn {
    Cohort,
    Rank,
    Submitter,
    Gpu,
    Stack,
    SuiteLatency,
    SolScore,
    Speedup,
    CasesFaster,
    Observed,
    Read,
    Source,
    Count
};

QStringList publishedColumnTitles();

struct PublishedFigureRow {
    QStringList cells; // by PublishedColumn
    QString url;       // where the figure can be seen
    QString sourceTitle;
};

QList<PublishedFigureRow> publishedFigureRows(const PublishedFigures& figures);

} // namespace kix
