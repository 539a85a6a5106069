// The latency plot: series and points per run (markers, never lines between cases), the legend outside
// the data, ranked bars and a notice instead of invented points for suite-only runs, log axes for wide
// spans, speedup view, speed-of-light marks, PNG/PDF/SVG export with the title.
#include "GuiTestSupport.h"
#include "LatencyPlot.h"
#include "ManifestParser.h"

#include <QTemporaryDir>
#include <QXmlStreamReader>

using namespace kix;
using namespace kix::ui;

namespace {
ManifestPtr runWithCases() {
    auto doc = kixtest::seedJson();
    doc["run"]["spec"]["cases"] = Json::parse(R"([
        {"id": "a", "axes": {"batch_size": 1, "seq_len": 128}, "latencyNs": {"mean": 10000, "stddev": 100, "samples": 50}, "referenceLatencyNs": {"mean": 70000}},
        {"id": "b", "axes": {"batch_size": 64, "seq_len": 8192}, "latencyNs": {"mean": 3500000, "stddev": 2000, "samples": 50}, "referenceLatencyNs": {"mean": 32000000}},
        {"id": "c", "axes": {"batch_size": 4, "seq_len": 1973}, "latencyNs": {"mean": 63000}}])");
    doc["run"]["spec"]["implementation"] = Json{{"name", "kix fused"}};
    return parseManifest(QByteArray::fromStdString(doc.dump()), QStringLiteral("cases.json"));
}
} // namespace

class TestPlot : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixtest::initGui(); }

    void perCaseSeries() {
        LatencyPlot plot;
        const auto leader = parseManifest(kixtest::suiteOnlyLeader(), QStringLiteral("leader.json"));
        plot.showRun(runWithCases(), {leader});
        QCOMPARE(plot.graphCount(), 3);
        QCOMPARE(plot.graph(0)->name(), QStringLiteral("kix fused (NVIDIA B200)"));
        QCOMPARE(plot.graph(0)->dataCount(), 3);
        QCOMPARE(plot.graph(0)->data()->at(1)->value, 3500.0); // µs
        QCOMPARE(plot.graph(1)->name(), QStringLiteral("reference implementation (NVIDIA B200)"));
        QCOMPARE(plot.graph(1)->dataCount(), 2); // case c has no reference time
        QCOMPARE(plot.graph(2)->name(), QStringLiteral("Databricks (NVIDIA B200) — suite mean only"));
        QCOMPARE(plot.graph(2)->data()->at(0)->value, 42.336);
        QCOMPARE(plot.graph(0)->lineStyle(), QCPGraph::lsNone); // cases are not joined
        QCOMPARE(plot.graph(1)->lineStyle(), QCPGraph::lsNone);
        // The legend is laid out below the axis rect, not inside it.
        QVERIFY(!plot.axisRect()->insetLayout()->elements(false).contains(plot.legend));
        QCOMPARE(plot.title(), QStringLiteral("kix fused on NVIDIA B200 — latency per case"));
        QVERIFY(plot.isLogScale()); // 10 µs to 32 ms
        QVERIFY(plot.notice().isEmpty());
        QVERIFY(plot.legend->visible());
        plot.setLogScale(false);
        QVERIFY(!plot.isLogScale());
    }

    void speedupView() {
        LatencyPlot plot;
        plot.setMode(LatencyPlot::Mode::Speedup);
        plot.showRun(runWithCases(), {});
        QCOMPARE(plot.graph(0)->dataCount(), 2);
        QCOMPARE(plot.graph(0)->data()->at(0)->value, 7.0);
        QCOMPARE(plot.graph(plot.graphCount() - 1)->name(), QStringLiteral("1× (reference)"));
    }

    void suiteOnlyRunSaysSo() {
        LatencyPlot plot;
        plot.showRun(loadManifestFile(kixtest::seedPath()), {});
        QCOMPARE(plot.graphCount(), 0);
        QCOMPARE(plot.data().bars.size(), 1); // one ranked bar: its suite value
        QCOMPARE(plot.data().bars[0].value, 45.344);
        QCOMPARE(plot.notice(),
                 QStringLiteral(
                     "ac4k publishes only a suite mean (45.3 µs): there are no per-case points to plot."));
        plot.showRun(nullptr, {});
        QCOMPARE(plot.notice(), QStringLiteral("Select a run to plot its latency per case."));
    }

    void exportFormats() {
        LatencyPlot plot;
        plot.showRun(runWithCases(), {});
        QTemporaryDir dir;
        QCOMPARE(plot.exportTo(dir.filePath(QStringLiteral("p.png"))), QString());
        QCOMPARE(plot.exportTo(dir.filePath(QStringLiteral("p.pdf"))), QString());
        QVERIFY(QFileInfo(dir.filePath(QStringLiteral("p.png"))).size() > 1000);
        QVERIFY(QFileInfo(dir.filePath(QStringLiteral("p.pdf"))).size() > 1000);
        QCOMPARE(plot.exportTo(dir.filePath(QStringLiteral("p.svg"))), QString());
        QFile svg(dir.filePath(QStringLiteral("p.svg")));
        QVERIFY(svg.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&svg);
        int circles = 0;
        while (!xml.atEnd())
            if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == QLatin1String("circle"))
                ++circles;
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QCOMPARE(circles, 3 + 1); // the run's three points and its legend entry
        QCOMPARE(plot.exportTo(dir.filePath(QStringLiteral("p.gif"))),
                 QStringLiteral("unknown export format \"gif\": use .png, .pdf or .svg"));
        QCOMPARE(plot.exportTo(QStringLiteral("/nonexistent/dir/p.png")),
                 QStringLiteral("could not write /nonexistent/dir/p.png"));
    }
};

QTEST_MAIN(TestPlot)
#include "tst_plot.moc"
