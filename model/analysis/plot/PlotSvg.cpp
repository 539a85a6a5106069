#include "PlotSvg.h"

#include "TextSanitizer.h"

#include <QStringList>
#include <algorithm>
#include <array>
#include <cmath>

namespace kix {

namespace {

// Okabe–Ito, as the on-screen plot (ui/Palette) uses.
const std::array<const char*, 7> kColours = {"#0072B2", "#D55E00", "#009E73", "#CC79A7",
                                             "#E69F00", "#56B4E9", "#888888"};

// Published levels keep one colour each (as on screen): speed of light black, the baseline purple.
const char* colourOf(const PlotSeries& s, int index) {
    if (s.kind == PlotSeries::Kind::SpeedOfLight)
        return "#1a1a1a";
    if (s.kind == PlotSeries::Kind::Baseline)
        return "#9B4DCA";
    return kColours[std::size_t(index) % kColours.size()];
}

QString text(const QString& s) {
    return sanitizeText(s, {TextShape::Line, kWidgetLineCap}).toHtmlEscaped();
}

QString num(double v) {
    return QString::number(v, 'f', 1);
}

struct Frame {
    double left = 90, right = 0, top = 50, bottom = 0; // pixels of the data area
    double lo = 0, hi = 1;
    bool log = false;
    double xLow = -0.6, xHigh = 0.6; // categories, or on the size axis sizes (log)
    bool logX = false;
    double legendTop = 0; // the legend's first row, below the axis label and the footnote
    double x(double key) const {
        const double t =
            logX ? std::log10(key / xLow) / std::log10(xHigh / xLow) : (key - xLow) / (xHigh - xLow);
        return left + t * (right - left);
    }
    double y(double v) const {
        const double t =
            log ? (std::log10(std::max(v, lo)) - std::log10(lo)) / (std::log10(hi) - std::log10(lo))
                : (v - lo) / (hi - lo);
        return bottom - t * (bottom - top);
    }
};

// Level marks are shorter on the size axis, where width reads as a span of sizes (as on screen).
void marker(QString& out, PlotSeries::Kind kind, double x, double y, const char* c, double half = 9) {
    switch (kind) {
    case PlotSeries::Kind::Run:
        out += QStringLiteral("<circle cx=\"%1\" cy=\"%2\" r=\"4\" fill=\"%3\"/>\n")
                   .arg(num(x), num(y), QLatin1String(c));
        break;
    case PlotSeries::Kind::Reference:
        out += QStringLiteral("<rect x=\"%1\" y=\"%2\" width=\"7\" height=\"7\" fill=\"%3\"/>\n")
                   .arg(num(x - 3.5), num(y - 3.5), QLatin1String(c));
        break;
    case PlotSeries::Kind::Companion:
        out += QStringLiteral("<path d=\"M%1 %2 l4 7 h-8 z\" fill=\"%3\"/>\n")
                   .arg(num(x), num(y - 4.5), QLatin1String(c));
        break;
    default:
        out += QStringLiteral(
                   "<line x1=\"%1\" y1=\"%2\" x2=\"%3\" y2=\"%2\" stroke=\"%4\" stroke-width=\"2.5\"/>\n")
                   .arg(num(x - half), num(y), num(x + half), QLatin1String(c));
    }
}

} // namespace

namespace {

// The data area and value range: the legend's rows below the axis labels, a decade margin on a log scale.
Frame frameOf(const PlotData& data, const PlotSvgOptions& options) {
    Frame f;
    const int legendRows = int(data.series.size() + (data.bars.isEmpty() ? 0 : 1) + 2) / 3;
    const double footnote = data.footnote.isEmpty() ? 0 : 20;
    f.right = options.width - 30;
    f.bottom = options.height - 110 - footnote - 20 * legendRows;
    f.legendTop = f.bottom + 95 + footnote;
    f.logX = data.sizeAxis && data.xLow > 0;
    f.xLow = data.xLow;
    f.xHigh = data.xHigh > data.xLow ? data.xHigh : data.xLow + 1;
    std::vector<double> all;
    for (const auto& s : data.series) {
        if (s.level)
            all.push_back(*s.level);
        for (const auto& p : s.points) {
            all.push_back(p.value);
            if (p.low && *p.low > 0)
                all.push_back(*p.low);
            if (p.high)
                all.push_back(*p.high);
        }
    }
    for (const auto& b : data.bars)
        all.push_back(b.value);
    const double lo = all.empty() ? 1 : *std::min_element(all.begin(), all.end());
    const double hi = all.empty() ? 10 : *std::max_element(all.begin(), all.end());
    f.log = options.logScale && data.bars.isEmpty() && lo > 0;
    f.lo = f.log ? lo / 1.6 : 0;
    f.hi = f.log ? hi * 1.6 : hi * 1.15;
    if (!(f.hi > f.lo))
        f.hi = f.lo + 1;
    return f;
}

// Axes, y ticks (decades on a log scale, five steps otherwise), axis labels and category labels.
void axesSvg(QString& out, const Frame& f, const PlotData& data) {
    out += QStringLiteral("<path d=\"M%1 %2 V%3 H%4\" fill=\"none\" stroke=\"black\"/>\n")
               .arg(num(f.left), num(f.top), num(f.bottom), num(f.right));
    QList<double> ticks;
    if (f.log)
        for (double d = std::pow(10, std::floor(std::log10(f.lo))); d <= f.hi; d *= 10)
            ticks << d;
    else
        for (int k = 0; k <= 5; ++k)
            ticks << f.lo + (f.hi - f.lo) * k / 5;
    for (const double t : ticks) {
        if (t < f.lo)
            continue;
        out += QStringLiteral("<line x1=\"%1\" y1=\"%2\" x2=\"%3\" y2=\"%2\" stroke=\"#ddd\"/>"
                              "<text x=\"%4\" y=\"%5\" text-anchor=\"end\">%6</text>\n")
                   .arg(num(f.left), num(f.y(t)), num(f.right), num(f.left - 6), num(f.y(t) + 4),
                        QString::number(t, 'g', 4));
    }
    out +=
        QStringLiteral("<text transform=\"translate(20 %1) rotate(-90)\" text-anchor=\"middle\">%2</text>\n")
            .arg(num((f.top + f.bottom) / 2), text(data.yLabel));
    out += QStringLiteral("<text x=\"%1\" y=\"%2\" text-anchor=\"middle\">%3</text>\n")
               .arg(num((f.left + f.right) / 2), num(f.bottom + 70), text(data.xLabel));
    if (f.logX) {
        for (const double t : sizeTicks(f.xLow, f.xHigh))
            out += QStringLiteral("<line x1=\"%1\" y1=\"%2\" x2=\"%1\" y2=\"%3\" stroke=\"#ddd\"/>"
                                  "<text x=\"%1\" y=\"%4\" text-anchor=\"middle\">%5</text>\n")
                       .arg(num(f.x(t)), num(f.top), num(f.bottom), num(f.bottom + 18),
                            text(sizeTickText(t, data.sizeMeasure)));
        return;
    }
    const int step = int(data.categories.size() / 40) + 1;
    for (int k = 0; k < data.categories.size(); k += step)
        out +=
            QStringLiteral("<text transform=\"translate(%1 %2) rotate(-40)\" text-anchor=\"end\">%3</text>\n")
                .arg(num(f.x(k)), num(f.bottom + 16), text(data.categories[k].label));
}

// On the size axis, a series' points joined in size order: the published times dashed, as on screen.
void joinSvg(QString& out, const Frame& f, const PlotSeries& s, const char* c) {
    if (!s.joined || s.points.size() < 2)
        return;
    QStringList points;
    for (const PlotPoint& p : s.points)
        points << num(f.x(p.x)) + u',' + num(f.y(p.value));
    const bool published = s.kind == PlotSeries::Kind::SpeedOfLight || s.kind == PlotSeries::Kind::Baseline;
    out += QStringLiteral("<polyline points=\"%1\" fill=\"none\" stroke=\"%2\" stroke-width=\"1.5\"%3/>\n")
               .arg(points.join(u' '), QLatin1String(c),
                    published ? QStringLiteral(" stroke-dasharray=\"6 3\"") : QString());
}

// Bars, then every series: markers with whiskers, level marks, or one level across.
void dataSvg(QString& out, const Frame& f, const PlotData& data) {
    const double slot = f.x(1) - f.x(0); // bars: categories only
    for (int k = 0; k < data.bars.size(); ++k)
        out += QStringLiteral("<rect x=\"%1\" y=\"%2\" width=\"%3\" height=\"%4\" fill=\"%5\"/>\n")
                   .arg(num(f.x(k) - 0.3 * slot), num(f.y(data.bars[k].value)), num(0.6 * slot),
                        num(f.bottom - f.y(data.bars[k].value)),
                        QLatin1String(kColours[data.bars[k].selected ? 1 : 0]));
    for (int i = 0; i < data.series.size(); ++i) {
        const PlotSeries& s = data.series[i];
        const char* c = colourOf(s, i);
        if (s.level) {
            out += QStringLiteral("<line x1=\"%1\" y1=\"%2\" x2=\"%3\" y2=\"%2\" stroke=\"%4\" "
                                  "stroke-dasharray=\"6 3\"/>\n")
                       .arg(num(f.x(f.xLow)), num(f.y(*s.level)), num(f.x(f.xHigh)), QLatin1String(c));
            continue;
        }
        joinSvg(out, f, s, c);
        for (const PlotPoint& p : s.points) {
            if (p.low && p.high)
                out += QStringLiteral("<line x1=\"%1\" y1=\"%2\" x2=\"%1\" y2=\"%3\" stroke=\"%4\"/>\n")
                           .arg(num(f.x(p.x)), num(f.y(*p.low)), num(f.y(*p.high)), QLatin1String(c));
            marker(out, s.kind, f.x(p.x), f.y(p.value), c, f.logX ? 5 : 9);
        }
    }
}

// The legend below the data, three entries a row.
void legendSvg(QString& out, const Frame& f, const PlotData& data) {
    for (int i = 0; i < data.series.size(); ++i) {
        const double x = f.left + (i % 3) * (f.right - f.left) / 3;
        const int row = i / 3; // whole rows: the integer division is meant
        const double y = f.legendTop + row * 20.0;
        marker(out, data.series[i].kind, x + 8, y - 4, colourOf(data.series[i], i));
        out += QStringLiteral("<text x=\"%1\" y=\"%2\">%3</text>\n")
                   .arg(num(x + 22), num(y), text(data.series[i].name));
    }
}

} // namespace

QByteArray plotSvg(const PlotData& data, const PlotSvgOptions& options) {
    const Frame f = frameOf(data, options);
    QString out = QStringLiteral("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                 "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%1\" height=\"%2\" "
                                 "viewBox=\"0 0 %1 %2\" font-family=\"sans-serif\" font-size=\"12\">\n")
                      .arg(options.width)
                      .arg(options.height);
    out += QStringLiteral("<title>%1</title>\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n")
               .arg(text(data.title));
    out += QStringLiteral("<text x=\"%1\" y=\"28\" text-anchor=\"middle\" font-size=\"15\" "
                          "font-weight=\"bold\">%2</text>\n")
               .arg(num(options.width / 2.0), text(data.title));
    axesSvg(out, f, data);
    dataSvg(out, f, data);
    legendSvg(out, f, data);
    if (!data.footnote.isEmpty())
        out +=
            QStringLiteral("<text x=\"%1\" y=\"%2\" text-anchor=\"middle\" font-style=\"italic\">%3</text>\n")
                .arg(num((f.left + f.right) / 2), num(f.bottom + 90), text(data.footnote));
    if (!data.notice.isEmpty())
        out +=
            QStringLiteral("<text x=\"%1\" y=\"%2\" text-anchor=\"middle\" font-style=\"italic\">%3</text>\n")
                .arg(num((f.left + f.right) / 2), num(f.top + 20), text(data.notice));
    out += QStringLiteral("</svg>\n");
    return out.toUtf8();
}

} // namespace kix
