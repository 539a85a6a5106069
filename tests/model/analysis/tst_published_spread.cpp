// The catalog's own spreads (issue 37, item 2): a latency std published among spec.measurements (GPU MODE's)
// is read as the run's spread with the path it came from, a 95% interval of the mean becomes a deviation,
// nothing else does, and a verdict on summaries says which spread it used. With the shared catalog, every
// run that publishes a spread gets an interval: 0 from timing.latencyNs alone (all kix read before), 2,080
// with measurements[]; the two GPU MODE runs are told apart (slower), where before they were not.
#include "CatalogFixture.h"
#include "Distributions.h"
#include "LoadIndexBlocking.h"
#include "ManifestParser.h"
#include "PublishedSpread.h"
#include "RecordFixtures.h"
#include "RecordTimeline.h"
#include "SharedData.h"
#include "TestMain.h"

#include <QTest>
#include <cmath>

using namespace kix;
using kixfix::Json;

Q_DECLARE_METATYPE(kixfix::Json)
Q_DECLARE_METATYPE(kix::LatencyStats)

namespace {

// A run with mean timing (n = 100) and the given measurements, read as a file would be.
ManifestPtr meanRun(const Json& measurements, const Json& latencyNs = {{"mean", 77415}}) {
    const kixfix::Catalog c;
    Json r = kixfix::run("gpumode", c.w1, c.impl, c.proto, c.env);
    r["spec"]["timing"] = {{"primaryStatistic", "mean"}, {"samples", 100}, {"latencyNs", latencyNs}};
    if (!measurements.is_null())
        r["spec"]["measurements"] = measurements;
    return parseManifest(QByteArray::fromStdString(r.dump()), QStringLiteral("run.json"));
}

Json measurement(const char* metric, const char* statistic, const char* unit, double value) {
    return {
        {"metric", metric}, {"statistic", statistic}, {"unit", unit}, {"value", value}, {"sampleCount", 100}};
}

LatencyStats meanWithInterval(double mean, double low, double high, qint64 n) {
    LatencyStats s;
    s.mean = mean;
    s.ciLow = low;
    s.ciHigh = high;
    s.samples = n;
    s.confidencePath = QStringLiteral("spec.timing.latencyNs.confidence95");
    return s;
}

constexpr double kStd = 1104.5866663301451; // GPU MODE submission 30771's, case 12

} // namespace

class TestPublishedSpread : public QObject {
    Q_OBJECT
private slots:
    // Which measurement is a latency's spread: a std (or stddev) of latency in a time unit, at or above 0;
    // timing's own stddev, where it states one, is kept.
    void measuredSpread_data() {
        QTest::addColumn<Json>("measurements");
        QTest::addColumn<Json>("latencyNs");
        QTest::addColumn<double>("stddev"); // -1: none
        QTest::addColumn<QString>("path");
        const Json mean = {{"mean", 77415}};
        QTest::newRow("GPU MODE's std in ns") << Json::array({measurement("latency", "std", "ns", kStd)})
                                              << mean << kStd << QStringLiteral("spec.measurements[0]");
        QTest::newRow("stddev in µs, second entry")
            << Json::array(
                   {measurement("score", "geomean", "s", 1e-4), measurement("latency", "stddev", "us", 1.5)})
            << mean << 1500.0 << QStringLiteral("spec.measurements[1]");
        QTest::newRow("a score's std")
            << Json::array({measurement("score", "std", "s", 1e-6)}) << mean << -1.0 << QString();
        QTest::newRow("no time unit")
            << Json::array({measurement("latency", "std", "tokens_s", 3)}) << mean << -1.0 << QString();
        QTest::newRow("negative") << Json::array({measurement("latency", "std", "ns", -5)}) << mean << -1.0
                                  << QString();
        QTest::newRow("a mean, not a spread")
            << Json::array({measurement("latency", "mean", "ns", 77415)}) << mean << -1.0 << QString();
        QTest::newRow("timing's own stddev kept") << Json::array({measurement("latency", "std", "ns", kStd)})
                                                  << Json{{"mean", 77415}, {"stddev", 900}} << 900.0
                                                  << QStringLiteral("spec.timing.latencyNs.stddev");
    }
    void measuredSpread() {
        QFETCH(Json, measurements);
        QFETCH(Json, latencyNs);
        QFETCH(double, stddev);
        QFETCH(QString, path);
        const ManifestPtr m = meanRun(measurements, latencyNs);
        QVERIFY2(!m->hasErrors(), qPrintable(m->problems.value(0).toString()));
        const LatencyStats& s = m->runSpec.latencyNs;
        const auto spread = publishedSpread(s, m->runSpec.primaryStatistic);
        if (stddev < 0) {
            QVERIFY(!s.stddev);
            QVERIFY(!spread);
            QVERIFY(!publishedEvidence(s, m->runSpec.primaryStatistic).summary);
            return;
        }
        QVERIFY(spread);
        QCOMPARE(spread->stddev, stddev);
        QCOMPARE(spread->count, 100);
        QCOMPARE(spread->path, path);
        QCOMPARE(spread->label(), QStringLiteral("std at %1, n = 100").arg(path));
        const TimingEvidence e = publishedEvidence(s, m->runSpec.primaryStatistic);
        QVERIFY(e.summary);
        QCOMPARE(e.summary->mean, 77415.0);
        QCOMPARE(e.summary->stddev, stddev);
    }

