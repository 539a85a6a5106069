// The latency plot: series and points per run (markers, never lines between cases side by side), the
// legend outside the data, ranked bars and a notice instead of invented points for suite-only runs, log
// axes for wide spans, speedup view, speed-of-light marks, PNG/PDF/SVG export with the title. The size
// axis: chosen in the "Cases" box, x = the case size on a log axis with readable ticks, every series
// joined in size order (the published times dashed), the footnote for cases it cannot draw, exports.
#include "GuiTestSupport.h"
#include "LatencyPlot.h"
#include "ManifestParser.h"
#include "PlainText.h"
#include "PlotWidget.h"
#include "RecordFixtures.h"
#include "TestMain.h"
#include "WorkPool.h"

#include <QComboBox>
#include <QMouseEvent>
#include <QSignalSpy>
#include <QTabWidget>
#include <QToolTip>

#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <sys/stat.h>

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

// The same three cases and one of unknown shape (no axes, no bytes): the size axis cannot place it.
ManifestPtr runWithUnsized() {
    auto doc = kixtest::seedJson();
    doc["run"]["spec"]["cases"] = Json::parse(R"([
        {"id": "a", "axes": {"batch_size": 1, "seq_len": 128}, "latencyNs": {"mean": 10000, "stddev": 100, "samples": 50}, "referenceLatencyNs": {"mean": 70000}},
        {"id": "d", "latencyNs": {"mean": 20000}},
        {"id": "b", "axes": {"batch_size": 64, "seq_len": 8192}, "latencyNs": {"mean": 3500000, "stddev": 2000, "samples": 50}, "referenceLatencyNs": {"mean": 32000000}},
        {"id": "c", "axes": {"batch_size": 4, "seq_len": 1973}, "latencyNs": {"mean": 63000}}])");
    doc["run"]["spec"]["implementation"] = Json{{"name", "kix fused"}};
    return parseManifest(QByteArray::fromStdString(doc.dump()), QStringLiteral("unsized.json"));
}

// `count` cases a, …, with means 1,000 ns, 1,001 ns, …: enough, with a companion, for the plot to be
// computed off the UI thread.
ManifestPtr runWithManyCases(int count, const std::string& name) {
    auto doc = kixtest::seedJson();
    Json cases = Json::array();
    for (int i = 0; i < count; ++i)
        cases.push_back({{"id", "case" + std::to_string(i)},
                         {"axes", {{"batch_size", 1}, {"seq_len", i + 1}}},
                         {"latencyNs", {{"mean", 1000 + i}}}});
    doc["run"]["spec"]["cases"] = cases;
    doc["run"]["spec"]["implementation"] = Json{{"name", name}};
    return parseManifest(QByteArray::fromStdString(doc.dump()), QString::fromStdString(name + ".json"));
}

// Every plot computed off the UI thread has finished and its result has been applied or dropped: not a
// wait of some milliseconds, which a slow machine can outlast.
void drainPlotWork() {
    QVERIFY(kix::workPool()->waitForDone(60000));
    QCoreApplication::processEvents(); // the watchers' "finished", posted by now
}

QList<double> keysOf(const QCPGraph* g) {
    QList<double> out;
    for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it)
        out << it->key;
    return out;
}

QList<double> valuesOf(const QCPGraph* g) {
    QList<double> out;
    for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it)
        out << it->value;
    return out;
}

const QCPGraph* graphNamed(const LatencyPlot& plot, const QString& name) {
    for (int g = 0; g < plot.graphCount(); ++g)
        if (plot.graph(g)->name() == name)
            return plot.graph(g);
    return nullptr;
}
} // namespace

