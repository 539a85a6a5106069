// The tabs right of the run list, in the role of hotspot's ResultsPage: it makes the nine (Details,
// Compare, Plot, Digests, Leaderboard, History, Published, Profile, Fleet) and brings each up to the
// selection. A run of 10,000 cases costs the plot, digest and compare tabs 100–300 ms each, so a selection
// redraws the tab in view at once and the others when they are shown (or all, for an export). Handed the
// store and the selection; it never asks the window.
#pragma once

#include "RunStore.h"

#include <QTabWidget>

namespace kix::ui {

class DiffWidget;
class DigestPanel;
class FleetView;
class HistoryWidget;
class LeaderboardWidget;
class PlotWidget;
class ProfileWidget;
class PublishedFiguresView;
class RunDetailsWidget;

class RunTabs : public QTabWidget {
    Q_OBJECT
public:
    explicit RunTabs(RunStore* store, QWidget* parent = nullptr);

    RunDetailsWidget* details() const { return m_details; }
    DiffWidget* diff() const { return m_diff; }
    PlotWidget* plot() const { return m_plot; }
    DigestPanel* digests() const { return m_digests; }
    LeaderboardWidget* leaderboard() const { return m_leaderboard; }
    HistoryWidget* history() const { return m_history; }
    PublishedFiguresView* published() const { return m_published; }
    ProfileWidget* profile() const { return m_profile; }
    FleetView* fleet() const { return m_fleet; }

    // The selected store rows, in the table's order. `comparing`: compare() shows them next, so two
    // selected runs are not compared on their own.
    void showSelection(const QList<int>& storeRows, bool comparing);
    // Brings the views the selection left stale up to it: the one in view, or all of them.
    void refreshStale(bool all);
    // Compares these store rows, the first as the baseline, on the Compare tab.
    void compare(const QList<int>& storeRows);
    // A load ended: the ranks, the history and the selected run's digests follow what is loaded now.
    void loadFinished();
    // Close all: nothing that was loaded stays on screen, not the comparison, not the ranks.
    void clear();
    // Whether a tab is still computing what the selection asks for off the UI thread.
    bool isSettling() const;

signals:
    void compareRequested(int run, int leader); // the leaderboard's "Compare with #1"
    void runActivated(int run);                 // a run double-clicked on the leaderboard

private:
    QList<ManifestPtr> plotCompanions() const;

    RunStore* m_store;
    RunDetailsWidget* m_details;
    DiffWidget* m_diff;
    PlotWidget* m_plot;
    DigestPanel* m_digests;
    LeaderboardWidget* m_leaderboard;
    HistoryWidget* m_history;
    PublishedFiguresView* m_published;
    ProfileWidget* m_profile;
    FleetView* m_fleet; // the selected runs as one cohort on several cards
    QList<int> m_selected;
    enum StaleView { StalePlot = 1, StaleDigests = 2, StaleCompare = 4, StaleProfile = 8, StaleFleet = 16 };
    int m_stale = 0; // StaleView flags: views the selection changed that are not redrawn yet
};

} // namespace kix::ui
