#include "MainWindow.h"

#include "Actions.h"
#include "CitationDialog.h"
#include "DiffWidget.h"
#include "DigestPanel.h"
#include "PlainText.h"
#include "PlotWidget.h"
#include "QCustomPlotInclude.h"
#include "RecentFiles.h"
#include "RerunActions.h"
#include "RerunController.h"
#include "Roles.h"
#include "RunFilterProxy.h"
#include "RunListPane.h"
#include "RunTableModel.h"
#include "RunTabs.h"
#include "SourceExtensions.h"
#include "kix_config.h"

#include <QCloseEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

namespace kix::ui {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_store(new RunStore(this))
    , m_runs(new RunTableModel(m_store, this))
    , m_proxy(new RunFilterProxy(this))
    , m_reruns(new RerunActions(&m_settings, this))
    , m_chooseFiles(
          [](QWidget* parent, const QString& caption, const QString& folder, const QString& filter) {
              return QFileDialog::getOpenFileNames(parent, caption, folder, filter);
          }) {
    setWindowTitle(tr("kix — benchmark run explorer"));
    setWindowIcon(QIcon(QStringLiteral(":/kix/icons/kix.svg")));
    setAcceptDrops(true);
    m_proxy->setSourceModel(m_runs);
    m_statusDelay.setSingleShot(true);
    m_statusDelay.setInterval(250); // the counts follow a long load without redrawing on every batch
    connect(&m_statusDelay, &QTimer::timeout, this, &MainWindow::updateStatus);
    buildLayout();
    buildActions();
    m_defaultState = saveState(Settings::kStateVersion);
    restoreGeometry(m_settings.geometry());
    restoreState(m_settings.windowState(), Settings::kStateVersion);

    connect(m_store, &RunStore::loadStarted, this, [this] {
        m_selectTopRow = false;
        m_loadProgress->setRange(0, 0); // busy until the first progress report
        m_loadProgress->show();
        m_cancelLoad->show();
    });
    connect(m_store, &RunStore::rowsAdded, this, [this] { m_statusDelay.start(); });
    connect(m_store, &RunStore::loadProgress, this, [this](int done, int total) {
        m_loadProgress->setRange(0, std::max(total, 1));
        m_loadProgress->setValue(done);
    });
    connect(m_store, &RunStore::loadFinished, this, &MainWindow::onLoadFinished);
    connect(m_store, &RunStore::cleared, this, [this] {
        m_tabs->clear();
        m_runList->setBanner({});
        m_runList->clearChanges();
        updateStatus();
    });
    connect(m_cancelLoad, &QToolButton::clicked, m_store, &RunStore::cancel);
    connect(m_reruns, &RerunActions::statusMessage, statusBar(), &QStatusBar::showMessage);
    connect(m_reruns, &RerunActions::openRequested, this,
            [this](const QStringList& paths, const QStringList& selectAfter) {
                m_selectAfterLoad = selectAfter;
                openPaths(paths);
            });
    m_reruns->watchAvailability(action(QStringLiteral("runLocally")), action(QStringLiteral("runOnCluster")));
    updateStatus();
}

MainWindow::~MainWindow() = default;

RerunController* MainWindow::rerun() const {
    return m_reruns->local();
}

RerunController* MainWindow::clusterRerun() const {
    return m_reruns->cluster();
}

void MainWindow::startClusterRun(const ClusterSettings& settings) {
    m_reruns->startClusterRun(settings);
}

QAction* MainWindow::addAction(QMenu* menu, const QString& name, const QString& text,
                               const QKeySequence& shortcut, void (MainWindow::*slot)()) {
    QAction* a = namedAction(this, name, text, shortcut);
    menu->addAction(a);
    if (slot)
        connect(a, &QAction::triggered, this, slot);
    return a;
}

QAction* MainWindow::action(const QString& objectName) const {
    return findChild<QAction*>(objectName);
}

void MainWindow::buildActions() {
    buildFileMenu();
    buildRunMenu();
    buildViewMenu();
    buildHelpMenu();
    QToolBar* bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    for (const char* name :
         {"open", "openFolder", "compare", "verifyAll", "cite", "exportPlot", "runLocally", "runOnCluster"})
        bar->addAction(action(QString::fromLatin1(name)));
}

void MainWindow::buildFileMenu() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open =
        addAction(file, QStringLiteral("open"), tr("&Open files or catalog…"), QKeySequence::Open, nullptr);
    connect(open, &QAction::triggered, this, [this] {
        const QStringList files = m_chooseFiles(this, tr("Open manifests or a catalog"),
                                                m_settings.lastFolder(), sourceFileFilter());
        if (!files.isEmpty()) {
            m_settings.setLastFolder(QFileInfo(files.first()).absolutePath());
            openPaths(files);
        }
    });
    QAction* openFolder = addAction(file, QStringLiteral("openFolder"), tr("Open &folder…"),
                                    QKeySequence(QStringLiteral("Ctrl+Shift+O")), nullptr);
    connect(openFolder, &QAction::triggered, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Open a folder of manifests"),
                                                              m_settings.lastFolder());
        if (!dir.isEmpty()) {
            m_settings.setLastFolder(dir);
            openPaths({dir});
        }
    });
    addAction(file, QStringLiteral("openSamples"), tr("Open &bundled samples"),
              QKeySequence(QStringLiteral("Ctrl+Shift+B")), &MainWindow::openBundledSamples);
    m_recent = new RecentFiles(&m_settings, file->addMenu(tr("Open &recent")), this);
    connect(m_recent, &RecentFiles::openRequested, this, [this](const QString& f) { openPaths({f}); });
    file->addSeparator();
    QAction* clear = addAction(file, QStringLiteral("closeAll"), tr("&Close all"),
                               QKeySequence(QStringLiteral("Ctrl+Shift+W")), nullptr);
    connect(clear, &QAction::triggered, m_store, &RunStore::clear);
    file->addSeparator();
    QMenu* exportMenu = file->addMenu(tr("&Export"));
    exportMenu->setObjectName(QStringLiteral("exportMenu"));
    const QList<QPair<ExportWhat, QString>> exports = {
        {ExportWhat::RunTable, tr("Run &table…")},
        {ExportWhat::Leaderboard, tr("&Leaderboard…")},
        {ExportWhat::Comparison, tr("&Comparison…")},
        {ExportWhat::ComparisonFields, tr("Comparison &fields…")}};
    for (const auto& [what, text] : exports) {
        QAction* a = exportMenu->addAction(text);
        a->setObjectName(QStringLiteral("export%1").arg(int(what)));
        connect(a, &QAction::triggered, m_exports,
                [this, what = what] { m_exports->exportTableDialog(what); });
    }
    exportMenu->addSeparator();
    file->addSeparator();
    QAction* quit =
        addAction(file, QStringLiteral("quit"), tr("&Quit"), QKeySequence(QStringLiteral("Ctrl+Q")), nullptr);
    connect(quit, &QAction::triggered, this, &QWidget::close);
    QAction* copy = namedAction(m_table, QStringLiteral("copyRows"), tr("&Copy rows"), QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(copy, &QAction::triggered, m_exports, &ExportActions::copySelectedRows);
    m_table->addAction(copy);
}

