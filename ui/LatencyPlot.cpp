#include "LatencyPlot.h"

#include "CaseComparison.h"
#include "Format.h"
#include "Palette.h"

#include <QToolTip>

namespace kix::ui {

namespace {

// Case labels like "4×1973" from batch_size and seq_len; other axes as name=value.
QString shortLabel(const CaseResult& c) {
    double batch = -1, seq = -1;
    QStringList others;
    for (const auto& [name, value] : c.axes) {
        if (name == QLatin1String("batch_size"))
            batch = value;
        else if (name == QLatin1String("seq_len"))
            seq = value;
        else if (name != QLatin1String("hidden_size"))
            others << name + u'=' + QString::number(value);
    }
    QString label = batch >= 0 && seq >= 0 ? QStringLiteral("%1×%2").arg(batch).arg(seq) : QString();
    if (!others.isEmpty())
        label += (label.isEmpty() ? QString() : QStringLiteral(" ")) + others.join(u' ');
    return label.isEmpty() ? c.id.left(8) : label;
}

std::optional<double> caseValue(const CaseResult& c, const QString& statistic, LatencyPlot::Mode mode) {
    if (mode == LatencyPlot::Mode::Speedup)
        return c.effectiveSpeedup();
    return c.latencyNs.value(statistic);
}

} // namespace

LatencyPlot::LatencyPlot(QWidget* parent)
    : QCustomPlot(parent) {
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    axisRect()->setRangeZoom(Qt::Vertical);
    axisRect()->setRangeDrag(Qt::Vertical);
    legend->setVisible(true);
    legend->setFont(font());
    axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    m_notice = new QCPItemText(this);
    m_notice->setPositionAlignment(Qt::AlignBottom | Qt::AlignHCenter);
    m_notice->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_notice->position->setCoords(0.5, 0.97);
    m_notice->setPadding(QMargins(8, 4, 8, 4));
    connect(this, &QCustomPlot::mouseMove, this, &LatencyPlot::showTooltip);
    applyPalette();
    rebuild();
}

void LatencyPlot::showRun(ManifestPtr run, const QList<ManifestPtr>& others) {
    m_run = std::move(run);
    m_others = others;
    rebuild();
}

void LatencyPlot::setMode(Mode mode) {
    m_mode = mode;
    rebuild();
}

void LatencyPlot::setLogScale(std::optional<bool> forced) {
    m_forcedLog = forced;
    rebuild();
}

bool LatencyPlot::isLogScale() const {
    return yAxis->scaleType() == QCPAxis::stLogarithmic;
}

void LatencyPlot::rebuild() {
    clearGraphs();
    clearPlottables();
    m_caseLabels.clear();
    m_noticeText.clear();
    const bool speedup = m_mode == Mode::Speedup;
    const double unit = speedup ? 1.0 : 1e3; // latency in µs
    yAxis->setLabel(speedup ? tr("speedup over the reference (×)") : tr("latency (µs)"));
    xAxis->setLabel(tr("case (batch_size × seq_len)"));

    std::vector<double> all; // every plotted value, for the range and the log decision
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    int colour = 0;
    const bool hasCases = m_run && m_run->hasRun() && !m_run->runSpec.cases.isEmpty();

    if (hasCases) {
        const auto& cases = m_run->runSpec.cases;
        for (int i = 0; i < cases.size(); ++i) {
            m_caseLabels << shortLabel(cases[i]);
            ticker->addTick(i, m_caseLabels.last());
        }
        auto addSeries = [&](const QString& name, const QList<CaseResult>& source, const QString& stat,
                             bool reference) {
            QVector<double> keys, values, errors;
            const CaseIndex index(source); // linear matching: 10,000 cases once took minutes
            for (int i = 0; i < cases.size(); ++i) {
                // Match this series' case to the selected run's case by id, else by axes.
                const qsizetype j = index.match(cases[i]);
                if (j < 0)
                    continue;
                const CaseResult* match = &source[j];
                const auto v = reference ? match->referenceLatencyNs.mean : caseValue(*match, stat, m_mode);
                if (!v || *v <= 0)
                    continue;
                keys << i;
                values << *v / unit;
                errors << (!reference && !speedup && match->latencyNs.stddev ? *match->latencyNs.stddev / unit
                                                                             : 0);
                all.push_back(*v / unit);
            }
            if (keys.isEmpty())
                return;
            QCPGraph* g = addGraph();
            g->setName(name);
            const QColor c = seriesColor(colour++);
            g->setPen(QPen(c, 2, reference ? Qt::DashLine : Qt::SolidLine));
            g->setScatterStyle(
                QCPScatterStyle(reference ? QCPScatterStyle::ssSquare : QCPScatterStyle::ssDisc, c, c, 7));
            g->setData(keys, values, true);
            if (std::any_of(errors.begin(), errors.end(), [](double e) { return e > 0; })) {
                auto* bars = new QCPErrorBars(xAxis, yAxis);
                bars->removeFromLegend();
                bars->setDataPlottable(g);
                bars->setData(errors);
                bars->setPen(QPen(c.darker(120)));
            }
        };
        const QString stat = m_run->runSpec.primaryStatistic;
        addSeries(m_run->implementationLabel() + tr(" (%1)").arg(m_run->gpuLabel()), cases, stat, false);
        if (!speedup)
            addSeries(tr("reference implementation (%1)").arg(m_run->gpuLabel()), cases, stat, true);
    }

    // Other runs: per case where they line up with the selected run's cases, else one suite line.
    const double lastKey = std::max<double>(0, m_caseLabels.size() - 1);
    auto suiteLine = [&](const Manifest& m, const QString& name) {
        const auto v =
            speedup ? m.runSpec.metric(QStringLiteral("avg_speedup")) : m.runSpec.primaryLatencyNs();
        if (!v || *v <= 0)
            return;
        QCPGraph* g = addGraph();
        g->setName(name);
        g->setPen(QPen(seriesColor(colour++), 1.5, Qt::DashDotLine));
        g->setData({-0.4, lastKey + 0.4}, {*v / unit, *v / unit}, true);
        all.push_back(*v / unit);
    };
    for (const auto& other : m_others) {
        if (!other || !other->hasRun() || other == m_run)
            continue;
        const QString name = other->implementationLabel() + QStringLiteral(" (") + other->gpuLabel() + u')';
        if (hasCases && !other->runSpec.cases.isEmpty()) {
            QVector<double> keys, values;
            const CaseIndex index(other->runSpec.cases);
            for (int i = 0; i < m_run->runSpec.cases.size(); ++i)
                for (const qsizetype j : index.allWithAxes(m_run->runSpec.cases[i].axesLabel()))
                    if (const auto v =
                            caseValue(other->runSpec.cases[j], other->runSpec.primaryStatistic, m_mode);
                        v && *v > 0) {
                        keys << i;
                        values << *v / unit;
                        all.push_back(*v / unit);
                    }
            if (!keys.isEmpty()) {
                QCPGraph* g = addGraph();
                g->setName(name);
                const QColor c = seriesColor(colour++);
                g->setPen(QPen(c, 1.5));
                g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssTriangle, c, c, 6));
                g->setData(keys, values, true);
            }
        } else {
            suiteLine(
                *other,
                name + tr(" — suite %1 only").arg(speedup ? tr("speedup") : other->runSpec.primaryStatistic));
        }
    }

    if (!hasCases) {
        ticker->addTick(0, tr("suite"));
        if (m_run && m_run->hasRun()) {
            suiteLine(*m_run, m_run->implementationLabel() + tr(" — suite value only"));
            m_noticeText =
                tr("%1 publishes only a suite %2 (%3): there are no per-case points to plot.")
                    .arg(m_run->implementationLabel(), m_run->runSpec.primaryStatistic,
                         speedup ? formatRatio(m_run->runSpec.metric(QStringLiteral("avg_speedup")))
                                 : formatLatency(m_run->runSpec.primaryLatencyNs()));
        } else {
            m_noticeText = m_run ? tr("This file holds no readable run.")
                                 : tr("Select a run to plot its latency per case.");
        }
    }
    if (speedup && !all.empty()) {
        QCPGraph* one = addGraph();
        one->setName(tr("1× (reference)"));
        one->setPen(QPen(Qt::gray, 1, Qt::DotLine));
        one->setData({-0.4, lastKey + 0.4}, {1.0, 1.0}, true);
    }
    m_notice->setText(m_noticeText);
    m_notice->setVisible(!m_noticeText.isEmpty());

    xAxis->setTicker(ticker);
    xAxis->setTickLabelRotation(m_caseLabels.size() > 6 ? 45 : 0);
    xAxis->setRange(-0.6, lastKey + 0.6);
    const double lo = all.empty() ? 1 : *std::min_element(all.begin(), all.end());
    const double hi = all.empty() ? 10 : *std::max_element(all.begin(), all.end());
    const bool log = m_forcedLog.value_or(hi / std::max(lo, 1e-12) > 20);
    if (log) {
        yAxis->setScaleType(QCPAxis::stLogarithmic);
        yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
        yAxis->setRange(lo / 1.6, hi * 1.6);
    } else {
        yAxis->setScaleType(QCPAxis::stLinear);
        yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
        yAxis->setRange(0, hi * 1.15);
    }
    legend->setVisible(graphCount() > 0);
    replot(QCustomPlot::rpQueuedReplot);
}

