// What the latency plot draws, computed without widgets: the selected run's cases as categories, its
// values with the spread its statistics record, its reference implementation, the other runs matched case
// by case with the rule Compare uses (matchCases), the published speed-of-light and baseline times, and
// for runs that publish only a suite value, a ranked bar chart. The plot widget only draws this, so the
// numbers are tested here, and building it is linear in the cases (it may run off the UI thread).
#pragma once

#include "Manifest.h"
#include "ProblemDefinition.h"

#include <QList>
#include <QString>
#include <optional>

namespace kix {

enum class PlotMode { Latency, Speedup };
enum class CaseOrder { Workload, Size }; // the run's own order, or by bytes moved (else the axes' product)

struct PlotCategory {
    QString id;
    QString label; // "4×1973"; other axes as name=value
    double size = 0;
};

struct PlotPoint {
    int category = 0;
    double value = 0;                // in the plot's unit (µs, or × for speedups)
    std::optional<double> low, high; // the recorded spread, same unit: min–max, else p05–p95, else ±1 sd
};

struct PlotSeries {
    enum class Kind { Run, Reference, Companion, SpeedOfLight, Baseline, SuiteLine, Parity };
    Kind kind = Kind::Run;
    QString name;
    QList<PlotPoint> points;
    std::optional<double> level; // SuiteLine and Parity: one value across every category
};

struct PlotBar {
    QString label;
    double value = 0;
    bool selected = false; // the selected run's bar
};

struct PlotData {
    QString title; // for exports: what, whose, where
    QString yLabel, xLabel;
    QString notice; // shown instead of points, when there are none
    QList<PlotCategory> categories;
    QList<PlotSeries> series;
    QList<PlotBar> bars; // suite values, fastest first, when the selected run has no per-case results
    bool empty() const { return series.isEmpty() && bars.isEmpty(); }
};

struct PlotRequest {
    ManifestPtr run;
    QList<ManifestPtr> others;
    PlotMode mode = PlotMode::Latency;
    CaseOrder order = CaseOrder::Workload;
    const ProblemDefinition* problem = nullptr; // for the speed-of-light and baseline times
    QString solGpu;                             // whose published times to draw; empty: the run's own GPU
};

QString caseLabel(const CaseResult& c); // "4×1973" from batch_size and seq_len, else the axes or the id
PlotData buildPlotData(const PlotRequest& request);

} // namespace kix
