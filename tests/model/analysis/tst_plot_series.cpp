// The plot's data without a widget: categories in workload or size order, values with their recorded
// spread, the reference, other runs matched case by case with Compare's rule, the published speed-of-light
// and baseline times of problem 013 on B200, and ranked bars for runs with only a suite value. The size
// axis: which measure sizes a run's cases, x = that size, each series joined in size order, and the
// footnote for cases it cannot draw or draws at one x.
#include "ManifestParser.h"
#include "PlotSeries.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QTest>

using namespace kix;

namespace {

const QString kW0 = QStringLiteral("c72202f7718b"); // T_sol 10.9 µs, T_b 117.392 µs
const QString kW1 = QStringLiteral("d5c75ea31c66"); // T_sol 700.6 µs, T_b 5691.1705 µs

ManifestPtr runWith(const char* casesJson, const char* name = "kix fused") {
    auto doc = kixtest::seedJson(); // a B200 run
    doc["run"]["spec"]["cases"] = Json::parse(casesJson);
    doc["run"]["spec"]["implementation"] = Json{{"name", name}};
    return parseManifest(QByteArray::fromStdString(doc.dump()),
                         QStringLiteral("%1.json").arg(QLatin1String(name)));
}

ManifestPtr twoWorkloads() {
    return runWith(R"([
        {"id": "d5c75ea31c66", "axes": {"batch_size": 64, "seq_len": 8192}, "bytes": 9000,
         "latencyNs": {"mean": 3500000, "min": 3400000, "max": 3700000, "samples": 50}, "referenceLatencyNs": {"mean": 32000000}},
        {"id": "c72202f7718b", "axes": {"batch_size": 4, "seq_len": 1973}, "bytes": 100,
         "latencyNs": {"mean": 63000, "stddev": 500, "samples": 50}}])");
}

// Workload order A (9000 B), B (100 B), C (no bytes, no axes: an unknown shape, but timed).
ManifestPtr withUnsized() {
    return runWith(R"([
        {"id": "a", "axes": {"batch_size": 64, "seq_len": 8192}, "bytes": 9000,
         "latencyNs": {"mean": 3500000}, "referenceLatencyNs": {"mean": 32000000}},
        {"id": "b", "axes": {"batch_size": 4, "seq_len": 1973}, "bytes": 100,
         "latencyNs": {"mean": 63000, "stddev": 500}},
        {"id": "c", "latencyNs": {"mean": 7000}}])");
}

QList<double> xs(const PlotSeries& s) {
    QList<double> out;
    for (const auto& p : s.points)
        out << p.x;
    return out;
}

QList<double> values(const PlotSeries& s) {
    QList<double> out;
    for (const auto& p : s.points)
        out << p.value;
    return out;
}

const ProblemDefinition& problem() {
    static const ProblemDefinition d = *readProblemDefinition(kixtest::problemPath()).definition;
    return d;
}

const PlotSeries* seriesOf(const PlotData& d, PlotSeries::Kind kind) {
    for (const auto& s : d.series)
        if (s.kind == kind)
            return &s;
    return nullptr;
}

} // namespace

class TestPlotSeries : public QObject {
    Q_OBJECT
private slots:
    void categoriesAndSpread() {
        PlotRequest rq;
        rq.run = twoWorkloads();
        const PlotData d = buildPlotData(rq);
        QCOMPARE(d.categories.size(), 2);
        QCOMPARE(d.categories[0].label, QStringLiteral("64×8192"));
        QCOMPARE(d.categories[1].label, QStringLiteral("4×1973"));
        QCOMPARE(d.title, QStringLiteral("kix fused on NVIDIA B200 — latency per case"));
        const PlotSeries* own = seriesOf(d, PlotSeries::Kind::Run);
        QCOMPARE(own->name, QStringLiteral("kix fused (NVIDIA B200)"));
        QCOMPARE(own->points.size(), 2);
        QCOMPARE(own->points[0].value, 3500.0); // µs
        QCOMPARE(*own->points[0].low, 3400.0);  // min–max
        QCOMPARE(*own->points[0].high, 3700.0);
        QCOMPARE(*own->points[1].low, 62.5); // ±1 sd without a range
        QCOMPARE(*own->points[1].high, 63.5);
        const PlotSeries* ref = seriesOf(d, PlotSeries::Kind::Reference);
        QCOMPARE(ref->points.size(), 1);
        QCOMPARE(ref->points[0].value, 32000.0);
        QVERIFY(!seriesOf(d, PlotSeries::Kind::SpeedOfLight)); // no problem given
        QVERIFY(d.notice.isEmpty());

        rq.axis = CaseAxis::SizeOrder; // by bytes: the 100-byte case first
        const PlotData bySize = buildPlotData(rq);
        QCOMPARE(bySize.categories[0].label, QStringLiteral("4×1973"));
        QCOMPARE(seriesOf(bySize, PlotSeries::Kind::Run)->points[0].value, 63.0);
        QCOMPARE(seriesOf(bySize, PlotSeries::Kind::Reference)->points[0].category, 1);
    }

