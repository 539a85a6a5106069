// The plot tab: mode (latency / speedup / the suite's fast_p curve), the cases' order or size axis, whose
// speed-of-light times, log scale, per-case distributions (shown only for runs with samples), export; the
// histogram of one case's samples from its box.
#pragma once

#include "LatencyPlot.h"

#include <QWidget>

class QAction;
class QCheckBox;
class QComboBox;

namespace kix::ui {

class HistogramDialog;

class PlotWidget : public QWidget {
    Q_OBJECT
public:
    explicit PlotWidget(QWidget* parent = nullptr);
    LatencyPlot* plot() const { return m_plot; }
    QComboBox* modeBox() const { return m_mode; }
    QComboBox* orderBox() const { return m_order; }
    QComboBox* speedOfLightBox() const { return m_sol; }
    QComboBox* scaleBox() const { return m_scale; }
    QCheckBox* distributionsBox() const { return m_distributions; }
    void toggleLogScale();
    // View ▸ Toggle log scale (Ctrl+L), the plot's own; the window places it.
    QAction* logScaleAction() const { return m_logScale; }
    // Opens the histogram of data().boxes[box]'s samples (non-modal, deleted on close); nullptr for no box.
    HistogramDialog* showHistogram(int box);

signals:
    void exportRequested();

private:
    void applySpeedOfLight();

    LatencyPlot* m_plot;
    QComboBox* m_mode;
    QComboBox* m_order;
    QComboBox* m_sol;
    QComboBox* m_scale;
    QCheckBox* m_distributions;
    QAction* m_logScale;
};

} // namespace kix::ui
