#include "PublishedFiguresTable.h"

#include "Format.h"

namespace kix {

namespace {

QString rankText(const std::optional<PublishedRank>& rank) {
    if (!rank)
        return QStringLiteral("—");
    const QString place = rank->of ? QStringLiteral("%1 of %2").arg(rank->position).arg(*rank->of)
                                   : QString::number(rank->position);
    // A derived rank is kix's ordering of the source's runs, not the source's word: it says so.
    return place + (rank->basis == PublishedRank::Basis::Derived ? QStringLiteral(" (derived)")
                                                                 : QStringLiteral(" (published)"));
}

} // namespace

QStringList publishedColumnTitles() {
    return {QStringLiteral("Cohort"),    QStringLiteral("Rank"),    QStringLiteral("Submitter"),
            QStringLiteral("GPU"),       QStringLiteral("Stack"),   QStringLiteral("Suite latency"),
            QStringLiteral("SOL score"), QStringLiteral("Speedup"), QStringLiteral("Faster cases"),
            QStringLiteral("Observed"),  QStringLiteral("Read"),    QStringLiteral("Source")};
}

QList<PublishedFigureRow> publishedFigureRows(const PublishedFigures& figures) {
    QList<PublishedFigureRow> rows;
    for (auto cohort = figures.cohorts.cbegin(); cohort != figures.cohorts.cend(); ++cohort) {
        for (const PublishedEntry& e : figures.cohortEntries(cohort.key())) {
            const FactSource source = figures.sources.value(e.source);
            QStringList cells(static_cast<int>(PublishedColumn::Count));
            cells[int(PublishedColumn::Cohort)] = cohort->title;
            cells[int(PublishedColumn::Rank)] = rankText(e.rank);
            cells[int(PublishedColumn::Submitter)] = e.submitter;
            cells[int(PublishedColumn::Gpu)] = e.gpu;
            cells[int(PublishedColumn::Stack)] = e.evaluationStack;
            cells[int(PublishedColumn::SuiteLatency)] =
                formatLatency(e.suiteLatencyNs) + QStringLiteral(" (") + e.statistic + u')';
            cells[int(PublishedColumn::SolScore)] = formatNumber(e.solScore, 5);
            cells[int(PublishedColumn::Speedup)] = formatRatio(e.averageSpeedup);
            cells[int(PublishedColumn::CasesFaster)] =
                e.casesFaster && e.casesTotal ? QStringLiteral("%1/%2").arg(*e.casesFaster).arg(*e.casesTotal)
                                              : QStringLiteral("—");
            cells[int(PublishedColumn::Observed)] = e.observedAt.left(10);
            cells[int(PublishedColumn::Read)] = source.read.toString(Qt::ISODate);
            cells[int(PublishedColumn::Source)] = e.url;
            rows << PublishedFigureRow{cells, e.url, source.title};
        }
    }
    return rows;
}

} // namespace kix