void MainWindow::buildRunMenu() {
    QMenu* run = menuBar()->addMenu(tr("&Run"));
    addAction(run, QStringLiteral("compare"), tr("&Compare selected"), QKeySequence(QStringLiteral("Ctrl+D")),
              &MainWindow::compareSelected);
    QAction* verify = digests()->verifyAllAction();
    run->addAction(verify);
    connect(verify, &QAction::triggered, m_tabs, [this] { m_tabs->setCurrentWidget(digests()); });
    addAction(run, QStringLiteral("cite"), tr("C&ite…"), QKeySequence(QStringLiteral("Ctrl+Shift+C")),
              &MainWindow::cite);
    QAction* plotExport = addAction(run, QStringLiteral("exportPlot"), tr("&Export plot…"),
                                    QKeySequence(QStringLiteral("Ctrl+E")), nullptr);
    connect(plotExport, &QAction::triggered, m_exports, &ExportActions::exportPlot);
    findChild<QMenu*>(QStringLiteral("exportMenu"))->addAction(plotExport);
    run->addSeparator();
    QAction* local = addAction(run, QStringLiteral("runLocally"), tr("Run &locally…"),
                               QKeySequence(QStringLiteral("Ctrl+R")), &MainWindow::runLocally);
    local->setEnabled(false);
    local->setToolTip(tr("Unavailable: checking for a GPU…"));
    QAction* cluster = addAction(run, QStringLiteral("runOnCluster"), tr("Run on c&luster…"),
                                 QKeySequence(QStringLiteral("Ctrl+Shift+R")), nullptr);
    connect(cluster, &QAction::triggered, m_reruns, &RerunActions::runOnCluster);
    cluster->setEnabled(false);
    cluster->setToolTip(tr("Unavailable: checking for sbatch…"));
}