class TestPlot : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixtest::initGui(); }

    // A plot of many cases is computed off the UI thread: showRun returns at once with the previous plot
    // still shown, the latest request wins, and an export waits for the plot asked for.
    void manyCasesBuiltOffTheUiThread() {
        LatencyPlot plot;
        QSignalSpy drawn(&plot, &LatencyPlot::drawn);
        plot.showRun(runWithCases(), {}); // small: drawn at once
        QVERIFY(!plot.isBuilding());
        QCOMPARE(drawn.size(), 1);
        QCOMPARE(plot.data().categories.size(), 3);

        const int half = int(LatencyPlot::kBuildOffUiThreadFrom / 2) + 1;
        const auto big = runWithManyCases(half, "big");
        const auto companion = runWithManyCases(half, "companion");
        plot.showRun(big, {companion});
        QVERIFY(plot.isBuilding());
        QCOMPARE(plot.data().categories.size(), 3); // the previous plot until the new one is ready
        QVERIFY(plot.waitUntilDrawn(60000));
        QVERIFY(!plot.isBuilding());
        QCOMPARE(drawn.size(), 2);
        QCOMPARE(plot.data().categories.size(), half);
        QCOMPARE(plot.graphCount(), 2); // the run and its companion, every case matched
        QCOMPARE(plot.graph(1)->dataCount(), half);

        // Asked for twice: only the second is drawn, even though the first finishes too.
        plot.setMode(LatencyPlot::Mode::Speedup);
        plot.setMode(LatencyPlot::Mode::Latency);
        QVERIFY(plot.isBuilding());
        QVERIFY(plot.waitUntilDrawn(60000));
        drainPlotWork(); // the first request's result arrives too, and is dropped
        QCOMPARE(drawn.size(), 3);
        QCOMPARE(plot.mode(), LatencyPlot::Mode::Latency);
        QCOMPARE(plot.data().yLabel, QStringLiteral("latency (µs)"));
        QCOMPARE(plot.data().series.value(0).points.value(0).value, 1.0); // 1,000 ns

        // A large plot then a small one: the small one is drawn at once and stays.
        plot.showRun(big, {companion});
        plot.showRun(runWithCases(), {});
        QVERIFY(!plot.isBuilding());
        drainPlotWork(); // the large one's result arrives, and is dropped
        QCOMPARE(drawn.size(), 4);
        QCOMPARE(plot.data().categories.size(), 3);

        // An export right after asking waits for the plot asked for.
        plot.showRun(big, {});
        plot.showRun(big, {companion});
        const QTemporaryDir dir;
        QCOMPARE(plot.exportTo(dir.filePath(QStringLiteral("many.svg"))), QString());
        QVERIFY(!plot.isBuilding());
        QCOMPARE(plot.data().categories.size(), half);
    }

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

    // The "Cases" box: workload order and by size are categories with markers only; the size axis puts
    // x = the axes' product (no bytes recorded) on a log axis and joins each series in size order.
    void casesBox_data() {
        QTest::addColumn<int>("index");
        QTest::addColumn<QList<double>>("keys");
        QTest::addColumn<QList<double>>("values");
        QTest::addColumn<bool>("sizeAxis");
        QTest::newRow("workload order")
            << 0 << QList<double>{0, 1, 2} << QList<double>{10, 3500, 63} << false;
        QTest::newRow("by size") << 1 << QList<double>{0, 1, 2} << QList<double>{10, 63, 3500} << false;
        QTest::newRow("size axis") << 2 << QList<double>{128, 7892, 524288} << QList<double>{10, 63, 3500}
                                   << true;
    }
    void casesBox() {
        QFETCH(int, index);
        QFETCH(QList<double>, keys);
        QFETCH(QList<double>, values);
        QFETCH(bool, sizeAxis);
        PlotWidget w;
        QCOMPARE(w.orderBox()->count(), 3);
        w.plot()->showRun(runWithCases(), {});
        w.orderBox()->setCurrentIndex(2); // through the size axis and back: each choice redraws whole
        w.orderBox()->setCurrentIndex(index);
        const LatencyPlot& plot = *w.plot();
        QCOMPARE(plot.caseAxis(), sizeAxis     ? CaseAxis::Size
                                  : index == 1 ? CaseAxis::SizeOrder
                                               : CaseAxis::Workload);
        QCOMPARE(keysOf(plot.graph(0)), keys);
        QCOMPARE(valuesOf(plot.graph(0)), values);
        const auto joined = sizeAxis ? QCPGraph::lsLine : QCPGraph::lsNone;
        QCOMPARE(plot.graph(0)->lineStyle(), joined);
        QCOMPARE(plot.graph(1)->lineStyle(), joined); // the reference too
        QCOMPARE(plot.xAxis->scaleType(), sizeAxis ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
        QVERIFY(!plot.axisRect()->insetLayout()->elements(false).contains(plot.legend));
        QCOMPARE(plot.legend->layout(), static_cast<QCPLayout*>(plot.plotLayout()));
        QVERIFY(plot.footnote().isEmpty()); // every case has a size, each its own
    }

    // The size axis: its label names the measure, the log ticks read as counts, the case of unknown shape
    // is left out and the footnote (under the data, never over it) says so; back in categories it is gone.
    void sizeAxisTicksAndFootnote() {
        LatencyPlot plot;
        plot.resize(1000, 600);
        plot.showRun(runWithUnsized(), {});
        plot.setCaseAxis(CaseAxis::Size);
        QCOMPARE(plot.xAxis->label(), QStringLiteral("case size: batch_size × seq_len (log scale)"));
        QVERIFY(qSharedPointerDynamicCast<QCPAxisTickerLog>(plot.xAxis->ticker()));
        plot.replot();
        QCOMPARE(plot.xAxis->tickVectorLabels(),
                 (QVector<QString>{QStringLiteral("100"), QStringLiteral("1k"), QStringLiteral("10k"),
                                   QStringLiteral("100k")}));
        QCOMPARE(plot.xAxis->range().lower, 128 / 1.6);
        QCOMPARE(plot.xAxis->range().upper, 524288 * 1.6);
        QCOMPARE(keysOf(plot.graph(0)), (QList<double>{128, 7892, 524288})); // d (20 µs) is not drawn
        QCOMPARE(keysOf(plot.graph(1)), (QList<double>{128, 524288}));
        QCOMPARE(plot.footnote(),
                 QStringLiteral("Not drawn on the size axis: 1 case without a size (no positive axes)."));
        QCOMPARE(plot.plotLayout()->rowCount(), 4); // title, data, footnote, legend
        plot.setCaseAxis(CaseAxis::SizeOrder);
        QCOMPARE(plot.footnote(),
                 QStringLiteral("1 case without a size (no positive axes) placed last, in workload order."));
        QCOMPARE(plot.graph(0)->lineStyle(), QCPGraph::lsNone);
        plot.setCaseAxis(CaseAxis::Workload);
        QVERIFY(plot.footnote().isEmpty());
        QCOMPARE(plot.plotLayout()->rowCount(), 3); // the footnote's row is gone with it
        QCOMPARE(plot.xAxis->scaleType(), QCPAxis::stLinear);
        QCOMPARE(plot.graph(0)->dataCount(), 4);
    }

    // The published times on the size axis: per-case values over the same sizes, joined dashed.
    void sizeAxisSpeedOfLight() {
        auto doc = kixtest::seedJson();
        doc["run"]["spec"]["cases"] = Json::parse(R"([
            {"id": "ea1263c4-b63d-5fa4-a641-fc4f16d3462a", "bytes": 9000, "latencyNs": {"mean": 3500000}},
            {"id": "b8dc0795-0c2f-5860-921c-254ae9a52e51", "bytes": 100, "latencyNs": {"mean": 63000}}])");
        LatencyPlot plot;
        plot.setSpeedOfLight(true, QStringLiteral("NVIDIA B200"));
        plot.setCaseAxis(CaseAxis::Size);
        plot.showRun(parseManifest(QByteArray::fromStdString(doc.dump()), QStringLiteral("sol.json")), {});
        QCOMPARE(plot.xAxis->label(), QStringLiteral("case size: bytes moved (log scale)"));
        plot.replot();
        QVERIFY(plot.xAxis->tickVectorLabels().contains(QStringLiteral("1 kB")));
        const QCPGraph* sol =
            graphNamed(plot, QStringLiteral("speed of light T_sol (NVIDIA B200, published)"));
        const QCPGraph* base = graphNamed(plot, QStringLiteral("baseline T_b (NVIDIA B200, published)"));
        QVERIFY(sol && base);
        QCOMPARE(keysOf(sol), (QList<double>{100, 9000}));
        QCOMPARE(valuesOf(sol), (QList<double>{10.9, 700.6}));
        QCOMPARE(valuesOf(base), (QList<double>{117.392, 5691.1705}));
        QCOMPARE(sol->lineStyle(), QCPGraph::lsLine);
        QCOMPARE(sol->pen().style(), Qt::DashLine);
        QCOMPARE(plot.graph(0)->pen().style(), Qt::SolidLine);
    }

    // Each export format in the size axis' mode; the SVG joins the two series with a polyline each and
    // carries the axis label and the footnote.
    void exportSizeAxis() {
        LatencyPlot plot;
        plot.showRun(runWithUnsized(), {});
        plot.setCaseAxis(CaseAxis::Size);
        QTemporaryDir dir;
        for (const char* name : {"s.png", "s.pdf", "s.svg"}) {
            QCOMPARE(plot.exportTo(dir.filePath(QLatin1String(name))), QString());
            QVERIFY(QFileInfo(dir.filePath(QLatin1String(name))).size() > 1000);
        }
        QFile svg(dir.filePath(QStringLiteral("s.svg")));
        QVERIFY(svg.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&svg);
        int polylines = 0;
        QStringList texts;
        while (!xml.atEnd()) {
            if (xml.readNext() != QXmlStreamReader::StartElement)
                continue;
            if (xml.name() == QLatin1String("polyline"))
                ++polylines;
            else if (xml.name() == QLatin1String("text"))
                texts << xml.readElementText();
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QCOMPARE(polylines, 2); // the run (3 sized cases) and its reference (2)
        QVERIFY(texts.contains(QStringLiteral("case size: batch_size × seq_len (log scale)")));
        QVERIFY(texts.contains(QStringLiteral("10k")));
        QVERIFY(texts.contains(
            QStringLiteral("Not drawn on the size axis: 1 case without a size (no positive axes).")));
    }

    // Nothing to draw (no run; a size axis over cases without a size): the notice in a plot of full width,
    // no empty legend row squeezing the axis rect into a strip.
    void nothingToDrawKeepsTheWidth() {
        auto doc = kixtest::seedJson();
        doc["run"]["spec"]["cases"] = Json::parse(
            R"([{"id": "a", "latencyNs": {"mean": 1000}}, {"id": "b", "latencyNs": {"mean": 2000}}])");
        const auto unsized =
            parseManifest(QByteArray::fromStdString(doc.dump()), QStringLiteral("unsized.json"));
        LatencyPlot plot;
        plot.setCaseAxis(CaseAxis::Size);
        for (const auto& run : {ManifestPtr(), unsized}) {
            plot.showRun(run, {});
            plot.replot();
            QVERIFY(!plot.notice().isEmpty());
            QCOMPARE(plot.graphCount(), 0);
            QVERIFY(!plot.legend->layout());
            QVERIFY2(
                plot.axisRect()->width() > 0.8 * plot.viewport().width(),
                qPrintable(
                    QStringLiteral("%1 of %2").arg(plot.axisRect()->width()).arg(plot.viewport().width())));
        }
        QCOMPARE(plot.notice(),
                 QStringLiteral("No case of this run records a size (bytes moved or axes): plot "
                                "its cases in workload order or by size instead."));
        plot.showRun(runWithCases(), {}); // and back: the legend below the data again
        QCOMPARE(plot.legend->layout(), static_cast<QCPLayout*>(plot.plotLayout()));
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
        // The path and its suffix are untrusted (a folder's name): shown inert in the message.
        QCOMPARE(plot.exportTo(QStringLiteral("/nonexistent/evil\u202Edir/p.png")),
                 QStringLiteral("could not write /nonexistent/evil⟨U+202E⟩dir/p.png"));
        QCOMPARE(plot.exportTo(dir.filePath(QStringLiteral("p.g\x1b[2Jif"))),
                 QStringLiteral("unknown export format \"g\\x1b[2jif\": use .png, .pdf or .svg"));
        // A FIFO is refused before any writer opens it (a PNG writer would block until a reader came; an
        // SVG saved atomically would replace it), in every format.
        for (const char* name : {"fifo.png", "fifo.pdf", "fifo.svg"}) {
            const QString fifo = dir.filePath(QLatin1String(name));
            QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
            QCOMPARE(
                plot.exportTo(fifo),
                QStringLiteral("cannot write %1: it is a FIFO (named pipe); kix saves only to regular files")
                    .arg(fifo));
            QVERIFY(!QFileInfo(fifo).isFile());
        }
    }

    // On the size axis the x label names the manifest's case axes: shown inert, like every plot text;
    // the tooltip of a point is plain text, never rich text.
    void untrustedAxisNamesAndTooltipInert() {
        auto doc = kixtest::seedJson();
        const std::string axis = "batch\x1b[2J\xe2\x80\xae"; // ESC [2J and U+202E
        const auto oneCase = [&](const char* id, int batch, int seq, double ns) {
            return Json{{"id", id},
                        {"axes", Json{{axis, batch}, {"seq_len", seq}}},
                        {"latencyNs", Json{{"mean", ns}}}};
        };
        doc["run"]["spec"]["cases"] =
            Json::array({oneCase("a", 1, 128, 10000), oneCase("b", 64, 8192, 3500000)});
        doc["run"]["spec"]["implementation"] = Json{{"name", "<b>bold</b>"}};
        const auto run = parseManifest(QByteArray::fromStdString(doc.dump()), QStringLiteral("axes.json"));
        LatencyPlot plot;
        plot.setCaseAxis(CaseAxis::Size);
        plot.showRun(run, {});
        QCOMPARE(plot.xAxis->label(),
                 QStringLiteral("case size: batch\\x1b[2J⟨U+202E⟩ × seq_len (log scale)"));

        plot.setCaseAxis(CaseAxis::Workload);
        plot.resize(800, 500);
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        plot.replot();
        const QPoint at(int(plot.xAxis->coordToPixel(plot.graph(0)->data()->at(0)->key)),
                        int(plot.yAxis->coordToPixel(plot.graph(0)->data()->at(0)->value)));
        QMouseEvent move(QEvent::MouseMove, at, plot.mapToGlobal(at), Qt::NoButton, Qt::NoButton,
                         Qt::NoModifier);
        QCoreApplication::sendEvent(&plot, &move);
        QTRY_VERIFY(QToolTip::isVisible());
        QCOMPARE(QToolTip::text(),
                 plainToolTip(QStringLiteral("<b>bold</b> (NVIDIA B200)\ncase batch\\x1b[2J⟨U+202E⟩=1\n"
                                             "10.0 µs (10000.0 ns)")));
        QToolTip::hideText();
    }

    // Beside the selected run the window draws the loaded leaderboard runs of its benchmark, fastest
    // first, and a second selected run (whatever its benchmark): per case where they have cases (a
    // companion series of the matched cases), else as a suite level; never the selected run again.
    void companionsOfTheSelection() {
        QTemporaryDir dir;
        // A leaderboard run of 013 from the seed with these per-case results (JSON objects).
        const auto write = [&](const char* file, const char* name, const char* benchmark, double suiteNs,
                               std::initializer_list<const char*> cases) {
            auto doc = kixtest::seedJson();
            doc["run"]["metadata"]["name"] = file;
            doc["run"]["spec"]["implementation"] = Json{{"name", name}};
            if (benchmark)
                doc["run"]["spec"]["sourceNative"]["benchmark"] = benchmark;
            doc["run"]["spec"]["timing"]["latencyNs"]["mean"] = suiteNs;
            doc["run"]["spec"]["cases"] = Json::array();
            for (const char* c : cases)
                doc["run"]["spec"]["cases"].push_back(Json::parse(c));
            const QString path = dir.filePath(QString::fromLatin1(file) + QStringLiteral(".json"));
            QVERIFY(kixfix::writeFile(path, QByteArray::fromStdString(doc.dump())));
        };
        const char* const a =
            R"({"id": "a", "axes": {"batch_size": 1, "seq_len": 128}, "latencyNs": {"mean": 10000}})";
        const char* const b =
            R"({"id": "b", "axes": {"batch_size": 64, "seq_len": 8192}, "latencyNs": {"mean": 3500000}})";
        const char* const c =
            R"({"id": "c", "axes": {"batch_size": 4, "seq_len": 1973}, "latencyNs": {"mean": 63000}})";
        // Named so that the folder's order is the table's (by latency) too, before and after its sort.
        write("b-selected", "kix fused", nullptr, 40000, {a, b, c});
        write("a-leader", "Leader X", nullptr, 30000, {a, b});
        write("d-second", "Second Y", "another_benchmark", 50000, {b, c});
        QFile suiteOnly(dir.filePath(QStringLiteral("c-databricks.json")));
        QVERIFY(suiteOnly.open(QIODevice::WriteOnly) && suiteOnly.write(kixtest::suiteOnlyLeader()) > 0);
        suiteOnly.close();

        MainWindow w;
        QVERIFY(kixtest::loadInto(w, {dir.path()}));
        w.tabs()->setCurrentWidget(w.plot());
        const LatencyPlot& plot = *w.plot()->plot();
        const auto names = [&] {
            QStringList out;
            for (int g = 0; g < plot.graphCount(); ++g)
                if (plot.graph(g)->name().contains(QStringLiteral("(NVIDIA B200)")))
                    out << plot.graph(g)->name();
            return out;
        };
        const auto checkCompanion = [&](const QString& name, int points) {
            const QCPGraph* g = graphNamed(plot, name);
            QVERIFY2(g, qPrintable(name));
            QCOMPARE(g->dataCount(), points);
            QCOMPARE(g->scatterStyle().shape(), QCPScatterStyle::ssTriangle); // the companion's marker
            QCOMPARE(g->lineStyle(), QCPGraph::lsNone);
        };
        const QString leaderX = QStringLiteral("Leader X (NVIDIA B200)");
        const QString databricks = QStringLiteral("Databricks (NVIDIA B200) — suite mean only");

        w.selectRows({kixtest::rowOf(w, QStringLiteral("kix fused"))});
        QCOMPARE(names(), (QStringList{QStringLiteral("kix fused (NVIDIA B200)"), leaderX, databricks}));
        QCOMPARE(graphNamed(plot, QStringLiteral("kix fused (NVIDIA B200)"))->dataCount(), 3);
        checkCompanion(leaderX, 2); // cases a and b
        QCOMPARE(graphNamed(plot, databricks)->data()->at(0)->value, 42.336);

        // A second selected run is drawn first among the others, though it is no leader.
        w.selectRows(
            {kixtest::rowOf(w, QStringLiteral("kix fused")), kixtest::rowOf(w, QStringLiteral("Second Y"))});
        QCOMPARE(w.selectedStoreIndices().size(), 2);
        QCOMPARE(w.store()->at(w.selectedStoreIndices().first())->implementationLabel(),
                 QStringLiteral("kix fused"));
        QCOMPARE(names(), (QStringList{QStringLiteral("kix fused (NVIDIA B200)"),
                                       QStringLiteral("Second Y (NVIDIA B200)"), leaderX, databricks}));
        checkCompanion(QStringLiteral("Second Y (NVIDIA B200)"), 2); // cases b and c
        checkCompanion(leaderX, 2);

        // A leader selected second is drawn once, not twice.
        w.selectRows({kixtest::rowOf(w, QStringLiteral("kix fused")),
                      kixtest::rowOf(w, QStringLiteral("Databricks"))});
        QCOMPARE(w.store()->at(w.selectedStoreIndices().first())->implementationLabel(),
                 QStringLiteral("kix fused"));
        QCOMPARE(names(), (QStringList{QStringLiteral("kix fused (NVIDIA B200)"), leaderX, databricks}));
    }
};

KIX_TEST_MAIN(TestPlot)
#include "tst_plot.moc"
