// The plot's size axis and exports: the "Cases" box, ticks and footnote, speed-of-light on the size axis,
// PNG/PDF/SVG.
#include "GuiTest.h"
#include "LatencyPlot.h"
#include "ManifestParser.h"
#include "PlotFixtures.h"
#include "PlotWidget.h"
#include "QCustomPlotInclude.h"
#include "RecordFixtures.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QByteArray>
#include <QFile>
#include <QFileInfo>
#include <QIODevice>
#include <QLatin1String>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTemporaryDir>
#include <QTest>
#include <QVector>
#include <QXmlStreamReader>
#include <sys/stat.h>

using namespace kixtest;
using kixfix::Json;

namespace {

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

} // namespace

class TestPlotSizeAxis : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixtest::initGui(); }

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
            {"id": "d5c75ea31c66", "bytes": 9000, "latencyNs": {"mean": 3500000}},
            {"id": "c72202f7718b", "bytes": 100, "latencyNs": {"mean": 63000}}])");
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
};

KIX_TEST_MAIN(TestPlotSizeAxis)
#include "tst_plot_size_axis.moc"
