#include "LatencyPlot.h"

#include "BundledProblem.h"
#include "Format.h"
#include "OffUiThread.h"
#include "Palette.h"
#include "PlainText.h"
#include "PlotBoxes.h"
#include "PlotSvg.h"
#include "SaveFile.h"
#include "SpeedOfLight.h"
#include "TextSanitizer.h"

#include <QContextMenuEvent>
#include <QFile>
#include <QMenu>
#include <QToolTip>
#include <array>

namespace kix::ui {

namespace {

constexpr int kMostTickLabels = 40; // beyond this many cases, every k-th is labelled

// A short horizontal mark: a published level for one case, drawn without joining cases. On the size axis
// it is shorter, as width there reads as a span of sizes, and the dashed line joins the marks.
QCPScatterStyle levelMark(const QColor& c, bool sizeAxis) {
    const double half = sizeAxis ? 5 : 9;
    QPainterPath path;
    path.moveTo(-half, 0);
    path.lineTo(half, 0);
    QCPScatterStyle style(path, QPen(c, 2.5), Qt::NoBrush, 2 * half);
    return style;
}

QCPScatterStyle markerOf(PlotSeries::Kind kind, const QColor& c, bool sizeAxis) {
    switch (kind) {
    case PlotSeries::Kind::Run:
        return {QCPScatterStyle::ssDisc, c, c, 8};
    case PlotSeries::Kind::Reference:
        return {QCPScatterStyle::ssSquare, c, c, 7};
    case PlotSeries::Kind::Companion:
        return {QCPScatterStyle::ssTriangle, c, c, 7};
    case PlotSeries::Kind::SpeedOfLight:
    case PlotSeries::Kind::Baseline:
        return levelMark(c, sizeAxis);
    case PlotSeries::Kind::SuiteLine:
    case PlotSeries::Kind::Parity:
    case PlotSeries::Kind::FastP:
        return {};
    }
    return {};
}

// Joined (size axis only) in the model's order: by size, equal sizes in workload order. fast_p holds each
// level until the next threshold: a step from the left point.
QCPGraph::LineStyle lineStyleOf(const PlotSeries& s) {
    if (s.kind == PlotSeries::Kind::FastP)
        return QCPGraph::lsStepLeft;
    return s.joined ? QCPGraph::lsLine : QCPGraph::lsNone;
}

bool isPublished(PlotSeries::Kind kind) {
    return kind == PlotSeries::Kind::SpeedOfLight || kind == PlotSeries::Kind::Baseline;
}

// The size axis' ticks: the model's (decades, or 1-2-5 steps on a narrow span) with its labels ("1 GB",
// "10k"), so the screen and the SVG export say the same; log subticks only between whole decades.
class SizeTicker : public QCPAxisTickerLog {
public:
    explicit SizeTicker(SizeMeasure measure)
        : m_measure(measure) {}

protected:
    QVector<double> createTickVector(double /*tickStep*/, const QCPRange& range) override {
        const QList<double> ticks = sizeTicks(range.lower, range.upper);
        m_decades = ticks.size() >= 2 && std::abs(ticks[1] / ticks[0] - 10) < 1e-6;
        return {ticks.begin(), ticks.end()};
    }
    int getSubTickCount(double /*tickStep*/) override { return m_decades ? 8 : 0; }
    QString getTickLabel(double tick, const QLocale& /*locale*/, QChar /*formatChar*/,
                         int /*precision*/) override {
        return sizeTickText(tick, m_measure);
    }

private:
    SizeMeasure m_measure;
    bool m_decades = false;
};

} // namespace

LatencyPlot::LatencyPlot(QWidget* parent)
    : QCustomPlot(parent) {
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    axisRect()->setRangeZoom(Qt::Vertical);
    axisRect()->setRangeDrag(Qt::Vertical);
    // The title above the data; the legend below it, in columns, so it never covers a point.
    plotLayout()->insertRow(0);
    m_title =
        new QCPTextElement(this, QString(), QFont(font().family(), font().pointSize() + 1, QFont::Bold));
    plotLayout()->addElement(0, 0, m_title);
    axisRect()->insetLayout()->take(legend);
    plotLayout()->addElement(2, 0, legend);
    plotLayout()->setRowStretchFactor(2, 0.001);
    QFont small = font();
    small.setItalic(true);
    m_footnote = new QCPTextElement(this, QString(), small);
    m_footnote->setVisible(false);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    legend->setWrap(3);
    legend->setVisible(true);
    legend->setFont(font());
    m_notice = new QCPItemText(this);
    // Above the bars: on the plottables' layer it was drawn first and a single wide bar hid it.
    m_notice->setLayer(QStringLiteral("legend"));
    m_notice->setPositionAlignment(Qt::AlignBottom | Qt::AlignHCenter);
    m_notice->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_notice->position->setCoords(0.5, 0.97);
    m_notice->setPadding(QMargins(8, 4, 8, 4));
    connect(this, &QCustomPlot::mouseMove, this, &LatencyPlot::showTooltip);
    applyPalette();
    rebuild();
}

void LatencyPlot::showRun(ManifestPtr run, const QList<ManifestPtr>& others) {
    m_run = std::move(run);
    m_others = others;
    rebuild();
}

void LatencyPlot::setMode(Mode mode) {
    m_mode = mode;
    rebuild();
}

void LatencyPlot::setCaseAxis(CaseAxis axis) {
    m_axis = axis;
    rebuild();
}

void LatencyPlot::setSpeedOfLight(bool show, const QString& gpu) {
    m_showSol = show;
    m_solGpu = gpu;
    rebuild();
}

void LatencyPlot::setDistributions(bool show) {
    m_distributions = show;
    rebuild();
}

bool LatencyPlot::runHasSamples() const {
    return m_run && hasCaseSamples(*m_run);
}

int LatencyPlot::boxAt(const QPointF& pos) const {
    const double x = xAxis->pixelToCoord(pos.x());
    for (int i = 0; i < m_data.boxes.size(); ++i)
        if (std::abs(m_data.boxes[i].x - x) <= 0.5)
            return i;
    return -1;
}

void LatencyPlot::mouseDoubleClickEvent(QMouseEvent* event) {
    QCustomPlot::mouseDoubleClickEvent(event);
    if (const int box = boxAt(event->position()); box >= 0)
        emit histogramRequested(box);
}

void LatencyPlot::contextMenuEvent(QContextMenuEvent* event) {
    const int box = boxAt(event->pos());
    if (box < 0)
        return;
    QMenu menu(this);
    const QString label = widgetLine(m_data.categories.value(m_data.boxes[box].category).label);
    connect(menu.addAction(tr("Histogram of case %1…").arg(label)), &QAction::triggered, this,
            [this, box] { emit histogramRequested(box); });
    menu.exec(event->globalPos());
}

void LatencyPlot::setLogScale(std::optional<bool> forced) {
    m_forcedLog = forced;
    drawData();
}

bool LatencyPlot::isLogScale() const {
    return yAxis->scaleType() == QCPAxis::stLogarithmic;
}

QString LatencyPlot::title() const {
    return m_title->text();
}

QString LatencyPlot::footnote() const {
    return m_footnote->layout() ? m_footnote->text() : QString();
}

// Under the data: the footnote, then the legend, each in a row of its own only while it has something to
// show. An empty footnote's row would keep its height, and an empty legend caps the column's width (its
// maximum size is that of no entries), squeezing the data into a strip. Out of the layout, an element
// must be hidden too: it would still draw, at its old place.
void LatencyPlot::layOutBelow(bool showFootnote, bool showLegend) {
    const std::array<std::pair<QCPLayoutElement*, bool>, 2> below{
        {{m_footnote, showFootnote}, {legend, showLegend}}};
    for (const auto& [element, show] : below)
        if (element->layout())
            plotLayout()->take(element);
    plotLayout()->simplify();
    for (const auto& [element, show] : below) {
        element->setVisible(show);
        if (!show)
            continue;
        const int row = plotLayout()->rowCount();
        plotLayout()->addElement(row, 0, element);
        plotLayout()->setRowStretchFactor(row, 0.001);
    }
}

void LatencyPlot::rebuild() {
    PlotRequest rq;
    rq.run = m_run;
    rq.others = m_others;
    rq.mode = m_mode == Mode::Speedup ? PlotMode::Speedup
              : m_mode == Mode::FastP ? PlotMode::FastP
                                      : PlotMode::Latency;
    rq.distributions = m_distributions;
    rq.axis = m_axis;
    rq.problem = m_showSol ? bundledProblemDefinition() : nullptr;
    rq.solGpu = m_solGpu;
    const quint64 job = ++m_job;
    qsizetype cases = m_run ? m_run->runSpec.cases.size() : 0;
    for (const ManifestPtr& other : m_others)
        cases += other ? other->runSpec.cases.size() : 0;
    if (cases < kBuildOffUiThreadFrom) {
        m_building = false;
        present(buildPlotData(rq));
        return;
    }
    // 10,000 cases beside another 10,000: about 100 ms of case matching, too long for the UI thread.
    m_building = true;
    runOffUiThread(
        this, [rq] { return buildPlotData(rq); },
        [this, job](PlotData data) {
            if (job != m_job)
                return; // another plot was asked for meanwhile
            m_building = false;
            present(std::move(data));
        });
}

void LatencyPlot::present(PlotData data) {
    m_data = std::move(data);
    drawData();
    emit drawn();
}

bool LatencyPlot::waitUntilDrawn(int timeoutMs) {
    return waitOnEventLoop(
        this, &LatencyPlot::drawn, [this] { return !m_building; }, timeoutMs);
}

void LatencyPlot::drawSeries(const PlotSeries& s, int colour, std::vector<double>& all) {
    // Published levels keep one colour each whatever else is drawn: the speed of light in the text colour,
    // the baseline in its own; measured series take the rotating colours.
    const QColor c = s.kind == PlotSeries::Kind::Parity         ? palette().color(QPalette::Mid)
                     : s.kind == PlotSeries::Kind::SpeedOfLight ? palette().color(QPalette::WindowText)
                     : s.kind == PlotSeries::Kind::Baseline     ? baselineColor()
                                                                : seriesColor(colour);
    QCPGraph* g = addGraph();
    g->setName(widgetLine(s.name));
    if (s.level) {
        // One value for every case: a level across the plot (not a line through cases).
        g->setPen(QPen(c, 1.5, s.kind == PlotSeries::Kind::Parity ? Qt::DotLine : Qt::DashDotLine));
        g->setData({m_data.xLow, m_data.xHigh}, {*s.level, *s.level}, true);
        all.push_back(*s.level);
        return;
    }
    g->setLineStyle(lineStyleOf(s));
    g->setPen(QPen(c, s.kind == PlotSeries::Kind::FastP ? 2.5 : 1.5,
                   isPublished(s.kind) ? Qt::DashLine : Qt::SolidLine));
    g->setScatterStyle(markerOf(s.kind, c, m_data.sizeAxis));
    QVector<double> keys, values, minus, plus;
    bool spread = false;
    for (const PlotPoint& p : s.points) {
        keys << p.x;
        values << p.value;
        minus << (p.low ? std::max(0.0, p.value - *p.low) : 0);
        plus << (p.high ? std::max(0.0, *p.high - p.value) : 0);
        spread = spread || p.low || p.high;
        all.push_back(p.value);
        if (p.low && *p.low > 0)
            all.push_back(*p.low);
        if (p.high)
            all.push_back(*p.high);
    }
    g->setData(keys, values, true);
    if (spread) {
        auto* bars = new QCPErrorBars(xAxis, yAxis);
        bars->removeFromLegend();
        bars->setDataPlottable(g);
        bars->setData(minus, plus);
        bars->setPen(QPen(c.darker(115)));
        bars->setWhiskerWidth(6);
    }
}

void LatencyPlot::drawBars(std::vector<double>& all) {
    auto* bars = new QCPBars(xAxis, yAxis);
    bars->setName(m_mode == Mode::Speedup ? tr("suite speedup") : tr("suite latency"));
    bars->setWidth(0.6);
    const QColor c = seriesColor(0);
    bars->setPen(QPen(c.darker(120)));
    bars->setBrush(c);
    QVector<double> keys, values;
    for (int k = 0; k < m_data.bars.size(); ++k) {
        keys << k;
        values << m_data.bars[k].value;
        all.push_back(m_data.bars[k].value);
    }
    bars->setData(keys, values, true);
    // The selected run's bar in the second colour, drawn over the first.
    auto* mine = new QCPBars(xAxis, yAxis);
    mine->setName(tr("selected run"));
    mine->setWidth(0.6);
    mine->setPen(QPen(seriesColor(1).darker(120)));
    mine->setBrush(seriesColor(1));
    for (int k = 0; k < m_data.bars.size(); ++k)
        if (m_data.bars[k].selected)
            mine->addData(k, m_data.bars[k].value);
}

void LatencyPlot::drawData() {
    clearGraphs();
    clearPlottables();
    yAxis->setLabel(widgetLine(m_data.yLabel));
    xAxis->setLabel(widgetLine(m_data.xLabel)); // on the size axis it names the manifest's case axes
    m_title->setText(widgetLine(m_data.title));
    m_title->setVisible(!m_data.title.isEmpty());
    m_footnote->setText(widgetLine(m_data.footnote));
    std::vector<double> all; // every drawn value, for the range and the log decision
    int colour = 0;
    for (const PlotSeries& s : m_data.series) {
        const bool fixed = s.kind == PlotSeries::Kind::Parity || s.kind == PlotSeries::Kind::SpeedOfLight ||
                           s.kind == PlotSeries::Kind::Baseline;
        drawSeries(s, fixed ? 0 : colour++, all);
    }
    if (!m_data.bars.isEmpty())
        drawBars(all);
    if (!m_data.boxes.isEmpty())
        drawPlotBoxes(*this, m_data, seriesColor(0), all);
    m_notice->setText(widgetLine(m_data.notice));
    m_notice->setVisible(!m_data.notice.isEmpty() && m_data.bars.size() < 2);
    drawXAxis();
    const double lo = all.empty() ? 1 : *std::min_element(all.begin(), all.end());
    const double hi = all.empty() ? 10 : *std::max_element(all.begin(), all.end());
    const bool linearOnly = !m_data.bars.isEmpty() || m_data.stepAxis || !m_data.boxes.isEmpty();
    const bool log = !linearOnly && m_forcedLog.value_or(hi / std::max(lo, 1e-12) > 20);
    if (m_data.stepAxis) { // fractions of the cases
        yAxis->setScaleType(QCPAxis::stLinear);
        yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
        yAxis->setRange(0, 1.05);
    } else if (!m_data.boxes.isEmpty()) { // % around each case's median: below 0 too
        yAxis->setScaleType(QCPAxis::stLinear);
        yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
        const double pad = std::max(0.5, 0.06 * (hi - lo));
        yAxis->setRange(lo - pad, hi + pad);
    } else if (log) {
        yAxis->setScaleType(QCPAxis::stLogarithmic);
        yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
        yAxis->setRange(std::max(lo, 1e-12) / 1.6, hi * 1.6);
    } else {
        yAxis->setScaleType(QCPAxis::stLinear);
        yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
        yAxis->setRange(0, hi * 1.15);
    }
    layOutBelow(!m_data.footnote.isEmpty(), plottableCount() > 0);
    replot(QCustomPlot::rpQueuedReplot);
}

// Categories: one labelled tick per case (every k-th beyond kMostTickLabels). The size axis: log scale,
// the model's ticks and unit.
void LatencyPlot::drawXAxis() {
    xAxis->setRange(m_data.xLow, m_data.xHigh);
    if (m_data.stepAxis) {
        xAxis->setScaleType(QCPAxis::stLinear);
        xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
        xAxis->setTickLabelRotation(0);
        return;
    }
    if (m_data.sizeAxis) {
        xAxis->setScaleType(QCPAxis::stLogarithmic);
        xAxis->setTicker(QSharedPointer<SizeTicker>(new SizeTicker(m_data.sizeMeasure)));
        xAxis->setTickLabelRotation(0);
        return;
    }
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    const int step = int(m_data.categories.size() / kMostTickLabels) + 1;
    for (int k = 0; k < m_data.categories.size(); k += step)
        ticker->addTick(k, widgetLine(m_data.categories[k].label));
    if (m_data.categories.isEmpty())
        ticker->addTick(0, tr("suite"));
    xAxis->setScaleType(QCPAxis::stLinear);
    xAxis->setTicker(ticker);
    xAxis->setTickLabelRotation(m_data.categories.size() > 6 ? 45 : 0);
}

QString LatencyPlot::pointText(const PlotSeries& s, const PlotPoint& p) const {
    if (s.kind == PlotSeries::Kind::FastP)
        return tr("%1\nfast_p at p = %2: %3")
            .arg(widgetLine(s.name))
            .arg(p.x, 0, 'g', 4)
            .arg(p.value, 0, 'g', 4);
    const PlotCategory& c = m_data.categories[p.category];
    QString where = tr("case %1").arg(widgetLine(c.label));
    if (m_data.sizeAxis && c.size)
        where += tr(", size %1").arg(sizeText(*c.size, m_data.sizeMeasure));
    return tr("%1\n%2\n%3")
        .arg(widgetLine(s.name), where,
             m_mode == Mode::Speedup
                 ? formatRatio(p.value) + tr(" (exact %1)").arg(p.value, 0, 'g', 8)
                 : formatLatency(p.value * 1e3) + tr(" (%1 ns)").arg(p.value * 1e3, 0, 'f', 1));
}

void LatencyPlot::showTooltip(QMouseEvent* event) {
    // The nearest point of any series within 10 pixels, with its exact value, else a level under the mouse.
    QString best;
    double bestDistance = 10;
    for (const PlotSeries& s : m_data.series) {
        for (const PlotPoint& p : s.points) {
            const QPointF at(xAxis->coordToPixel(p.x), yAxis->coordToPixel(p.value));
            const double d = QLineF(at, event->position()).length();
            if (d < bestDistance) {
                bestDistance = d;
                best = pointText(s, p);
            }
        }
    }
    for (const PlotSeries& s : m_data.series)
        if (s.level && best.isEmpty() && std::abs(yAxis->coordToPixel(*s.level) - event->position().y()) < 5)
            best =
                tr("%1\n%2").arg(widgetLine(s.name), m_mode == Mode::Speedup ? formatRatio(*s.level)
                                                                             : formatLatency(*s.level * 1e3));
    if (const int box = boxAt(event->position()); best.isEmpty() && box >= 0)
        best = boxText(m_data, m_data.boxes[box]);
    if (best.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), plainToolTip(best), this); // never rich text
}

