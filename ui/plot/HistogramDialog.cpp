#include "HistogramDialog.h"

#include "Format.h"
#include "Palette.h"
#include "PlainText.h"
#include "PlotSeries.h"

#include <QLabel>
#include <QVBoxLayout>

namespace kix::ui {

HistogramDialog::HistogramDialog(const QString& title, const std::vector<double>& samplesUs, QWidget* parent)
    : QDialog(parent)
    , m_plot(new QCustomPlot(this))
    , m_rule(new QLabel(this))
    , m_histogram(histogramOf(samplesUs)) {
    setWindowTitle(tr("Histogram — %1").arg(widgetLine(title)));
    resize(640, 420);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_plot, 1);
    layout->addWidget(m_rule);
    m_plot->xAxis->setLabel(tr("latency (µs)"));
    m_plot->yAxis->setLabel(tr("launches"));
    m_plot->plotLayout()->insertRow(0);
    m_plot->plotLayout()->addElement(0, 0, new QCPTextElement(m_plot, widgetLine(title)));
    m_rule->setWordWrap(true);
    m_rule->setText(ruleText());
    if (!m_histogram)
        return;
    const Histogram& h = *m_histogram;
    auto* bars = new QCPBars(m_plot->xAxis, m_plot->yAxis);
    bars->setName(tr("launches per bin"));
    bars->setWidth(h.width);
    bars->setPen(QPen(seriesColor(0).darker(130)));
    bars->setBrush(seriesColor(0));
    double most = 1;
    for (std::size_t k = 0; k < h.counts.size(); ++k) {
        bars->addData(h.edge(qsizetype(k)) + h.width / 2, double(h.counts[k]));
        most = std::max(most, double(h.counts[k]));
    }
    // The median and the fences, as on the box: where the plot's outliers begin.
    if (const auto box = boxSummary(samplesUs)) {
        const std::array<std::pair<double, Qt::PenStyle>, 3> marks{
            {{box->median, Qt::SolidLine}, {box->lowerFence, Qt::DashLine}, {box->upperFence, Qt::DashLine}}};
        for (const auto& [x, style] : marks) {
            auto* line = new QCPItemStraightLine(m_plot);
            line->point1->setCoords(x, 0);
            line->point2->setCoords(x, 1);
            line->setPen(QPen(style == Qt::SolidLine ? palette().color(QPalette::WindowText)
                                                     : toneColor(Tone::Bad, palette()),
                              1.5, style));
        }
    }
    double lo = h.start - h.width, hi = h.edge(qsizetype(h.counts.size())) + h.width;
    if (const auto box = boxSummary(samplesUs)) { // both fences in view: where the outliers would begin
        lo = std::min(lo, box->lowerFence - h.width / 2);
        hi = std::max(hi, box->upperFence + h.width / 2);
    }
    m_plot->xAxis->setRange(lo, hi);
    m_plot->yAxis->setRange(0, most * 1.1);
    m_plot->replot();
}

QString HistogramDialog::ruleText() const {
    if (!m_histogram)
        return tr("No samples to draw.");
    const Histogram& h = *m_histogram;
    qsizetype n = 0;
    for (qsizetype c : h.counts)
        n += c;
    QString text = tr("%1 bins of %2 (%3 bins), %4 launches; the solid line is the median, the dashed lines "
                      "the Tukey fences (1.5 IQR beyond the quartiles).")
                       .arg(h.ruleName(), formatLatency(h.width * 1e3))
                       .arg(qsizetype(h.counts.size()))
                       .arg(n);
    if (h.rule == Histogram::Rule::Sturges)
        text += tr(" Sturges' rule: the interquartile range is 0, so Freedman–Diaconis gives no width.");
    if (h.widened)
        text += tr(" Widened to %1 bins: the rule's width would give more over this range.").arg(kMostBins);
    return text;
}

std::vector<double> boxSamplesUs(const Manifest& run, const PlotData& data, int box) {
    const QString id = data.categories.value(data.boxes.value(box).category).id;
    for (const CaseResult& c : run.runSpec.cases) {
        if (c.id != id)
            continue;
        const auto ns = caseSamplesNs(c);
        std::vector<double> us(ns.begin(), ns.end());
        for (double& v : us)
            v *= 1e-3;
        return us;
    }
    return {};
}

} // namespace kix::ui
