// The GPU's state in a local run's files and what kix makes of it (issue 24), from recorded-looking NVML
// samples (GpuStateFixtures.h; no GPU needed): the evidence and KernelIndex fields written, a throttled or
// slow-clocked case flagged, --lock-clocks through a fake driver interface, the per-boot calibration's
// band, the A/A noise floor as the verdict's minimum effect, and a clock difference named by kix diff.
#include "CaseComparison.h"
#include "CliRunner.h"
#include "GpuStateDifference.h"
#include "GpuStateFixtures.h"
#include "KixResources.h"
#include "ManifestSet.h"
#include "RunStore.h"
#include "TestMain.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace kix;

namespace {

runner::LocalRunFacts syntheticRun(double latencyScale, const QString& tag) {
    runner::LocalRunFacts f;
    f.device.available = true;
    f.device.name = "NVIDIA H200";
    f.device.computeMajor = 9;
    f.device.multiprocessors = 132;
    f.device.memoryBytes = 150'000'000'000;
    f.device.runtimeVersion = 13000;
    f.device.driverVersion = 13000;
    f.device.pciBusId = "00000000:19:00.0";
    f.copyBandwidthGBps = 4225;
    f.observedAt = QDateTime(QDate(2026, 12, 7), QTime(0, 30, 0), Qt::UTC);
    f.fileTag = tag;
    for (std::size_t i = 0; i < 3; ++i) {
        kernels::CaseReport r;
        r.workload = kernels::kWorkloads[i];
        r.rows = r.workload.rows();
        r.bytes = double(r.rows) * r.hidden * 10;
        for (int k = 0; k < 40; ++k)
            r.fusedNs.push_back(latencyScale * (60000 + 25.0 * (k % 9)));
        r.fused.eventNs = r.fusedNs;
        r.checks = {{"grad_hidden_states", 1e-6, 2e-3, 1e-5, 0.05, 0, 100}};
        f.cases.push_back(r);
    }
    return f;
}

ManifestPtr writeAndLoad(const runner::LocalRunFacts& f, const QString& dir, RunStore& store) {
    const runner::LocalRunSet set = runner::buildLocalRunSet(f);
    if (!set.error.isEmpty() || !writeManifestSet(dir, set.files, false).ok())
        return {};
    store.add(RunStore::loadBlocking({dir}));
    const int index = store.indexOfFile(QDir(dir).filePath(set.suiteRunFile));
    return index < 0 ? ManifestPtr() : store.at(index);
}

class FakeDriver : public kernels::GpuClockControl {
public:
    std::string refuse;
    int locks = 0, resets = 0;
    double locked = 0;
    std::string lockSmClocks(double minMHz, double /*maxMHz*/) override {
        ++locks;
        locked = minMHz;
        return refuse;
    }
    std::string resetSmClocks() override {
        ++resets;
        return {};
    }
};

CaseGpuState caseState(double smMedian, qint64 throttled, int others) {
    CaseGpuState s;
    s.samples = 20;
    s.smClockMHz = GpuSpread{smMedian, smMedian, smMedian, smMedian};
    s.throttledSamples = throttled;
    if (throttled > 0)
        s.clocksEventReasons = {QStringLiteral("gpu_idle"), QStringLiteral("sw_power_cap")};
    s.otherProcessesMax = others;
    return s;
}

} // namespace

