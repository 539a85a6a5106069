// File ▸ Export and Ctrl+C: the run table, the leaderboard, the comparison and the plot to files, the
// selected rows to the clipboard. Handed the views it reads; asks the window for fresh views by signal.
#pragma once

#include <QObject>
#include <QString>
#include <functional>

class QAbstractItemView;
class QWidget;

class QMenu;

namespace kix::ui {

class DiffWidget;
class LeaderboardWidget;
class PlotWidget;
class RunFilterProxy;
class Settings;

class ExportActions : public QObject {
    Q_OBJECT
public:
    enum class ExportWhat { RunTable, Leaderboard, Comparison, ComparisonFields };
    // What File ▸ Export asks with (a save dialog); tests put their own chooser here.
    using SaveChooser = std::function<QString(QWidget* parent, const QString& caption, const QString& path,
                                              const QString& filter)>;
    // The views exported; `window` parents the dialogs and the object.
    struct Views {
        RunFilterProxy* proxy = nullptr;
        QAbstractItemView* runTable = nullptr;
        LeaderboardWidget* leaderboard = nullptr;
        DiffWidget* diff = nullptr;
        PlotWidget* plot = nullptr;
    };
    ExportActions(const Views& views, const Settings* settings, QWidget* window);

    void setSaveChooser(SaveChooser chooser) { m_chooseSave = std::move(chooser); }
    // Writes the table to `path` in the format its suffix names (.csv, .md, .json); returns an error or "".
    QString exportTo(ExportWhat what, const QString& path);
    // Asks where, writes, and tells how it went.
    void exportTableDialog(ExportWhat what);
    // File ▸ Export's table entries (run table, leaderboard, comparison, its fields), one action each.
    void addTableExports(QMenu* menu);
    void exportPlot();
    // The selected rows of the run table as tab-separated text (what Ctrl+C copies).
    QString selectedRowsText() const;
    void copySelectedRows();

signals:
    // Emitted before anything is written: what is exported must be what the selection asks for, and the
    // window redraws its hidden views only on demand.
    void viewsNeeded();
    void statusMessage(const QString& text, int timeoutMs);

private:
    void warn(const QString& title, const QString& error);

    Views m_views;
    const Settings* m_settings;
    QWidget* m_window;
    SaveChooser m_chooseSave;
};

} // namespace kix::ui
