// The SOL score S = 1/(1 + (T − T_sol)/(T_b − T_sol)) per case against the published B200 times of
// problem 013 (resources/problems/, read through ProblemDefinition), the suite score, the reasons when
// there is none, and the "% of the bandwidth floor" against the recorded copy bandwidth.
#include "ManifestParser.h"
#include "SpeedOfLight.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QTest>

using namespace kix;

namespace {

const ProblemDefinition& problem() {
    static const ProblemDefinition d = *readProblemDefinition(kixtest::problemPath()).definition;
    return d;
}

CaseResult caseOf(const QString& id, double meanNs) {
    CaseResult c;
    c.id = id;
    c.latencyNs.mean = meanNs;
    return c;
}

// Workloads 0 and 1 of problem 013: c72202f7 (T_sol 0.0109 ms, T_b 0.117392 ms) and d5c75ea3 (T_sol
// 0.7006 ms, T_b 5.6911705 ms) on NVIDIA B200.
const QString kW0 = QStringLiteral("c72202f7718b");
const QString kW1 = QStringLiteral("d5c75ea31c66");

} // namespace

class TestSpeedOfLight : public QObject {
    Q_OBJECT
private slots:
    void score_data() {
        QTest::addColumn<double>("t");
        QTest::addColumn<double>("sol");
        QTest::addColumn<double>("baseline");
        QTest::addColumn<double>("expected"); // -1: no score
        QTest::newRow("at T_sol") << 100.0 << 100.0 << 300.0 << 1.0;
        QTest::newRow("at T_b") << 300.0 << 100.0 << 300.0 << 0.5;
        QTest::newRow("twice as far") << 500.0 << 100.0 << 300.0 << 1.0 / 3;
        QTest::newRow("below T_sol") << 50.0 << 100.0 << 300.0 << 1 / (1 - 0.25);
        QTest::newRow("meaningless below") << 1.0 << 1000.0 << 1100.0 << -1.0; // 1 + (−999/100) ≤ 0
        QTest::newRow("T_b not above T_sol") << 100.0 << 300.0 << 300.0 << -1.0;
        QTest::newRow("no time") << 0.0 << 100.0 << 300.0 << -1.0;
    }
    void score() {
        QFETCH(double, t);
        QFETCH(double, sol);
        QFETCH(double, baseline);
        QFETCH(double, expected);
        const auto s = solScore(t, sol, baseline);
        if (expected < 0)
            QVERIFY(!s);
        else
            QCOMPARE(*s, expected);
    }

    void perCaseAgainstPublishedB200Times() {
        RunSpec run;
        run.primaryStatistic = QStringLiteral("mean");
        run.cases = {caseOf(kW0, 50000), caseOf(kW1, 3000000)};
        const RunSpeedOfLight sol = speedOfLight(run, QStringLiteral("NVIDIA B200"), problem(), std::nullopt);
        QCOMPARE(sol.scored, 2);
        QCOMPARE(*sol.cases[0].solNs, 10900.0);
        QCOMPARE(*sol.cases[0].baselineNs, 117392.0);
        // 1 / (1 + (50000 − 10900) / (117392 − 10900)) = 106492 / 145592
        QCOMPARE(*sol.cases[0].score, 106492.0 / 145592.0);
        QCOMPARE(*sol.cases[0].score, 0.7314412879828562);
        // 1 / (1 + (3000000 − 700600) / (5691170.5 − 700600)) = 4990570.5 / 7289970.5
        QCOMPARE(*sol.cases[1].score, 4990570.5 / 7289970.5);
        QCOMPARE(*sol.suiteScore, (106492.0 / 145592.0 + 4990570.5 / 7289970.5) / 2);
        QVERIFY(sol.why.isEmpty());
    }

