// The manifest a local run writes, from synthetic harness reports (no GPU needed): it parses,
// every digest verifies when the implementation and the suite are loaded beside it, and a
// failed write leaves no file.
#include "KixResources.h"
#include "LocalRunManifest.h"
#include "ManifestParser.h"
#include "ManifestSet.h"
#include "ManifestWriter.h"
#include "Roofline.h"
#include "RunStore.h"
#include "TestMain.h"
#include "TestSupport.h"
#include "Verification.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

using namespace kix;

namespace {
runner::LocalRunFacts facts(bool correct) {
    runner::LocalRunFacts f;
    f.device.available = true;
    f.device.name = "NVIDIA H200";
    f.device.computeMajor = 9;
    f.device.multiprocessors = 132;
    f.device.runtimeVersion = 13000;
    f.device.driverVersion = 13000;
    f.copyBandwidthGBps = 4225;
    f.clocks = {QStringLiteral("1980"),
                QStringLiteral("3201"),
                QStringLiteral("1980"),
                QStringLiteral("580.159.04"),
                {}};
    f.observedAt = QDateTime(QDate(2026, 12, 2), QTime(14, 28, 42), Qt::UTC);
    f.workloadDigest =
        QStringLiteral("sha256:c4af2be85b8d0dc9c65d67f1c7f8bb24389ca967078cc64c29e2220ee70ff5e4");
    for (int i = 0; i < 2; ++i) {
        kernels::CaseReport r;
        r.workload = kernels::kWorkloads[std::size_t(i)];
        r.rows = r.workload.rows();
        r.seed = 7 + std::uint64_t(i);
        r.bytes = double(r.rows) * r.hidden * 10; // Harness::minimumBytes is only linked in a CUDA build
        r.plan.blocks = i == 0 ? 132 : 396;
        r.plan.threads = i == 0 ? 640 : 320;
        r.planName = i == 0 ? "r1 prefetch k2 plain +reduce kernel" : "";
        r.plan.card = i == 0 ? "H100 (132 SMs, 50 MB L2)" : "";
        r.fusedNs = {60000, 61000, 62000};
        r.referenceNs = {500000, 510000};
        // Both methods for the kernel and its copy floor; the second case as if CUPTI had failed.
        r.copyBytes = r.bytes / 2;
        r.copyFloor.eventNs = {57000, 58000, 59000};
        if (i == 0) {
            r.fused.cuptiNs = {55000, 56000, 56500, 57000};
            r.copyFloor.cuptiNs = {50000, 51000, 52000};
        } else {
            r.fused.cuptiError = r.copyFloor.cuptiError = "CUPTI dropped 3 activity records";
        }
        r.checks = {{"grad_hidden_states", 1e-6, 2e-3, 1e-5, 0.05, correct || i > 0 ? 0 : 3, 100},
                    {"grad_residual", 1e-6, 2e-3, 1e-5, 0.05, 0, 100},
                    {"grad_weight", 1e-4, 1e-6, 1e-5, 0.05, 0, 2560}};
        f.cases.push_back(r);
    }
    return f;
}
} // namespace