void MainWindow::buildViewMenu() {
    QMenu* view = menuBar()->addMenu(tr("&View"));
    QAction* filter =
        addAction(view, QStringLiteral("focusFilter"), tr("&Filter runs"), QKeySequence::Find, nullptr);
    connect(filter, &QAction::triggered, this, [this] {
        m_filter->setFocus();
        m_filter->selectAll();
    });
    view->addAction(plot()->logScaleAction());
    for (int i = 0; i < m_tabs->count(); ++i) {
        QAction* tab = addAction(view, QStringLiteral("tab%1").arg(i), m_tabs->tabText(i),
                                 QKeySequence(QStringLiteral("Alt+%1").arg(i + 1)), nullptr);
        connect(tab, &QAction::triggered, this, [this, i] { m_tabs->setCurrentIndex(i); });
    }
    QAction* reset = addAction(view, QStringLiteral("resetLayout"), tr("&Reset layout"), {}, nullptr);
    connect(reset, &QAction::triggered, this,
            [this] { restoreState(m_defaultState, Settings::kStateVersion); });
}

void MainWindow::buildHelpMenu() {
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    addAction(help, QStringLiteral("about"), tr("&About kix"), QKeySequence(QStringLiteral("F1")),
              &MainWindow::about);
    QAction* aboutQt = help->addAction(tr("About &Qt"));
    connect(aboutQt, &QAction::triggered, qApp, &QApplication::aboutQt);
}

void MainWindow::buildLayout() {
    m_runList = new RunListPane(m_proxy, &m_settings, this);
    m_filter = m_runList->filter();
    m_table = m_runList->view();
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &MainWindow::onSelectionChanged);
    connect(m_proxy, &RunFilterProxy::ordered, this, [this] {
        if (m_selectTopRow && m_proxy->rowCount() > 0) {
            selectRows({0});
            m_selectTopRow = true; // selectRows() ends it; this is still the automatic choice
        } else
            m_table->scrollTo(m_table->currentIndex());
    });
    connect(m_table, &QAbstractItemView::pressed, this, [this] { m_selectTopRow = false; });
    connect(m_runList, &RunListPane::filterEdited, this, [this] { m_selectTopRow = false; });

    m_tabs = new RunTabs(m_store, this);
    connect(m_tabs, &RunTabs::compareRequested, this, [this](int run, int leader) {
        compareRuns({leader, run});
    });
    connect(m_tabs, &RunTabs::runActivated, this,
            [this](int run) { selectStoreRows({m_store->index().rowOfRun(run)}); });
    m_exports = new ExportActions({m_proxy, m_table, leaderboard(), diff(), plot()}, &m_settings, this);
    connect(m_exports, &ExportActions::viewsNeeded, m_tabs, [this] { m_tabs->refreshStale(true); });
    connect(m_exports, &ExportActions::statusMessage, statusBar(), &QStatusBar::showMessage);
    connect(plot(), &PlotWidget::exportRequested, m_exports, &ExportActions::exportPlot);

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setObjectName(QStringLiteral("mainSplitter"));
    splitter->addWidget(m_runList);
    splitter->addWidget(m_tabs);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);
    setCentralWidget(splitter);
    m_splitter = splitter;

    m_statusText = new QLabel(this);
    holdUntrustedText(m_statusText);
    m_statusText->setWordWrap(false); // one line in the status bar
    m_loadProgress = new QProgressBar(this);
    m_loadProgress->setMaximumWidth(220);
    m_loadProgress->hide();
    m_cancelLoad = new QToolButton(this);
    m_cancelLoad->setText(tr("Cancel loading"));
    m_cancelLoad->hide();
    statusBar()->addWidget(m_statusText, 1);
    statusBar()->addPermanentWidget(m_loadProgress);
    statusBar()->addPermanentWidget(m_cancelLoad);
    resize(kDefaultWindowSize);
    // The run list wide enough for implementation, GPU, problem, latency, SOL score and status; the user's
    // own sizes where saved.
    splitter->setSizes({kDefaultRunListWidth, kDefaultWindowSize.width() - kDefaultRunListWidth});
    splitter->restoreState(m_settings.viewState(QStringLiteral("mainSplitter")));
}

