// Latency (or speedup) per case of one run, with its reference implementation and the loaded
// leaderboard leaders, on QCustomPlot. Runs that publish only a suite value are drawn as a
// dashed line at that value and labelled so; no per-case points are invented for them.
#pragma once

#include "Manifest.h"
#include "QCustomPlotInclude.h"

namespace kix::ui {

class LatencyPlot : public QCustomPlot {
    Q_OBJECT
public:
    enum class Mode { Latency, Speedup };
    explicit LatencyPlot(QWidget* parent = nullptr);

    // `others` are drawn beside the selected run: per case where they have cases, else as a suite line.
    void showRun(ManifestPtr run, const QList<ManifestPtr>& others);
    void setMode(Mode mode);
    Mode mode() const { return m_mode; }
    // Log scale on or off; "auto" follows the data's span (log when max/min > 20).
    void setLogScale(std::optional<bool> forced);
    bool isLogScale() const;
    QString notice() const { return m_noticeText; } // what the plot says instead of points, if anything

    // PNG or PDF by the file's suffix; returns an error message or "".
    QString exportTo(const QString& path, int width = 1400, int height = 800);

protected:
    void changeEvent(QEvent* event) override;

private:
    void rebuild();
    void applyPalette();
    void showTooltip(QMouseEvent* event);

    ManifestPtr m_run;
    QList<ManifestPtr> m_others;
    Mode m_mode = Mode::Latency;
    std::optional<bool> m_forcedLog;
    QCPItemText* m_notice = nullptr;
    QString m_noticeText;
    QStringList m_caseLabels;
};

} // namespace kix::ui
