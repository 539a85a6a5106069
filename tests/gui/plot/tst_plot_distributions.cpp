// The plot's distributions on the bundled kix run (16 cases, 50–200 launches each): the "Distributions"
// box appears only for runs with samples; checked, the plot draws one QCPStatisticalBox entry per case at
// the model's quartiles and whiskers, every launch as a point, and the outliers beyond the Tukey fences
// as a graph of their own (a different marker), none dropped. A box's histogram names its bin rule; the
// fast_p mode draws one step curve per run.
#include "GuiTest.h"
#include "HistogramDialog.h"
#include "LatencyPlot.h"
#include "ManifestParser.h"
#include "PlotBoxes.h"
#include "PlotFixtures.h"
#include "PlotWidget.h"
#include "QCustomPlotInclude.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QCheckBox>
#include <QImage>
#include <QLatin1String>
#include <QObject>
#include <QPointF>
#include <QString>
#include <QStringLiteral>
#include <QTemporaryDir>

using namespace kixtest;

namespace {

ManifestPtr bundledKixRun(const char* stamp) {
    return loadManifestFile(
        kixtest::repoPath(QStringLiteral("resources/samples/kix/kix-run-%1-nvidia-h200.manifest.json")
                              .arg(QLatin1String(stamp))));
}

QCPStatisticalBox* boxesOf(LatencyPlot& plot) {
    for (int i = 0; i < plot.plottableCount(); ++i)
        if (auto* b = qobject_cast<QCPStatisticalBox*>(plot.plottable(i)))
            return b;
    return nullptr;
}

} // namespace