    // confidence95 [lo, hi] of a mean with n samples: s = w·√n / t(0.975, n − 1), w the wider half.
    void intervalSpread_data() {
        QTest::addColumn<LatencyStats>("stats");
        QTest::addColumn<QString>("statistic");
        QTest::addColumn<double>("halfWidth"); // -1: no spread
        QTest::newRow("symmetric") << meanWithInterval(1000, 980, 1020, 30) << QStringLiteral("mean") << 20.0;
        QTest::newRow("asymmetric: the wider half")
            << meanWithInterval(1000, 990, 1030, 30) << QStringLiteral("mean") << 30.0;
        QTest::newRow("of a median: not a mean's")
            << meanWithInterval(1000, 980, 1020, 30) << QStringLiteral("median") << -1.0;
        QTest::newRow("not about the mean")
            << meanWithInterval(1000, 1010, 1020, 30) << QStringLiteral("mean") << -1.0;
        QTest::newRow("one sample") << meanWithInterval(1000, 980, 1020, 1) << QStringLiteral("mean") << -1.0;
        LatencyStats noCount = meanWithInterval(1000, 980, 1020, 30);
        noCount.samples.reset();
        QTest::newRow("no count") << noCount << QStringLiteral("mean") << -1.0;
    }
    void intervalSpread() {
        QFETCH(LatencyStats, stats);
        QFETCH(QString, statistic);
        QFETCH(double, halfWidth);
        const auto spread = publishedSpread(stats, statistic);
        const TimingEvidence e = publishedEvidence(stats, statistic);
        if (halfWidth < 0) {
            QVERIFY(!spread);
            QVERIFY(!e.summary);
            return;
        }
        const double want = halfWidth * std::sqrt(30.0) / studentTQuantile(0.975, 29);
        QVERIFY(spread && spread->fromInterval);
        QCOMPARE(spread->stddev, want);
        QCOMPARE(spread->label(),
                 QStringLiteral("from the 95% interval at spec.timing.latencyNs.confidence95, n = 30"));
        QVERIFY(e.summary);
        QCOMPARE(e.summary->stddev, want);
        QCOMPARE(e.summary->count, 30);
    }

