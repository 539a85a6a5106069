// Case-by-case comparison (ratios, geometric mean, noise) and the comparability verdict.
#include "CaseComparison.h"
#include "Comparability.h"
#include "ManifestParser.h"
#include "TestSupport.h"

#include <QTest>

namespace {
kix::ManifestPtr withCases(const QByteArray& cases, const char* version = "v1.0") {
    auto doc = kixtest::seedJson();
    doc["run"]["spec"]["cases"] = kix::Json::parse(cases.toStdString());
    doc["protocol"]["spec"]["harness"]["version"] = version;
    return kix::parseManifest(QByteArray::fromStdString(doc.dump()), QStringLiteral("t.json"));
}
} // namespace

class TestCaseComparison : public QObject {
    Q_OBJECT
private slots:
    void ratiosAndNoise() {
        const auto a = withCases(R"([
            {"id": "c1", "axes": {"s": 1}, "latencyNs": {"mean": 100, "stddev": 1, "samples": 50}},
            {"id": "c2", "axes": {"s": 2}, "latencyNs": {"mean": 200, "stddev": 20, "samples": 50}},
            {"id": "c3", "axes": {"s": 3}, "latencyNs": {"mean": 400}},
            {"id": "only-a", "latencyNs": {"mean": 1}}])");
        const auto b = withCases(R"([
            {"id": "c1", "axes": {"s": 1}, "latencyNs": {"mean": 50, "stddev": 1, "samples": 50}},
            {"id": "c2", "axes": {"s": 2}, "latencyNs": {"mean": 202, "stddev": 20, "samples": 50}},
            {"id": "c3", "axes": {"s": 3}, "latencyNs": {"mean": 800}},
            {"id": "only-b", "latencyNs": {"mean": 1}}])");
        const auto cmp = kix::compareCases(*a, *b);
        QCOMPARE(cmp.rows.size(), 3);
        QCOMPARE(*cmp.rows[0].ratio, 0.5);
        QCOMPARE(cmp.rows[0].direction, kix::CaseDelta::Direction::Faster);
        QCOMPARE(cmp.rows[0].noise, kix::CaseDelta::Noise::BeyondNoise);
        QCOMPARE(cmp.rows[1].direction, kix::CaseDelta::Direction::Slower);
        QCOMPARE(cmp.rows[1].noise, kix::CaseDelta::Noise::WithinNoise);
        QCOMPARE(cmp.rows[2].noise, kix::CaseDelta::Noise::NoStatistics);
        QCOMPARE(cmp.faster, 1);
        QCOMPARE(cmp.slower, 0);
        QCOMPARE(cmp.withinNoise, 1);
        QCOMPARE(cmp.withoutStatistics, 1);
        QCOMPARE(cmp.onlyInA, QStringList{"only-a"});
        QCOMPARE(cmp.onlyInB, QStringList{"only-b"});
        QVERIFY(qAbs(*cmp.geomeanRatio - std::cbrt(0.5 * 1.01 * 2.0)) < 1e-12);
        QCOMPARE(cmp.summary(),
                 QStringLiteral("3 cases matched, geometric mean B/A = 1.003; beyond noise: 1 faster, 0 "
                                "slower; 1 within noise; 1 without statistics; 1 only in A; 1 only in B"));
    }

    void tinyDifferencesAreNoise() {
        // t is far beyond the critical value, but 0.5% is below the minimum effect.
        const auto a = withCases(R"([{"id": "c", "latencyNs": {"mean": 1000, "stddev": 1, "samples": 500}}])");
        const auto b = withCases(R"([{"id": "c", "latencyNs": {"mean": 1005, "stddev": 1, "samples": 500}}])");
        const auto cmp = kix::compareCases(*a, *b);
        QVERIFY(std::abs(*cmp.rows[0].t) > 50);
        QCOMPARE(cmp.rows[0].noise, kix::CaseDelta::Noise::WithinNoise);
        QCOMPARE(cmp.rows[0].direction, kix::CaseDelta::Direction::Slower);
    }

    void matchByAxesWhenIdsDiffer() {
        const auto a = withCases(R"([{"id": "x1", "axes": {"s": 1}, "latencyNs": {"mean": 100}}])");
        const auto b = withCases(R"([{"id": "y1", "axes": {"s": 1}, "latencyNs": {"mean": 150}}])");
        const auto cmp = kix::compareCases(*a, *b);
        QCOMPARE(cmp.rows.size(), 1);
        QCOMPARE(*cmp.rows[0].ratio, 1.5);
    }

    void suiteOnly() {
        const auto a = kix::loadManifestFile(kixtest::seedPath());
        const auto b = kix::loadManifestFile(kixtest::repoPath(
            QStringLiteral("resources/samples/kernelindex/sol-submission-20042.manifest.json")));
        const auto cmp = kix::compareCases(*a, *b);
        QVERIFY(cmp.suiteOnly);
        QCOMPARE(*cmp.suiteRatio, 42336.0 / 45344.0);
        QCOMPARE(cmp.summary(), QStringLiteral("suite values only (no per-case results): B/A = 0.934"));
    }
    // Whether two runs may be compared at all (KernelIndex's policy) is tested in tst_comparability.
};

QTEST_GUILESS_MAIN(TestCaseComparison)
#include "tst_case_comparison.moc"
