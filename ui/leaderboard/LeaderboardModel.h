// The leaderboard as a table: one row per run that the facet filter lets through, cohort by cohort, with
// its rank ("#3 of 12"), time, SOL score, status, digest state and cohort; a suite run's case runs (each
// ranked in its own case's cohort) are its children, not rows of their own (model/index RunGroups). Text
// from manifests is sanitized (TextSanitizer) before a view lays it out.
#pragma once

#include "Leaderboard.h"

#include <QAbstractItemModel>
#include <QHash>

namespace kix::ui {

class LeaderboardModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { Rank, Implementation, Gpu, Time, SolScore, Status, Digests, Cohort, ColumnCount };
    explicit LeaderboardModel(QObject* parent = nullptr);

    // `suiteOfRun`: case run -> its suite run (run indices); a case whose suite is shown is its child.
    void setBoard(Leaderboard board, QHash<int, int> suiteOfRun = {});
    void setFilter(const LeaderboardFilter& filter);
    const Leaderboard& board() const { return m_board; }
    const LeaderboardFilter& filter() const { return m_filter; }
    // The top-level row of a run index, -1 when filtered out, absent or a case under its suite.
    int rowOfRun(int run) const;
    QModelIndex indexOfRun(int run) const;        // at either level
    const LeaderboardEntry& entry(int row) const; // of a top-level row
    const LeaderboardCohort& cohortOf(int row) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    using Slot = QPair<int, int>; // (cohort, entry)
    void rebuildRows();
    const Slot* slotOf(const QModelIndex& index) const;
    const LeaderboardEntry& entryOf(const Slot& s) const {
        return m_board.cohorts[s.first].entries[s.second];
    }
    QString text(const Slot& s, int column) const;
    QVariant sortKey(const Slot& s, int column) const;
    QVariant toolTip(const Slot& s, int column) const;
    QVariant foreground(const Slot& s, int column) const;

    Leaderboard m_board;
    LeaderboardFilter m_filter;
    QHash<int, int> m_suiteOfRun;
    QList<Slot> m_rows;         // top level
    QList<QList<Slot>> m_cases; // top-level row -> its case runs
};

} // namespace kix::ui