    // A verdict on summaries names the spreads it used; one on raw samples or central values says nothing.
    void verdictNamesItsSpread() {
        const ManifestPtr a = meanRun(Json::array({measurement("latency", "std", "ns", kStd)}));
        const ManifestPtr b =
            meanRun(Json::array({measurement("latency", "std", "ns", kStd)}), Json{{"mean", 87415}});
        const TimingEvidence ea = publishedEvidence(a->runSpec.latencyNs, QStringLiteral("mean"));
        const TimingEvidence eb = publishedEvidence(b->runSpec.latencyNs, QStringLiteral("mean"));
        const CaseVerdict v = judgeCase(ea, eb);
        QCOMPARE(v.verdict, Verdict::Slower);
        QCOMPARE(v.method, VerdictMethod::Welch);
        const QString usedA = spreadUsed(ea, a->runSpec.latencyNs, QStringLiteral("mean"));
        QCOMPARE(usedA, QStringLiteral("std at spec.measurements[0], n = 100"));
        QCOMPARE(spreadNote(v, usedA, usedA),
                 QStringLiteral("; spread of A: std at spec.measurements[0], n = 100; of B: std at "
                                "spec.measurements[0], n = 100"));
        const TimingEvidence raw = TimingEvidence::ofSamples({100, 101, 99, 100});
        QCOMPARE(spreadUsed(raw, {}, QStringLiteral("mean")), QStringLiteral("raw samples"));
        QCOMPARE(
            spreadNote(judgeCase(raw, raw), QStringLiteral("raw samples"), QStringLiteral("raw samples")),
            QString());
        const TimingEvidence central = TimingEvidence::ofCentral(77415);
        QCOMPARE(spreadUsed(central, {}, QStringLiteral("mean")), QString());
        QCOMPARE(spreadNote(judgeCase(central, eb), QString(), usedA), QString());
    }

    // The shared catalog: how many runs get an interval, from timing.latencyNs alone (what kix read before
    // this) and with the measurements' std; the FlashInfer runs with raw evidence carry a log artifact, not
    // samples, and get none; and the pair of GPU MODE runs.
    void sharedCatalogIntervals() {
        KIX_REQUIRE_SHARED(path, QStringLiteral("kernelindex/catalog-2026-08-16-94af2ae7.jsonl.zst"));
        const RecordIndex index = kixtest::loadIndexBlocking({path});
        QCOMPARE(index.runCount(), 7857);
        int fromTiming = 0, withInterval = 0, fromMeasurements = 0, flashInferWithInterval = 0;
        for (const RunEntry& e : index.runs()) {
            const RunSpec& s = e.run->spec;
            LatencyStats timingOnly = s.latencyNs;
            if (timingOnly.stddevPath.contains(QLatin1String("measurements"))) {
                timingOnly.stddev.reset();
                timingOnly.stddevPath.clear();
                ++fromMeasurements;
            }
            const TimingEvidence before = publishedEvidence(timingOnly, s.primaryStatistic);
            const TimingEvidence after = publishedEvidence(s.latencyNs, s.primaryStatistic);
            fromTiming += judgeCase(before, before).interval.has_value();
            const bool interval = judgeCase(after, after).interval.has_value();
            withInterval += interval;
            flashInferWithInterval += interval && s.source == QLatin1String("flashinfer-bench");
        }
        qInfo("catalog runs with an interval: %d from timing.latencyNs alone, %d now (%d with a std among "
              "their measurements)",
              fromTiming, withInterval, fromMeasurements);
        QCOMPARE(fromTiming, 0);
        QCOMPARE(fromMeasurements, 2080);
        QCOMPARE(withInterval, 2080);
        QCOMPARE(flashInferWithInterval, 0);

        // kix diff CAT CAT --a-run 01a006cb… --b-run 01a006cd… was "can't tell (B/A 40.806)".
        const int a = index.runIndexOfCatalogId(QStringLiteral("01a006cb-0f46-7ae5-b4a3-4526522e3fd4"));
        const int b = index.runIndexOfCatalogId(QStringLiteral("01a006cd-4f5f-7b6f-a34c-b7063f0be82e"));
        QVERIFY(a >= 0 && b >= 0);
        const CaseVerdict v = judgeRunAgainst(index, a, b, {});
        QCOMPARE(v.verdict, Verdict::Slower);
        QCOMPARE(v.method, VerdictMethod::Welch);
        QCOMPARE(v.countA, 100);
        QCOMPARE(v.countB, 100);
    }
};

KIX_TEST_GUILESS_MAIN(TestPublishedSpread)
#include "tst_published_spread.moc"
