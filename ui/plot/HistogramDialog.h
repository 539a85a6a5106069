// One case's samples as a histogram, opened from the plot's distributions (double-click or the context
// menu on a box). The bins come from model/SampleDistribution (Freedman–Diaconis), and the dialog names
// the rule, the bin width and the count; the median and the Tukey fences are marked.
#pragma once

#include "PlotDistributions.h"
#include "QCustomPlotInclude.h"

#include <QDialog>

class QLabel;

namespace kix::ui {

class HistogramDialog : public QDialog {
    Q_OBJECT
public:
    // `samplesUs`: the case's launches in µs; `title`: whose and which case.
    HistogramDialog(const QString& title, const std::vector<double>& samplesUs, QWidget* parent = nullptr);
    QCustomPlot* plot() const { return m_plot; }
    QString ruleText() const; // "Freedman–Diaconis bins of 0.12 µs, 200 launches"
    const std::optional<Histogram>& histogram() const { return m_histogram; }

private:
    QCustomPlot* m_plot;
    QLabel* m_rule;
    std::optional<Histogram> m_histogram;
};

// The samples of data.boxes[box] in µs, from `run`'s case (caseSamplesNs), and the dialog's title.
std::vector<double> boxSamplesUs(const Manifest& run, const PlotData& data, int box);

} // namespace kix::ui
