#include "RunListPane.h"

#include "PlainText.h"
#include "RunFilterProxy.h"
#include "RunTableModel.h"
#include "Settings.h"
#include "SinceLastOpenTracker.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QTreeView>
#include <QVBoxLayout>
#include <algorithm>
#include <iterator>

namespace kix::ui {

namespace {

// The columns a reader needs first, in the order shown; the others follow in the model's order.
constexpr int kEssential[] = {RunColumn::Implementation, RunColumn::Gpu,      RunColumn::Benchmark,
                              RunColumn::Latency,        RunColumn::SolScore, RunColumn::Status};
constexpr int kMaxTextWidth = 220; // a long text (an error row's message, a title) is elided there
constexpr int kMaxNumberWidth = 160;
constexpr int kMinTextWidth = 120; // the least a text column is narrowed to so that no column is cut
constexpr int kFitMs = 500;        // the longest wait for a fit while rows arrive
constexpr int kFitRows = 200;      // rows a fit measures beyond those in sight (Qt's default: 1,000)

} // namespace

RunListPane::RunListPane(RunFilterProxy* proxy, Settings* settings, QWidget* parent)
    : QWidget(parent)
    , m_proxy(proxy)
    , m_settings(settings)
    , m_banner(new QLabel(this))
    , m_since(new SinceLastOpenTracker(settings, this))
    , m_changedOnly(new QCheckBox(tr("Changed since last open"), this))
    , m_filter(new QLineEdit(this))
    , m_view(new QTreeView(this)) {
    m_banner->setObjectName(QStringLiteral("runListBanner"));
    holdUntrustedText(m_banner);
    m_banner->setWordWrap(false);
    m_banner->hide();
    m_filter->setPlaceholderText(tr("Filter runs (benchmark, implementation, GPU, status…)"));
    m_filter->setClearButtonEnabled(true);
    m_filterDelay.setSingleShot(true);
    m_filterDelay.setInterval(300);
    connect(m_filter, &QLineEdit::textChanged, &m_filterDelay, qOverload<>(&QTimer::start));
    connect(m_filter, &QLineEdit::textEdited, this, &RunListPane::filterEdited);
    connect(&m_filterDelay, &QTimer::timeout, this,
            [this] { m_proxy->setFilterFixedString(m_filter->text()); });
    m_changedOnly->setObjectName(QStringLiteral("changedSinceLastOpen"));
    m_changedOnly->setToolTip(tr("Only the runs of cohorts that got a new record or new runs since this "
                                 "catalog or folder was last opened"));
    m_changedOnly->hide();
    connect(m_since, &SinceLastOpenTracker::changed, this, &RunListPane::showChanges);
    connect(m_changedOnly, &QCheckBox::toggled, this, [this](bool on) {
        m_proxy->setOnlyStoreRows(on ? std::optional<QSet<int>>(m_since->storeRows()) : std::nullopt);
    });

    m_view->setObjectName(QStringLiteral("runTable"));
    m_view->setModel(m_proxy);
    m_view->setUniformRowHeights(true); // 50,000 rows: no per-row size hints
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(RunTableModel::Latency, Qt::AscendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    m_view->setAllColumnsShowFocus(true);
    m_view->setIndentation(14);
    QHeaderView* header = m_view->header();
    header->setStretchLastSection(true);
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setSectionsMovable(true);
    header->setFirstSectionMovable(false);
    for (int visual = 0; visual < int(std::size(kEssential)); ++visual)
        header->moveSection(header->visualIndex(kEssential[visual]), visual);
    const QByteArray saved = m_settings->viewState(QStringLiteral("runTable"));
    m_restored = !saved.isEmpty() && header->restoreState(saved);
    // Sized to their contents as rows arrive (until the user's own widths are restored): the first rows
    // at once, later ones at most every kFitMs — each fit lays out the whole tree first, which a 50,000-run
    // load's batches must not pay each time.
    header->setResizeContentsPrecision(kFitRows);
    m_fitDelay.setSingleShot(true);
    m_fitDelay.setInterval(kFitMs);
    connect(&m_fitDelay, &QTimer::timeout, this, &RunListPane::fitColumns);
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, [this](const QModelIndex& parent, int first) {
        if (parent.isValid())
            return;
        if (first == 0)
            fitColumns();
        else if (!m_fitDelay.isActive())
            m_fitDelay.start();
    });
    // A fit still waiting when a sort or filter pass lands (a load's last one) is done then: the widths
    // a load ends with do not depend on the timer.
    connect(m_proxy, &RunFilterProxy::ordered, this, [this] {
        if (m_fitDelay.isActive()) {
            m_fitDelay.stop();
            fitColumns();
        }
    });

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_banner);
    auto* filterRow = new QHBoxLayout;
    filterRow->addWidget(m_filter, 1);
    filterRow->addWidget(m_changedOnly);
    layout->addLayout(filterRow);
    layout->addWidget(m_view, 1);
}

