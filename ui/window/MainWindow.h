// The explorer window, a frame: the run list on the left, the tabs on the right (RunTabs), menus, toolbar
// and shortcuts for every main action, the status bar and the load lifecycle.
#pragma once

#include "ExportActions.h"
#include "RunStore.h"
#include "RunTabs.h"
#include "Settings.h"

#include <QMainWindow>
#include <QSize>
#include <functional>

class QLineEdit;
class QTabWidget;
class QSplitter;
class QTreeView;

namespace kix::ui {

class CitationDialog; // the panes are declared in RunTabs.h
class LoadStatus;
class RecentFiles;
class RerunActions;
class RerunController;
class RunFilterProxy;
class RunListPane;
class RunSelection;
class RunTableModel;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    void openPaths(const QStringList& paths);
    void openBundledSamples();
    // Selects runs by their top-level row in the (sorted, filtered) table.
    void selectRows(const QList<int>& rows);
    // Selects these store rows at either level (expanding their suites); returns how many are selected.
    int selectStoreRows(const QList<int>& storeRows);
    // The first screen: wide enough for the run list's essential columns and the plot beside it.
    static constexpr QSize kDefaultWindowSize{1720, 960};
    static constexpr int kDefaultRunListWidth = 800;
    // The seed, which the bundled samples select first.
    static constexpr char kBundledSeed[] = ":/kix/samples/kernelindex/sol-submission-14917.manifest.json";
    void compareSelected(); // 2–8 selected runs, the first as the baseline
    // Selects these runs (indices into the RecordIndex) in the table and compares them.
    void compareRuns(const QList<int>& runIndices);
    CitationDialog* makeCitationDialog();

    RunStore* store() const { return m_store; }
    RunTableModel* runModel() const { return m_runs; }
    RunFilterProxy* proxy() const { return m_proxy; }
    QTreeView* runTable() const { return m_table; } // suite runs, expanding to their case runs
    RunListPane* runList() const { return m_runList; }
    QLineEdit* filterEdit() const { return m_filter; }
    QTabWidget* tabs() const { return m_tabs; }
    RunDetailsWidget* details() const { return m_tabs->details(); }
    DiffWidget* diff() const { return m_tabs->diff(); }
    PlotWidget* plot() const { return m_tabs->plot(); }
    DigestPanel* digests() const { return m_tabs->digests(); }
    LeaderboardWidget* leaderboard() const { return m_tabs->leaderboard(); }
    HistoryWidget* history() const { return m_tabs->history(); }
    PublishedFiguresView* published() const { return m_tabs->published(); }
    RerunController* rerun() const;
    RerunController* clusterRerun() const;
    ExportActions* exports() const { return m_exports; }
    RerunActions* reruns() const { return m_reruns; }
    // Submits with these settings (what "Run on cluster…" does once its dialog is accepted).
    void startClusterRun(const ClusterSettings& settings);
    QAction* action(const QString& objectName) const;
    QList<int> selectedStoreIndices() const;
    // What File ▸ Open asks with (a file dialog); tests put their own chooser here.
    using FileChooser = std::function<QStringList(QWidget* parent, const QString& caption,
                                                  const QString& folder, const QString& filter)>;
    void setFileChooser(FileChooser chooser) { m_chooseFiles = std::move(chooser); }
    // Export's, kept here for the tests: see ExportActions.
    using SaveChooser = ExportActions::SaveChooser;
    using ExportWhat = ExportActions::ExportWhat;
    void setSaveChooser(SaveChooser chooser) { m_exports->setSaveChooser(std::move(chooser)); }
    QString exportTo(ExportWhat what, const QString& path) { return m_exports->exportTo(what, path); }
    QString selectedRowsText() const { return m_exports->selectedRowsText(); }
    // Whether a view is still computing what the selection asks for off the UI thread (a comparison,
    // a run's digest checks, a plot of many cases, the leaderboard): a screenshot waits for it.
    bool isSettling() const;

signals:
    void loadFinished();

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void buildActions(); // the menus, one function each, and the toolbar
    void buildFileMenu();
    void buildRunMenu();
    void buildViewMenu();
    void buildHelpMenu();
    void buildLayout();
    void onSelectionChanged();
    void onLoadFinished(int loaded, int problemRows, bool cancelled);
    void cite();
    void runLocally();
    QAction* addAction(QMenu* menu, const QString& name, const QString& text, const QKeySequence& shortcut,
                       void (MainWindow::*slot)());

    RunStore* m_store;
    RunTableModel* m_runs;
    RunFilterProxy* m_proxy;
    RunListPane* m_runList = nullptr;
    QTreeView* m_table = nullptr;
    QSplitter* m_splitter = nullptr;
    bool m_comparingRuns = false; // compareRuns() is selecting the runs it compares
    QLineEdit* m_filter = nullptr;
    RunSelection* m_selection = nullptr;
    RunTabs* m_tabs = nullptr; // the tabs right of the run list
    Settings m_settings;
    RerunActions* m_reruns;
    ExportActions* m_exports = nullptr; // made once the views it exports are
    RecentFiles* m_recent = nullptr;
    LoadStatus* m_loadStatus = nullptr;
    QStringList m_pending;         // paths asked for while a load was running
    QStringList m_selectAfterLoad; // files to select (and compare, if two) once loaded
    QByteArray m_defaultState;     // for View ▸ Reset layout
    FileChooser m_chooseFiles;
};

} // namespace kix::ui
