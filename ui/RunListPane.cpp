#include "RunListPane.h"

#include "PlainText.h"
#include "RunFilterProxy.h"
#include "RunTableModel.h"
#include "Settings.h"

#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QTreeView>
#include <QVBoxLayout>
#include <iterator>

namespace kix::ui {

namespace {

// The columns a reader needs first, in the order shown; the others follow in the model's order.
constexpr int kEssential[] = {RunColumn::Implementation, RunColumn::Gpu,      RunColumn::Benchmark,
                              RunColumn::Latency,        RunColumn::SolScore, RunColumn::Status};
constexpr int kMaxTextWidth = 220; // a long text (an error row's message, a title) is elided there
constexpr int kMaxNumberWidth = 160;
constexpr int kFitMs = 500;   // the longest wait for a fit while rows arrive
constexpr int kFitRows = 200; // rows a fit measures beyond those in sight (Qt's default: 1,000)

} // namespace

RunListPane::RunListPane(RunFilterProxy* proxy, Settings* settings, QWidget* parent)
    : QWidget(parent)
    , m_proxy(proxy)
    , m_settings(settings)
    , m_banner(new QLabel(this))
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
    layout->addWidget(m_filter);
    layout->addWidget(m_view, 1);
}

void RunListPane::setBanner(const QString& text) {
    m_banner->setText(text);
    m_banner->setToolTip(text);
    m_banner->setVisible(!text.isEmpty());
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