class TestPlotDistributions : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixtest::initGui(); }

    void toggleOnlyForRunsWithSamples() {
        PlotWidget w;
        QCheckBox* toggle = w.distributionsBox();
        w.plot()->showRun(runWithCases(), {}); // statistics only
        QVERIFY(!toggle->isVisibleTo(&w));
        w.plot()->showRun(bundledKixRun("20261204T053602Z"), {});
        QVERIFY(toggle->isVisibleTo(&w));
        QVERIFY(toggle->isEnabled());
        w.modeBox()->setCurrentIndex(1); // speedups have no samples: shown, but not for this view
        QVERIFY(!toggle->isEnabled());
        w.modeBox()->setCurrentIndex(0);
        w.plot()->showRun(runWithCases(), {});
        QVERIFY(!toggle->isVisibleTo(&w));
        QVERIFY(!boxesOf(*w.plot()));
    }

    void oneBoxPerCaseOutliersFlaggedAndKept() {
        PlotWidget w;
        const auto run = bundledKixRun("20261204T053602Z");
        w.plot()->showRun(run, {});
        QVERIFY(!boxesOf(*w.plot())); // off until asked for
        w.distributionsBox()->setChecked(true);
        LatencyPlot& plot = *w.plot();
        const PlotData& data = plot.data();
        QCOMPARE(data.boxes.size(), 16);
        const QString runName = data.boxesName;
        QCPStatisticalBox* boxes = boxesOf(plot);
        QVERIFY(boxes);
        QCOMPARE(boxes->dataCount(), 16);
        QCOMPARE(boxes->name(), boxesLegendName(data));
        // Each case relative to its median: the absolute series (the run's markers, its reference) leave,
        // and the axis is linear around 0%.
        QVERIFY(!graphNamed(plot, data.boxesName));
        QVERIFY(!graphNamed(plot, QStringLiteral("reference implementation (NVIDIA H200)")));
        QCOMPARE(plot.yAxis->scaleType(), QCPAxis::stLinear);
        QVERIFY(plot.yAxis->range().contains(0));
        const QCPGraph* launches = graphNamed(plot, launchesLegendName());
        const QCPGraph* outliers = graphNamed(plot, outliersLegendName());
        QVERIFY(launches && outliers);
        QCOMPARE(launches->scatterStyle().shape(), QCPScatterStyle::ssDisc);
        QCOMPARE(outliers->scatterStyle().shape(), QCPScatterStyle::ssCircle); // drawn differently
        QVERIFY(outliers->scatterStyle().size() > launches->scatterStyle().size());
        qsizetype samples = 0, flagged = 0;
        for (int i = 0; i < 16; ++i) {
            const PlotBox& b = data.boxes[i];
            const auto d = boxes->data()->at(i);
            QCOMPARE(d->key, b.x);
            QCOMPARE(d->median, 0.0); // each box around its own median
            QCOMPARE(d->lowerQuartile, b.shown.q1);
            QCOMPARE(d->upperQuartile, b.shown.q3);
            QCOMPARE(d->minimum, b.shown.whiskerLow);
            QCOMPARE(d->maximum, b.shown.whiskerHigh);
            QCOMPARE(b.shown.q1, 100 * (b.box.q1 / b.box.median - 1));
            // The model's box is that of the case's own launches (µs).
            const CaseResult* c = nullptr;
            for (const CaseResult& r : run->runSpec.cases)
                if (r.id == data.categories[b.category].id)
                    c = &r;
            QVERIFY(c);
            QCOMPARE(b.box.count, qsizetype(c->samplesNs.size()));
            QCOMPARE(b.inliers.size() + b.outliers.size(), b.box.count);
            QCOMPARE(b.outliers.size(), qsizetype(b.box.outliers.size()));
            for (const QPointF& p : b.outliers)
                QVERIFY(b.shown.isOutlier(p.y()));
            for (const QPointF& p : b.inliers)
                QVERIFY(!b.shown.isOutlier(p.y()) || std::abs(p.y() - b.shown.lowerFence) < 1e-9 ||
                        std::abs(p.y() - b.shown.upperFence) < 1e-9);
            samples += b.box.count;
            flagged += b.outliers.size();
        }
        QVERIFY(flagged > 0); // the bundled runs have slow launches
        QCOMPARE(outliers->dataCount(), int(flagged));
        QCOMPARE(launches->dataCount() + outliers->dataCount(), int(samples)); // every launch drawn
        QVERIFY(data.footnote.contains(QStringLiteral("1.5 IQR")));
        const QTemporaryDir dir; // PNG draws them; SVG would not, and says so rather than write a blank plot
        QCOMPARE(plot.exportTo(dir.filePath(QStringLiteral("d.png"))), QString());
        QVERIFY(QImage(dir.filePath(QStringLiteral("d.png"))).width() > 0);
        QVERIFY(
            plot.exportTo(dir.filePath(QStringLiteral("d.svg"))).startsWith(QStringLiteral("SVG export")));
        // Off again: the run's markers are back.
        w.distributionsBox()->setChecked(false);
        QVERIFY(!boxesOf(plot));
        QVERIFY(graphNamed(plot, runName));
    }

    void histogramOfOneCase() {
        PlotWidget w;
        w.plot()->showRun(bundledKixRun("20261204T053602Z"), {});
        w.distributionsBox()->setChecked(true);
        QVERIFY(!w.showHistogram(99));
        HistogramDialog* dialog = w.showHistogram(0);
        QVERIFY(dialog);
        const PlotBox& b = w.plot()->data().boxes[0];
        QVERIFY(dialog->histogram());
        const Histogram& h = *dialog->histogram();
        qsizetype n = 0;
        for (qsizetype c : h.counts)
            n += c;
        QCOMPARE(n, b.box.count);
        QVERIFY(dialog->ruleText().startsWith(QStringLiteral("Freedman–Diaconis bins of ")));
        auto* bars = qobject_cast<QCPBars*>(dialog->plot()->plottable(0));
        QVERIFY(bars);
        QCOMPARE(qsizetype(bars->dataCount()), qsizetype(h.counts.size()));
        dialog->close();
    }

    // Two runs compared: one step curve each, from fast_0 = 1 (every case passed with a speedup) down to 0.
    void fastPCurves() {
        PlotWidget w;
        w.plot()->showRun(bundledKixRun("20261204T053602Z"), {bundledKixRun("20261204T053608Z")});
        w.modeBox()->setCurrentIndex(2);
        LatencyPlot& plot = *w.plot();
        QVERIFY(plot.data().stepAxis);
        QCOMPARE(plot.graphCount(), 2);
        for (int g = 0; g < 2; ++g) {
            QCOMPARE(plot.graph(g)->lineStyle(), QCPGraph::lsStepLeft);
            QCOMPARE(valuesOf(plot.graph(g)).first(), 1.0);
            QCOMPARE(valuesOf(plot.graph(g)).last(), 0.0);
            QVERIFY(plot.graph(g)->name().contains(QStringLiteral("16 of 16 cases")));
            // Two reruns of one kernel on one GPU: each curve says when its run was observed.
            QVERIFY(plot.graph(g)->name().contains(g == 0 ? QStringLiteral("2026-12-04T05:36:02")
                                                          : QStringLiteral("2026-12-04T05:36:08")));
        }
        QCOMPARE(plot.yAxis->range().upper, 1.05);
        QCOMPARE(plot.xAxis->range().lower, 0.0);
    }
};

KIX_TEST_MAIN(TestPlotDistributions)
#include "tst_plot_distributions.moc"
