// Draws what model/PlotSeries computed: the selected run's cases as categories with markers (never joined
// by lines: side by side, the cases are unrelated workloads), whiskers for the recorded spread, the
// reference, other runs, the published speed-of-light and baseline times as short level marks per case,
// suite-only runs as levels, or, when the selected run has no cases, a ranked bar chart. On the size axis
// (x = the case size, log scale) each series is joined in size order: a line from case to case as a
// guide, not a prediction between them; the published times are joined dashed, as they too are per-case
// values over the same sizes. The legend and the footnote sit below the data, never over it; a title
// names what is shown (exports carry all three).
#pragma once

#include "Manifest.h"
#include "PlotSeries.h"
#include "QCustomPlotInclude.h"

namespace kix::ui {

class LatencyPlot : public QCustomPlot {
    Q_OBJECT
public:
    enum class Mode { Latency, Speedup, FastP };
    explicit LatencyPlot(QWidget* parent = nullptr);

    // `others` are drawn beside the selected run: per case where they have cases, else as a suite level.
    void showRun(ManifestPtr run, const QList<ManifestPtr>& others);
    ManifestPtr run() const { return m_run; }
    void setMode(Mode mode);
    Mode mode() const { return m_mode; }
    void setCaseAxis(CaseAxis axis);
    CaseAxis caseAxis() const { return m_axis; }
    // Per-case boxes and points instead of the run's markers, where it carries samples (PlotDistributions.h).
    void setDistributions(bool show);
    bool distributions() const { return m_distributions; }
    bool runHasSamples() const; // the selected run carries samples: distributions can be shown
    // The box under `pos` (widget pixels, within its category's width), as an index into data().boxes; -1
    // when none.
    int boxAt(const QPointF& pos) const;
    // Whose published speed-of-light times to draw: "" for the run's own GPU; `show` false draws none.
    void setSpeedOfLight(bool show, const QString& gpu = {});
    // Log scale on or off; "auto" follows the data's span (log when max/min > 20).
    void setLogScale(std::optional<bool> forced);
    bool isLogScale() const;
    QString notice() const { return m_data.notice; } // what the plot says instead of points, if anything
    QString footnote() const;                        // what it says under the data, if anything
    const PlotData& data() const { return m_data; }
    QString title() const;

    // PNG, PDF or SVG by the file's suffix, once the plot asked for is drawn; returns an error message or "".
    QString exportTo(const QString& path, int width = 1400, int height = 800);

    // A plot of many cases (kBuildOffUiThreadFrom) is computed off the UI thread and drawn when ready,
    // the latest request winning; until then the previous plot stays. Smaller ones are drawn at once.
    static constexpr qsizetype kBuildOffUiThreadFrom = 2000;
    bool isBuilding() const { return m_building; }
    // Runs the event loop until the plot asked for is drawn; false after `timeoutMs` without it.
    bool waitUntilDrawn(int timeoutMs = 60000);

signals:
    void drawn(); // the plot asked for last is drawn
    // Double-click or the context menu on a box: its samples' histogram (data().boxes[box]) is asked for.
    void histogramRequested(int box);

protected:
    void changeEvent(QEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;

private:
    void rebuild();
    void present(PlotData data);
    void drawData();
    void drawSeries(const PlotSeries& s, int colour, std::vector<double>& all);
    void drawBars(std::vector<double>& all);
    void drawXAxis();
    void layOutBelow(bool showFootnote, bool showLegend);
    void applyPalette();
    void showTooltip(QMouseEvent* event);
    QString pointText(const PlotSeries& s, const PlotPoint& p) const;

    ManifestPtr m_run;
    QList<ManifestPtr> m_others;
    Mode m_mode = Mode::Latency;
    CaseAxis m_axis = CaseAxis::Workload;
    QString m_solGpu;
    bool m_showSol = true;
    bool m_distributions = false;
    std::optional<bool> m_forcedLog;
    PlotData m_data;
    quint64 m_job = 0;       // the latest plot asked for
    bool m_building = false; // that plot is being computed off the UI thread
    QCPItemText* m_notice = nullptr;
    QCPTextElement* m_title = nullptr;
    QCPTextElement* m_footnote = nullptr; // in the layout under the data only while it has text (layOutBelow)
};

} // namespace kix::ui
