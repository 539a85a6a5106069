// The run list: a one-line banner that says what is loaded (the bundled samples say what they are), the
// filter, and the run tree — suite runs at the top level expanding to their case runs (RunFilterProxy),
// its first columns the ones a reader needs (implementation, GPU, problem, latency, SOL score, status),
// their widths sized to the contents until the user sets them (at most every half second while rows arrive),
// then remembered per user (Settings).
#pragma once

#include <QTimer>
#include <QWidget>

class QLabel;
class QLineEdit;
class QModelIndex;
class QTreeView;

namespace kix::ui {

class RunFilterProxy;
class Settings;

class RunListPane : public QWidget {
    Q_OBJECT
public:
    RunListPane(RunFilterProxy* proxy, Settings* settings, QWidget* parent = nullptr);

    QTreeView* view() const { return m_view; }
    QLineEdit* filter() const { return m_filter; }
    QLabel* banner() const { return m_banner; }
    // One line above the list; hidden when empty.
    void setBanner(const QString& text);
    // Saves the columns' widths and order (what the user set) for the next start.
    void saveState() const;

    // What the bundled samples are, in one line.
    static QString bundledSamplesBanner();

signals:
    void filterEdited(); // by the user (not a programmatic change)

private:
    void fitColumns();

    RunFilterProxy* m_proxy;
    Settings* m_settings;
    QLabel* m_banner;
    QLineEdit* m_filter;
    QTreeView* m_view;
    QTimer m_filterDelay;
    QTimer m_fitDelay;       // coalesces the fits that arriving rows ask for
    bool m_restored = false; // the user's widths were restored: never sized to the contents again
};

// Proxy indexes in the order the tree shows them (a suite run before its cases); for sorting selections.
bool shownBefore(const QModelIndex& a, const QModelIndex& b);

} // namespace kix::ui
