// The Leaderboard tab: loaded runs by cohort with their ranks, facets to filter by (operation, GPU, source,
// status, digest state, each value with its count), where the selected run stands ("#3 of 12") and
// "Compare with #1". The leaderboard is built off the UI thread from a snapshot of the store, with the
// suites' case runs grouped under them (model/index RunGroups).
#pragma once

#include "LeaderboardModel.h"
#include "RecordIndex.h"

#include <QWidget>
#include <array>

class QLabel;
class QListWidget;
class QPushButton;
class QTreeView;

namespace kix::ui {

class MissingLastProxy;

class LeaderboardWidget : public QWidget {
    Q_OBJECT
public:
    explicit LeaderboardWidget(QWidget* parent = nullptr);

    // Rebuilds from this snapshot (off the UI thread); emits updated() when it is shown.
    void refresh(const RecordIndex& snapshot);
    void clear();
    // The run selected elsewhere (an index into the RecordIndex, -1 for none).
    void setSelectedRun(int run);
    void setFacetValue(LeaderboardFacet facet, const QString& value, bool checked);

    LeaderboardModel* model() const { return m_model; }
    QTreeView* table() const { return m_table; } // suite runs expand to their case runs
    QLabel* positionLabel() const { return m_position; }
    QPushButton* compareButton() const { return m_compare; }
    QListWidget* facetList(LeaderboardFacet facet) const { return m_facets[std::size_t(facet)]; }
    bool isBusy() const { return m_pending > 0; }
    // The leader of the selected run's cohort, -1 when none or the run is itself the leader or unranked.
    int leaderOfSelected() const;

signals:
    void updated();
    void compareRequested(int run, int leader); // run indices
    void runActivated(int run);

private:
    void showBoard(Leaderboard board, QHash<int, int> suiteOfRun = {});
    void updateFacets();
    void updatePosition();
    void facetChanged();

    LeaderboardModel* m_model;
    MissingLastProxy* m_proxy;
    QTreeView* m_table;
    QLabel* m_position;
    QPushButton* m_compare;
    std::array<QListWidget*, kLeaderboardFacetCount> m_facets{};
    int m_selectedRun = -1;
    quint64 m_job = 0;
    int m_pending = 0;
    bool m_updatingFacets = false;
};

} // namespace kix::ui