class TestGpuStateEvidence : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixInitResources(); }

    void evidenceAndKernelIndexFields() {
        QTemporaryDir dir;
        runner::LocalRunFacts f = syntheticRun(1, QStringLiteral("a"));
        kixtest::addGpuState(f, 1980, 1);
        RunStore store;
        const ManifestPtr m = writeAndLoad(f, dir.path(), store);
        QVERIFY(m);
        QVERIFY2(!m->hasErrors(), qPrintable(m->problems.value(0).toString()));
        // KernelIndex's environment settings.
        QCOMPARE(
            QString::fromStdString(m->environment->json["spec"]["settings"].dump()),
            QStringLiteral(
                R"({"clocksLocked":false,"eccEnabled":true,"persistenceMode":true,"powerLimitWatts":700})"));
        // The run's identity, lock and calibration from the evidence's "gpu".
        QVERIFY(m->runSpec.gpu);
        const GpuRunState& g = *m->runSpec.gpu;
        QCOMPARE(g.uuid, QStringLiteral("GPU-5f2a6b1c-0000-4000-8000-000000000001"));
        QCOMPARE(g.pciBusId, QStringLiteral("00000000:19:00.0"));
        QCOMPARE(g.vbios, QStringLiteral("96.00.AF.00.01"));
        QCOMPARE(*g.eccEnabled, true);
        QCOMPARE(*g.powerLimitW, 700.0);
        QCOMPARE(*g.calibrationNs, 52000.0);
        QVERIFY(!g.calibrationSuspect);
        QVERIFY(!g.noiseFloor);
        // Per case: the window digested, the throttled case flagged.
        QCOMPARE(m->runSpec.cases.size(), 3);
        const CaseGpuState& steady = *m->runSpec.cases[0].gpuState;
        QCOMPARE(steady.samples, qint64(20));
        QCOMPARE(steady.smClockMHz->median, 1980.0);
        QCOMPARE(steady.powerW->first, 400.0);
        QCOMPARE(steady.powerW->maximum, 419.0);
        QCOMPARE(steady.temperatureC->maximum, 42.0);
        QCOMPARE(
            caseGpuStateLine(steady),
            QStringLiteral(
                "SM 1980 MHz (min 1980, max 1980), memory 3201 MHz, 410 W of 700 W, 42 °C max, 20 samples"));
        QList<std::optional<CaseGpuState>> states;
        for (const CaseResult& c : m->runSpec.cases)
            states << c.gpuState;
        const auto typical = typicalSmClockOf(states);
        QCOMPARE(*typical, 1980.0);
        QCOMPARE(caseGpuFlags(steady, typical), QStringList());
        const CaseGpuState& throttled = *m->runSpec.cases[1].gpuState;
        QCOMPARE(throttled.clocksEventReasons, QStringList{QStringLiteral("sw_power_cap")});
        QCOMPARE(caseGpuFlags(throttled, typical),
                 QStringList{QStringLiteral("throttled: sw_power_cap in 8 of 20 samples")});
        QCOMPARE(throttled.smClockMHz->minimum, 1400.0);
        // A case run's measurements name the clock, power and temperature beside its timing.
        const QString caseFile =
            QDir(dir.path())
                .filePath(QStringLiteral("kix-run-20261207T003000Z-nvidia-h200-a--%1.manifest.json")
                              .arg(QLatin1String(kernels::kWorkloads[0].caseId)));
        RunStore one;
        one.add(RunStore::loadBlocking({caseFile}));
        QCOMPARE(one.size(), 1);
        QStringList metrics;
        for (const Measurement& x : one.at(0)->runSpec.measurements)
            metrics << QStringLiteral("%1:%2:%3=%4").arg(x.metric, x.statistic, x.unit).arg(x.value);
        QVERIFY2(metrics.contains(QStringLiteral("sm_clock:median:mhz=1980")),
                 qPrintable(metrics.join(u' ')));
        QVERIFY(metrics.contains(QStringLiteral("sm_clock:minimum:mhz=1980")));
        QVERIFY(metrics.contains(QStringLiteral("power:median:w=409.5")));
        QVERIFY(metrics.contains(QStringLiteral("temperature:maximum:celsius=42")));
    }

    void showPrintsAndFlags() {
        QTemporaryDir dir;
        runner::LocalRunFacts f = syntheticRun(1, QStringLiteral("a"));
        kixtest::addGpuState(f, 1980, 1);
        RunStore store;
        QVERIFY(writeAndLoad(f, dir.path(), store));
        const kixtest::CliResult r =
            kixtest::runKix({QStringLiteral("show"), QDir(dir.path()).filePath(runner::localRunFileName(f))});
        QCOMPARE(r.code, 0);
        const QStringList lines = r.out.split(u'\n');
        const auto has = [&lines](const QString& text) {
            return std::any_of(lines.cbegin(), lines.cend(),
                               [&](const QString& l) { return l.contains(text); });
        };
        QVERIFY2(has(QStringLiteral(
                     "GPU-5f2a6b1c-0000-4000-8000-000000000001 at 00000000:19:00.0, VBIOS 96.00.AF.00.01, "
                     "driver 580.159.04, ECC on, persistence on, power limit 700 W")),
                 qPrintable(r.out));
        QVERIFY2(
            has(QStringLiteral("SM clocks not locked; calibration copy 52.0 µs (no earlier boot recorded)")),
            qPrintable(r.out));
        QVERIFY2(has(QStringLiteral(" FLAG throttled: sw_power_cap in 8 of 20 samples")), qPrintable(r.out));
        QVERIFY2(has(QStringLiteral("normalized to 1980 MHz (the GPU's maximum SM clock): ")),
                 qPrintable(r.out));
        QVERIFY2(has(QStringLiteral(
                     " — measured × typical SM clock 1980 MHz ÷ reference; assumes time ∝ 1 / SM clock")),
                 qPrintable(r.out));
        QCOMPARE(int(std::count_if(lines.cbegin(), lines.cend(),
                                   [](const QString& l) { return l.contains(QLatin1String("FLAG")); })),
                 1);
    }

    void withoutNvmlTheReasonIsKept() {
        QTemporaryDir dir;
        runner::LocalRunFacts f = syntheticRun(1, QStringLiteral("b"));
        f.gpu.unavailable =
            QStringLiteral("NVML (libnvidia-ml.so.1, part of the NVIDIA driver) cannot be loaded: x");
        RunStore store;
        const ManifestPtr m = writeAndLoad(f, dir.path(), store);
        QVERIFY(m);
        QVERIFY(!m->environment->json["spec"].contains("settings"));
        QCOMPARE(m->runSpec.gpu->unavailable, f.gpu.unavailable);
        QVERIFY(!m->runSpec.cases[0].gpuState);
    }

    void caseFlags_data() {
        QTest::addColumn<double>("sm");
        QTest::addColumn<int>("throttled");
        QTest::addColumn<int>("others");
        QTest::addColumn<QStringList>("flags");
        QTest::newRow("typical") << 1980.0 << 0 << 0 << QStringList();
        QTest::newRow("4% below: inside the band") << 1900.8 << 0 << 0 << QStringList();
        QTest::newRow("below its typical clock")
            << 1755.0 << 0 << 0
            << QStringList{QStringLiteral("SM clock 1755 MHz, 11% below the run's typical 1980 MHz")};
        QTest::newRow("throttled") << 1980.0 << 3 << 0
                                   << QStringList{
                                          QStringLiteral("throttled: sw_power_cap in 3 of 20 samples")};
        QTest::newRow("another process")
            << 1980.0 << 0 << 1 << QStringList{QStringLiteral("1 other process on the GPU")};
        QTest::newRow("all three")
            << 1410.0 << 20 << 2
            << QStringList{QStringLiteral("throttled: sw_power_cap in 20 of 20 samples"),
                           QStringLiteral("SM clock 1410 MHz, 29% below the run's typical 1980 MHz"),
                           QStringLiteral("2 other processes on the GPU")};
    }
    void caseFlags() {
        QFETCH(double, sm);
        QFETCH(int, throttled);
        QFETCH(int, others);
        QFETCH(QStringList, flags);
        QCOMPARE(caseGpuFlags(caseState(sm, throttled, others), 1980.0), flags);
    }

    void lockClocks_data() {
        QTest::addColumn<QString>("unavailable");
        QTest::addColumn<bool>("knowsClocks");
        QTest::addColumn<QString>("refuse");
        QTest::addColumn<QString>("error");
        QTest::addColumn<int>("resets"); // after the run's scope ends
        QTest::newRow("locked, reset at the end") << QString() << true << QString() << QString() << 1;
        QTest::newRow("no NVML") << QStringLiteral("NVML cannot be loaded") << true << QString()
                                 << QStringLiteral(
                                        "--lock-clocks: the clocks cannot be locked: NVML cannot be loaded")
                                 << 0;
        QTest::newRow("no clock to lock at")
            << QString() << false << QString()
            << QStringLiteral(
                   "--lock-clocks: the driver reports neither the default applications SM clock nor "
                   "the maximum SM clock, so there is no clock to lock at")
            << 0;
        QTest::newRow("refused") << QString() << true
                                 << QStringLiteral("nvmlDeviceSetGpuLockedClocks: Insufficient Permissions")
                                 << QStringLiteral(
                                        "--lock-clocks: the SM clocks could not be locked at 1980 MHz: "
                                        "nvmlDeviceSetGpuLockedClocks: Insufficient Permissions")
                                 << 0;
    }
    void lockClocks() {
        QFETCH(QString, unavailable);
        QFETCH(bool, knowsClocks);
        QFETCH(QString, refuse);
        QFETCH(QString, error);
        QFETCH(int, resets);
        FakeDriver driver;
        driver.refuse = refuse.toStdString();
        kernels::GpuIdentity id;
        if (knowsClocks) {
            id.defaultApplicationSmMHz = 1980;
            id.maxSmMHz = 1980;
        }
        {
            kernels::ClockLock lock(driver);
            const runner::ClockLockFacts facts = runner::lockClocksForRun(lock, id, unavailable);
            QVERIFY(facts.requested);
            QCOMPARE(facts.error, error);
            QCOMPARE(facts.lockedMHz.has_value(), error.isEmpty());
            if (facts.lockedMHz)
                QCOMPARE(driver.locked, 1980.0);
            QCOMPARE(driver.resets, 0);
            // A failure or SIGINT/SIGTERM (turned into cancellation) returns through this scope's end.
        }
        QCOMPARE(driver.resets, resets);
    }

    void calibrationBand() {
        QTemporaryDir dir;
        const QString history = dir.filePath(QStringLiteral("kix/calibration.json"));
        const QString gpu = QStringLiteral("GPU-1");
        runner::CalibrationFacts c = runner::checkCalibration(history, gpu, QStringLiteral("boot-1"), 100000);
        QCOMPARE(c.error, QString());
        QCOMPARE(c.earlierBoots, 0);
        QVERIFY(!c.usualNs && !c.suspect());
        c = runner::checkCalibration(history, gpu, QStringLiteral("boot-1"), 101000); // same boot: replaced
        QCOMPARE(c.earlierBoots, 0);
        c = runner::checkCalibration(history, gpu, QStringLiteral("boot-2"), 102000);
        QCOMPARE(c.earlierBoots, 1);
        QCOMPARE(*c.usualNs, 101000.0);
        QVERIFY(!c.suspect()); // too few boots to judge
        c = runner::checkCalibration(history, gpu, QStringLiteral("boot-3"), 104000);
        QCOMPARE(c.earlierBoots, 2);
        QCOMPARE(*c.usualNs, 101500.0);
        QVERIFY(!c.suspect()); // +2.5%: inside ±5%
        c = runner::checkCalibration(history, gpu, QStringLiteral("boot-4"), 112000);
        QCOMPARE(*c.usualNs, 102000.0);
        QVERIFY(c.suspect()); // +9.8%
        QVERIFY(qAbs(c.deviation() - (112000.0 / 102000.0 - 1)) < 1e-12);
        c = runner::checkCalibration(history, QStringLiteral("GPU-2"), QStringLiteral("boot-4"), 50000);
        QCOMPARE(c.earlierBoots, 0); // per GPU
        // The flag as the run's files carry it and views show it.
        GpuRunState g;
        g.calibrationSuspect = true;
        g.calibrationNs = 112000;
        g.calibrationUsualNs = 102000;
        g.calibrationBand = 0.05;
        QCOMPARE(runGpuFlags(g),
                 QStringList{QStringLiteral(
                     "calibration suspect: 112.0 µs, 9.8% from this GPU's usual 102.0 µs (band ±5%)")});

        QFile bad(dir.filePath(QStringLiteral("bad.json")));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("[1, 2]");
        bad.close();
        c = runner::checkCalibration(bad.fileName(), gpu, QStringLiteral("boot-1"), 1);
        QCOMPARE(c.error,
                 QStringLiteral("the calibration history %1 is not a JSON object; it was left as it is")
                     .arg(bad.fileName()));
        QVERIFY(bad.open(QIODevice::ReadOnly));
        QCOMPARE(bad.readAll(), QByteArray("[1, 2]")); // nothing lost
    }

    // Issue 36: kix run --repeat N records each case's A/A floor in the verdict's own timer (CUPTI where
    // the case has it, CUDA events beside it) and the suite's; each case is judged with its own, the suite
    // with the suite's, and the reason names whose floor it is.
    void caseFloorsAreEachCasesOwn() {
        QTemporaryDir dirA;
        QTemporaryDir dirB;
        runner::LocalRunFacts a = syntheticRun(1, QStringLiteral("a"));
        runner::LocalRunFacts b = syntheticRun(1.03, QStringLiteral("b"));
        for (kernels::CaseReport& r : a.cases)
            r.fused.cuptiNs = r.fusedNs; // every case timed by CUPTI too
        for (kernels::CaseReport& r : b.cases)
            r.fused.cuptiNs = r.fusedNs;
        kixtest::addGpuState(a, 1980);
        kixtest::addGpuState(b, 1980);
        // Per case two passes of 40 launches: case 0 steady, case 1 whose second pass is 8% slower, case 2
        // whose CUDA events move 8% while CUPTI stays.
        const auto pass = [](double level, int k0) {
            std::vector<double> v(40);
            for (std::size_t k = 0; k < v.size(); ++k)
                v[k] = level * (60000 + 25.0 * double((k + std::size_t(k0)) % 9));
            return v;
        };
        a.gpu.repeats = {{{pass(1, 0), pass(1, 3)}, {pass(1, 0), pass(1, 3)}},
                         {{pass(1, 0), pass(1.08, 3)}, {pass(1, 0), pass(1.08, 3)}},
                         {{pass(1, 0), pass(1, 3)}, {pass(1, 0), pass(1.08, 3)}}};
        RunStore store;
        const ManifestPtr ma = writeAndLoad(a, dirA.path(), store);
        const ManifestPtr mb = writeAndLoad(b, dirB.path(), store);
        QVERIFY(ma && mb);
        QVERIFY2(!ma->hasErrors(), qPrintable(ma->problems.value(0).toString()));
        // What the files say: the suite's floor, scoped so; each case's, by CUPTI and by events.
        const GpuRunState& g = *ma->runSpec.gpu;
        QVERIFY(g.noiseFloorIsSuite);
        QCOMPARE(*g.noiseFloor, a.gpu.suiteFloor()->relative);
        const auto& cases = ma->runSpec.cases;
        for (qsizetype i = 0; i < 3; ++i) {
            const auto& own = a.gpu.repeats[std::size_t(i)];
            QVERIFY(cases[i].noiseFloor);
            QCOMPARE(cases[i].noiseFloor->timer, QStringLiteral("cupti"));
            QCOMPARE(cases[i].noiseFloor->passes, 2);
            QCOMPARE(cases[i].noiseFloor->relative, kix::caseNoiseFloor(own.cuptiPasses)->relative);
            QCOMPARE(*cases[i].noiseFloor->eventsRelative, kix::caseNoiseFloor(own.eventPasses)->relative);
        }
        // An 8% step between passes: a floor of about 1.96 · √2 · 5.4% = 16%; steady passes far below 2%.
        QVERIFY(cases[0].noiseFloor->relative < 0.02);
        QVERIFY2(cases[1].noiseFloor->relative > 0.12,
                 qPrintable(QString::number(cases[1].noiseFloor->relative)));
        QVERIFY(cases[2].noiseFloor->relative < 0.02 && *cases[2].noiseFloor->eventsRelative > 0.12);
        // B is 3% slower everywhere: slower where the case's own floor is below 2%, not where it is 16%.
        const CaseComparison c = compareCases(*ma, *mb);
        QCOMPARE(c.rows.size(), 3);
        QCOMPARE(c.rows[0].verdict.verdict, Verdict::Slower);
        QCOMPARE(c.rows[0].verdict.threshold, 0.02);
        QVERIFY2(c.rows[0].verdict.reason.contains(
                     QStringLiteral("entirely beyond the 2% minimum effect (above "
                                    "the %1 noise floor, this case's A/A spread)")
                         .arg(QString::number(cases[0].noiseFloor->relative * 100, 'g', 3) + u'%')),
                 qPrintable(c.rows[0].verdict.reason));
        QCOMPARE(c.rows[1].verdict.verdict, Verdict::Same);
        QCOMPARE(c.rows[1].verdict.threshold, cases[1].noiseFloor->relative);
        QVERIFY2(c.rows[1].verdict.reason.contains(QStringLiteral("noise floor (this case's A/A spread)")),
                 qPrintable(c.rows[1].verdict.reason));
        // Case 2 is judged by CUPTI: its CUPTI floor, not its events' 16%.
        QCOMPARE(c.rows[2].verdict.verdict, Verdict::Slower);
        QCOMPARE(c.rows[2].verdict.threshold, 0.02);
        // The suite by the suite's floor, named as such.
        QCOMPARE(*c.options.noiseFloor, *g.noiseFloor);
        QVERIFY2(c.suite.reason.contains(QStringLiteral("the suite's A/A spread")),
                 qPrintable(c.suite.reason));
        VerdictOptions given;
        given.noiseFloor = 0.01; // a floor the caller gives wins, for every case
        const CaseComparison at = compareCases(*ma, *mb, given);
        QCOMPARE(*at.options.noiseFloor, 0.01);
        QCOMPARE(at.rows[1].verdict.threshold, 0.02);
    }

    void clockDifferenceIsAReasonInDiff() {
        QTemporaryDir dirA;
        QTemporaryDir dirB;
        runner::LocalRunFacts a = syntheticRun(1, QStringLiteral("a"));
        runner::LocalRunFacts b = syntheticRun(1.12, QStringLiteral("b"));
        kixtest::addGpuState(a, 1980);
        kixtest::addGpuState(b, 1755);
        RunStore store;
        const ManifestPtr ma = writeAndLoad(a, dirA.path(), store);
        const ManifestPtr mb = writeAndLoad(b, dirB.path(), store);
        QVERIFY(ma && mb);
        const CaseComparison c = compareCases(*ma, *mb);
        QCOMPARE(c.gpuStateDifferences,
                 QStringList{QStringLiteral("SM clock: A at a median 1980 MHz, B at 1755 MHz (B -11.4%)")});
        QCOMPARE(c.suite.verdict, Verdict::Slower);
        QVERIFY2(c.suite.reason.endsWith(QLatin1String("; but the GPU's state differed: SM clock: A at a "
                                                       "median 1980 MHz, B at 1755 MHz (B -11.4%)")),
                 qPrintable(c.suite.reason));
        QVERIFY(c.rows[0].verdict.reason.contains(QLatin1String("but the GPU's state differed: SM clock")));

        const QString fileA = QDir(dirA.path()).filePath(runner::localRunFileName(a));
        const QString fileB = QDir(dirB.path()).filePath(runner::localRunFileName(b));
        const kixtest::CliResult r = kixtest::runKix({QStringLiteral("diff"), fileA, fileB});
        QVERIFY2(r.out.contains(
                     QLatin1String("\nGPU state differs: SM clock: A at a median 1980 MHz, B at 1755 MHz "
                                   "(B -11.4%)\n")),
                 qPrintable(r.out + r.err));
        const kixtest::CliResult json =
            kixtest::runKix({QStringLiteral("diff"), QStringLiteral("--json"), fileA, fileB});
        const Json doc = Json::parse(json.out.toStdString(), nullptr, false);
        QVERIFY2(doc.is_object() && doc.contains("gpuStateDifferences"),
                 qPrintable(json.out.left(2000) + json.err));
        QCOMPARE(QString::fromStdString(doc["gpuStateDifferences"].dump()),
                 QStringLiteral(R"x(["SM clock: A at a median 1980 MHz, B at 1755 MHz (B -11.4%)"])x"));
        // These runs name no loaded workload, so kix diff calls them not comparable and prints no verdict
        // unless asked (issue 26); asked, each verdict carries the GPU state as its reason.
        const kixtest::CliResult anyway =
            kixtest::runKix({QStringLiteral("diff"), QStringLiteral("--ratios-anyway"), fileA, fileB});
        QVERIFY2(anyway.out.contains(
                     QLatin1String("but the GPU's state differed: SM clock: A at a median 1980 MHz, B at "
                                   "1755 MHz (B -11.4%)")),
                 qPrintable(anyway.out + anyway.err));
    }

    void powerCapAndThrottlingDiffer() {
        RunSpec a;
        RunSpec b;
        for (int i = 0; i < 4; ++i) {
            CaseResult x;
            x.gpuState = caseState(1980, 0, 0);
            a.cases << x;
            x.gpuState = caseState(1970, i == 0 ? 5 : 0, i == 1 ? 1 : 0);
            b.cases << x;
        }
        a.gpu = GpuRunState{};
        a.gpu->powerLimitW = 700;
        a.gpu->lockedSmClockMHz = 1980;
        b.gpu = GpuRunState{};
        b.gpu->powerLimitW = 500;
        QCOMPARE(gpuStateDifferences(a, b),
                 (QStringList{QStringLiteral("power limit: A 700 W, B 500 W"),
                              QStringLiteral("clocks locked (1980 MHz) in A, not locked in B"),
                              QStringLiteral("throttled cases: A 0 of 4, B 1 of 4"),
                              QStringLiteral("other processes on the GPU during B (up to 1)")}));
        RunSpec none;
        QCOMPARE(gpuStateDifferences(a, none),
                 QStringList{QStringLiteral(
                     "GPU state recorded for A only: the other run's clocks and power cap are unknown")});
        QCOMPARE(gpuStateDifferences(none, none), QStringList());
    }
};

KIX_TEST_GUILESS_MAIN(TestGpuStateEvidence)
#include "tst_gpu_state_evidence.moc"
