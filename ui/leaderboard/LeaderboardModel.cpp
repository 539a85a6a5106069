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
    : QAbstractItemModel(parent) {}

void LeaderboardModel::setBoard(Leaderboard board, QHash<int, int> suiteOfRun) {
    beginResetModel();
    m_board = std::move(board);
    m_suiteOfRun = std::move(suiteOfRun);
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
    m_cases.clear();
    QList<Slot> accepted;
    QHash<int, int> shown; // run -> its slot in `accepted`
    for (int c = 0; c < m_board.cohorts.size(); ++c)
        for (int i = 0; i < m_board.cohorts[c].entries.size(); ++i)
            if (m_filter.accepts(m_board.cohorts[c].entries[i])) {
                shown.insert(m_board.cohorts[c].entries[i].run, int(accepted.size()));
                accepted.append({c, i});
            }
    // A case run goes under its suite run where that is shown too; else it is a row of its own.
    QHash<int, int> rowOfSuite; // run -> top-level row
    auto suiteShown = [&](const Slot& s) {
        const int suite = m_suiteOfRun.value(entryOf(s).run, -1);
        return suite >= 0 && shown.contains(suite) ? suite : -1;
    };
    for (const Slot& s : accepted)
        if (suiteShown(s) < 0) {
            rowOfSuite.insert(entryOf(s).run, int(m_rows.size()));
            m_rows.append(s);
        }
    m_cases.resize(m_rows.size());
    for (const Slot& s : accepted)
        if (const int suite = suiteShown(s); suite >= 0)
            m_cases[rowOfSuite.value(suite)].append(s);
}

int LeaderboardModel::rowOfRun(int run) const {
    for (int r = 0; r < m_rows.size(); ++r)
        if (entry(r).run == run)
            return r;
    return -1;
}

QModelIndex LeaderboardModel::indexOfRun(int run) const {
    for (int r = 0; r < m_rows.size(); ++r) {
        if (entry(r).run == run)
            return index(r, 0);
        for (int c = 0; c < m_cases[r].size(); ++c)
            if (entryOf(m_cases[r][c]).run == run)
                return index(c, 0, index(r, 0));
    }
    return {};
}

const LeaderboardEntry& LeaderboardModel::entry(int row) const {
    return entryOf(m_rows[row]);
}

const LeaderboardCohort& LeaderboardModel::cohortOf(int row) const {
    return m_board.cohorts[m_rows[row].first];
}

// Internal ids: 0 for a top-level row, its parent's row + 1 for a case.
const LeaderboardModel::Slot* LeaderboardModel::slotOf(const QModelIndex& index) const {
    if (!index.isValid() || index.model() != this)
        return nullptr;
    if (index.internalId() == 0)
        return index.row() < m_rows.size() ? &m_rows[index.row()] : nullptr;
    const qsizetype top = qsizetype(index.internalId() - 1);
    if (top >= m_cases.size() || index.row() >= m_cases[top].size())
        return nullptr;
    return &m_cases[top][index.row()];
}

QModelIndex LeaderboardModel::index(int row, int column, const QModelIndex& parent) const {
    if (row < 0 || column < 0 || column >= ColumnCount)
        return {};
    if (!parent.isValid())
        return row < m_rows.size() ? createIndex(row, column, quintptr(0)) : QModelIndex();
    if (parent.model() != this || parent.internalId() != 0 || parent.column() != 0 ||
        parent.row() >= m_cases.size() || row >= m_cases[parent.row()].size())
        return {};
    return createIndex(row, column, quintptr(parent.row()) + 1);
}

QModelIndex LeaderboardModel::parent(const QModelIndex& child) const {
    if (!child.isValid() || child.internalId() == 0)
        return {};
    return createIndex(int(child.internalId() - 1), 0, quintptr(0));
}

int LeaderboardModel::rowCount(const QModelIndex& parent) const {
    if (!parent.isValid())
        return int(m_rows.size());
    if (parent.model() != this || parent.internalId() != 0 || parent.column() != 0)
        return 0;
    return int(m_cases.value(parent.row()).size());
}

int LeaderboardModel::columnCount(const QModelIndex& /*parent*/) const {
    return ColumnCount;
}

QVariant LeaderboardModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractItemModel::headerData(section, orientation, role);
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

QString LeaderboardModel::text(const Slot& s, int column) const {
    const LeaderboardEntry& e = entryOf(s);
    const LeaderboardCohort& c = m_board.cohorts[s.first];
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

QVariant LeaderboardModel::sortKey(const Slot& s, int column) const {
    constexpr double kMissing = std::numeric_limits<double>::quiet_NaN();
    const LeaderboardEntry& e = entryOf(s);
    switch (column) {
    case Rank:
        // Cohort by cohort, then by rank; the unranked last (missing values sort last either way).
        return e.rank ? QVariant(s.first * 1e6 + *e.rank) : QVariant(kMissing);
    case Time:
        return e.timeNs ? QVariant(*e.timeNs) : QVariant(kMissing);
    case SolScore:
        if (e.solScore)
            return *e.solScore;
        return e.publishedSolScore ? QVariant(*e.publishedSolScore) : QVariant(kMissing);
    default:
        return text(s, column).toCaseFolded();
    }
}

QVariant LeaderboardModel::toolTip(const Slot& s, int column) const {
    const LeaderboardEntry& e = entryOf(s);
    const LeaderboardCohort& c = m_board.cohorts[s.first];
    if (column == Rank) // with the verdict engine's word on the tie, where a test was possible
        return plainToolTip(e.rankNote.isEmpty() ? c.rankText(e) : c.rankText(e) + u'\n' + e.rankNote);
    if (column == Cohort)
        return plainToolTip(c.label + u'\n' + c.key);
    if (column == SolScore)
        return e.solScore ? tr("Mean over the run's cases of S = 1/(1 + (T − T_sol)/(T_b − T_sol)), from the "
                               "published speed-of-light times")
                          : tr("No published speed-of-light times for this run's GPU and cases");
    return plainToolTip(text(s, column));
}

QVariant LeaderboardModel::foreground(const Slot& s, int column) const {
    const LeaderboardEntry& e = entryOf(s);
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
    const Slot* slot = slotOf(index);
    if (!slot || index.column() >= ColumnCount)
        return {};
    const Slot& s = *slot;
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return text(s, column);
    case SortRole:
        return sortKey(s, column);
    case Qt::ToolTipRole:
        return toolTip(s, column);
    case Qt::TextAlignmentRole:
        return column == Time || column == SolScore ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter))
                                                    : QVariant();
    case Qt::ForegroundRole:
        return foreground(s, column);
    case RunIndexRole:
        return entryOf(s).run;
    }
    return {};
}

} // namespace kix::ui