void MainWindow::openPaths(const QStringList& paths) {
    if (paths.isEmpty())
        return;
    for (const QString& p : paths)
        if (QFileInfo(p).isFile())
            m_recent->add(p);
    m_runList->noteOpened(paths); // what changed since each was last opened, once loaded
    if (m_store->isLoading()) {
        m_pending += paths; // loaded once the current load ends, not instead of it
        return;
    }
    m_store->loadAsync(paths);
}

void MainWindow::openBundledSamples() {
    // The problem file yields the WorkloadSuite the samples name by digest (built from its facts).
    QStringList paths{QStringLiteral(":/kix/samples"), QStringLiteral(":/kix/problems")};
    if (QFileInfo(m_settings.runsFolder()).isDir())
        paths << m_settings.runsFolder(); // earlier local runs too
    m_runList->setBanner(RunListPane::bundledSamplesBanner());
    if (m_store->size() == 0) { // the first screen: the run the user came for, on the plot
        m_selectAfterLoad = {QString::fromLatin1(kBundledSeed)};
        m_tabs->setCurrentWidget(plot());
    }
    openPaths(paths);
}

void MainWindow::onLoadFinished(int loaded, int problemRows, bool cancelled) {
    m_loadProgress->hide();
    m_cancelLoad->hide();
    const int runs = loaded - problemRows;
    statusBar()->showMessage(
        (cancelled ? tr("Loading cancelled; what was read before the cancel is kept: ") : tr("Loaded ")) +
            tr("%n run(s)", nullptr, runs) +
            (problemRows ? tr(", %n input(s) with problems", nullptr, problemRows) : QString()),
        8000);
    updateStatus();
    m_tabs->loadFinished();
    m_runList->noteLoaded(m_store->snapshot(), cancelled);
    if (!m_pending.isEmpty()) {
        const QStringList next = m_pending;
        m_pending.clear();
        m_store->loadAsync(next);
        return;
    }
    if (!m_selectAfterLoad.isEmpty()) {
        QList<int> rows;
        for (const QString& f : m_selectAfterLoad)
            rows << m_store->indexOfFile(f);
        m_selectAfterLoad.clear();
        const int selected = selectStoreRows(rows);
        if (selected >= kMinCompareRuns && selected <= kMaxCompareRuns)
            compareSelected();
    } else if (m_table->selectionModel()->selectedRows().isEmpty() && m_proxy->rowCount() > 0) {
        selectRows({0});
        m_selectTopRow = true; // once the sort off the UI thread settles, the top row again
    }
    emit loadFinished();
}

void MainWindow::updateStatus() {
    const RecordIndex& index = m_store->index();
    const int workloads =
        index.resourceCount(ResourceKind::WorkloadSuite) + index.resourceCount(ResourceKind::WorkloadCase);
    m_statusText->setText(
        tr("%1 runs · %2 inputs with problems · %3 workloads, %4 implementations, %5 operations")
            .arg(index.runCount())
            .arg(index.problemRows().size())
            .arg(workloads)
            .arg(index.resourceCount(ResourceKind::ImplementationRevision))
            .arg(index.resourceCount(ResourceKind::OperationSpec)));
}

QList<int> MainWindow::selectedStoreIndices() const {
    QList<int> out;
    QModelIndexList rows = m_table->selectionModel()->selectedRows();
    std::sort(rows.begin(), rows.end(), shownBefore);
    for (const QModelIndex& r : rows)
        out << r.data(ManifestIndexRole).toInt();
    return out;
}

int MainWindow::selectStoreRows(const QList<int>& storeRows) {
    m_selectTopRow = false;
    QItemSelection selection;
    QModelIndex first;
    for (const int s : storeRows) {
        const QModelIndex at = m_proxy->indexOfSourceRow(m_runs->rowOfStoreIndex(s));
        if (!at.isValid())
            continue;
        if (at.parent().isValid())
            m_table->expand(at.parent());
        selection.select(at, at.siblingAtColumn(m_proxy->columnCount() - 1));
        if (!first.isValid())
            first = at;
    }
    m_table->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
    if (first.isValid())
        m_table->scrollTo(first);
    return int(selection.size());
}

void MainWindow::selectRows(const QList<int>& rows) {
    m_selectTopRow = false; // a choice of rows (by the user, a test, --select) is kept
    QItemSelection selection;
    for (int r : rows)
        if (r >= 0 && r < m_proxy->rowCount())
            selection.select(m_proxy->index(r, 0), m_proxy->index(r, m_proxy->columnCount() - 1));
    m_table->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
    if (!rows.isEmpty())
        m_table->scrollTo(m_proxy->index(rows.first(), 0));
}

