// The run list: a one-line banner that says what is loaded (the bundled samples say what they are), the
// filter, and the run tree — suite runs at the top level expanding to their case runs (RunFilterProxy),
// its first columns the ones a reader needs (implementation, GPU, problem, latency, SOL score, status),
// their widths sized to the contents until the user sets them (at most every half second while rows arrive),
// then remembered per user (Settings).
#pragma once

#include "RecordIndex.h"

#include <QTimer>
#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QModelIndex;
class QTreeView;

namespace kix::ui {

class RunFilterProxy;
class Settings;
class SinceLastOpenTracker;

class RunListPane : public QWidget {
    Q_OBJECT
public:
    RunListPane(RunFilterProxy* proxy, Settings* settings, QWidget* parent = nullptr);

    QTreeView* view() const { return m_view; }
    QLineEdit* filter() const { return m_filter; }
    QLabel* banner() const { return m_banner; }
    QCheckBox* changedOnly() const { return m_changedOnly; }
    SinceLastOpenTracker* sinceLastOpen() const { return m_since; }
    // One line above the list; hidden when empty. What changed since the last open follows it.
    void setBanner(const QString& text);
    // "What changed since I last looked" (SinceLastOpenTracker): the paths opened, then each load's end;
    // the banner says which cohorts changed and "Changed since last open" shows only their runs.
    void noteOpened(const QStringList& paths);
    void noteLoaded(const RecordIndex& snapshot, bool cancelled);
    void clearChanges();
    // Saves the columns' widths and order (what the user set) for the next start.
    void saveState() const;

    // What the bundled samples are, in one line.
    static QString bundledSamplesBanner();

signals:
    void filterEdited(); // by the user (not a programmatic change)

private:
    void fitColumns();
    void uncutEdgeColumn();
    void showBanner();
    void showChanges();

    RunFilterProxy* m_proxy;
    Settings* m_settings;
    QLabel* m_banner;
    QString m_bannerText; // setBanner's; the banner adds the changes line
    SinceLastOpenTracker* m_since;
    QCheckBox* m_changedOnly;
    QLineEdit* m_filter;
    QTreeView* m_view;
    QTimer m_filterDelay;
    QTimer m_fitDelay;       // coalesces the fits that arriving rows ask for
    bool m_restored = false; // the user's widths were restored: never sized to the contents again
};

// Proxy indexes in the order the tree shows them (a suite run before its cases); for sorting selections.
bool shownBefore(const QModelIndex& a, const QModelIndex& b);

} // namespace kix::ui
