#include "PlotFastP.h"

#include "FastP.h"
#include "PlotSeries.h"

#include <algorithm>

namespace kix {

namespace {

constexpr double kRightMargin = 1.05; // the x range ends a little past the largest speedup

QString fastPName(const Manifest& m, const FastPCurve& curve) {
    return QStringLiteral("%1 (%2) — %3 of %4 cases correct with a speedup")
        .arg(m.implementationLabel(), m.gpuLabel())
        .arg(curve.counted)
        .arg(curve.cases);
}

} // namespace

void buildFastPPlot(PlotData& out, const PlotRequest& rq) {
    out.stepAxis = true;
    out.xLabel = QStringLiteral("threshold p: speedup over the reference greater than p (×)");
    out.yLabel = QStringLiteral("fast_p: fraction of cases correct and faster by more than p");
    out.title = QStringLiteral("fast_p — %1").arg(rq.run->implementationLabel());
    QList<ManifestPtr> runs{rq.run};
    for (const ManifestPtr& o : rq.others)
        if (o && o->hasRun() && o != rq.run)
            runs << o;
    double most = 1; // p = 1 (as fast as the reference) is always in view
    QStringList without;
    for (const ManifestPtr& m : runs) {
        if (m->runSpec.cases.isEmpty()) {
            without << m->implementationLabel();
            continue;
        }
        const FastPCurve curve = fastPCurve(fastPCasesOf(*m));
        PlotSeries s{PlotSeries::Kind::FastP, fastPName(*m, curve), {}, {}};
        for (const FastPStep& step : curve.steps)
            s.points.append({0, step.fraction, {}, {}, step.p});
        s.joined = true;
        most = std::max(most, curve.maxSpeedup);
        out.series.append(std::move(s));
    }
    out.xLow = 0;
    out.xHigh = most * kRightMargin;
    for (PlotSeries& s : out.series) // each curve's last level (0) runs on to the right edge
        s.points.append({0, s.points.last().value, {}, {}, out.xHigh});
    if (out.series.isEmpty())
        out.notice = QStringLiteral("fast_p needs per-case results: %1 publishes only a suite value.")
                         .arg(rq.run->implementationLabel());
    else if (!without.isEmpty())
        out.footnote =
            QStringLiteral("Not drawn (no per-case results): %1.").arg(without.join(QStringLiteral(", ")));
}

} // namespace kix
