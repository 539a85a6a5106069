// The plot's per-case distributions, for runs that carry every timed launch (kix's own runs): one box per
// case of the selected run (quartiles, whiskers at the Tukey fences) with every sample as a point beside
// it, the outliers beyond the fences among them, flagged and kept. Latency only, on the case categories:
// a box's width would read as a span of sizes on the size axis, and a speedup has no samples.
#pragma once

#include "Manifest.h"
#include "SampleDistribution.h"

#include <QList>
#include <QPointF>
#include <span>

namespace kix {

struct PlotData;
struct PlotRequest;

struct PlotBox {
    int category = 0;
    double x = 0;                     // the box's centre
    BoxSummary box;                   // in the plot's unit (µs)
    QList<QPointF> inliers, outliers; // every sample (µs), spread across the box's width in a fixed pattern
};

// The samples a case's distribution is drawn from: those of its own timer (the latency the plot shows),
// else CUPTI's; empty when it carries none.
std::span<const double> caseSamplesNs(const CaseResult& c);
bool hasCaseSamples(const Manifest& run); // some case carries samples: the plot offers distributions

// Adds the boxes to a per-case latency plot of `request.run`: each case with samples gets one box, and its
// point leaves the run's series (the box shows its median); cases without samples keep their point. Does
// nothing on the size axis, for speedups or without samples; the footnote says why when asked for.
void addDistributions(PlotData& out, const PlotRequest& request);

} // namespace kix
