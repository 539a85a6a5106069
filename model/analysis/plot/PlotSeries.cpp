#include "PlotSeries.h"

#include "CaseComparison.h"
#include "Format.h"
#include "PlotFastP.h"

#include <QHash>
#include <algorithm>
#include <numeric>

namespace kix {

QString caseLabel(const CaseResult& c) {
    double batch = -1;
    double seq = -1;
    QStringList others;
    for (const auto& [name, value] : c.axes) {
        if (name == QLatin1String("batch_size"))
            batch = value;
        else if (name == QLatin1String("seq_len"))
            seq = value;
        else if (name != QLatin1String("hidden_size"))
            others << name + u'=' + QString::number(value);
    }
    QString label = batch >= 0 && seq >= 0 ? QStringLiteral("%1×%2").arg(batch).arg(seq) : QString();
    if (!others.isEmpty())
        label += (label.isEmpty() ? QString() : QStringLiteral(" ")) + others.join(u' ');
    return label.isEmpty() ? c.id.left(8) : label;
}

namespace {

constexpr double kMicro = 1e3; // latencies are drawn in µs

std::optional<double> valueOf(const CaseResult& c, const QString& statistic, PlotMode mode) {
    const auto v = mode == PlotMode::Speedup ? c.effectiveSpeedup() : c.latencyNs.value(statistic);
    if (!v || !(*v > 0))
        return std::nullopt;
    return mode == PlotMode::Speedup ? *v : *v / kMicro;
}

// The spread the statistics record, in µs: the whole range, else the 5–95 % range, else ±1 sd.
void spreadOf(const LatencyStats& s, PlotPoint& p) {
    if (s.min && s.max) {
        p.low = *s.min / kMicro;
        p.high = *s.max / kMicro;
    } else if (s.p05 && s.p95) {
        p.low = *s.p05 / kMicro;
        p.high = *s.p95 / kMicro;
    } else if (s.stddev && *s.stddev > 0) {
        p.low = p.value - *s.stddev / kMicro;
        p.high = p.value + *s.stddev / kMicro;
    }
}

QString runName(const Manifest& m) {
    return m.implementationLabel() + QStringLiteral(" (") + m.gpuLabel() + u')';
}

std::optional<double> suiteValue(const Manifest& m, PlotMode mode) {
    const auto v = mode == PlotMode::Speedup ? m.runSpec.metric(QStringLiteral("avg_speedup"))
                                             : m.runSpec.primaryLatencyNs();
    if (!v || !(*v > 0))
        return std::nullopt;
    return mode == PlotMode::Speedup ? *v : *v / kMicro;
}

// The selected run's cases in the chosen order: category k is case order[k]. By size (and on the size
// axis): smallest first, equal sizes and the cases without a size (put last) in the run's order.
QList<qsizetype> caseOrder(const CaseSizes& sizes, CaseAxis axis) {
    QList<qsizetype> out(sizes.size.size());
    std::iota(out.begin(), out.end(), 0);
    if (axis != CaseAxis::Workload)
        std::stable_sort(out.begin(), out.end(), [&](qsizetype a, qsizetype b) {
            const auto& sa = sizes.size[a];
            const auto& sb = sizes.size[b];
            return sa && (!sb || *sa < *sb);
        });
    return out;
}

QString casesText(qsizetype n) {
    return n == 1 ? QStringLiteral("1 case") : QStringLiteral("%1 cases").arg(n);
}

QString whyUnsized(SizeMeasure measure) {
    return measure == SizeMeasure::BytesMoved ? QStringLiteral("no bytes moved recorded")
                                              : QStringLiteral("no positive axes");
}

// Cases whose size another case also has: on the size axis they share an x.
qsizetype sharingASize(const QList<PlotCategory>& categories) {
    QHash<double, int> count;
    for (const auto& c : categories)
        if (c.size)
            ++count[*c.size];
    qsizetype n = 0;
    for (const int k : std::as_const(count))
        n += k > 1 ? k : 0;
    return n;
}

// Categories: x = the category index. By size, the cases without a size go last, and the footnote says
// so (or that nothing could be sized, and the order stayed the run's).
void placeOnCategories(PlotData& out, const CaseSizes& sizes, CaseAxis axis) {
    const qsizetype n = out.categories.size();
    for (auto& s : out.series)
        for (auto& p : s.points)
            p.x = p.category;
    if (axis != CaseAxis::SizeOrder || n == 0)
        return;
    if (sizes.measure == SizeMeasure::None)
        out.footnote = QStringLiteral("No case of this run records a size (bytes moved or axes): the "
                                      "cases stay in workload order.");
    else if (sizes.unsized() > 0 && n > 1)
        out.footnote = QStringLiteral("%1 without a size (%2) placed last, in workload order.")
                           .arg(casesText(sizes.unsized()), whyUnsized(sizes.measure));
}

// The size axis: x = the case size, the points of cases without a size left out (the footnote says how
// many), every series joined. The categories are in size order already, so each series' points, in
// category order, are in size order too: that is the join order.
void placeOnSizeAxis(PlotData& out, const CaseSizes& sizes) {
    double lo = 0, hi = 0;
    for (const auto& c : out.categories)
        if (c.size) {
            lo = lo > 0 ? std::min(lo, *c.size) : *c.size;
            hi = std::max(hi, *c.size);
        }
    out.xLow = lo / 1.6; // the margin a log axis keeps for the end markers and their whiskers
    out.xHigh = hi * 1.6;
    for (auto& s : out.series) {
        if (s.level)
            continue;
        s.joined = true;
        s.points.removeIf([&](const PlotPoint& p) { return !out.categories[p.category].size; });
        for (auto& p : s.points)
            p.x = *out.categories[p.category].size;
    }
    QStringList notes;
    if (const qsizetype unsized = sizes.unsized())
        notes << QStringLiteral("Not drawn on the size axis: %1 without a size (%2).")
                     .arg(casesText(unsized), whyUnsized(sizes.measure));
    if (const qsizetype shared = sharingASize(out.categories))
        notes << QStringLiteral("%1 share a size with another case: drawn at the same x, joined in workload "
                                "order.")
                     .arg(casesText(shared));
    out.footnote = notes.join(u' ');
}

void placePoints(PlotData& out, const CaseSizes& sizes, CaseAxis axis) {
    out.xLow = -0.6;
    out.xHigh = std::max<double>(0, double(out.categories.size()) - 1) + 0.6;
    if (!out.sizeAxis) {
        placeOnCategories(out, sizes, axis);
        return;
    }
    out.xLabel = sizes.axisLabel();
    if (sizes.measure == SizeMeasure::None) {
        out.sizeAxis = false; // nothing to place on it: the empty categories and the notice instead
        out.series.clear();
        out.notice = QStringLiteral("No case of this run records a size (bytes moved or axes): plot its "
                                    "cases in workload order or by size instead.");
        return;
    }
    placeOnSizeAxis(out, sizes);
}

void addSpeedOfLight(PlotData& out, const Manifest& run, const QList<qsizetype>& order,
                     const ProblemDefinition& problem, const QString& gpu) {
    PlotSeries sol{PlotSeries::Kind::SpeedOfLight,
                   QStringLiteral("speed of light T_sol (%1, published)").arg(gpu),
                   {},
                   {}};
    PlotSeries baseline{
        PlotSeries::Kind::Baseline, QStringLiteral("baseline T_b (%1, published)").arg(gpu), {}, {}};
    for (int k = 0; k < order.size(); ++k) {
        const CaseResult& c = run.runSpec.cases[order[k]];
        const int w = problem.workloadIndex(c.id, c.axes);
        if (const SpeedOfLightTimes* t = problem.speedOfLight(w, gpu)) {
            sol.points.append({k, t->solMs * 1e6 / kMicro, {}, {}});
            baseline.points.append({k, t->baselineMs * 1e6 / kMicro, {}, {}});
        }
    }
    if (!sol.points.isEmpty()) {
        out.series.append(std::move(sol));
        out.series.append(std::move(baseline));
    }
}

// The selected run's own values and its reference implementation's, category by category.
void addOwnSeries(PlotData& out, const PlotRequest& rq, const QList<qsizetype>& order) {
    const Manifest& run = *rq.run;
    const auto& cases = run.runSpec.cases;
    PlotSeries own{PlotSeries::Kind::Run, runName(run), {}, {}};
    PlotSeries reference{PlotSeries::Kind::Reference,
                         QStringLiteral("reference implementation (%1)").arg(run.gpuLabel()),
                         {},
                         {}};
    const bool latency = rq.mode == PlotMode::Latency;
    for (int k = 0; k < order.size(); ++k) {
        const CaseResult& c = cases[order[k]];
        if (const auto v = valueOf(c, run.runSpec.primaryStatistic, rq.mode)) {
            PlotPoint p{k, *v, {}, {}};
            if (latency)
                spreadOf(c.latencyNs, p);
            own.points.append(p);
        }
        const auto ref = c.referenceLatencyNs.mean;
        if (latency && ref && *ref > 0)
            reference.points.append({k, *ref / kMicro, {}, {}});
    }
    out.series.append(std::move(own));
    if (!reference.points.isEmpty())
        out.series.append(std::move(reference));
}

// Another run beside the selected one: its cases matched with Compare's rule, else its suite level.
void addOther(PlotData& out, const PlotRequest& rq, const Manifest& other, const QList<int>& categoryOf) {
    if (other.runSpec.cases.isEmpty()) {
        if (const auto v = suiteValue(other, rq.mode))
            out.series.append(
                {PlotSeries::Kind::SuiteLine,
                 runName(other) + QStringLiteral(" — suite %1 only")
                                      .arg(rq.mode == PlotMode::Speedup ? QStringLiteral("speedup")
                                                                        : other.runSpec.primaryStatistic),
                 {},
                 v,
                 false});
        return;
    }
    PlotSeries s{PlotSeries::Kind::Companion, runName(other), {}, {}};
    const CaseMatch match = matchCases(rq.run->runSpec.cases, other.runSpec.cases);
    for (const auto& [i, j] : match.pairs) {
        const CaseResult& c = other.runSpec.cases[j];
        if (const auto v = valueOf(c, other.runSpec.primaryStatistic, rq.mode)) {
            PlotPoint p{categoryOf[i], *v, {}, {}};
            if (rq.mode == PlotMode::Latency)
                spreadOf(c.latencyNs, p);
            s.points.append(p);
        }
    }
    std::sort(s.points.begin(), s.points.end(),
              [](const PlotPoint& a, const PlotPoint& b) { return a.category < b.category; });
    if (!s.points.isEmpty())
        out.series.append(std::move(s));
}

void buildPerCase(PlotData& out, const PlotRequest& rq) {
    const Manifest& run = *rq.run;
    const auto& cases = run.runSpec.cases;
    const CaseSizes sizes = caseSizes(cases);
    const QList<qsizetype> order = caseOrder(sizes, rq.axis);
    out.sizeAxis = rq.axis == CaseAxis::Size;
    out.sizeMeasure = sizes.measure;
    QList<int> categoryOf(cases.size());
    for (int k = 0; k < order.size(); ++k) {
        categoryOf[order[k]] = k;
        out.categories.append({cases[order[k]].id, caseLabel(cases[order[k]]), sizes.size[order[k]]});
    }
    addOwnSeries(out, rq, order);
    for (const auto& other : rq.others)
        if (other && other->hasRun() && other != rq.run)
            addOther(out, rq, *other, categoryOf);
    if (rq.mode == PlotMode::Latency && rq.problem) {
        const QString gpu = rq.solGpu.isEmpty() ? run.gpuLabel() : rq.solGpu;
        addSpeedOfLight(out, run, order, *rq.problem, gpu);
    }
    if (rq.mode == PlotMode::Speedup)
        out.series.append({PlotSeries::Kind::Parity, QStringLiteral("1× (reference)"), {}, 1.0, false});
    placePoints(out, sizes, rq.axis);
    if (rq.distributions)
        addDistributions(out, rq);
}

// Runs with only a suite value: one bar each, fastest (or, for speedups, largest) first.
void buildBars(PlotData& out, const PlotRequest& rq) {
    QList<ManifestPtr> runs{rq.run};
    for (const auto& o : rq.others)
        if (o && o->hasRun() && o != rq.run)
            runs << o;
    for (const auto& m : runs)
        if (const auto v = suiteValue(*m, rq.mode))
            out.bars.append(
                {m->implementationLabel() + QStringLiteral(" (") + m->gpuLabel() + u')', *v, m == rq.run});
    const bool higherIsBetter = rq.mode == PlotMode::Speedup;
    std::stable_sort(out.bars.begin(), out.bars.end(), [&](const PlotBar& a, const PlotBar& b) {
        return higherIsBetter ? a.value > b.value : a.value < b.value;
    });
    for (int k = 0; k < out.bars.size(); ++k)
        out.categories.append({QString(), QStringLiteral("#%1 %2").arg(k + 1).arg(out.bars[k].label), {}});
    out.xHigh = std::max<double>(0, double(out.bars.size()) - 1) + 0.6;
}

} // namespace

PlotData buildPlotData(const PlotRequest& request) {
    const PlotRequest& rq = request;
    PlotData out;
    const bool speedup = rq.mode == PlotMode::Speedup;
    out.yLabel = speedup ? QStringLiteral("speedup over the reference (×)") : QStringLiteral("latency (µs)");
    out.xLabel = QStringLiteral("case (batch_size × seq_len)");
    if (!rq.run || !rq.run->hasRun()) {
        out.notice = rq.run ? QStringLiteral("This file holds no readable run.")
                            : QStringLiteral("Select a run to plot its latency per case.");
        return out;
    }
    const Manifest& run = *rq.run;
    out.title = QStringLiteral("%1 on %2 — %3")
                    .arg(run.implementationLabel(),
                         run.gpuLabel().isEmpty() ? QStringLiteral("an unnamed GPU") : run.gpuLabel(),
                         speedup ? QStringLiteral("speedup per case") : QStringLiteral("latency per case"));
    if (rq.mode == PlotMode::FastP) {
        buildFastPPlot(out, rq);
        return out;
    }
    if (!run.runSpec.cases.isEmpty()) {
        buildPerCase(out, rq);
        return out;
    }
    out.xLabel = QStringLiteral("run, ranked by suite value");
    out.title = QStringLiteral("%1 — suite %2, ranked")
                    .arg(run.benchmarkLabel().isEmpty() ? run.implementationLabel() : run.benchmarkLabel(),
                         speedup ? QStringLiteral("speedup") : run.runSpec.primaryStatistic);
    buildBars(out, rq);
    out.notice = QStringLiteral("%1 publishes only a suite %2 (%3): there are no per-case points to plot.")
                     .arg(run.implementationLabel(),
                          speedup ? QStringLiteral("speedup") : run.runSpec.primaryStatistic,
                          speedup ? formatRatio(run.runSpec.metric(QStringLiteral("avg_speedup")))
                                  : formatLatency(run.runSpec.primaryLatencyNs()));
    return out;
}

} // namespace kix
