// The plot as SVG, written from PlotData itself (Qt's SVG module is not a dependency): a title, the axes
// with category labels (or, on the size axis, log size ticks and each series joined in size order),
// markers and whiskers, level marks for published times, suite levels, bars, the footnote and the legend
// below the data. Text is XML-escaped and sanitized (TextSanitizer), so a run's name cannot
// inject markup or controls into the file.
#pragma once

#include "PlotSeries.h"

#include <QByteArray>

namespace kix {

struct PlotSvgOptions {
    int width = 1400;
    int height = 800;
    bool logScale = false;
};

QByteArray plotSvg(const PlotData& data, const PlotSvgOptions& options = {});

} // namespace kix
