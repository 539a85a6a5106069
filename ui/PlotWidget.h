// The plot tab: mode (latency / speedup), log scale (auto / on / off), export.
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
    QComboBox* scaleBox() const { return m_scale; }
    void toggleLogScale();

signals:
    void exportRequested();

private:
    LatencyPlot* m_plot;
    QComboBox* m_mode;
    QComboBox* m_scale;
};

} // namespace kix::ui
