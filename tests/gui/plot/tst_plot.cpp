// The latency plot: series and points per run (markers, never lines between cases side by side), the
// legend outside the data, ranked bars and a notice instead of invented points for suite-only runs, log
// axes for wide spans, speedup view, speed-of-light marks, PNG/PDF/SVG export with the title. The size
// axis: chosen in the "Cases" box, x = the case size on a log axis with readable ticks, every series
// joined in size order (the published times dashed), the footnote for cases it cannot draw, exports.
#include "CatalogFixture.h"
#include "GuiTest.h"
#include "LatencyPlot.h"
#include "MainWindow.h"
#include "ManifestParser.h"
#include "PlainText.h"
#include "PlotFixtures.h"
#include "PlotWidget.h"
#include "QCustomPlotInclude.h"
#include "RecordFixtures.h"
#include "TestMain.h"
#include "TestSupport.h"
#include "WindowFixtures.h"
#include "WorkPool.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QEvent>
#include <QFile>
#include <QIODevice>
#include <QMouseEvent>
#include <QObject>
#include <QPoint>
#include <QSignalSpy>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTemporaryDir>
#include <QTest>
#include <QToolTip>

using namespace kixtest;
using kixfix::Json;

namespace {

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
