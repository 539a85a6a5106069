#include "PlotBoxes.h"

#include "Format.h"
#include "Palette.h"
#include "PlainText.h"

#include <QCoreApplication>

namespace kix::ui {

namespace {

constexpr double kBoxWidth = 0.4; // of a category: the points spread over 0.32 of it (PlotDistributions)
constexpr int kLaunchAlpha = 70;  // 200 launches per case stay readable as a cloud
constexpr int kBoxAlpha = 45;

QString trBoxes(const char* text) {
    return QCoreApplication::translate("kix::ui::PlotBoxes", text);
}

QString microText(double us) {
    return formatLatency(us * 1e3);
}

} // namespace

QString boxesLegendName(const PlotData& data) {
    return widgetLine(data.boxesName) + trBoxes(" — quartiles, whiskers within 1.5 IQR");
}

QString launchesLegendName() {
    return trBoxes("every launch");
}

QString outliersLegendName() {
    return trBoxes("outliers beyond 1.5 IQR (kept)");
}

void drawPlotBoxes(QCustomPlot& plot, const PlotData& data, const QColor& colour, std::vector<double>& all) {
    // The launches first, so the box's outline and median are drawn over the cloud.
    QCPGraph* launches = plot.addGraph();
    launches->setName(launchesLegendName());
    launches->setLineStyle(QCPGraph::lsNone);
    QColor dot = colour;
    dot.setAlpha(kLaunchAlpha);
    launches->setScatterStyle({QCPScatterStyle::ssDisc, dot, dot, 3});
    auto* boxes = new QCPStatisticalBox(plot.xAxis, plot.yAxis);
    boxes->setName(boxesLegendName(data));
    boxes->setWidth(kBoxWidth);
    boxes->setWhiskerWidth(kBoxWidth / 2);
    QColor fill = colour;
    fill.setAlpha(kBoxAlpha);
    boxes->setBrush(fill);
    boxes->setPen(QPen(colour.darker(130), 1.2));
    boxes->setWhiskerPen(QPen(colour.darker(130), 1.2, Qt::SolidLine));
    boxes->setWhiskerBarPen(QPen(colour.darker(130), 1.2));
    boxes->setMedianPen(QPen(colour.darker(160), 2.5));
    QCPGraph* outliers = plot.addGraph();
    outliers->setName(outliersLegendName());
    outliers->setLineStyle(QCPGraph::lsNone);
    const QColor flag = toneColor(Tone::Bad, plot.palette());
    outliers->setScatterStyle({QCPScatterStyle::ssCircle, QPen(flag, 1.6), Qt::NoBrush, 7});
    QVector<double> lx, ly, ox, oy;
    for (const PlotBox& b : data.boxes) {
        // The box's own outliers stay empty: they are the flagged graph, one style for all of them.
        const BoxSummary& s = b.shown;
        boxes->addData(b.x, s.whiskerLow, s.q1, s.median, s.q3, s.whiskerHigh);
        for (const QPointF& p : b.inliers) {
            lx << p.x();
            ly << p.y();
        }
        for (const QPointF& p : b.outliers) {
            ox << p.x();
            oy << p.y();
        }
        all.push_back(s.minimum);
        all.push_back(s.maximum);
    }
    launches->setData(lx, ly);
    outliers->setData(ox, oy);
    if (ox.isEmpty())
        outliers->removeFromLegend();
}

QString boxText(const PlotData& data, const PlotBox& b) {
    const BoxSummary& s = b.box;
    return trBoxes("%1\ncase %2: %3 launches\nmedian %4, quartiles %5 – %6\nwhiskers %7 – %8\n%9 outliers "
                   "(beyond %10 – %11), kept\ndouble-click for the histogram")
        .arg(widgetLine(data.boxesName), widgetLine(data.categories.value(b.category).label))
        .arg(s.count)
        .arg(microText(s.median), microText(s.q1), microText(s.q3), microText(s.whiskerLow),
             microText(s.whiskerHigh))
        .arg(qsizetype(s.outliers.size()))
        .arg(microText(s.lowerFence), microText(s.upperFence));
}

} // namespace kix::ui
