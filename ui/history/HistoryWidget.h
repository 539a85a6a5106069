// The History tab (issue 23): per comparison cohort, the record staircase of a catalog's record_events —
// the leader's value over time, each step with its run, implementation and margin, steps within the runs'
// noise marked — and the series of the loaded runs in observedAt order with its change points (vertical
// lines) and segment medians; below, one row per record step and per change point with what differs.
// Timelines and series are built off the UI thread (model/analysis/history/) from a snapshot of the store.
#pragma once

#include "HistoryData.h"

#include <QWidget>

class QComboBox;
class QCustomPlot;
class QLabel;
class QTreeWidget;

namespace kix::ui {

class HistoryWidget : public QWidget {
    Q_OBJECT
public:
    explicit HistoryWidget(QWidget* parent = nullptr);

    void refresh(const RecordIndex& snapshot); // off the UI thread; updated() when shown
    void clear();
    bool isBusy() const { return m_pending > 0; }
    void setCohort(int row); // in the cohort box
    // The run selected in the run list (a run index of the store, -1 for none): its cohort is shown, now
    // and after each refresh, where it has a history; otherwise the cohort shown stays.
    void setSelectedRun(int run);

    QComboBox* cohortBox() const { return m_cohorts; }
    QCustomPlot* plot() const { return m_plot; }
    QTreeWidget* steps() const { return m_steps; }
    QLabel* summary() const { return m_summary; }
    const HistoryData& data() const { return m_data; }

signals:
    void updated();

protected:
    void changeEvent(QEvent* event) override;

private:
    void showData(HistoryData data);
    void showCohort();
    void applyPalette();
    void showSelectedRunsCohort();

    QComboBox* m_cohorts;
    QCustomPlot* m_plot;
    QTreeWidget* m_steps;
    QLabel* m_summary;
    HistoryData m_data;
    int m_pending = 0;
    int m_selectedRun = -1;
    quint64 m_job = 0;
};

} // namespace kix::ui
