#include "MainWindow.h"

#include "AboutBox.h"
#include "Actions.h"
#include "CitationDialog.h"
#include "DiffWidget.h"
#include "DigestPanel.h"
#include "LoadStatus.h"
#include "PlotWidget.h"
#include "RecentFiles.h"
#include "RerunActions.h"
#include "RerunController.h"
#include "RunFilterProxy.h"
#include "RunListPane.h"
#include "RunSelection.h"
#include "RunTableModel.h"
#include "RunTabs.h"
#include "SourceExtensions.h"

#include <QCloseEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLineEdit>
#include <QMenuBar>
#include <QMimeData>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>
#include <QTreeView>

namespace kix::ui {

namespace {
QStringList localFiles(const QMimeData* dropped) {
    QStringList paths;
    for (const QUrl& url : dropped->urls())
        if (url.isLocalFile())
            paths << url.toLocalFile();
    return paths;
}
} // namespace

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
    buildLayout();
    buildActions();
    m_defaultState = saveState(Settings::kStateVersion);
    restoreGeometry(m_settings.geometry());
    restoreState(m_settings.windowState(), Settings::kStateVersion);

    connect(m_store, &RunStore::loadStarted, m_selection, &RunSelection::keepCurrent);
    connect(m_store, &RunStore::loadFinished, this, &MainWindow::onLoadFinished);
    connect(m_store, &RunStore::cleared, this, [this] {
        m_tabs->clear();
        m_runList->setBanner({});
        m_runList->clearChanges();
    });
    connect(m_reruns, &RerunActions::statusMessage, statusBar(), &QStatusBar::showMessage);
    connect(m_reruns, &RerunActions::openRequested, this,
            [this](const QStringList& paths, const QStringList& selectAfter) {
                m_selectAfterLoad = selectAfter;
                openPaths(paths);
            });
    m_reruns->watchAvailability(action(QStringLiteral("runLocally")), action(QStringLiteral("runOnCluster")));
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
    m_exports->addTableExports(exportMenu);
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
    QAction* about = addAction(help, QStringLiteral("about"), tr("&About kix"),
                               QKeySequence(QStringLiteral("F1")), nullptr);
    connect(about, &QAction::triggered, this, [this] { showAboutBox(this); });
    QAction* aboutQt = help->addAction(tr("About &Qt"));
    connect(aboutQt, &QAction::triggered, qApp, &QApplication::aboutQt);
}

void MainWindow::buildLayout() {
    m_runList = new RunListPane(m_proxy, &m_settings, this);
    m_filter = m_runList->filter();
    m_table = m_runList->view();
    m_selection = new RunSelection(m_table, m_proxy, m_runs, this);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &MainWindow::onSelectionChanged);
    connect(m_runList, &RunListPane::filterEdited, m_selection, &RunSelection::keepCurrent);

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

    m_loadStatus = new LoadStatus(m_store, statusBar(), this);
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
    m_loadStatus->loadFinished(loaded, problemRows, cancelled);
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
    } else
        m_selection->selectTopRowIfNone(); // kept on top while the sort off the UI thread settles
    emit loadFinished();
}

QList<int> MainWindow::selectedStoreIndices() const {
    return m_selection->selectedStoreIndices();
}

int MainWindow::selectStoreRows(const QList<int>& storeRows) {
    return m_selection->selectStoreRows(storeRows);
}

void MainWindow::selectRows(const QList<int>& rows) {
    m_selection->selectRows(rows);
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

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!m_reruns->mayQuit(this)) {
        event->ignore();
        return;
    }
    m_settings.saveWindow(saveGeometry(), saveState(Settings::kStateVersion));
    m_runList->saveState();
    m_settings.setViewState(QStringLiteral("mainSplitter"), m_splitter->saveState());
    QMainWindow::closeEvent(event);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (!localFiles(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    const QStringList paths = localFiles(event->mimeData());
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
