#include "PlotWidget.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace kix::ui {

PlotWidget::PlotWidget(QWidget* parent)
    : QWidget(parent)
    , m_plot(new LatencyPlot(this))
    , m_mode(new QComboBox(this))
    , m_scale(new QComboBox(this)) {
    m_mode->addItems({tr("Latency per case"), tr("Speedup per case")});
    m_scale->addItems({tr("Auto"), tr("Logarithmic"), tr("Linear")});
    auto* exportButton = new QPushButton(tr("Export…"), this);
    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Show:"), this));
    bar->addWidget(m_mode);
    bar->addSpacing(12);
    bar->addWidget(new QLabel(tr("Y scale:"), this));
    bar->addWidget(m_scale);
    bar->addStretch(1);
    bar->addWidget(exportButton);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_plot, 1);
    connect(m_mode, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_plot->setMode(i == 1 ? LatencyPlot::Mode::Speedup : LatencyPlot::Mode::Latency);
    });
    connect(m_scale, &QComboBox::currentIndexChanged, this,
            [this](int i) { m_plot->setLogScale(i == 0 ? std::nullopt : std::optional<bool>(i == 1)); });
    connect(exportButton, &QPushButton::clicked, this, &PlotWidget::exportRequested);
}

void PlotWidget::toggleLogScale() {
    m_scale->setCurrentIndex(m_plot->isLogScale() ? 2 : 1);
}

} // namespace kix::ui