    void speedOfLightLines() {
        PlotRequest rq;
        rq.run = twoWorkloads();
        rq.problem = &problem();
        const PlotData d = buildPlotData(rq);
        const PlotSeries* sol = seriesOf(d, PlotSeries::Kind::SpeedOfLight);
        const PlotSeries* base = seriesOf(d, PlotSeries::Kind::Baseline);
        QVERIFY(sol && base);
        QCOMPARE(sol->name, QStringLiteral("speed of light T_sol (NVIDIA B200, published)"));
        QCOMPARE(base->name, QStringLiteral("baseline T_b (NVIDIA B200, published)"));
        QCOMPARE(sol->points.size(), 2);
        QCOMPARE(sol->points[0].value, 700.6); // 0.7006 ms in µs, category 0 = d5c75ea3
        QCOMPARE(sol->points[1].value, 10.9);
        QCOMPARE(base->points[0].value, 5691.1705);
        QCOMPARE(base->points[1].value, 117.392);
        // Another GPU has no published times: no lines, unless asked for B200's by name.
        rq.solGpu = QStringLiteral("NVIDIA H200");
        QVERIFY(!seriesOf(buildPlotData(rq), PlotSeries::Kind::SpeedOfLight));
        rq.mode = PlotMode::Speedup;
        rq.solGpu.clear();
        QVERIFY(!seriesOf(buildPlotData(rq), PlotSeries::Kind::SpeedOfLight)); // times, not speedups
    }

