// The leaderboard as a table: one row per run that the facet filter lets through, cohort by cohort, with
// its rank ("#3 of 12"), time, SOL score, status, digest state and cohort. Text from manifests is
// sanitized (TextSanitizer) before a view lays it out.
#pragma once

#include "Leaderboard.h"

#include <QAbstractTableModel>

namespace kix::ui {

class LeaderboardModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Rank, Implementation, Gpu, Time, SolScore, Status, Digests, Cohort, ColumnCount };
    explicit LeaderboardModel(QObject* parent = nullptr);

    void setBoard(Leaderboard board);
    void setFilter(const LeaderboardFilter& filter);
    const Leaderboard& board() const { return m_board; }
    const LeaderboardFilter& filter() const { return m_filter; }
    // The row of a run index, -1 when filtered out or absent.
    int rowOfRun(int run) const;
    const LeaderboardEntry& entry(int row) const;
    const LeaderboardCohort& cohortOf(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    void rebuildRows();
    QString text(int row, int column) const;
    QVariant sortKey(int row, int column) const;
    QVariant toolTip(int row, int column) const;
    QVariant foreground(int row, int column) const;

    Leaderboard m_board;
    LeaderboardFilter m_filter;
    QList<QPair<int, int>> m_rows; // (cohort, entry)
};

} // namespace kix::ui