void MainWindow::onSelectionChanged() {
    const QList<int> selected = selectedStoreIndices();
    m_tabs->showSelection(selected, m_comparingRuns);
    const ManifestPtr first = selected.isEmpty() ? nullptr : m_store->at(selected.first());
    action(QStringLiteral("cite"))->setEnabled(first && first->hasRun());
    action(QStringLiteral("compare"))
        ->setEnabled(selected.size() >= kMinCompareRuns && selected.size() <= kMaxCompareRuns);
}

void MainWindow::compareSelected() {
    const QList<int> selected = selectedStoreIndices();
    if (selected.size() < kMinCompareRuns || selected.size() > kMaxCompareRuns) {
        statusBar()->showMessage(tr("Select two to eight runs to compare (Ctrl+click)."), 6000);
        return;
    }
    m_tabs->compare(selected);
}

void MainWindow::compareRuns(const QList<int>& runIndices) {
    QList<int> rows;
    for (const int run : runIndices)
        rows << m_store->index().rowOfRun(run);
    m_comparingRuns = true; // the selection below must not compare the first two on its own
    selectStoreRows(rows);
    m_comparingRuns = false;
    m_tabs->compare(rows);
}

bool MainWindow::isSettling() const {
    return m_tabs->isSettling();
}

CitationDialog* MainWindow::makeCitationDialog() {
    const QList<int> selected = selectedStoreIndices();
    const ManifestPtr m = selected.isEmpty() ? nullptr : m_store->at(selected.first());
    if (!m || !m->hasRun())
        return nullptr;
    auto* dialog = new CitationDialog(m, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    return dialog;
}

void MainWindow::cite() {
    if (CitationDialog* d = makeCitationDialog())
        d->open();
    else
        statusBar()->showMessage(tr("Select a readable run to cite."), 6000);
}

void MainWindow::runLocally() {
    const QList<int> selected = selectedStoreIndices();
    m_reruns->runLocally(selected.isEmpty() ? QString() : m_store->at(selected.first())->file);
}

void MainWindow::about() {
    QMessageBox box(this);
    box.setWindowTitle(tr("About kix"));
    box.setTextFormat(Qt::PlainText);
    box.setIconPixmap(windowIcon().pixmap(64, 64));
    box.setText(tr("kix %1 — a result explorer for GPU-kernel benchmark runs\n\n"
                   "Qt %2 (built with %3)\nQCustomPlot %4\nCUDA: %5\n\n"
                   "Licensed under the GNU GPL, version 3 or later.")
                    .arg(QStringLiteral(KIX_VERSION), QString::fromLatin1(qVersion()),
                         QStringLiteral(QT_VERSION_STR), QStringLiteral(QCUSTOMPLOT_VERSION_STR),
                         KIX_HAVE_CUDA ? tr("built with CUDA %1").arg(QStringLiteral(KIX_CUDA_VERSION))
                                       : tr("not built (no nvcc at build time)")));
    box.exec();
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (m_reruns->isRunning() &&
        QMessageBox::question(this, tr("Quit"),
                              clusterRerun()->isRunning()
                                  ? tr("A cluster run is still going. Cancel its job and quit?")
                                  : tr("A local run is still going. Stop it and quit?")) !=
            QMessageBox::Yes) {
        event->ignore();
        return;
    }
    m_settings.saveWindow(saveGeometry(), saveState(Settings::kStateVersion));
    m_runList->saveState();
    m_settings.setViewState(QStringLiteral("mainSplitter"), m_splitter->saveState());
    QMainWindow::closeEvent(event);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (event->mimeData()->hasUrls())
        for (const QUrl& url : event->mimeData()->urls())
            if (url.isLocalFile()) {
                event->acceptProposedAction();
                return;
            }
}

void MainWindow::dropEvent(QDropEvent* event) {
    QStringList paths;
    for (const QUrl& url : event->mimeData()->urls())
        if (url.isLocalFile())
            paths << url.toLocalFile();
    if (paths.isEmpty())
        return;
    event->acceptProposedAction();
    // One dropped file is selected once loaded; two are compared.
    if ((paths.size() == 1 || paths.size() == 2) &&
        std::all_of(paths.begin(), paths.end(), [](const QString& p) { return QFileInfo(p).isFile(); }))
        m_selectAfterLoad = paths;
    openPaths(paths);
}

} // namespace kix::ui
