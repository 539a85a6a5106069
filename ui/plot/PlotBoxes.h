// Draws the per-case distributions that model/PlotDistributions computed (relative to each case's median):
// a QCPStatisticalBox per case (quartiles, median, whiskers at the last samples inside the Tukey fences),
// every launch as a small translucent dot across the box, and the outliers beyond the fences as larger open
// circles in the "bad" tone: flagged, and drawn, never dropped.
#pragma once

#include "PlotSeries.h"
#include "QCustomPlotInclude.h"

#include <vector>

namespace kix::ui {

// The plottables' names, for the legend and the tests.
QString boxesLegendName(const PlotData& data);
QString launchesLegendName();
QString outliersLegendName();

// Adds the three plottables (boxes, launches, outliers: in this order) to `plot`; every drawn value goes
// into `all` (for the y range and the log decision).
void drawPlotBoxes(QCustomPlot& plot, const PlotData& data, const QColor& colour, std::vector<double>& all);

// The tooltip of one box: the case, n, median, quartiles, whiskers and the outliers' count.
QString boxText(const PlotData& data, const PlotBox& box);

} // namespace kix::ui
