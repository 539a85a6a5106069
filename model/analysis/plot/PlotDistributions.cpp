#include "PlotDistributions.h"

#include "PlotSeries.h"

#include <QHash>
#include <cmath>

namespace kix {

namespace {

constexpr double kMicroPerNano = 1e-3;
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
    for (const CaseResult& c : run.runSpec.cases)
        if (!caseSamplesNs(c).empty())
            return true;
    return false;
}

void addDistributions(PlotData& out, const PlotRequest& rq) {
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
    auto own = std::find_if(out.series.begin(), out.series.end(),
                            [](const PlotSeries& s) { return s.kind == PlotSeries::Kind::Run; });
    if (own == out.series.end())
        return;
    QList<PlotPoint> kept;
    for (const PlotPoint& p : own->points) {
        const CaseResult* c = byId.value(out.categories.value(p.category).id);
        const std::span<const double> ns = c ? caseSamplesNs(*c) : std::span<const double>();
        std::vector<double> us(ns.begin(), ns.end());
        for (double& v : us)
            v *= kMicroPerNano;
        auto box = boxSummary(us);
        if (!box) {
            kept.append(p);
            continue;
        }
        PlotBox b{p.category, p.x, std::move(*box), {}, {}};
        for (std::size_t i = 0; i < us.size(); ++i)
            (b.box.isOutlier(us[i]) ? b.outliers : b.inliers).append({p.x + pointOffset(i), us[i]});
        out.boxes.append(std::move(b));
    }
    out.boxesName = own->name;
    own->points = kept;
    if (kept.isEmpty())
        out.series.erase(own);
    appendFootnote(out, QStringLiteral("Boxes: quartiles and median of every launch; whiskers to the last "
                                       "launch within 1.5 IQR of the box; beyond them, outliers (open "
                                       "circles), kept."));
}

} // namespace kix
