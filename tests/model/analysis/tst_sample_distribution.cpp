// A case's samples as the plot shows them (SampleDistribution.h): type-7 quartiles, the Tukey fences at
// 1.5 IQR, the whiskers at the last samples inside them and every sample beyond them kept as an outlier;
// the Freedman–Diaconis bin width and its histogram, with Sturges' rule and one bin where the IQR or the
// range is 0; and the fast_p curve (FastP.h) step by step on a tiny fixture. Every expected value is
// worked by hand in the rows.
#include "FastP.h"
#include "ManifestParser.h"
#include "PlotSeries.h"
#include "SampleDistribution.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QTest>
#include <cmath>

using kix::BoxSummary;
using kix::Histogram;

Q_DECLARE_METATYPE(std::vector<double>)
Q_DECLARE_METATYPE(std::vector<qsizetype>)
Q_DECLARE_METATYPE(kix::Histogram::Rule)

namespace {

// Quartiles, fences and whiskers, in this order, as a list: q1, median, q3, lower fence, upper fence,
// whisker low, whisker high.
std::vector<double> boxNumbers(const BoxSummary& b) {
    return {b.q1, b.median, b.q3, b.lowerFence, b.upperFence, b.whiskerLow, b.whiskerHigh};
}

} // namespace

class TestSampleDistribution : public QObject {
    Q_OBJECT
private slots:
    void boxSummary_data() {
        QTest::addColumn<std::vector<double>>("samples");
        QTest::addColumn<std::vector<double>>("expected"); // q1, median, q3, fences, whiskers
        QTest::addColumn<std::vector<double>>("outliers");
        // n = 10: h = 9p; q1 at 2.25 (3 + 0.25), q3 at 6.75 (7 + 0.75); IQR 4.5, fences -3.5 and 14.5.
        QTest::newRow("one slow launch")
            << std::vector<double>{9, 1, 2, 3, 4, 5, 6, 7, 8, 100}
            << std::vector<double>{3.25, 5.5, 7.75, -3.5, 14.5, 1, 9} << std::vector<double>{100};
        // n = 7: q1 at 1.5 (50.5), q3 at 4.5 (53.5); IQR 3, fences 46 and 58: one outlier each side.
        QTest::newRow("both sides") << std::vector<double>{200, 50, 51, 52, 53, 54, 1}
                                    << std::vector<double>{50.5, 52, 53.5, 46, 58, 50, 54}
                                    << std::vector<double>{1, 200};
        // n = 5: q1 2, q3 4, fences -1 and 7: a sample on the fence is inside, and is the whisker.
        QTest::newRow("on the fence") << std::vector<double>{0, 2, 3, 4, 7}
                                      << std::vector<double>{2, 3, 4, -1, 7, 0, 7} << std::vector<double>{};
        // IQR 0: the fences close on the quartiles, and anything off them is an outlier.
        QTest::newRow("no spread") << std::vector<double>{10, 10, 10, 10, 12}
                                   << std::vector<double>{10, 10, 10, 10, 10, 10, 10}
                                   << std::vector<double>{12};
        QTest::newRow("one sample") << std::vector<double>{5} << std::vector<double>{5, 5, 5, 5, 5, 5, 5}
                                    << std::vector<double>{};
    }
    void boxSummary() {
        QFETCH(std::vector<double>, samples);
        QFETCH(std::vector<double>, expected);
        QFETCH(std::vector<double>, outliers);
        const auto box = kix::boxSummary(samples);
        QVERIFY(box);
        QCOMPARE(boxNumbers(*box), expected);
        QCOMPARE(box->outliers, outliers);
        // Kept, never dropped: the count and the extremes are those of every sample.
        QCOMPARE(box->count, qsizetype(samples.size()));
        QCOMPARE(box->minimum, *std::min_element(samples.begin(), samples.end()));
        QCOMPARE(box->maximum, *std::max_element(samples.begin(), samples.end()));
        for (double v : outliers)
            QVERIFY(box->isOutlier(v));
    }

    void nothingToSummarize() {
        QVERIFY(!kix::boxSummary(std::vector<double>{}));
        QVERIFY(!kix::boxSummary(std::vector<double>{1, std::nan(""), 3}));
        QVERIFY(!kix::histogramOf(std::vector<double>{}));
        QVERIFY(!kix::histogramOf(std::vector<double>{1, INFINITY}));
        QCOMPARE(kix::freedmanDiaconisWidth(std::vector<double>{4}), 0.0);
    }

