#include "HistoryWidget.h"

#include "Format.h"
#include "OffUiThread.h"
#include "Palette.h"
#include "QCustomPlotInclude.h"

#include <QComboBox>
#include <QDateTime>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace kix::ui {

namespace {

double historySeconds(const QString& instant) {
    return double(QDateTime::fromString(instant, Qt::ISODateWithMs).toMSecsSinceEpoch()) / 1000.0;
}

const RecordTimeline* timelineOf(const HistoryData& d, const QString& key) {
    for (const RecordTimeline& t : d.timelines.cohorts)
        if (t.comparisonKey == key)
            return &t;
    return nullptr;
}

const RunSeries* seriesOf(const HistoryData& d, const QString& key) {
    for (const RunSeries& s : d.series)
        if (s.comparisonKey == key)
            return &s;
    return nullptr;
}

} // namespace

HistoryWidget::HistoryWidget(QWidget* parent)
    : QWidget(parent)
    , m_cohorts(new QComboBox)
    , m_plot(new QCustomPlot)
    , m_steps(new QTreeWidget)
    , m_summary(new QLabel) {
    m_cohorts->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_cohorts->setMinimumContentsLength(40);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_steps->setHeaderLabels(
        {tr("When"), tr("Value"), tr("Run"), tr("Implementation"), tr("Step"), tr("Note")});
    m_steps->setRootIsDecorated(false);
    m_steps->setUniformRowHeights(true);
    m_steps->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    auto* ticker = new QCPAxisTickerDateTime;
    ticker->setDateTimeFormat(QStringLiteral("yyyy-MM-dd"));
    ticker->setDateTimeSpec(Qt::UTC);
    m_plot->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(ticker));
    m_plot->legend->setVisible(true);
    m_plot->setMinimumHeight(160);
    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(m_plot);
    split->addWidget(m_steps);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_cohorts);
    layout->addWidget(m_summary);
    layout->addWidget(split, 1);
    connect(m_cohorts, &QComboBox::currentIndexChanged, this, [this] { showCohort(); });
    applyPalette();
    clear();
}

void HistoryWidget::refresh(const RecordIndex& snapshot) {
    const quint64 job = ++m_job;
    ++m_pending;
    m_summary->setText(tr("Building the record timelines and series…"));
    runOffUiThread(
        this, [snapshot] { return buildHistoryData(snapshot); },
        [this, job](HistoryData d) {
            --m_pending;
            if (job == m_job)
                showData(std::move(d));
        });
}

void HistoryWidget::clear() {
    ++m_job;
    m_data = HistoryData();
    const QSignalBlocker block(m_cohorts);
    m_cohorts->clear();
    m_steps->clear();
    m_plot->clearGraphs();
    m_plot->clearItems();
    m_plot->replot();
    m_summary->setText(tr("No cohort has record events or two runs over time."));
}

void HistoryWidget::setCohort(int row) {
    m_cohorts->setCurrentIndex(row);
}

void HistoryWidget::setSelectedRun(int run) {
    m_selectedRun = run;
    showSelectedRunsCohort();
}

void HistoryWidget::showSelectedRunsCohort() {
    const auto it = m_data.cohortOfRun.constFind(m_selectedRun);
    if (it == m_data.cohortOfRun.constEnd())
        return; // its cohort has no history: the one shown stays
    const int row = int(m_data.keys.indexOf(*it));
    if (row >= 0 && row != m_cohorts->currentIndex())
        setCohort(row);
}

void HistoryWidget::showData(HistoryData data) {
    m_data = std::move(data);
    {
        // Thousands of cohorts in a catalog: the items go into a model no view watches yet, in one append,
        // and the box gets the filled model (addItem() one by one lays the list out each time).
        const QSignalBlocker block(m_cohorts);
        auto* items = new QStandardItemModel(m_cohorts);
        QList<QStandardItem*> column;
        column.reserve(m_data.keys.size());
        for (qsizetype i = 0; i < m_data.keys.size(); ++i) {
            auto* item = new QStandardItem(m_data.labels[i]);
            item->setData(m_data.keys[i], Qt::UserRole);
            item->setData(m_data.keys[i], Qt::ToolTipRole);
            item->setEditable(false);
            column.append(item);
        }
        items->appendColumn(column);
        m_cohorts->setModel(items); // deletes the model before, which the box owns
        const auto selected = m_data.cohortOfRun.constFind(m_selectedRun);
        if (selected != m_data.cohortOfRun.constEnd())
            m_cohorts->setCurrentIndex(int(m_data.keys.indexOf(*selected)));
    }
    showCohort();
    emit updated();
}

namespace {

// The runs as points and each change point as a dashed line and a row naming what differs across it.
void addHistorySeries(QCustomPlot* plot, QTreeWidget* steps, const RunSeries& series, const HistoryUnit& unit,
                      const QPalette& pal) {
    QCPGraph* g = plot->addGraph();
    g->setName(HistoryWidget::tr("runs (%1)").arg(series.points.size()));
    g->setLineStyle(QCPGraph::lsNone);
    g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, seriesColor(1), 5));
    for (const SeriesPoint& p : series.points)
        g->addData(historySeconds(p.observedAt), p.value * unit.scale);
    for (const SeriesChange& c : series.changes) {
        const SeriesPoint& at = series.points[c.point.index];
        auto* line = new QCPItemStraightLine(plot);
        const double x = historySeconds(at.observedAt);
        line->point1->setCoords(x, 0);
        line->point2->setCoords(x, 1);
        line->setPen(QPen(toneColor(c.point.ratio() > 1 ? Tone::Bad : Tone::Good, pal), 1.5, Qt::DashLine));
        auto* row = new QTreeWidgetItem(steps);
        row->setText(0, at.observedAt);
        row->setText(1, unit.format(c.point.before) + QStringLiteral(" → ") + unit.format(c.point.after));
        row->setText(2, HistoryWidget::tr("change point at run %1 of %2")
                            .arg(c.point.index + 1)
                            .arg(series.points.size()));
        row->setText(3, at.implementation);
        row->setText(4, formatRatio(c.point.ratio()) + QStringLiteral(", p = ") +
                            QString::number(c.point.pValue, 'g', 3));
        QStringList diffs;
        for (const SeriesDifference& d : c.differences)
            diffs << d.field + QStringLiteral(": ") + d.before + QStringLiteral(" → ") + d.after;
        row->setText(5, diffs.isEmpty() ? HistoryWidget::tr("nothing recorded differs")
                                        : diffs.join(QStringLiteral("; ")));
        row->setToolTip(5, diffs.join(u'\n'));
    }
}

