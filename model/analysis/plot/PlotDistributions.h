// The plot's per-case distributions, for runs that carry every timed launch (kix's own runs): one box per
// case of the selected run (quartiles, whiskers at the Tukey fences) with every sample as a point beside
// it, the outliers beyond the fences among them, flagged and kept. Each case relative to its own median,
// so spreads of a few percent stay visible beside cases a thousand times slower. Latency only, on the case
// categories: a box's width would read as a span of sizes on the size axis, and a speedup has no samples.
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
    double x = 0;     // the box's centre
    BoxSummary box;   // of the case's launches, in µs
    BoxSummary shown; // the same relative to its median, in % (0 = the median): what is drawn
    // Every launch (y in %, as shown), spread across the box's width in a fixed pattern; those beyond the
    // fences apart.
    QList<QPointF> inliers, outliers;
};

// The samples a case's distribution is drawn from: those of its own timer (the latency the plot shows),
// else CUPTI's; empty when it carries none.
std::span<const double> caseSamplesNs(const CaseResult& c);
bool hasCaseSamples(const Manifest& run); // some case carries samples: the plot offers distributions

// Turns a per-case latency plot of `request.run` into its distributions: one box per case with samples,
// each relative to the case's median (y in %), in place of every series (their absolute times are the
// latency view's); cases without samples are counted in the footnote. Does nothing on the size axis, for
// speedups or without samples; the footnote says why when asked for.
void addDistributions(PlotData& out, const PlotRequest& request);

} // namespace kix