    void histogram_data() {
        QTest::addColumn<std::vector<double>>("samples");
        QTest::addColumn<Histogram::Rule>("rule");
        QTest::addColumn<double>("width");
        QTest::addColumn<std::vector<qsizetype>>("counts");
        // 1..8: IQR 6.25 - 2.75 = 3.5, width 2 · 3.5 / 8^(1/3) = 3.5; range 7: two bins, 4 and 4.
        QTest::newRow("Freedman–Diaconis, n = 8")
            << std::vector<double>{1, 2, 3, 4, 5, 6, 7, 8} << Histogram::Rule::FreedmanDiaconis << 3.5
            << std::vector<qsizetype>{4, 4};
        // 0..63: IQR 47.25 - 15.75 = 31.5, width 2 · 31.5 / 4 = 15.75; range 63: four bins of 16, the
        // maximum in the last (closed) bin.
        std::vector<double> ramp;
        ramp.reserve(64);
        for (int i = 0; i < 64; ++i)
            ramp.push_back(i);
        QTest::newRow("Freedman–Diaconis, n = 64")
            << ramp << Histogram::Rule::FreedmanDiaconis << 15.75 << std::vector<qsizetype>{16, 16, 16, 16};
        // IQR 0, range 4: Sturges, 4 / (log2 8 + 1) = 1; the 9 falls on the last edge, into the last bin.
        QTest::newRow("Sturges when the IQR is 0")
            << std::vector<double>{5, 5, 5, 5, 5, 5, 5, 9} << Histogram::Rule::Sturges << 1.0
            << std::vector<qsizetype>{7, 0, 0, 1};
        QTest::newRow("one bin when every sample is equal")
            << std::vector<double>{3, 3, 3} << Histogram::Rule::Single << 1.0 << std::vector<qsizetype>{3};
    }
    void histogram() {
        QFETCH(std::vector<double>, samples);
        QFETCH(Histogram::Rule, rule);
        QFETCH(double, width);
        QFETCH(std::vector<qsizetype>, counts);
        const auto h = kix::histogramOf(samples);
        QVERIFY(h);
        QCOMPARE(h->rule, rule);
        QCOMPARE(h->width, width);
        QCOMPARE(h->start, *std::min_element(samples.begin(), samples.end()));
        QCOMPARE(h->counts, counts);
        QVERIFY(!h->widened);
        if (rule == Histogram::Rule::FreedmanDiaconis)
            QCOMPARE(kix::freedmanDiaconisWidth(samples), width);
    }

    // A launch 1,000× slower would give 2,600 bins of the rule's width: the range is cut into 200, and
    // the outlier still has its bin.
    void farOutlierWidensTheBins() {
        const std::vector<double> samples{1, 2, 3, 4, 5, 6, 7, 8, 10000};
        QCOMPARE(kix::freedmanDiaconisWidth(samples), 8 / std::cbrt(9.0)); // IQR 7 - 3
        const auto h = kix::histogramOf(samples);
        QVERIFY(h && h->widened);
        QCOMPARE(h->ruleName(), QStringLiteral("Freedman–Diaconis"));
        QCOMPARE(qsizetype(h->counts.size()), kix::kMostBins);
        QCOMPARE(h->width, 9999.0 / 200);
        QCOMPARE(h->counts.front(), qsizetype(8));
        QCOMPARE(h->counts.back(), qsizetype(1));
    }

    // Six cases: speedups 0.5, 2, 2 and 3 correct; 4 failed; one without a reference time. fast_p counts
    // speedup > p over all six: 4/6 from p = 0, 3/6 from 0.5, 1/6 from 2 (both 2s stop at once), 0 from 3.
    void fastPSteps_data() {
        QTest::addColumn<double>("p");
        QTest::addColumn<double>("fraction");
        QTest::newRow("p = 0: correct with a speedup") << 0.0 << 4.0 / 6;
        QTest::newRow("just below 0.5") << 0.4999 << 4.0 / 6;
        QTest::newRow("p = 0.5: more than, not at least") << 0.5 << 3.0 / 6;
        QTest::newRow("p = 1: faster than the reference") << 1.0 << 3.0 / 6;
        QTest::newRow("p = 2") << 2.0 << 1.0 / 6;
        QTest::newRow("p = 3: none") << 3.0 << 0.0;
        QTest::newRow("beyond: none (the failed 4 never counts)") << 4.5 << 0.0;
    }
    void fastPSteps() {
        QFETCH(double, p);
        QFETCH(double, fraction);
        const kix::FastPCurve curve = kix::fastPCurve(
            {{true, 2.0}, {true, 0.5}, {false, 4.0}, {true, 3.0}, {true, std::nullopt}, {true, 2.0}});
        QCOMPARE(curve.cases, qsizetype(6));
        QCOMPARE(curve.counted, qsizetype(4));
        QCOMPARE(curve.maxSpeedup, 3.0);
        QCOMPARE(curve.steps.size(), 4);
        const QList<double> ps{0, 0.5, 2, 3}, fs{4.0 / 6, 3.0 / 6, 1.0 / 6, 0};
        for (int i = 0; i < 4; ++i) {
            QCOMPARE(curve.steps[i].p, ps[i]);
            QCOMPARE(curve.steps[i].fraction, fs[i]);
        }
        QCOMPARE(curve.at(p), fraction);
    }

