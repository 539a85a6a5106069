// The plot's fast_p mode: one step curve per run with per-case results (the selected one, then the
// others), fast_p against the threshold p from 0 to the largest speedup (FastP.h), as KernelBench and
// FlashInfer-Bench draw it. Each run is measured against its own reference implementation.
#pragma once

namespace kix {

struct PlotData;
struct PlotRequest;

// Fills `out` (title, labels, series, x range) for request.mode == PlotMode::FastP.
void buildFastPPlot(PlotData& out, const PlotRequest& request);

} // namespace kix
