// Fixtures of the tests of the plot: a run with cases of known shape, and reading the plot's graphs.
#pragma once

#include "Manifest.h"

#include <QList>
#include <QString>

class QCPGraph;

namespace kix::ui {
class LatencyPlot;
}

namespace kixtest {

// The seed with three cases a, b, c of known axes and latencies, implementation "kix fused".
kix::ManifestPtr runWithCases();

QList<double> keysOf(const QCPGraph* g);
QList<double> valuesOf(const QCPGraph* g);

// The plot's graph of that legend name; null when it has none.
const QCPGraph* graphNamed(const kix::ui::LatencyPlot& plot, const QString& name);

} // namespace kixtest