    void fastPOfNothing() {
        QVERIFY(kix::fastPCurve({}).steps.isEmpty());
        const auto none = kix::fastPCurve({{false, 2.0}, {true, std::nullopt}});
        QCOMPARE(none.steps.size(), 1);
        QCOMPARE(none.at(0), 0.0);
        QCOMPARE(none.maxSpeedup, 0.0);
    }

    // From a run: a failed case is not correct, a case without status is, the speedup is the recorded
    // one or reference / latency.
    void fastPOfARun() {
        auto doc = kixtest::seedJson();
        doc["run"]["spec"]["cases"] = nlohmann::json::parse(R"([
            {"id": "a", "status": "passed", "latencyNs": {"mean": 100}, "referenceLatencyNs": {"mean": 250}},
            {"id": "b", "status": "failed", "latencyNs": {"mean": 100}, "speedup": 9},
            {"id": "c", "latencyNs": {"mean": 100}, "speedup": 0.8},
            {"id": "d", "latencyNs": {"mean": 100}}])");
        const auto run = kix::parseManifest(QByteArray::fromStdString(doc.dump()), QStringLiteral("r.json"));
        const auto cases = kix::fastPCasesOf(*run);
        QCOMPARE(cases.size(), 4);
        QCOMPARE(cases[0].speedup.value_or(0), 2.5);
        QVERIFY(!cases[1].correct);
        QVERIFY(cases[2].correct);
        QVERIFY(!cases[3].speedup);
        const auto curve = kix::fastPCurve(cases);
        QCOMPARE(curve.at(0), 0.5);
        QCOMPARE(curve.at(1), 0.25);
        QCOMPARE(curve.maxSpeedup, 2.5);
    }

    // The plot's boxes (PlotDistributions.h) for the bundled kix run: one per case, each that of the
    // case's launches in µs, drawn relative to its median (%), with every launch placed (inside the box's
    // width) and none dropped; the absolute series leave this view. Not on the size axis nor for speedups,
    // and the footnote says why.
    void plotBoxesOfABundledRun() {
        kix::PlotRequest rq;
        rq.run = kix::loadManifestFile(kixtest::repoPath(
            QStringLiteral("resources/samples/kix/kix-run-20261204T053602Z-nvidia-h200.manifest.json")));
        QVERIFY(rq.run && kix::hasCaseSamples(*rq.run));
        rq.distributions = true;
        const kix::PlotData d = kix::buildPlotData(rq);
        QCOMPARE(d.boxes.size(), 16);
        QVERIFY(d.series.isEmpty()); // absolute times belong to the latency view
        QCOMPARE(d.yLabel, QStringLiteral("launch time relative to the case's median (%)"));
        for (const kix::PlotBox& b : d.boxes) {
            const kix::CaseResult* c = nullptr;
            for (const kix::CaseResult& r : rq.run->runSpec.cases)
                if (r.id == d.categories[b.category].id)
                    c = &r;
            QVERIFY(c);
            std::vector<double> us;
            us.reserve(c->samplesNs.size());
            for (double ns : c->samplesNs)
                us.push_back(ns * 1e-3);
            const auto expected = kix::boxSummary(us);
            QCOMPARE(b.box.median, expected->median);
            QCOMPARE(b.box.outliers, expected->outliers);
            QCOMPARE(b.shown.median, 0.0);
            QCOMPARE(b.shown.upperFence, 100 * (expected->upperFence / expected->median - 1));
            QCOMPARE(b.inliers.size() + b.outliers.size(), qsizetype(us.size()));
            for (const QPointF& p : b.inliers + b.outliers)
                QVERIFY(std::abs(p.x() - b.x) <= 0.2);
        }
        rq.axis = kix::CaseAxis::Size;
        const kix::PlotData sized = kix::buildPlotData(rq);
        QVERIFY(sized.boxes.isEmpty());
        QVERIFY(sized.footnote.contains(QStringLiteral("not on the size axis")));
        rq.axis = kix::CaseAxis::Workload;
        rq.mode = kix::PlotMode::Speedup;
        QVERIFY(kix::buildPlotData(rq).boxes.isEmpty());
    }
};

KIX_TEST_MAIN(TestSampleDistribution)
#include "tst_sample_distribution.moc"
