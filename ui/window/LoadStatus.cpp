#include "LoadStatus.h"

#include "PlainText.h"
#include "RunStore.h"

#include <QLabel>
#include <QProgressBar>
#include <QStatusBar>
#include <QToolButton>
#include <algorithm>

namespace kix::ui {

namespace {
constexpr int kCountsDelayMs = 250; // the counts follow a long load without redrawing on every batch
constexpr int kProgressWidth = 220;
constexpr int kFinishedMessageMs = 8000;
} // namespace

LoadStatus::LoadStatus(RunStore* store, QStatusBar* bar, QObject* parent)
    : QObject(parent)
    , m_store(store)
    , m_bar(bar)
    , m_counts(new QLabel(bar))
    , m_progress(new QProgressBar(bar))
    , m_cancel(new QToolButton(bar)) {
    holdUntrustedText(m_counts);
    m_counts->setWordWrap(false); // one line in the status bar
    m_progress->setMaximumWidth(kProgressWidth);
    m_progress->hide();
    m_cancel->setText(tr("Cancel loading"));
    m_cancel->hide();
    bar->addWidget(m_counts, 1);
    bar->addPermanentWidget(m_progress);
    bar->addPermanentWidget(m_cancel);
    m_delay.setSingleShot(true);
    m_delay.setInterval(kCountsDelayMs);
    connect(&m_delay, &QTimer::timeout, this, &LoadStatus::updateCounts);
    connect(m_store, &RunStore::loadStarted, this, [this] {
        m_progress->setRange(0, 0); // busy until the first progress report
        m_progress->show();
        m_cancel->show();
    });
    connect(m_store, &RunStore::rowsAdded, this, [this] { m_delay.start(); });
    connect(m_store, &RunStore::loadProgress, this, [this](int done, int total) {
        m_progress->setRange(0, std::max(total, 1));
        m_progress->setValue(done);
    });
    connect(m_store, &RunStore::cleared, this, &LoadStatus::updateCounts);
    connect(m_cancel, &QToolButton::clicked, m_store, &RunStore::cancel);
    updateCounts();
}

void LoadStatus::loadFinished(int loaded, int problemRows, bool cancelled) {
    m_progress->hide();
    m_cancel->hide();
    const int runs = loaded - problemRows;
    m_bar->showMessage(
        (cancelled ? tr("Loading cancelled; what was read before the cancel is kept: ") : tr("Loaded ")) +
            tr("%n run(s)", nullptr, runs) +
            (problemRows ? tr(", %n input(s) with problems", nullptr, problemRows) : QString()),
        kFinishedMessageMs);
    updateCounts();
}

void LoadStatus::updateCounts() {
    const RecordIndex& index = m_store->index();
    const int workloads =
        index.resourceCount(ResourceKind::WorkloadSuite) + index.resourceCount(ResourceKind::WorkloadCase);
    m_counts->setText(
        tr("%1 runs · %2 inputs with problems · %3 workloads, %4 implementations, %5 operations")
            .arg(index.runCount())
            .arg(index.problemRows().size())
            .arg(workloads)
            .arg(index.resourceCount(ResourceKind::ImplementationRevision))
            .arg(index.resourceCount(ResourceKind::OperationSpec)));
}

} // namespace kix::ui