    void noSuiteScoreUnlessEveryCaseHasOne() {
        RunSpec run;
        run.primaryStatistic = QStringLiteral("mean");
        run.cases = {caseOf(kW0, 50000), caseOf(QStringLiteral("not-a-workload"), 1000)};
        const RunSpeedOfLight sol = speedOfLight(run, QStringLiteral("NVIDIA B200"), problem(), std::nullopt);
        QCOMPARE(sol.scored, 1);
        QVERIFY(!sol.suiteScore);
        QCOMPARE(sol.cases[1].workload, -1);
    }

    void reasons_data() {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<QString>("caseId");
        QTest::addColumn<QString>("why");
        QTest::newRow("other GPU")
            << "NVIDIA H200" << kW0
            << "013_fused_residual_rms_norm_backward publishes speed-of-light times for "
               "NVIDIA B200, not for NVIDIA H200";
        QTest::newRow("unnamed GPU")
            << "" << kW0
            << "013_fused_residual_rms_norm_backward publishes speed-of-light times for "
               "NVIDIA B200, not for an unnamed GPU";
        QTest::newRow("other problem") << "NVIDIA B200"
                                       << "c1"
                                       << "no case is a workload of 013_fused_residual_rms_norm_backward";
    }
    void reasons() {
        QFETCH(QString, gpu);
        QFETCH(QString, caseId);
        QFETCH(QString, why);
        RunSpec run;
        run.primaryStatistic = QStringLiteral("mean");
        run.cases = {caseOf(caseId, 50000)};
        QCOMPARE(speedOfLight(run, gpu, problem(), std::nullopt).why, why);
        QCOMPARE(speedOfLight(RunSpec{}, gpu, problem(), std::nullopt).why,
                 QStringLiteral("the run has no per-case results"));
    }

    void bandwidthFloorOfTheBundledH200Run() {
        // The sample records bytes per case and the measured copy bandwidth; its own copyBandwidthFraction is
        // the same ratio, computed by the runner from the mean.
        const ManifestPtr m = loadManifestFile(kixtest::repoPath(
            QStringLiteral("tests/data/legacy-kix/kix-run-20261202T153827Z-nvidia-h200.manifest.json")));
        QVERIFY(m && m->hasRun());
        const auto bandwidth = measuredCopyBandwidth(m->environment->json);
        QCOMPARE(*bandwidth, 4252.24064673086);
        const RunSpeedOfLight sol = speedOfLight(m->runSpec, m->gpuLabel(), problem(), bandwidth);
        QCOMPARE(sol.scored, 0); // H200: no published times
        const CaseResult& first = m->runSpec.cases.first();
        // 202087248 bytes / 4252.24 GB/s = 47524.8 ns; over the mean 62559.0 ns = 75.97 %
        QCOMPARE(*sol.cases.first().copyFloorNs, 202087248.0 / 4252.24064673086);
        QCOMPARE(*sol.cases.first().copyFloorPercent,
                 202087248.0 / 4252.24064673086 / 62559.04011428356 * 100);
        QCOMPARE(*sol.cases.first().copyFloorPercent, *first.copyBandwidthFraction * 100);
        for (int i = 0; i < sol.cases.size(); ++i)
            QCOMPARE(*sol.cases[i].copyFloorPercent, *m->runSpec.cases[i].copyBandwidthFraction * 100);
    }

    void floorNeedsPositiveInputs() {
        QVERIFY(!copyFloorPercent(0, 100, 10));
        QVERIFY(!copyFloorPercent(100, 0, 10));
        QVERIFY(!copyFloorPercent(100, 100, 0));
        QCOMPARE(*copyFloorPercent(1000, 100, 20), 50.0); // 10 ns floor in 20 ns
        QVERIFY(!measuredCopyBandwidth(nlohmann::json::object()));
        QVERIFY(!measuredCopyBandwidth({{"spec", {{"hardware", {{"measuredCopyBandwidthGBps", -1}}}}}}));
    }
};

KIX_TEST_MAIN(TestSpeedOfLight)
#include "tst_speed_of_light.moc"