void LatencyPlot::showTooltip(QMouseEvent* event) {
    // The nearest point of any series within 10 pixels, with its exact value.
    QString best;
    double bestDistance = 10;
    for (int g = 0; g < graphCount(); ++g) {
        QCPGraph* graph = this->graph(g);
        for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it) {
            const QPointF p(xAxis->coordToPixel(it->key), yAxis->coordToPixel(it->value));
            const double d = QLineF(p, event->position()).length();
            if (d < bestDistance) {
                bestDistance = d;
                const int i = qRound(it->key);
                const QString caseName = i >= 0 && i < m_caseLabels.size() ? m_caseLabels[i] : tr("suite");
                best = tr("%1\ncase %2\n%3")
                           .arg(graph->name(), caseName,
                                m_mode == Mode::Speedup
                                    ? formatRatio(it->value) + tr(" (exact %1)").arg(it->value, 0, 'g', 8)
                                    : formatLatency(it->value * 1e3) +
                                          tr(" (%1 ns)").arg(it->value * 1e3, 0, 'f', 1));
            }
        }
    }
    if (best.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), best, this);
}

QString LatencyPlot::exportTo(const QString& path, int width, int height) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    replot();
    bool ok = false;
    if (suffix == QLatin1String("png"))
        ok = savePng(path, width, height);
    else if (suffix == QLatin1String("pdf"))
        ok = savePdf(path, width, height);
    else
        return tr("unknown export format \"%1\": use .png or .pdf").arg(suffix);
    return ok ? QString() : tr("could not write %1").arg(path);
}

void LatencyPlot::changeEvent(QEvent* event) {
    QCustomPlot::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        applyPalette();
}

void LatencyPlot::applyPalette() {
    const QPalette pal = palette();
    const QColor fg = pal.color(QPalette::WindowText);
    const QColor grid = pal.color(QPalette::Mid);
    setBackground(pal.brush(QPalette::Base));
    for (QCPAxis* axis : {xAxis, yAxis}) {
        axis->setBasePen(QPen(fg));
        axis->setTickPen(QPen(fg));
        axis->setSubTickPen(QPen(fg));
        axis->setTickLabelColor(fg);
        axis->setLabelColor(fg);
        axis->grid()->setPen(QPen(grid, 1, Qt::DotLine));
    }
    legend->setBrush(pal.brush(QPalette::Base));
    legend->setTextColor(fg);
    legend->setBorderPen(QPen(grid));
    m_notice->setColor(fg);
    m_notice->setBrush(pal.brush(QPalette::AlternateBase));
    m_notice->setPen(QPen(grid));
    replot(QCustomPlot::rpQueuedReplot);
}

} // namespace kix::ui
