#include "RunTabs.h"

#include "DiffWidget.h"
#include "DigestPanel.h"
#include "FleetView.h"
#include "HistoryWidget.h"
#include "LeaderboardWidget.h"
#include "PlotCompanions.h"
#include "PlotWidget.h"
#include "ProfileWidget.h"
#include "PublishedFigures.h"
#include "PublishedFiguresView.h"
#include "RunDetailsWidget.h"

namespace kix::ui {

RunTabs::RunTabs(RunStore* store, QWidget* parent)
    : QTabWidget(parent)
    , m_store(store)
    , m_details(new RunDetailsWidget(this))
    , m_diff(new DiffWidget(this))
    , m_plot(new PlotWidget(this))
    , m_digests(new DigestPanel(store, this))
    , m_leaderboard(new LeaderboardWidget(this))
    , m_history(new HistoryWidget(this))
    , m_published(new PublishedFiguresView(this))
    , m_profile(new ProfileWidget(this))
    , m_fleet(new FleetView(this)) {
    connect(m_leaderboard, &LeaderboardWidget::compareRequested, this, &RunTabs::compareRequested);
    connect(m_leaderboard, &LeaderboardWidget::runActivated, this, &RunTabs::runActivated);
    m_published->showFile(QString::fromLatin1(kBundledPublished013));
    addTab(m_details, tr("Details"));
    connect(this, &QTabWidget::currentChanged, this, [this] { refreshStale(false); });
    addTab(m_diff, tr("Compare"));
    addTab(m_plot, tr("Plot"));
    addTab(m_digests, tr("Digests"));
    addTab(m_leaderboard, tr("Leaderboard"));
    addTab(m_history, tr("History"));
    addTab(m_published, tr("Published"));
    addTab(m_profile, tr("Profile")); // after the others: --tab and Alt+N name them by their place
    addTab(m_fleet, tr("Fleet"));
}

void RunTabs::showSelection(const QList<int>& storeRows, bool comparing) {
    m_selected = storeRows;
    const ManifestPtr first = storeRows.isEmpty() ? nullptr : m_store->at(storeRows.first());
    m_details->setManifest(first);
    m_stale = StalePlot | StaleDigests | StaleProfile | StaleFleet;
    if (storeRows.size() == 2 && !comparing)
        m_stale |= StaleCompare;
    refreshStale(false);
    const StoreRow row = first ? m_store->row(storeRows.first()) : StoreRow{};
    const int run = first && row.kind == StoreRow::Kind::Run ? row.index : -1;
    m_leaderboard->setSelectedRun(run);
    m_history->setSelectedRun(run); // its cohort's history, not the first cohort's
}

QList<ManifestPtr> RunTabs::plotCompanions() const {
    // Chosen from the typed records; only the runs drawn are built as bundle views (and kept: the next
    // selection draws them again).
    auto runOf = [this](int i) {
        const StoreRow row = i < m_selected.size() ? m_store->row(m_selected[i]) : StoreRow{};
        return row.kind == StoreRow::Kind::Run ? row.index : -1;
    };
    QList<ManifestPtr> out;
    for (const int run :
         kix::plotCompanions(m_store->index(), runOf(0), m_selected.size() == 2 ? runOf(1) : -1))
        out << m_store->at(m_store->index().rowOfRun(run));
    return out;
}

void RunTabs::refreshStale(bool all) {
    const QWidget* shown = currentWidget();
    const ManifestPtr first = m_selected.isEmpty() ? nullptr : m_store->at(m_selected.first());
    if ((m_stale & StalePlot) && (all || shown == m_plot)) {
        m_stale &= ~StalePlot;
        m_plot->plot()->showRun(first, plotCompanions());
    }
    if ((m_stale & StaleDigests) && (all || shown == m_digests)) {
        m_stale &= ~StaleDigests;
        m_digests->showRun(m_selected.value(0, -1));
    }
    if ((m_stale & StaleProfile) && (all || shown == m_profile)) {
        m_stale &= ~StaleProfile;
        m_profile->showRun(first); // reads the run's profile sidecar, if any
    }
    if ((m_stale & StaleFleet) && (all || shown == m_fleet)) {
        m_stale &= ~StaleFleet;
        QList<ManifestPtr> runs;
        for (const int i : std::as_const(m_selected))
            runs << m_store->at(i);
        m_fleet->showRuns(runs);
    }
    if ((m_stale & StaleCompare) && (all || shown == m_diff)) {
        m_stale &= ~StaleCompare;
        if (m_selected.size() == 2)
            m_diff->setRuns(first, m_store->at(m_selected[1]));
    }
}

void RunTabs::compare(const QList<int>& storeRows) {
    QList<ManifestPtr> runs;
    for (const int i : storeRows)
        runs << m_store->at(i);
    m_stale &= ~StaleCompare;
    m_diff->setRunList(runs, 0);
    setCurrentWidget(m_diff);
}

void RunTabs::loadFinished() {
    m_digests->showRun(m_selected.value(0, -1));
    m_leaderboard->refresh(m_store->snapshot());
    m_history->refresh(m_store->snapshot());
}

void RunTabs::clear() {
    m_diff->clear();
    m_leaderboard->clear();
    m_history->clear();
    m_plot->plot()->showRun(nullptr, {});
}

bool RunTabs::isSettling() const {
    return m_diff->isPreparing() || m_digests->isChecking() || m_plot->plot()->isBuilding() ||
           m_leaderboard->isBusy() || m_history->isBusy();
}

} // namespace kix::ui
