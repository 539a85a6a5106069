#include "LeaderboardWidget.h"

#include "MissingLastProxy.h"
#include "OffUiThread.h"
#include "PlainText.h"
#include "Roles.h"
#include "RunGroups.h"
#include "BundledProblem.h"
#include "TextSanitizer.h"

#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSplitter>
#include <QTreeView>
#include <QVBoxLayout>
#include <utility>

namespace kix::ui {

namespace {
constexpr int kValueRole = Qt::UserRole + 100; // the facet value behind "value (count)"
} // namespace

LeaderboardWidget::LeaderboardWidget(QWidget* parent)
    : QWidget(parent)
    , m_model(new LeaderboardModel(this))
    , m_proxy(new MissingLastProxy(this))
    , m_position(new QLabel(this))
    , m_compare(new QPushButton(tr("Compare with #1"), this)) {
    m_proxy->setSourceModel(m_model);
    m_table = new QTreeView(this);
    m_table->setObjectName(QStringLiteral("leaderboardTable"));
    m_table->setModel(m_proxy);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->setUniformRowHeights(true);
    m_table->setAllColumnsShowFocus(true);
    m_table->setIndentation(14);
    m_table->header()->setStretchLastSection(true);
    m_table->header()->setResizeContentsPrecision(100);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(LeaderboardModel::Rank, Qt::AscendingOrder);
    m_table->header()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->setTextElideMode(Qt::ElideRight);
    holdUntrustedText(m_position);
    m_compare->setEnabled(false);
    m_compare->setToolTip(tr("Compare the selected run with the fastest run of its cohort"));

    auto* facets = new QWidget(this);
    auto* facetLayout = new QVBoxLayout(facets);
    facetLayout->setContentsMargins(0, 0, 0, 0);
    for (int f = 0; f < kLeaderboardFacetCount; ++f) {
        auto* box = new QGroupBox(leaderboardFacetName(LeaderboardFacet(f)), facets);
        auto* list = new QListWidget(box);
        list->setObjectName(QStringLiteral("facet%1").arg(f));
        list->setTextElideMode(Qt::ElideMiddle);
        // Check boxes drawn from the palette, so they stay visible on a dark base (Fusion's own outline
        // is the window colour darkened, which vanishes there).
        list->setStyleSheet(QStringLiteral(
            "QListWidget::indicator { width: 11px; height: 11px; border: 1px solid palette(mid); "
            "background: palette(base); } QListWidget::indicator:checked { background: palette(highlight); "
            "border: 1px solid palette(highlight); }"));
        auto* l = new QVBoxLayout(box);
        l->setContentsMargins(4, 4, 4, 4);
        l->addWidget(list);
        facetLayout->addWidget(box, 1);
        m_facets[std::size_t(f)] = list;
        connect(list, &QListWidget::itemChanged, this, &LeaderboardWidget::facetChanged);
    }
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(facets);
    splitter->addWidget(m_table);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 4);
    auto* top = new QHBoxLayout;
    top->addWidget(m_position, 1);
    top->addWidget(m_compare);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(splitter, 1);

    connect(m_compare, &QPushButton::clicked, this, [this] {
        const int leader = leaderOfSelected();
        if (leader >= 0)
            emit compareRequested(m_selectedRun, leader);
    });
    connect(m_table, &QAbstractItemView::activated, this,
            [this](const QModelIndex& index) { emit runActivated(index.data(RunIndexRole).toInt()); });
    updatePosition();
}

void LeaderboardWidget::refresh(const RecordIndex& snapshot) {
    const quint64 job = ++m_job;
    ++m_pending;
    const ProblemDefinition* problem = bundledProblemDefinition();
    runOffUiThread(
        this,
        [snapshot, problem] {
            // Each case run under its suite run: run index -> its suite's run index.
            const RunGroups groups = groupRuns(snapshot);
            QHash<int, int> suiteOfRun;
            for (int r = 0; r < groups.parentRow.size(); ++r)
                if (const int p = groups.parentRow[r]; p >= 0)
                    suiteOfRun.insert(snapshot.row(r).index, snapshot.row(p).index);
            return std::pair{buildLeaderboard(snapshot, problem, true), suiteOfRun};
        },
        [this, job](std::pair<Leaderboard, QHash<int, int>> result) {
            --m_pending;
            if (job == m_job)
                showBoard(std::move(result.first), std::move(result.second));
        });
}