    void othersMatchedLikeCompare() {
        PlotRequest rq;
        rq.run = twoWorkloads();
        // Same ids: matched by id, whatever the axes say.
        rq.others = {runWith(
            R"([{"id": "c72202f7718b", "axes": {"batch_size": 1, "seq_len": 1},
                                   "latencyNs": {"mean": 50000}}])",
            "other")};
        PlotData d = buildPlotData(rq);
        const PlotSeries* other = seriesOf(d, PlotSeries::Kind::Companion);
        QCOMPARE(other->name, QStringLiteral("other (NVIDIA B200)"));
        QCOMPARE(other->points.size(), 1);
        QCOMPARE(other->points[0].category, 1);
        QCOMPARE(other->points[0].value, 50.0);
        // No shared id: matched by axes.
        rq.others = {runWith(
            R"([{"id": "x", "axes": {"batch_size": 64, "hidden_size": 2560, "seq_len": 8192}, "latencyNs": {"mean": 1000}},
                                 {"id": "y", "axes": {"batch_size": 64, "seq_len": 8192}, "latencyNs": {"mean": 2000000}}])",
            "axes")};
        d = buildPlotData(rq);
        other = seriesOf(d, PlotSeries::Kind::Companion);
        QCOMPARE(other->points.size(), 1);
        QCOMPARE(other->points[0].category, 0);
        QCOMPARE(other->points[0].value, 2000.0);
        // A suite-only run beside it: one level.
        rq.others = {parseManifest(kixtest::suiteOnlyLeader(), QStringLiteral("leader.json"))};
        d = buildPlotData(rq);
        const PlotSeries* suite = seriesOf(d, PlotSeries::Kind::SuiteLine);
        QCOMPARE(suite->name, QStringLiteral("Databricks (NVIDIA B200) — suite mean only"));
        QCOMPARE(*suite->level, 42.336);
    }

    void suiteOnlyRanksBars() {
        PlotRequest rq;
        rq.run = loadManifestFile(kixtest::seedPath()); // ac4k, 45.344 µs
        rq.others = {parseManifest(kixtest::suiteOnlyLeader(), QStringLiteral("leader.json")), rq.run};
        const PlotData d = buildPlotData(rq);
        QVERIFY(d.series.isEmpty());
        QCOMPARE(d.bars.size(), 2);
        QCOMPARE(d.bars[0].value, 42.336); // fastest first
        QVERIFY(!d.bars[0].selected);
        QCOMPARE(d.bars[1].value, 45.344);
        QVERIFY(d.bars[1].selected);
        QCOMPARE(d.categories[0].label, QStringLiteral("#1 Databricks (NVIDIA B200)"));
        QCOMPARE(d.notice,
                 QStringLiteral(
                     "ac4k publishes only a suite mean (45.3 µs): there are no per-case points to plot."));
    }

    void speedupParity() {
        PlotRequest rq;
        rq.run = twoWorkloads();
        rq.mode = PlotMode::Speedup;
        const PlotData d = buildPlotData(rq);
        QCOMPARE(seriesOf(d, PlotSeries::Kind::Run)->points.size(), 1); // the other case has no reference
        QCOMPARE(seriesOf(d, PlotSeries::Kind::Run)->points[0].value, 32000000.0 / 3500000.0);
        QCOMPARE(*seriesOf(d, PlotSeries::Kind::Parity)->level, 1.0);
    }

    // Which measure sizes a run (the one that sizes the most cases; bytes on a tie), and each case's size.
    void caseSizesPerMeasure_data() {
        QTest::addColumn<QString>("cases");
        QTest::addColumn<int>("measure");
        QTest::addColumn<QList<double>>("sizes"); // 0: no size
        QTest::addColumn<QString>("label");
        QTest::newRow("bytes on every case")
            << R"([{"id": "a", "axes": {"n": 3}, "bytes": 9000}, {"id": "b", "axes": {"n": 5}, "bytes": 100}])"
            << int(SizeMeasure::BytesMoved) << QList<double>{9000, 100}
            << "case size: bytes moved (log scale)";
        QTest::newRow("bytes on fewer cases than axes: the product")
            << R"([{"id": "a", "axes": {"b": 4, "s": 1973}, "bytes": 9000}, {"id": "b", "axes": {"b": 2, "s": 8}}])"
            << int(SizeMeasure::AxesProduct) << QList<double>{7892, 16} << "case size: b × s (log scale)";
        QTest::newRow("a tie: bytes, the other case unsized")
            << R"([{"id": "a", "bytes": 9000}, {"id": "b", "axes": {"n": 7}}])"
            << int(SizeMeasure::BytesMoved) << QList<double>{9000, 0} << "case size: bytes moved (log scale)";
        QTest::newRow("a zero axis has no size")
            << R"([{"id": "a", "axes": {"n": 0, "m": 3}}, {"id": "b", "axes": {"n": 2, "m": 3}}])"
            << int(SizeMeasure::AxesProduct) << QList<double>{0, 6} << "case size: m × n (log scale)";
        QTest::newRow("different axes: the product, unnamed")
            << R"([{"id": "a", "axes": {"n": 10}}, {"id": "b", "axes": {"m": 3, "n": 2}}])"
            << int(SizeMeasure::AxesProduct) << QList<double>{10, 6}
            << "case size: product of the case's axes (log scale)";
        QTest::newRow("nothing to size by")
            << R"([{"id": "a"}, {"id": "b", "bytes": 0}])" << int(SizeMeasure::None) << QList<double>{0, 0}
            << "case size (none recorded)";
    }
    void caseSizesPerMeasure() {
        QFETCH(QString, cases);
        QFETCH(int, measure);
        QFETCH(QList<double>, sizes);
        QFETCH(QString, label);
        const CaseSizes got = caseSizes(runWith(cases.toUtf8().constData())->runSpec.cases);
        QCOMPARE(int(got.measure), measure);
        QList<double> flat;
        for (const auto& size : got.size)
            flat << size.value_or(0);
        QCOMPARE(flat, sizes);
        QCOMPARE(got.unsized(), std::count(sizes.begin(), sizes.end(), 0.0));
        QCOMPARE(got.axisLabel(), label);
    }

    void sizeLabels_data() {
        QTest::addColumn<double>("size");
        QTest::addColumn<int>("measure");
        QTest::addColumn<QString>("tick");
        QTest::addColumn<QString>("text");
        QTest::newRow("1 MB") << 1e6 << int(SizeMeasure::BytesMoved) << "1 MB"
                              << "1.00 MB";
        QTest::newRow("10 MB") << 1e7 << int(SizeMeasure::BytesMoved) << "10 MB"
                               << "10.0 MB";
        QTest::newRow("2.5 GB") << 2.5e9 << int(SizeMeasure::BytesMoved) << "2.5 GB"
                                << "2.50 GB";
        QTest::newRow("100 B") << 100.0 << int(SizeMeasure::BytesMoved) << "100 B"
                               << "100 B";
        QTest::newRow("a sample's case") << 202087248.0 << int(SizeMeasure::BytesMoved) << "202 MB"
                                         << "202 MB";
        QTest::newRow("count 500") << 500.0 << int(SizeMeasure::AxesProduct) << "500"
                                   << "500";
        QTest::newRow("count 10k") << 1e4 << int(SizeMeasure::AxesProduct) << "10k"
                                   << "10000";
        QTest::newRow("count 524288") << 524288.0 << int(SizeMeasure::AxesProduct) << "524k"
                                      << "524288";
        QTest::newRow("count 1M") << 1e6 << int(SizeMeasure::AxesProduct) << "1M"
                                  << "1000000";
    }
    void sizeLabels() {
        QFETCH(double, size);
        QFETCH(int, measure);
        QFETCH(QString, tick);
        QFETCH(QString, text);
        QCOMPARE(sizeTickText(size, SizeMeasure(measure)), tick);
        QCOMPARE(sizeText(size, SizeMeasure(measure)), text);
    }

    void sizeTickPlaces_data() {
        QTest::addColumn<double>("lo");
        QTest::addColumn<double>("hi");
        QTest::addColumn<QList<double>>("ticks");
        QTest::newRow("the samples' span: decades")
            << 3297792 / 1.6 << 13423890432 * 1.6 << QList<double>{1e7, 1e8, 1e9, 1e10};
        QTest::newRow("within one decade: 1-2-5") << 62.5 << 900.0 << QList<double>{100, 200, 500};
        QTest::newRow("a single case: one tick at least") << 62.5 << 160.0 << QList<double>{100};
        QTest::newRow("thirty decades: ten labels at most")
            << 1.0 << 1e30 << QList<double>{1, 1e4, 1e8, 1e12, 1e16, 1e20, 1e24, 1e28};
        QTest::newRow("an empty span") << 5.0 << 5.0 << QList<double>{};
        QTest::newRow("not on a log axis") << 0.0 << 5.0 << QList<double>{};
    }
    void sizeTickPlaces() {
        QFETCH(double, lo);
        QFETCH(double, hi);
        QFETCH(QList<double>, ticks);
        const QList<double> got = sizeTicks(lo, hi);
        QCOMPARE(got.size(), ticks.size());
        for (qsizetype i = 0; i < got.size(); ++i)
            QVERIFY2(qFuzzyCompare(got[i], ticks[i]), qPrintable(QString::number(got[i])));
    }

    // On the size axis: x = bytes moved, smallest first, every series joined; the case without a size
    // is left out and the footnote says so; the spread is kept.
    void sizeAxisPlacesAndJoins() {
        PlotRequest rq;
        rq.run = withUnsized();
        rq.axis = CaseAxis::Size;
        const PlotData d = buildPlotData(rq);
        QVERIFY(d.sizeAxis);
        QCOMPARE(d.sizeMeasure, SizeMeasure::BytesMoved);
        QCOMPARE(d.xLabel, QStringLiteral("case size: bytes moved (log scale)"));
        QCOMPARE(d.categories.size(), 3); // all cases keep a category, the unsized one last
        QCOMPARE(d.categories[0].id, QStringLiteral("b"));
        QCOMPARE(d.categories[1].id, QStringLiteral("a"));
        QCOMPARE(d.categories[2].id, QStringLiteral("c"));
        QVERIFY(!d.categories[2].size);
        const PlotSeries* own = seriesOf(d, PlotSeries::Kind::Run);
        QVERIFY(own->joined);
        QCOMPARE(xs(*own), (QList<double>{100, 9000})); // c (7 µs) is not drawn
        QCOMPARE(values(*own), (QList<double>{63, 3500}));
        QCOMPARE(*own->points[0].low, 62.5); // the whisker, unchanged
        QCOMPARE(*own->points[0].high, 63.5);
        const PlotSeries* ref = seriesOf(d, PlotSeries::Kind::Reference);
        QVERIFY(ref->joined);
        QCOMPARE(xs(*ref), QList<double>{9000});
        QCOMPARE(d.xLow, 100 / 1.6);
        QCOMPARE(d.xHigh, 9000 * 1.6);
        QCOMPARE(
            d.footnote,
            QStringLiteral("Not drawn on the size axis: 1 case without a size (no bytes moved recorded)."));
        QVERIFY(d.notice.isEmpty());

        // In categories nothing is joined or left out; by size, the unsized case goes last and is named.
        rq.axis = CaseAxis::SizeOrder;
        const PlotData bySize = buildPlotData(rq);
        QVERIFY(!bySize.sizeAxis);
        QVERIFY(!seriesOf(bySize, PlotSeries::Kind::Run)->joined);
        QCOMPARE(xs(*seriesOf(bySize, PlotSeries::Kind::Run)), (QList<double>{0, 1, 2}));
        QCOMPARE(bySize.categories[2].id, QStringLiteral("c"));
        QCOMPARE(bySize.footnote,
                 QStringLiteral(
                     "1 case without a size (no bytes moved recorded) placed last, in workload order."));
        QCOMPARE(bySize.xLow, -0.6);
        QCOMPARE(bySize.xHigh, 2.6);
        rq.axis = CaseAxis::Workload;
        const PlotData workload = buildPlotData(rq);
        QCOMPARE(workload.categories[0].id, QStringLiteral("a"));
        QVERIFY(workload.footnote.isEmpty()); // the run's own order places nothing by size
    }

    // Equal sizes share an x; the line passes through them in workload order, and the footnote says so.
    void sizeAxisEqualSizes() {
        PlotRequest rq;
        rq.run = runWith(R"([
            {"id": "p", "axes": {"n": 8}, "latencyNs": {"mean": 4000}},
            {"id": "q", "axes": {"n": 2, "m": 4}, "latencyNs": {"mean": 9000, "min": 8000, "max": 9500}},
            {"id": "r", "axes": {"n": 2}, "latencyNs": {"mean": 1000}},
            {"id": "s", "axes": {"n": 0}, "latencyNs": {"mean": 1000}},
            {"id": "t", "latencyNs": {"mean": 1000}}])");
        rq.axis = CaseAxis::Size;
        const PlotData d = buildPlotData(rq);
        QCOMPARE(d.sizeMeasure, SizeMeasure::AxesProduct);
        QCOMPARE(d.xLabel, QStringLiteral("case size: product of the case's axes (log scale)"));
        const PlotSeries* own = seriesOf(d, PlotSeries::Kind::Run);
        QCOMPARE(xs(*own), (QList<double>{2, 8, 8}));
        QCOMPARE(values(*own), (QList<double>{1, 4, 9})); // p before q: the run's order
        QCOMPARE(*own->points[2].low, 8.0);
        QCOMPARE(*own->points[2].high, 9.5);
        QCOMPARE(d.footnote,
                 QStringLiteral("Not drawn on the size axis: 2 cases without a size (no positive "
                                "axes). 2 cases share a size with another case: drawn at the same "
                                "x, joined in workload order."));
    }

    // Another run's matched cases sit at the selected run's case sizes, joined in size order too; the
    // published times become dashed-line series over the same sizes; levels stay levels.
    void sizeAxisOthersAndPublished() {
        PlotRequest rq;
        rq.run = twoWorkloads(); // d5c75ea3 9000 B, c72202f7 100 B
        rq.axis = CaseAxis::Size;
        rq.problem = &problem();
        rq.others = {runWith(R"([{"id": "d5c75ea31c66", "latencyNs": {"mean": 2000000}},
                                 {"id": "c72202f7718b", "latencyNs": {"mean": 50000}}])",
                             "other"),
                     parseManifest(kixtest::suiteOnlyLeader(), QStringLiteral("leader.json"))};
        const PlotData d = buildPlotData(rq);
        const PlotSeries* other = seriesOf(d, PlotSeries::Kind::Companion);
        QVERIFY(other->joined);
        QCOMPARE(xs(*other), (QList<double>{100, 9000}));
        QCOMPARE(values(*other), (QList<double>{50, 2000}));
        const PlotSeries* sol = seriesOf(d, PlotSeries::Kind::SpeedOfLight);
        QVERIFY(sol->joined);
        QCOMPARE(xs(*sol), (QList<double>{100, 9000}));
        QCOMPARE(values(*sol), (QList<double>{10.9, 700.6}));
        QCOMPARE(values(*seriesOf(d, PlotSeries::Kind::Baseline)), (QList<double>{117.392, 5691.1705}));
        const PlotSeries* suite = seriesOf(d, PlotSeries::Kind::SuiteLine);
        QVERIFY(!suite->joined);
        QCOMPARE(*suite->level, 42.336);
        QVERIFY(d.footnote.isEmpty());
        rq.mode = PlotMode::Speedup;
        rq.others.clear();
        const PlotData speedup = buildPlotData(rq);
        QCOMPARE(xs(*seriesOf(speedup, PlotSeries::Kind::Run)),
                 QList<double>{9000}); // the one with a reference
        QVERIFY(!seriesOf(speedup, PlotSeries::Kind::Parity)->joined);
    }

    // Nothing sized: the size axis draws nothing and says why, instead of an empty frame.
    void sizeAxisWithoutSizes() {
        PlotRequest rq;
        rq.run = runWith(
            R"([{"id": "a", "latencyNs": {"mean": 1000}}, {"id": "b", "latencyNs": {"mean": 2000}}])");
        rq.axis = CaseAxis::Size;
        const PlotData d = buildPlotData(rq);
        QVERIFY(d.empty());
        QVERIFY(!d.sizeAxis); // no log axis over nothing
        QCOMPARE(d.notice,
                 QStringLiteral("No case of this run records a size (bytes moved or axes): plot its "
                                "cases in workload order or by size instead."));
        QCOMPARE(d.xLabel, QStringLiteral("case size (none recorded)"));
        rq.axis = CaseAxis::SizeOrder; // by size, the workload order, and the footnote says why
        const PlotData bySize = buildPlotData(rq);
        QCOMPARE(bySize.categories[0].id, QStringLiteral("a"));
        QCOMPARE(bySize.footnote,
                 QStringLiteral("No case of this run records a size (bytes moved or axes): the "
                                "cases stay in workload order."));
        // A suite-only run has bars, whatever the axis.
        rq.run = loadManifestFile(kixtest::seedPath());
        rq.axis = CaseAxis::Size;
        const PlotData bars = buildPlotData(rq);
        QVERIFY(!bars.sizeAxis);
        QCOMPARE(bars.bars.size(), 1);
        QCOMPARE(bars.xHigh, 0.6);
    }

    void nothingSelected() {
        QCOMPARE(buildPlotData({}).notice, QStringLiteral("Select a run to plot its latency per case."));
        QVERIFY(buildPlotData({}).empty());
    }
};

KIX_TEST_MAIN(TestPlotSeries)
#include "tst_plot_series.moc"
