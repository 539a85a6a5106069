// The plot's data without a widget: categories in workload or size order, values with their recorded
// spread, the reference, other runs matched case by case with Compare's rule, the published speed-of-light
// and baseline times of problem 013 on B200, and ranked bars for runs with only a suite value.
#include "ManifestParser.h"
#include "PlotSeries.h"
#include "TestSupport.h"

#include <QTest>

using namespace kix;

namespace {

const QString kW0 = QStringLiteral("b8dc0795-0c2f-5860-921c-254ae9a52e51"); // T_sol 10.9 µs, T_b 117.392 µs
const QString kW1 =
    QStringLiteral("ea1263c4-b63d-5fa4-a641-fc4f16d3462a"); // T_sol 700.6 µs, T_b 5691.1705 µs

ManifestPtr runWith(const char* casesJson, const char* name = "kix fused") {
    auto doc = kixtest::seedJson(); // a B200 run
    doc["run"]["spec"]["cases"] = Json::parse(casesJson);
    doc["run"]["spec"]["implementation"] = Json{{"name", name}};
    return parseManifest(QByteArray::fromStdString(doc.dump()),
                         QStringLiteral("%1.json").arg(QLatin1String(name)));
}

ManifestPtr twoWorkloads() {
    return runWith(R"([
        {"id": "ea1263c4-b63d-5fa4-a641-fc4f16d3462a", "axes": {"batch_size": 64, "seq_len": 8192}, "bytes": 9000,
         "latencyNs": {"mean": 3500000, "min": 3400000, "max": 3700000, "samples": 50}, "referenceLatencyNs": {"mean": 32000000}},
        {"id": "b8dc0795-0c2f-5860-921c-254ae9a52e51", "axes": {"batch_size": 4, "seq_len": 1973}, "bytes": 100,
         "latencyNs": {"mean": 63000, "stddev": 500, "samples": 50}}])");
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

        rq.order = CaseOrder::Size; // by bytes: the 100-byte case first
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
        QCOMPARE(sol->points[0].value, 700.6); // 0.7006 ms in µs, category 0 = ea1263c4
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
            R"([{"id": "b8dc0795-0c2f-5860-921c-254ae9a52e51", "axes": {"batch_size": 1, "seq_len": 1},
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

    void nothingSelected() {
        QCOMPARE(buildPlotData({}).notice, QStringLiteral("Select a run to plot its latency per case."));
        QVERIFY(buildPlotData({}).empty());
    }
};

QTEST_MAIN(TestPlotSeries)
#include "tst_plot_series.moc"
