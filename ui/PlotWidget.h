// The plot tab: mode (latency / speedup), the cases' order or size axis, whose speed-of-light times, log
// scale, export.
#pragma once

#include "LatencyPlot.h"

#include <QWidget>

class QComboBox;

namespace kix::ui {

class PlotWidget : public QWidget {
    Q_OBJECT
public:
    explicit PlotWidget(QWidget* parent = nullptr);
    LatencyPlot* plot() const { return m_plot; }
    QComboBox* modeBox() const { return m_mode; }
    QComboBox* orderBox() const { return m_order; }
    QComboBox* speedOfLightBox() const { return m_sol; }
    QComboBox* scaleBox() const { return m_scale; }
    void toggleLogScale();

signals:
    void exportRequested();

private:
    void applySpeedOfLight();

    LatencyPlot* m_plot;
    QComboBox* m_mode;
    QComboBox* m_order;
    QComboBox* m_sol;
    QComboBox* m_scale;
};

} // namespace kix::ui
