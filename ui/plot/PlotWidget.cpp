#include "PlotWidget.h"

#include "Actions.h"

#include "BundledProblem.h"
#include "HistogramDialog.h"
#include "PlainText.h"
#include "SpeedOfLight.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace kix::ui {

namespace {
enum SolChoice { SolOwnGpu, SolNone, SolFirstGpu };
} // namespace

PlotWidget::PlotWidget(QWidget* parent)
    : QWidget(parent)
    , m_plot(new LatencyPlot(this))
    , m_mode(new QComboBox(this))
    , m_order(new QComboBox(this))
    , m_sol(new QComboBox(this))
    , m_scale(new QComboBox(this))
    , m_distributions(new QCheckBox(tr("Distributions"), this))
    , m_logScale(namedAction(this, QStringLiteral("logScale"), tr("Toggle &log scale"),
                             QKeySequence(QStringLiteral("Ctrl+L")))) {
    connect(m_logScale, &QAction::triggered, this, &PlotWidget::toggleLogScale);
    m_mode->addItems({tr("Latency per case"), tr("Speedup per case"), tr("fast_p curve (suite)")});
    m_mode->setItemData(2,
                        tr("The fraction of each run's cases that are correct and faster than its reference "
                           "by more than p, for every p (KernelBench's fast_p), for the selected runs"),
                        Qt::ToolTipRole);
    m_distributions->setToolTip(tr("Every timed launch per case: a box of the quartiles with whiskers to the "
                                   "Tukey fences (1.5 IQR) and the launches beside it, outliers flagged and "
                                   "kept. Double-click a box for its histogram."));
    m_distributions->setVisible(false);
    m_order->addItems({tr("Workload order"), tr("By size"), tr("Size axis (log)")});
    m_order->setToolTip(tr("The cases side by side as the run lists them or by size, or on a log axis of "
                           "their size with each series joined in size order. The size is the bytes moved "
                           "when the cases record them, else the product of their axes."));
    m_sol->addItems({tr("The run's GPU"), tr("None")});
    if (const ProblemDefinition* problem = bundledProblemDefinition())
        for (const QString& gpu : problem->speedOfLightGpus())
            m_sol->addItem(tr("%1 (published)").arg(gpu), gpu);
    m_sol->setToolTip(tr("Whose published speed-of-light (T_sol) and baseline (T_b) times to mark per case"));
    m_scale->addItems({tr("Auto"), tr("Logarithmic"), tr("Linear")});
    auto* exportButton = new QPushButton(tr("Export…"), this);
    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Show:"), this));
    bar->addWidget(m_mode);
    bar->addSpacing(12);
    bar->addWidget(new QLabel(tr("Cases:"), this));
    bar->addWidget(m_order);
    bar->addSpacing(12);
    bar->addSpacing(12);
    bar->addWidget(new QLabel(tr("Y scale:"), this));
    bar->addWidget(m_scale);
    bar->addStretch(1);
    // A second row, so the plot fits beside a run list that shows its essential columns (issue 25).
    auto* bar2 = new QHBoxLayout;
    bar2->addWidget(new QLabel(tr("Speed of light:"), this));
    bar2->addWidget(m_sol);
    bar2->addSpacing(12);
    bar2->addWidget(m_distributions);
    bar2->addStretch(1);
    bar2->addWidget(exportButton);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addLayout(bar2);
    layout->addWidget(m_plot, 1);
    connect(m_mode, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_plot->setMode(i == 2   ? LatencyPlot::Mode::FastP
                        : i == 1 ? LatencyPlot::Mode::Speedup
                                 : LatencyPlot::Mode::Latency);
    });
    connect(m_distributions, &QCheckBox::toggled, m_plot, &LatencyPlot::setDistributions);
    // Offered only where there is something to show: a run with samples (boxes need the latency view).
    connect(m_plot, &LatencyPlot::drawn, this, [this] {
        m_distributions->setVisible(m_plot->runHasSamples());
        m_distributions->setEnabled(m_plot->mode() == LatencyPlot::Mode::Latency);
    });
    connect(m_plot, &LatencyPlot::histogramRequested, this, &PlotWidget::showHistogram);
    connect(m_order, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_plot->setCaseAxis(i == 2 ? CaseAxis::Size : i == 1 ? CaseAxis::SizeOrder : CaseAxis::Workload);
    });
    connect(m_sol, &QComboBox::currentIndexChanged, this, &PlotWidget::applySpeedOfLight);
    connect(m_scale, &QComboBox::currentIndexChanged, this,
            [this](int i) { m_plot->setLogScale(i == 0 ? std::nullopt : std::optional<bool>(i == 1)); });
    connect(exportButton, &QPushButton::clicked, this, &PlotWidget::exportRequested);
}

void PlotWidget::applySpeedOfLight() {
    const int i = m_sol->currentIndex();
    m_plot->setSpeedOfLight(i != SolNone, i >= SolFirstGpu ? m_sol->currentData().toString() : QString());
}

HistogramDialog* PlotWidget::showHistogram(int box) {
    const PlotData& data = m_plot->data();
    if (!m_plot->run() || box < 0 || box >= data.boxes.size())
        return nullptr;
    const QString title =
        tr("%1, case %2").arg(data.boxesName, data.categories.value(data.boxes[box].category).label);
    auto* dialog = new HistogramDialog(title, boxSamplesUs(*m_plot->run(), data, box), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

void PlotWidget::toggleLogScale() {
    m_scale->setCurrentIndex(m_plot->isLogScale() ? 2 : 1);
}

} // namespace kix::ui