void LeaderboardWidget::clear() {
    ++m_job;
    showBoard({});
}

void LeaderboardWidget::showBoard(Leaderboard board, QHash<int, int> suiteOfRun) {
    m_model->setBoard(std::move(board), std::move(suiteOfRun));
    updateFacets();
    for (int c = 0; c < LeaderboardModel::ColumnCount; ++c)
        m_table->resizeColumnToContents(c);
    // Long cohort labels and names are elided, never allowed to push the other columns away.
    for (int c = 0; c < LeaderboardModel::ColumnCount; ++c)
        m_table->setColumnWidth(c, std::min(m_table->columnWidth(c), 320));
    updatePosition();
    emit updated();
}

void LeaderboardWidget::updateFacets() {
    m_updatingFacets = true;
    for (int f = 0; f < kLeaderboardFacetCount; ++f) {
        QListWidget* list = m_facets[std::size_t(f)];
        list->clear();
        const auto& selected = m_model->filter().selected[std::size_t(f)];
        for (const auto& [value, count] :
             facetCounts(m_model->board(), m_model->filter(), LeaderboardFacet(f))) {
            auto* item =
                new QListWidgetItem(QStringLiteral("%1 (%2)").arg(widgetLine(value)).arg(count), list);
            item->setData(kValueRole, value);
            item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
            item->setCheckState(selected.contains(value) ? Qt::Checked : Qt::Unchecked);
            item->setToolTip(plainToolTip(widgetBlock(value)));
        }
    }
    m_updatingFacets = false;
}

void LeaderboardWidget::facetChanged() {
    if (m_updatingFacets)
        return;
    LeaderboardFilter filter;
    for (int f = 0; f < kLeaderboardFacetCount; ++f) {
        QListWidget* list = m_facets[std::size_t(f)];
        for (int i = 0; i < list->count(); ++i)
            if (list->item(i)->checkState() == Qt::Checked)
                filter.selected[std::size_t(f)].insert(list->item(i)->data(kValueRole).toString());
    }
    m_model->setFilter(filter);
    updateFacets();
    updatePosition();
}

void LeaderboardWidget::setFacetValue(LeaderboardFacet facet, const QString& value, bool checked) {
    QListWidget* list = m_facets[std::size_t(facet)];
    for (int i = 0; i < list->count(); ++i)
        if (list->item(i)->data(kValueRole).toString() == value)
            list->item(i)->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
}

void LeaderboardWidget::setSelectedRun(int run) {
    m_selectedRun = run;
    updatePosition();
}

int LeaderboardWidget::leaderOfSelected() const {
    const auto [c, i] = m_model->board().find(m_selectedRun);
    if (c < 0)
        return -1;
    const LeaderboardCohort& cohort = m_model->board().cohorts[c];
    if (cohort.ranked == 0 || cohort.entries.first().run == m_selectedRun)
        return -1;
    return cohort.entries.first().run;
}

void LeaderboardWidget::updatePosition() {
    const auto [c, i] = m_model->board().find(m_selectedRun);
    if (c < 0) {
        m_position->setText(
            m_model->board().cohorts.isEmpty()
                ? tr("Open runs to rank them: runs are ranked only within a comparison cohort.")
                : tr("Select a run to see where it stands in its cohort."));
        m_compare->setEnabled(false);
        return;
    }
    const LeaderboardCohort& cohort = m_model->board().cohorts[c];
    const LeaderboardEntry& e = cohort.entries[i];
    m_position->setText(widgetLine(tr("%1: %2 in cohort %3").arg(e.name, cohort.rankText(e), cohort.label)));
    m_position->setToolTip(plainToolTip(cohort.label + u'\n' + cohort.key));
    const int leader = leaderOfSelected();
    m_compare->setEnabled(leader >= 0);
    if (const QModelIndex at = m_model->indexOfRun(m_selectedRun); at.isValid()) {
        const QModelIndex index = m_proxy->mapFromSource(at);
        m_table->selectionModel()->select(index,
                                          QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        m_table->scrollTo(index);
    }
}

} // namespace kix::ui
