// What the latency plot draws, computed without widgets: the selected run's cases as categories (in the
// run's order or by size) or on a numeric size axis, its values with the spread its statistics record, its
// reference implementation, the other runs matched case by case with the rule Compare uses (matchCases),
// the published speed-of-light and baseline times, and for runs that publish only a suite value, a ranked
// bar chart. The plot widget only draws this, so the numbers are tested here, and building it is linear
// in the cases (it may run off the UI thread).
#pragma once

#include "Manifest.h"
#include "PlotDistributions.h"
#include "PlotSeriesSize.h"
#include "ProblemDefinition.h"

#include <QList>
#include <QString>
#include <optional>

namespace kix {

// FastP: the suite's fast_p curve (FastP.h) of the selected run and the others, x = the threshold p.
enum class PlotMode { Latency, Speedup, FastP };
// Where the cases go along x: categories in the run's own order, categories by size (caseSizes: one
// measure for the run), or a numeric log axis with x = the case size, each series joined in size order.
enum class CaseAxis { Workload, SizeOrder, Size };

struct PlotCategory {
    QString id;
    QString label;              // "4×1973"; other axes as name=value
    std::optional<double> size; // in PlotData::sizeMeasure; none: the measure cannot size this case
};

struct PlotPoint {
    int category = 0;
    double value = 0;                // in the plot's unit (µs, or × for speedups)
    std::optional<double> low, high; // the recorded spread, same unit: min–max, else p05–p95, else ±1 sd
    double x = 0;                    // where it is drawn: the category, or on the size axis the case size
};

struct PlotSeries {
    enum class Kind { Run, Reference, Companion, SpeedOfLight, Baseline, SuiteLine, Parity, FastP };
    Kind kind = Kind::Run;
    QString name;
    QList<PlotPoint> points;
    std::optional<double> level; // SuiteLine and Parity: one value across the whole x range
    bool joined = false;         // on the size axis: points joined by lines, in size order
};

struct PlotBar {
    QString label;
    double value = 0;
    bool selected = false; // the selected run's bar
};

struct PlotData {
    QString title; // for exports: what, whose, where
    QString yLabel, xLabel;
    QString notice;   // shown instead of points, when there are none
    QString footnote; // said under the data: cases the size axis leaves out, sizes shared, cases put last
    bool sizeAxis = false; // x is the case size on a log scale (categories keep the size order)
    bool stepAxis = false; // x is fast_p's threshold p on a linear scale; FastP series are step curves
    SizeMeasure sizeMeasure = SizeMeasure::None;
    double xLow = -0.6, xHigh = 0.6; // the x range to draw; levels span all of it
    QList<PlotCategory> categories;
    QList<PlotSeries> series;
    QList<PlotBar> bars;  // suite values, fastest first, when the selected run has no per-case results
    QList<PlotBox> boxes; // the selected run's per-case distributions (PlotRequest::distributions)
    QString boxesName;    // whose they are: the run's series name
    bool empty() const { return series.isEmpty() && bars.isEmpty() && boxes.isEmpty(); }
};

struct PlotRequest {
    ManifestPtr run;
    QList<ManifestPtr> others;
    PlotMode mode = PlotMode::Latency;
    CaseAxis axis = CaseAxis::Workload;
    const ProblemDefinition* problem = nullptr; // for the speed-of-light and baseline times
    QString solGpu;                             // whose published times to draw; empty: the run's own GPU
    bool distributions = false;                 // boxes and points per case where the run has samples
};

QString caseLabel(const CaseResult& c); // "4×1973" from batch_size and seq_len, else the axes or the id
PlotData buildPlotData(const PlotRequest& request);

} // namespace kix