QString LatencyPlot::exportTo(const QString& path, int width, int height) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (!waitUntilDrawn())
        return tr("the plot is still being computed: try again");
    // Refused before any writer opens it: a FIFO would block the window, and a device would be replaced.
    if (const QString problem = saveTargetProblem(path); !problem.isEmpty())
        return widgetLine(problem);
    replot();
    bool ok = false;
    if (suffix == QLatin1String("png")) {
        ok = savePng(path, width, height);
    } else if (suffix == QLatin1String("pdf")) {
        ok = savePdf(path, width, height, QCP::epNoCosmetic, QStringLiteral("kix"), title());
    } else if (suffix == QLatin1String("svg")) {
        // The SVG writer (PlotSvg) draws markers, whiskers, levels and bars only: say so, never a blank plot.
        if (!m_data.boxes.isEmpty() || m_data.stepAxis)
            return tr("SVG export draws no distributions or fast_p curves yet: use .png or .pdf");
        PlotSvgOptions options;
        options.width = width;
        options.height = height;
        options.logScale = isLogScale();
        if (const QString error = saveFile(path, plotSvg(m_data, options)); !error.isEmpty())
            return widgetLine(error);
        ok = true;
    } else {
        return tr("unknown export format \"%1\": use .png, .pdf or .svg").arg(widgetLine(suffix));
    }
    return ok ? QString() : tr("could not write %1").arg(widgetLine(path));
}