class TestLocalRunManifest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixInitResources(); }

    void setParsesAndVerifies() {
        QTemporaryDir dir;
        const auto f = facts(true);
        QCOMPARE(runner::localRunFileName(f),
                 QStringLiteral("kix-run-20261202T142842Z-nvidia-h200.manifest.json"));
        const runner::LocalRunSet set = runner::buildLocalRunSet(f);
        QCOMPARE(set.error, QString());
        const SetWriteResult written = writeManifestSet(dir.path(), set.files, false);
        QCOMPARE(written.errors, QStringList());
        QStringList names = QDir(dir.path()).entryList(QDir::Files);
        QCOMPARE(names, (QStringList{"013-fused-residual-rms-norm-backward-c72202f7.workload.json",
                                     "013-fused-residual-rms-norm-backward-d5c75ea3.workload.json",
                                     "013-fused-residual-rms-norm-backward-suite.workload.json",
                                     "013-fused-residual-rms-norm-backward.operation.json",
                                     "kix-fused-rmsnorm-backward-0.1.0.json",
                                     "kix-run-20261202T142842Z-nvidia-h200--c72202f7718b.manifest.json",
                                     "kix-run-20261202T142842Z-nvidia-h200--d5c75ea31c66.manifest.json",
                                     "kix-run-20261202T142842Z-nvidia-h200.manifest.json",
                                     "kix-run-20261202T142842Z-nvidia-h200.samples.json"}));

        RunStore store;
        store.add(RunStore::loadBlocking({dir.path()}));
        const QString path = dir.filePath(set.suiteRunFile);
        const int index = store.indexOfFile(path);
        const ManifestPtr m = store.at(index);
        QVERIFY2(!m->hasErrors(), qPrintable(m->problems.value(0).toString()));
        QCOMPARE(m->runSpec.status, QStringLiteral("passed"));
        QCOMPARE(m->runSpec.cases.size(), 2);
        QCOMPARE(*m->runSpec.cases[0].latencyNs.mean, 61000.0);
        QCOMPARE(*m->runSpec.cases[0].latencyNs.samples, qint64(3));
        QCOMPARE(*m->runSpec.cases[0].referenceLatencyNs.mean, 505000.0);
        QVERIFY(qAbs(*m->runSpec.cases[0].speedup - 505000.0 / 61000.0) < 1e-9);
        QCOMPARE(m->runSpec.primary()->key(), QStringLiteral("latency:geomean:ns"));
        QCOMPARE(*m->runSpec.primaryLatencyNs(), 61000.0);
        QCOMPARE(m->gpuLabel(), QStringLiteral("NVIDIA H200"));
        QCOMPARE(m->environmentSpec.architecture, QStringLiteral("sm_90"));
        QCOMPARE(m->protocolSpec.family, QStringLiteral("kix_local_rerun"));
        QCOMPARE(m->runSpec.observedAt, QStringLiteral("2026-12-02T14:28:42.000Z"));
        for (const auto& name : names) {
            if (!name.endsWith(QLatin1String(".manifest.json")))
                continue;
            const int i = store.indexOfFile(dir.filePath(name));
            QVERIFY2(!store.at(i)->hasErrors(), qPrintable(store.at(i)->problems.value(0).toString()));
            const auto checks = store.verify(i);
            QCOMPARE(checks.size(), 4);
            for (const auto& c : checks)
                QVERIFY2(c.state == DigestCheck::State::Verified,
                         qPrintable(name + u' ' + c.field + u' ' + c.reason));
        }
        // A case run: KernelIndex's timing in integer nanoseconds, its raw samples in the evidence.
        const ManifestPtr one = store.at(store.indexOfFile(
            dir.filePath("kix-run-20261202T142842Z-nvidia-h200--c72202f7718b.manifest.json")));
        QCOMPARE(
            one->run->json["spec"]["timing"].dump(),
            std::string(
                R"({"latencyNs":{"maximum":62000,"mean":61000,"median":61000,"minimum":60000},"primaryStatistic":"mean","samples":3})"));
        QCOMPARE(one->runSpec.cases.size(), 1);
    }

    void failedCheckMakesAFailedRun() {
        const runner::LocalRunSet set = runner::buildLocalRunSet(facts(false));
        QCOMPARE(set.suiteStatus, QStringLiteral("incorrect_numerical"));
        const Json suite = runner::buildLocalRunBundle(facts(false));
        QCOMPARE(suite["run"]["spec"]["status"].get<std::string>(), std::string("incorrect_numerical"));
        QVERIFY(!suite["run"]["spec"].contains("measurements"));
        const Json first =
            Json::parse(set.files.find("kix-run-20261202T142842Z-nvidia-h200--c72202f7718b.manifest.json")
                            ->bytes.toStdString());
        QCOMPARE(first["run"]["spec"]["status"].get<std::string>(), std::string("incorrect_numerical"));
        const Json evidence = Json::parse(
            set.files.find("kix-run-20261202T142842Z-nvidia-h200.samples.json")->bytes.toStdString());
        QCOMPARE(evidence["cases"][0]["status"].get<std::string>(), std::string("incorrect_numerical"));
        QCOMPARE(evidence["cases"][1]["status"].get<std::string>(), std::string("passed"));
        QCOMPARE(evidence["cases"][0]["samplesNs"].dump(), std::string("[60000.0,61000.0,62000.0]"));
    }

    // Which number is which method and statistic: the evidence, the case runs' measurements, the
    // suite's geomeans (only over cases that all have them) and the protocol's notes.
    void timingMethodsAreNamed() {
        auto f = facts(true);
        const runner::LocalRunSet set = runner::buildLocalRunSet(f);
        QCOMPARE(set.error, QString());
        const Json evidence = Json::parse(
            set.files.find("kix-run-20261202T142842Z-nvidia-h200.samples.json")->bytes.toStdString());
        const Json& first = evidence["cases"][0];
        QCOMPARE(first["timer"].get<std::string>(), std::string("cuda_events"));
        QCOMPARE(first["cupti"]["latencyNs"]["median"].get<double>(), 56250.0);
        QCOMPARE(first["cupti"]["samplesNs"].size(), std::size_t(4));
        const Json& floor = first["copyFloor"];
        QCOMPARE(floor["copiedBytes"].get<double>(), f.cases[0].bytes / 2);
        QCOMPARE(floor["ratioStatistic"].get<std::string>(), std::string("median"));
        QCOMPARE(floor["cuda_events"]["latencyNs"]["median"].get<double>(), 58000.0);
        QCOMPARE(floor["cuda_events"]["kixRatio"].get<double>(), 61000.0 / 58000.0);
        QCOMPARE(floor["cupti"]["latencyNs"]["median"].get<double>(), 51000.0);
        QCOMPARE(floor["cupti"]["kixRatio"].get<double>(), 56250.0 / 51000.0);
        QCOMPARE(floor["cupti"]["samplesNs"].dump(), std::string("[50000.0,51000.0,52000.0]"));
        // The events' own numbers stay where they were, not repeated.
        QVERIFY(!first.contains("cuda_events"));
        QCOMPARE(first["latencyNs"]["median"].get<double>(), 61000.0);
        // Which plan each case ran and which row of the kernel's card table chose it (issue 38); a report
        // without them (the default plan, an older harness) writes neither.
        QCOMPARE(
            first["launch"].dump(),
            std::string(R"x({"blocks":132,"card":"H100 (132 SMs, 50 MB L2)","plan":"r1 prefetch k2 plain )x"
                        R"x(+reduce kernel","rowsPerIteration":2,"threads":640})x"));
        const Json& second = evidence["cases"][1];
        QCOMPARE(second["launch"].dump(),
                 std::string(R"({"blocks":396,"rowsPerIteration":2,"threads":320})"));
        QCOMPARE(second["cupti"].dump(),
                 std::string(R"({"unavailable":"CUPTI dropped 3 activity records"})"));
        QCOMPARE(second["copyFloor"]["cupti"]["unavailable"].get<std::string>(),
                 std::string("CUPTI dropped 3 activity records"));
        QVERIFY(second["copyFloor"]["cuda_events"].contains("kixRatio"));
        QCOMPARE(evidence["cupti"]["unavailable"].get<std::string>(),
                 std::string("CUPTI dropped 3 activity records"));

        const auto bundle = [&](const char* name) {
            return Json::parse(set.files.find(name)->bytes.toStdString());
        };
        const Json one = bundle("kix-run-20261202T142842Z-nvidia-h200--c72202f7718b.manifest.json");
        QCOMPARE(
            one["run"]["spec"]["measurements"].dump(),
            std::string(
                R"([{"metric":"latency_cupti","sampleCount":4,"statistic":"median","unit":"ns","value":56250.0},)"
                R"({"metric":"copy_floor_latency_cupti","sampleCount":3,"statistic":"median","unit":"ns","value":51000.0},)"
                R"({"metric":"copy_floor_latency_cuda_events","sampleCount":3,"statistic":"median","unit":"ns","value":58000.0},)"
                R"({"metric":"copy_floor_ratio_cupti","statistic":"median","unit":"ratio","value":)" +
                Json(56250.0 / 51000.0).dump() +
                R"(},{"metric":"copy_floor_ratio_cuda_events","statistic":"median","unit":"ratio","value":)" +
                Json(61000.0 / 58000.0).dump() + "}]"));
        // The primary timing is still CUDA events' mean.
        QCOMPARE(one["run"]["spec"]["timing"]["primaryStatistic"].get<std::string>(), std::string("mean"));
        const Json& protocol = one["protocol"]["spec"];
        QCOMPARE(protocol["measurement"]["timer"].get<std::string>(), std::string("cuda_events"));
        QCOMPARE(protocol["measurement"]["primaryStatistic"].get<std::string>(), std::string("mean"));
        const std::string notes = protocol["comparability"]["notes"].get<std::string>();
        QVERIFY2(QString::fromStdString(notes).size() <= 1000, notes.c_str()); // KernelIndex's limit
        QVERIFY(notes.find(kKixL2FlushedPhrase) != std::string::npos);
        QVERIFY(notes.find("*_cupti: CUPTI") != std::string::npos);

        // Case 1 has no CUPTI samples: the suite gives no CUPTI geomean, the events' ratio it does.
        Json suite =
            bundle("kix-run-20261202T142842Z-nvidia-h200.manifest.json")["run"]["spec"]["measurements"];
        QCOMPARE(suite.size(), std::size_t(2));
        QCOMPARE(suite[0]["metric"].get<std::string>(), std::string("latency"));
        QCOMPARE(suite[1]["metric"].get<std::string>(), std::string("copy_floor_ratio_cuda_events"));
        QCOMPARE(suite[1]["statistic"].get<std::string>(), std::string("geomean"));

        f.cases[1].fused.cuptiNs = {56000, 57000};
        f.cases[1].copyFloor.cuptiNs = {52000};
        suite = runner::buildLocalRunBundle(f)["run"]["spec"]["measurements"];
        QCOMPARE(suite.size(), std::size_t(4));
        QCOMPARE(suite[0]["metric"].get<std::string>(), std::string("latency")); // still the primary
        QCOMPARE(suite[1]["metric"].get<std::string>(), std::string("latency_cupti"));
        QCOMPARE(suite[1]["value"].get<double>(), double(std::llround(std::sqrt(56250.0 * 56500.0))));
        QCOMPARE(suite[2]["metric"].get<std::string>(), std::string("copy_floor_ratio_cupti"));
        QVERIFY(qAbs(suite[2]["value"].get<double>() - std::sqrt(56250.0 / 51000.0 * 56500.0 / 52000.0)) <
                1e-12);
    }

    void failedWriteLeavesNoFile() {
        QTemporaryDir dir;
        const QString blocked = dir.filePath(QStringLiteral("file-not-folder"));
        QFile f(blocked);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        const QString target = blocked + QStringLiteral("/run.manifest.json");
        const QString err = writeJsonAtomically(target, runner::buildLocalRunBundle(facts(true)));
        QCOMPARE(err, QStringLiteral("cannot create folder %1").arg(blocked));
        QVERIFY(!QFileInfo::exists(target));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::NoDotAndDotDot),
                 QStringList{QStringLiteral("file-not-folder")});
    }
};

KIX_TEST_GUILESS_MAIN(TestLocalRunManifest)
#include "tst_local_run_manifest.moc"