// What a record step's row says beside its margin: the verdict engine's word, then its problems.
QString recordStepNote(const RecordStep& s) {
    QString note;
    if (s.verdict && s.withinNoise)
        note = HistoryWidget::tr("within the runs' noise (%1)").arg(verdictName(s.verdict->verdict));
    else if (s.verdict && s.verdict->method == VerdictMethod::None)
        note = HistoryWidget::tr("no spread published");
    else if (s.verdict)
        note = verdictName(s.verdict->verdict);
    for (const Problem& p : s.problems)
        note += (note.isEmpty() ? QString() : QStringLiteral("; ")) + p.message;
    return note;
}

// The record staircase and a row per step.
void addRecordTimeline(QCustomPlot* plot, QTreeWidget* steps, const RecordTimeline& timeline,
                       const HistoryUnit& unit, const QPalette& pal) {
    QCPGraph* g = plot->addGraph();
    g->setName(HistoryWidget::tr("record (%1 steps)").arg(timeline.steps.size()));
    g->setLineStyle(QCPGraph::lsStepLeft);
    g->setPen(QPen(seriesColor(0), 2));
    g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, seriesColor(0), 7));
    for (const RecordStep& s : timeline.steps) {
        if (!s.value)
            continue;
        g->addData(historySeconds(s.event.at), s.value->value * unit.scale);
        auto* row = new QTreeWidgetItem(steps);
        row->setText(0, s.event.at);
        row->setText(1, unit.format(s.value->value));
        row->setText(2, s.event.runId);
        row->setText(3, s.implementation);
        row->setText(4, s.margin ? HistoryWidget::tr("%1% faster").arg(*s.margin * 100.0, 0, 'f', 2)
                                 : HistoryWidget::tr("first record"));
        row->setText(5, recordStepNote(s));
        if (s.withinNoise)
            row->setForeground(4, toneColor(Tone::Caution, pal));
    }
}

} // namespace

void HistoryWidget::showCohort() {
    m_steps->clear();
    m_plot->clearGraphs();
    m_plot->clearItems();
    const QString key = m_cohorts->currentData().toString();
    const RecordTimeline* timeline = timelineOf(m_data, key);
    const RunSeries* series = seriesOf(m_data, key);
    if (!timeline && !series) {
        m_summary->setText(m_data.keys.isEmpty() ? tr("No cohort has record events or two runs over time.")
                                                 : QString());
        m_plot->replot();
        return;
    }
    // One unit for the axis and the table, chosen for this cohort's values (HistoryUnit).
    QString ownUnit = series ? series->unit : QString();
    QList<double> values;
    if (series)
        for (const SeriesPoint& p : series->points)
            values << p.value;
    if (timeline)
        for (const RecordStep& s : timeline->steps)
            if (s.value) {
                ownUnit = s.value->unit;
                values << s.value->value;
            }
    const HistoryUnit unit = historyUnit(ownUnit, values);
    if (series)
        addHistorySeries(m_plot, m_steps, *series, unit, palette());
    if (timeline)
        addRecordTimeline(m_plot, m_steps, *timeline, unit, palette());
    m_plot->yAxis->setLabel(unit.name.isEmpty() ? tr("value") : tr("primary value (%1)").arg(unit.name));
    m_plot->rescaleAxes();
    m_plot->xAxis->scaleRange(1.05);
    m_plot->yAxis->scaleRange(1.15);
    QStringList parts;
    parts << (timeline ? timeline->label : series->label);
    if (timeline)
        parts << tr("%1 record steps from record_events").arg(timeline->steps.size());
    if (series)
        parts << tr("%1 runs by observedAt, %2 change point(s) (E-divisive, p < 0.01, ≥ 2%)")
                     .arg(series->points.size())
                     .arg(series->changes.size());
    if (series && series->regression)
        parts
            << tr("REGRESSION: the latest segment is %1 the one before").arg(formatRatio(series->latestStep));
    m_summary->setText(parts.join(QStringLiteral(" · ")));
    m_plot->replot();
}

void HistoryWidget::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyPalette();
}

void HistoryWidget::applyPalette() {
    const QPalette pal = palette();
    const QColor fg = pal.color(QPalette::WindowText);
    m_plot->setBackground(pal.brush(QPalette::Base));
    for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis}) {
        axis->setBasePen(QPen(fg));
        axis->setTickPen(QPen(fg));
        axis->setSubTickPen(QPen(fg));
        axis->setTickLabelColor(fg);
        axis->setLabelColor(fg);
        axis->grid()->setPen(QPen(pal.color(QPalette::Mid), 1, Qt::DotLine));
    }
    m_plot->legend->setBrush(pal.brush(QPalette::Base));
    m_plot->legend->setTextColor(fg);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace kix::ui
