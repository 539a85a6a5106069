// CPU mode of the rerun: the kernel's math checked against the fp64 reference and timed on a CPU,
// written as a manifest that verifies, says it is a CPU result, and is never comparable with a GPU run.
#include "Comparability.h"
#include "CpuRunManifest.h"
#include "CpuRunner.h"
#include "KixResources.h"
#include "LocalRunManifest.h"
#include "ManifestParser.h"
#include "ManifestWriter.h"
#include "ProblemDefinition.h"
#include "RunStore.h"
#include "TestMain.h"
#include "TestSupport.h"
#include "Verification.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

using namespace kix;

namespace {
QList<protocol::RunnerEvent> g_events;
void record(const protocol::RunnerEvent& e) {
    g_events << e;
}
} // namespace

class TestCpuRun : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixInitResources(); }

    // Every rerun names the WorkloadSuite kix builds from its own problem file: the suite the leaderboard's
    // runs name (KernelIndex's published digest), stated by no copied file.
    void suiteFromTheProblemFile() {
        QCOMPARE(runner::bundledSuitePath(), QString::fromLatin1(kBundledProblem013));
        QCOMPARE(runner::bundledSuiteDigest(),
                 QStringLiteral("sha256:c4af2be85b8d0dc9c65d67f1c7f8bb24389ca967078cc64c29e2220ee70ff5e4"));
    }

    void smallCasesOnly() {
        QCOMPARE(runner::cpuModeCases(), (QList<int>{2, 3, 4, 5, 7, 8, 14, 15}));
        QCOMPARE(runner::cpuCaseRefusal(8), QString());
        QCOMPARE(
            runner::cpuCaseRefusal(1),
            QStringLiteral("workload 1 has 524288 rows; CPU mode runs only workloads of at most 4096 rows "
                           "(2, 3, 4, 5, 7, 8, 14, 15)"));
    }

    void oneCaseIsCheckedAndTimed() {
        const auto options = runner::cpuHarnessOptions(true);
        const kernels::CaseReport r = runner::runCpuCase(8, options, [] { return false; });
        QCOMPARE(QString::fromStdString(r.error), QString());
        QCOMPARE(r.rows, qint64(128));
        QCOMPARE(r.checks.size(), std::size_t(3));
        for (const auto& c : r.checks) {
            QVERIFY2(c.passed(), c.output.c_str());
            QVERIFY(c.maxAbsError > 0); // fp32 and bf16 rounding really differ from fp64
        }
        QCOMPARE(r.checks[0].count, qint64(128 * 2560));
        QVERIFY(int(r.fusedNs.size()) >= options.minIterations);
        QCOMPARE(int(r.referenceNs.size()), options.referenceIterations);
        QVERIFY(runner::casePassed(r));
    }

    void cancelStopsACase() {
        const kernels::CaseReport r =
            runner::runCpuCase(8, runner::cpuHarnessOptions(true), [] { return true; });
        QCOMPARE(QString::fromStdString(r.error), QStringLiteral("cancelled"));
        QTemporaryDir dir;
        runner::RunOptions o;
        o.device = runner::Device::Cpu;
        o.outputDir = dir.filePath(QStringLiteral("out"));
        o.cases = {8};
        o.harness = runner::cpuHarnessOptions(true);
        const auto outcome = runner::runOnCpu(o, record, [] { return true; });
        QCOMPARE(outcome.exitCode, int(protocol::RunCancelled));
        QCOMPARE(outcome.message, QStringLiteral("cancelled; no manifest was written"));
        QVERIFY(!QFileInfo::exists(o.outputDir));
    }

    void runWritesALabelledVerifiableManifest() {
        QTemporaryDir dir;
        runner::RunOptions o;
        o.device = runner::Device::Cpu;
        o.outputDir = dir.path();
        o.cases = {8, 15};
        o.harness = runner::cpuHarnessOptions(true);
        o.fileTag = QStringLiteral("job7-task1");
        g_events.clear();
        const auto outcome = runner::runOnCpu(o, record, [] { return false; });
        QCOMPARE(outcome.exitCode, int(protocol::RunOk));
        QVERIFY(outcome.manifestFile.endsWith(QStringLiteral("-job7-task1.manifest.json")));
        QVERIFY(QFileInfo(outcome.manifestFile).fileName().startsWith(QStringLiteral("kix-cpu-run-")));
        QCOMPARE(g_events.first().kind, protocol::EventKind::Device);
        QVERIFY(g_events.first().deviceName.startsWith(QStringLiteral("CPU: ")));
        QCOMPARE(g_events.last().kind, protocol::EventKind::Written);
        QCOMPARE(g_events.last().file, outcome.manifestFile);

        RunStore store;
        store.add(RunStore::loadBlocking({dir.path(), runner::bundledSuitePath()}));
        const ManifestPtr m = store.at(store.indexOfFile(outcome.manifestFile));
        QVERIFY(m);
        QVERIFY2(!m->hasErrors(), qPrintable(m->problems.value(0).toString()));
        const auto checks = store.verify(store.indexOfFile(outcome.manifestFile));
        QCOMPARE(checks.size(), 4);
        for (const auto& c : checks)
            QVERIFY2(c.state == DigestCheck::State::Verified, qPrintable(c.field + u' ' + c.reason));
        QCOMPARE(m->protocolSpec.family, QStringLiteral("kix_cpu_mode"));
        QVERIFY(m->gpuLabel().startsWith(QStringLiteral("CPU: ")));
        QVERIFY(m->title().contains(QStringLiteral("CPU mode, not a GPU result")));
        QCOMPARE(
            QString::fromStdString(m->environment->json["spec"]["hardware"]["formFactor"].get<std::string>()),
            QStringLiteral("cpu"));
        QCOMPARE(m->runSpec.cases.size(), 2);
        QCOMPARE(m->runSpec.status, QStringLiteral("passed"));
        QVERIFY(m->runSpec.cases[0].latencyNs.mean.has_value());
        QVERIFY(!m->run->json["spec"]["cases"][0].contains("launch")); // no GPU launch shape for a CPU run

        // Never comparable with a GPU rerun of kix, whatever else matches (a synthetic one, written here).
        runner::LocalRunFacts f;
        f.device.available = true;
        f.device.name = "NVIDIA H200";
        f.device.computeMajor = 9;
        f.observedAt = QDateTime(QDate(2026, 12, 2), QTime(14, 28, 42), Qt::UTC);
        f.cases.push_back(kernels::CaseReport{});
        f.cases.back().workload = kernels::kWorkloads[8];
        f.cases.back().fusedNs = {9000, 9100};
        const QString gpuFile = dir.filePath(runner::localRunFileName(f));
        QCOMPARE(writeJsonAtomically(gpuFile, runner::buildLocalRunBundle(f)), QString());
        const ManifestPtr gpu = loadManifestFile(gpuFile);
        QVERIFY2(gpu && !gpu->hasErrors(), qPrintable(gpu->problems.value(0).toString()));
        const auto verdict = assessComparability(*m, *gpu);
        QVERIFY(!verdict.comparable);
        QVERIFY2(verdict.reasons.join(u'\n').contains(
                     QStringLiteral("spec.comparability.family: \"kix_cpu_mode\" -> \"kix_local_rerun\"")),
                 qPrintable(verdict.reasons.join(u'\n')));
    }
};

KIX_TEST_GUILESS_MAIN(TestCpuRun)
#include "tst_cpu_run.moc"
