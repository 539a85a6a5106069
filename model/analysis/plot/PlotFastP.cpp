#include "PlotFastP.h"

#include "FastP.h"
#include "PlotSeries.h"

#include <algorithm>

namespace kix {

namespace {

constexpr double kRightMargin = 1.05; // the x range ends a little past the largest speedup

QString fastPRunLabel(const Manifest& m) {
    return QStringLiteral("%1 (%2)").arg(m.implementationLabel(), m.gpuLabel());
}

// Two reruns of one kernel on one GPU share a label: then the curve says when it was observed.
QString fastPName(const Manifest& m, const FastPCurve& curve, bool ambiguous) {
    QString who = fastPRunLabel(m);
    if (ambiguous && !m.runSpec.observedAt.isEmpty())
        who += QStringLiteral(", ") + m.runSpec.observedAt;
    return QStringLiteral("%1 — %2 of %3 cases correct with a speedup")
        .arg(who)
        .arg(curve.counted)
        .arg(curve.cases);
}

} // namespace

void buildFastPPlot(PlotData& out, const PlotRequest& request) {
    const PlotRequest& rq = request;
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
        const bool ambiguous = std::count_if(runs.begin(), runs.end(), [&](const ManifestPtr& o) {
                                   return fastPRunLabel(*o) == fastPRunLabel(*m);
                               }) > 1;
        PlotSeries s{PlotSeries::Kind::FastP, fastPName(*m, curve, ambiguous), {}, {}};
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