void RunListPane::setBanner(const QString& text) {
    m_bannerText = text;
    showBanner();
}

void RunListPane::showBanner() {
    QStringList lines;
    for (const QString& line : {m_bannerText, m_since->line()})
        if (!line.isEmpty())
            lines << line;
    const QString text = lines.join(u'\n');
    m_banner->setText(text);
    m_banner->setToolTip(text);
    m_banner->setVisible(!text.isEmpty());
}

void RunListPane::noteOpened(const QStringList& paths) {
    m_since->noteOpened(paths);
}

void RunListPane::noteLoaded(const RecordIndex& snapshot, bool cancelled) {
    m_since->noteLoaded(snapshot, cancelled);
}

void RunListPane::clearChanges() {
    m_since->clear();
}

// The tracker's line under the banner, and the filter: shown while some run is in a changed cohort,
// applied again with the new rows when it is on.
void RunListPane::showChanges() {
    showBanner();
    const QSet<int> rows = m_since->storeRows();
    m_changedOnly->setText(rows.isEmpty()
                               ? tr("Changed since last open")
                               : tr("Changed since last open (%n run(s))", nullptr, int(rows.size())));
    m_changedOnly->setVisible(!rows.isEmpty());
    if (rows.isEmpty())
        m_changedOnly->setChecked(false); // toggled() lifts the filter
    else if (m_changedOnly->isChecked())
        m_proxy->setOnlyStoreRows(rows);
}

QString RunListPane::bundledSamplesBanner() {
    return tr("Bundled samples: ac4k's B200 run from the SOL-ExecBench 013 leaderboard (KernelIndex) and two "
              "kix reruns of the same problem on a local H200, 16 cases each — expand a run for its cases.");
}

void RunListPane::fitColumns() {
    if (m_restored || m_proxy->rowCount() == 0)
        return;
    for (int c = 0; c < RunTableModel::ColumnCount; ++c) {
        m_view->resizeColumnToContents(c);
        m_view->setColumnWidth(
            c, std::min(m_view->columnWidth(c), isNumericColumn(c) ? kMaxNumberWidth : kMaxTextWidth));
    }
    uncutEdgeColumn();
}

// A column the viewport's right edge cuts (at the window's default size, "× floor" was: issue 37) is
// brought wholly into view by narrowing the text columns left of it, widest first, down to kMinTextWidth
// each: their texts are elided with the whole in the tooltip, where a cut number is simply lost. Where
// that cannot make room, the widths stay.
void RunListPane::uncutEdgeColumn() {
    QHeaderView* header = m_view->header();
    const int edge = m_view->viewport()->width();
    int cut = -1;
    for (int visual = 0; visual < header->count() - 1 && cut < 0; ++visual) { // the last one stretches
        const int c = header->logicalIndex(visual);
        const int left = header->sectionViewportPosition(c);
        if (!header->isSectionHidden(c) && left < edge && left + header->sectionSize(c) > edge)
            cut = c;
    }
    if (cut < 0)
        return;
    int overflow = header->sectionViewportPosition(cut) + header->sectionSize(cut) - edge;
    QList<int> texts;
    for (int visual = 0; visual < header->visualIndex(cut); ++visual)
        if (const int c = header->logicalIndex(visual); !header->isSectionHidden(c) && !isNumericColumn(c))
            texts << c;
    int room = 0;
    for (const int c : texts)
        room += std::max(0, header->sectionSize(c) - kMinTextWidth);
    if (room < overflow)
        return;
    std::sort(texts.begin(), texts.end(),
              [header](int a, int b) { return header->sectionSize(a) > header->sectionSize(b); });
    for (const int c : texts) {
        const int take = std::min(overflow, std::max(0, header->sectionSize(c) - kMinTextWidth));
        header->resizeSection(c, header->sectionSize(c) - take);
        overflow -= take;
    }
}

void RunListPane::saveState() const {
    m_settings->setViewState(QStringLiteral("runTable"), m_view->header()->saveState());
}

bool shownBefore(const QModelIndex& a, const QModelIndex& b) {
    const QModelIndex pa = a.parent(), pb = b.parent();
    const int topA = pa.isValid() ? pa.row() : a.row(), topB = pb.isValid() ? pb.row() : b.row();
    if (topA != topB)
        return topA < topB;
    const int subA = pa.isValid() ? a.row() + 1 : 0, subB = pb.isValid() ? b.row() + 1 : 0;
    return subA < subB;
}

} // namespace kix::ui
