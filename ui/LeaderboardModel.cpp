#include "LeaderboardModel.h"

#include "Format.h"
#include "Palette.h"
#include "PlainText.h"
#include "Roles.h"
#include "TextSanitizer.h"

#include <QBrush>
#include <cmath>
#include <limits>

namespace kix::ui {

LeaderboardModel::LeaderboardModel(QObject* parent)
    : QAbstractTableModel(parent) {}

void LeaderboardModel::setBoard(Leaderboard board) {
    beginResetModel();
    m_board = std::move(board);
    rebuildRows();
    endResetModel();
}

void LeaderboardModel::setFilter(const LeaderboardFilter& filter) {
    beginResetModel();
    m_filter = filter;
    rebuildRows();
    endResetModel();
}

void LeaderboardModel::rebuildRows() {
    m_rows.clear();
    for (int c = 0; c < m_board.cohorts.size(); ++c)
        for (int i = 0; i < m_board.cohorts[c].entries.size(); ++i)
            if (m_filter.accepts(m_board.cohorts[c].entries[i]))
                m_rows.append({c, i});
}

int LeaderboardModel::rowOfRun(int run) const {
    for (int r = 0; r < m_rows.size(); ++r)
        if (entry(r).run == run)
            return r;
    return -1;
}

const LeaderboardEntry& LeaderboardModel::entry(int row) const {
    return m_board.cohorts[m_rows[row].first].entries[m_rows[row].second];
}

const LeaderboardCohort& LeaderboardModel::cohortOf(int row) const {
    return m_board.cohorts[m_rows[row].first];
}

int LeaderboardModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

int LeaderboardModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LeaderboardModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Rank:
        return tr("Rank");
    case Implementation:
        return tr("Implementation");
    case Gpu:
        return tr("GPU");
    case Time:
        return tr("Primary time");
    case SolScore:
        return tr("SOL score");
    case Status:
        return tr("Status");
    case Digests:
        return tr("Digests");
    case Cohort:
        return tr("Cohort");
    }
    return {};
}

QString LeaderboardModel::text(int row, int column) const {
    const LeaderboardEntry& e = entry(row);
    const LeaderboardCohort& c = cohortOf(row);
    switch (column) {
    case Rank:
        return e.rank ? c.rankText(e) : tr("—");
    case Implementation:
        return widgetLine(e.name);
    case Gpu:
        return widgetLine(e.facet(LeaderboardFacet::Gpu));
    case Time:
        return formatLatency(e.timeNs);
    case SolScore:
        if (e.solScore)
            return formatNumber(e.solScore, 4);
        return e.publishedSolScore ? tr("%1 (published)").arg(formatNumber(e.publishedSolScore, 4)) : tr("—");
    case Status:
        return widgetLine(e.facet(LeaderboardFacet::Status));
    case Digests:
        return e.facet(LeaderboardFacet::Digests);
    case Cohort:
        return widgetLine(c.key.isEmpty() ? c.label
                                          : QString(c.label + QStringLiteral(" · ") + c.key.left(15)));
    }
    return {};
}

QVariant LeaderboardModel::sortKey(int row, int column) const {
    constexpr double kMissing = std::numeric_limits<double>::quiet_NaN();
    const LeaderboardEntry& e = entry(row);
    switch (column) {
    case Rank:
        // Cohort by cohort, then by rank; the unranked last (missing values sort last either way).
        return e.rank ? QVariant(m_rows[row].first * 1e6 + *e.rank) : QVariant(kMissing);
    case Time:
        return e.timeNs ? QVariant(*e.timeNs) : QVariant(kMissing);
    case SolScore:
        if (e.solScore)
            return *e.solScore;
        return e.publishedSolScore ? QVariant(*e.publishedSolScore) : QVariant(kMissing);
    default:
        return text(row, column).toCaseFolded();
    }
}

QVariant LeaderboardModel::toolTip(int row, int column) const {
    const LeaderboardEntry& e = entry(row);
    const LeaderboardCohort& c = cohortOf(row);
    if (column == Rank) // with the verdict engine's word on the tie, where a test was possible
        return plainToolTip(e.rankNote.isEmpty() ? c.rankText(e) : c.rankText(e) + u'\n' + e.rankNote);
    if (column == Cohort)
        return plainToolTip(c.label + u'\n' + c.key);
    if (column == SolScore)
        return e.solScore ? tr("Mean over the run's cases of S = 1/(1 + (T − T_sol)/(T_b − T_sol)), from the "
                               "published speed-of-light times")
                          : tr("No published speed-of-light times for this run's GPU and cases");
    return plainToolTip(text(row, column));
}

QVariant LeaderboardModel::foreground(int row, int column) const {
    const LeaderboardEntry& e = entry(row);
    const QString digests = e.facet(LeaderboardFacet::Digests);
    if (column == Status && e.facet(LeaderboardFacet::Status) != QLatin1String("passed"))
        return QBrush(toneColor(Tone::Bad));
    if (column == Digests && digests == QLatin1String("mismatch"))
        return QBrush(toneColor(Tone::Bad));
    if (column == Digests && digests == QLatin1String("all verified"))
        return QBrush(toneColor(Tone::Good));
    if (column == Rank && !e.rank)
        return QBrush(toneColor(Tone::Caution));
    return {};
}

QVariant LeaderboardModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= m_rows.size() || index.column() >= ColumnCount)
        return {};
    const int row = index.row();
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return text(row, column);
    case SortRole:
        return sortKey(row, column);
    case Qt::ToolTipRole:
        return toolTip(row, column);
    case Qt::TextAlignmentRole:
        return column == Time || column == SolScore ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter))
                                                    : QVariant();
    case Qt::ForegroundRole:
        return foreground(row, column);
    case RunIndexRole:
        return entry(row).run;
    }
    return {};
}

} // namespace kix::ui