void LatencyPlot::changeEvent(QEvent* event) {
    QCustomPlot::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        applyPalette();
}

void LatencyPlot::applyPalette() {
    const QPalette pal = palette();
    const QColor fg = pal.color(QPalette::WindowText);
    const QColor grid = pal.color(QPalette::Mid);
    setBackground(pal.brush(QPalette::Base));
    for (QCPAxis* axis : {xAxis, yAxis}) {
        axis->setBasePen(QPen(fg));
        axis->setTickPen(QPen(fg));
        axis->setSubTickPen(QPen(fg));
        axis->setTickLabelColor(fg);
        axis->setLabelColor(fg);
        axis->grid()->setPen(QPen(grid, 1, Qt::DotLine));
        axis->grid()->setZeroLinePen(Qt::NoPen); // category 0 is not a zero worth a line
    }
    legend->setBrush(pal.brush(QPalette::Base));
    legend->setTextColor(fg);
    legend->setBorderPen(QPen(grid));
    m_title->setTextColor(fg);
    m_footnote->setTextColor(fg);
    m_notice->setColor(fg);
    m_notice->setBrush(pal.brush(QPalette::AlternateBase));
    m_notice->setPen(QPen(grid));
    replot(QCustomPlot::rpQueuedReplot);
}

} // namespace kix::ui
