#include "PlotDistributions.h"

#include "PlotSeries.h"

#include <QHash>
#include <algorithm>
#include <cmath>

namespace kix {

namespace {

constexpr double kMicroPerNano = 1e-3;
constexpr double kRelativePercent = 100;
constexpr double kPointSpread = 0.32; // of a category's width: the points stay inside the box (0.4 wide)
constexpr double kGoldenFraction = 0.6180339887498949;

// The i-th sample's offset across the box: the golden-ratio sequence fills [-spread/2, spread/2) evenly
// and the same way every time (no random jitter: a screenshot or a test sees the same points).
double pointOffset(std::size_t i) {
    const double u = std::fmod(double(i) * kGoldenFraction, 1.0);
    return (u - 0.5) * kPointSpread;
}

void appendFootnote(PlotData& out, const QString& text) {
    out.footnote = out.footnote.isEmpty() ? text : out.footnote + QStringLiteral(" ") + text;
}

} // namespace

std::span<const double> caseSamplesNs(const CaseResult& c) {
    return c.samplesNs.empty() ? std::span<const double>(c.cuptiSamplesNs)
                               : std::span<const double>(c.samplesNs);
}

bool hasCaseSamples(const Manifest& run) {
    return std::ranges::any_of(run.runSpec.cases,
                               [](const CaseResult& c) { return !caseSamplesNs(c).empty(); });
}

void addDistributions(PlotData& out, const PlotRequest& request) {
    const PlotRequest& rq = request;
    if (!rq.run || !hasCaseSamples(*rq.run))
        return;
    if (rq.mode != PlotMode::Latency || rq.axis == CaseAxis::Size) {
        appendFootnote(out, QStringLiteral("Distributions are drawn on the latency plot with the cases side "
                                           "by side (not on the size axis)."));
        return;
    }
    QHash<QString, const CaseResult*> byId;
    for (const CaseResult& c : rq.run->runSpec.cases)
        byId.insert(c.id, &c);
    const auto own = std::find_if(out.series.begin(), out.series.end(),
                                  [](const PlotSeries& s) { return s.kind == PlotSeries::Kind::Run; });
    if (own == out.series.end())
        return;
    qsizetype without = 0;
    for (const PlotPoint& p : own->points) {
        const CaseResult* c = byId.value(out.categories.value(p.category).id);
        const std::span<const double> ns = c ? caseSamplesNs(*c) : std::span<const double>();
        std::vector<double> us(ns.begin(), ns.end());
        for (double& v : us)
            v *= kMicroPerNano;
        auto box = boxSummary(us);
        if (!box || !(box->median > 0)) {
            ++without;
            continue;
        }
        const double median = box->median;
        const auto rel = [median](double v) { return kRelativePercent * (v / median - 1); };
        PlotBox b{p.category, p.x, std::move(*box), {}, {}, {}};
        // A monotone map of the µs box: the same order, fences and outliers, on the relative scale.
        b.shown = b.box;
        for (double* v :
             {&b.shown.minimum, &b.shown.q1, &b.shown.median, &b.shown.q3, &b.shown.maximum,
              &b.shown.lowerFence, &b.shown.upperFence, &b.shown.whiskerLow, &b.shown.whiskerHigh})
            *v = rel(*v);
        for (double& v : b.shown.outliers)
            v = rel(v);
        for (std::size_t i = 0; i < us.size(); ++i)
            (b.box.isOutlier(us[i]) ? b.outliers : b.inliers).append({p.x + pointOffset(i), rel(us[i])});
        out.boxes.append(std::move(b));
    }
    if (out.boxes.isEmpty())
        return;
    // Spreads of a few percent vanish on a latency axis that spans decades: each case is drawn relative
    // to its own median, so every box is readable and the spreads compare across cases. Absolute times
    // (this run's, its reference's, other runs') belong to the latency view, so they leave this one.
    out.boxesName = own->name;
    out.series.clear();
    out.yLabel = QStringLiteral("launch time relative to the case's median (%)");
    out.title = QStringLiteral("%1 on %2 — every launch per case")
                    .arg(rq.run->implementationLabel(), rq.run->gpuLabel());
    appendFootnote(out, QStringLiteral("Boxes: quartiles and median (0%) of each case's launches; whiskers "
                                       "to the last launch within 1.5 IQR of the box; beyond, outliers "
                                       "(open circles), kept."));
    if (without > 0)
        appendFootnote(out, QStringLiteral("%1 case(s) without samples not drawn.").arg(without));
}

} // namespace kix
