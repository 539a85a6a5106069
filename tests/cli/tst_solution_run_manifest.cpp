// A solution run's manifest set from synthetic runner results (no Python, no GPU): every resource is one
// KernelIndex accepts, the implementation's digest covers the sources and build options, a CPU run is
// labelled as one, GPU state and CUPTI land in the case runs, and a passed case faster than writing its
// outputs at the GPU's peak bandwidth is recorded as a suspected reward hack with the reason.
#include "GpuStateEvidence.h"
#include "KixResources.h"
#include "SolutionRunManifest.h"
#include "TestMain.h"
#include "UpstreamCheck.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

using namespace kix;
using runner::LocalRunSet;
using runner::SolutionCase;
using runner::SolutionRunFacts;

namespace {

std::optional<SolutionProblem> problem(QTemporaryDir& dir, const QString& kernel = QStringLiteral("pass")) {
    const auto write = [&](const char* name, const QByteArray& bytes) {
        QFile f(dir.filePath(QLatin1String(name)));
        if (f.open(QIODevice::WriteOnly))
            f.write(bytes);
    };
    write("definition.json", R"({"name": "copy_big", "axes": {"N": {"type": "var"}},)"
                             R"( "inputs": {"x": {"shape": ["N"], "dtype": "float32"}},)"
                             R"( "outputs": {"y": {"shape": ["N"], "dtype": "float32"}},)"
                             R"( "reference": "def run(x):\n    return x.clone()\n"})");
    write("workload.jsonl", "{\"uuid\": \"big\", \"axes\": {\"N\": 268435456}, \"inputs\": {}}\n"
                            "{\"uuid\": \"small\", \"axes\": {\"N\": 1024}, \"inputs\": {}}\n");
    write("solution.json",
          QByteArray(R"({"name": "copy_sol", "definition": "copy_big", "author": "kix tests",)"
                     R"( "spec": {"languages": ["pytorch"], "target_hardware": ["local"],)"
                     R"( "entry_point": "k.py::run"}, "sources": [{"path": "k.py", "content": ")") +
              kernel.toUtf8() + "\"}]}");
    return readSolutionProblem(dir.filePath(QStringLiteral("solution.json")),
                               dir.filePath(QStringLiteral("definition.json")),
                               dir.filePath(QStringLiteral("workload.jsonl")))
        .problem;
}

SolutionCase passed(int index, double nanoseconds, double outputBytes) {
    Json samples = Json::array();
    for (int i = 0; i < 200; ++i)
        samples.push_back(nanoseconds + i % 3);
    return {index,
            {{"case", index},
             {"status", "passed"},
             {"samplesNs", samples},
             {"outputBytes", outputBytes},
             {"bytes", 2 * outputBytes},
             {"timer", "cuda_events"},
             {"cupti", {{"samplesNs", samples}}},
             {"checks", Json::array({{{"output", "y"},
                                      {"count", 4},
                                      {"failures", 0},
                                      {"passed", true},
                                      {"maxAbsError", 0.0},
                                      {"maxRelError", 0.0},
                                      {"matchedRatio", 1.0}}})}},
            std::nullopt};
}

SolutionRunFacts gpuFacts(const SolutionProblem& p) {
    SolutionRunFacts f;
    f.problem = p;
    f.deviceName = QStringLiteral("NVIDIA H100 80GB HBM3");
    f.environment = {
        {"torch", "2.11.0+cu130"}, {"cuda", "13.0"}, {"computeCapability", "9.0"}, {"l2Bytes", 52428800}};
    f.observedAt = QDateTime(QDate(2026, 12, 7), QTime(23, 0), QTimeZone::utc());
    return f;
}

const Json* document(const LocalRunSet& set, const QString& suffix, Json& holder) {
    for (const SetFile& file : set.files.files())
        if (file.name.endsWith(suffix)) {
            holder = Json::parse(file.bytes.toStdString());
            return &holder;
        }
    return nullptr;
}

} // namespace

class TestSolutionRunManifest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixInitResources(); }

    void aGpuRunIsASetKernelIndexAccepts() {
        QTemporaryDir dir;
        const auto p = problem(dir);
        QVERIFY(p);
        SolutionRunFacts f = gpuFacts(*p);
        f.cases = {passed(0, 500000, 1073741824.0), passed(1, 3000, 4096)};
        kernels::GpuStateSummary gpu;
        gpu.samples = 12;
        gpu.smMHz = {12, 1980, 1980, 1980, 1980};
        f.cases[1].gpu = gpu;
        const LocalRunSet set = runner::buildSolutionRunSet(f);
        QCOMPARE(set.error, QString());
        QCOMPARE(set.suiteStatus, QStringLiteral("passed"));
        QCOMPARE(
            set.suiteRunFile,
            QStringLiteral("kix-solution-copy-sol-20261207T230000Z-nvidia-h100-80gb-hbm3.manifest.json"));
        // implementation, operation, samples, two case runs and their workloads, the suite run and its suite
        QCOMPARE(set.files.size(), qsizetype(9));
        for (const SetFile& file : set.files.files()) {
            if (file.name.endsWith(QLatin1String(".samples.json")))
                continue;
            const Json doc = Json::parse(file.bytes.toStdString());
            const QList<std::pair<QString, Json>> parts =
                doc.contains("run")
                    ? QList<std::pair<QString, Json>>{{QStringLiteral("run"), doc["run"]},
                                                      {QStringLiteral("protocol"), doc["protocol"]},
                                                      {QStringLiteral("environment"), doc["environment"]}}
                    : QList<std::pair<QString, Json>>{{QString(), doc}};
            for (const auto& [path, resource] : parts) {
                const Problems findings =
                    checkUpstreamAcceptance(resource, file.name, path, file.bytes.size());
                QVERIFY2(findings.isEmpty(),
                         qPrintable(findings.isEmpty() ? QString() : findings.first().toString()));
            }
        }
        Json holder;
        const Json* caseRun = document(set, QStringLiteral("--small.manifest.json"), holder);
        QVERIFY(caseRun);
        const Json& spec = (*caseRun)["run"]["spec"];
        QCOMPARE(spec["timing"]["latencyNs"]["median"].get<long long>(), 3001LL);
        QCOMPARE(spec["timing"]["primaryStatistic"].get<std::string>(), std::string("median"));
        QCOMPARE(spec["measurements"][0]["metric"].get<std::string>(), std::string("latency_cupti"));
        QCOMPARE(spec["measurements"][1]["metric"].get<std::string>(), std::string("sm_clock"));
        QCOMPARE((*caseRun)["protocol"]["spec"]["comparability"]["family"].get<std::string>(),
                 std::string("kix_local_rerun"));
        QCOMPARE((*caseRun)["environment"]["spec"]["hardware"]["architecture"].get<std::string>(),
                 std::string("sm_90"));
    }

    // Writing 1 GiB at 3,350 GB/s takes at least 320,513 ns: a median of 10 µs did not compute it.
    void fasterThanTheRooflineIsASuspectedRewardHack() {
        QTemporaryDir dir;
        const auto p = problem(dir);
        QVERIFY(p);
        SolutionRunFacts f = gpuFacts(*p);
        const SolutionCase fast = passed(0, 10000, 1073741824.0);
        QString why;
        QCOMPARE(runner::solutionCaseStatus(f, fast, &why), QStringLiteral("suspected_reward_hack"));
        QCOMPARE(why, QStringLiteral(
                          "the median 10001 ns is below the memory roofline: writing the 1073741824 output "
                          "bytes at the NVIDIA H100 SXM's peak 3350 GB/s takes at least 320520 ns (a "
                          "result computed ahead or cached?)"));
        // Outputs that fit twice in the L2 are not judged; a plausible time passes.
        QCOMPARE(runner::solutionCaseStatus(f, passed(1, 100, 4096), &why), QStringLiteral("passed"));
        QCOMPARE(runner::solutionCaseStatus(f, passed(0, 400000, 1073741824.0), &why),
                 QStringLiteral("passed"));
        f.cases = {fast};
        const LocalRunSet set = runner::buildSolutionRunSet(f);
        QCOMPARE(set.suiteStatus, QStringLiteral("suspected_reward_hack"));
    }

    void theImplementationDigestCoversTheSources() {
        QTemporaryDir a, b;
        const auto pa = problem(a), pb = problem(b, QStringLiteral("pass  "));
        QVERIFY(pa && pb);
        const Json ia =
            runner::solutionImplementation(gpuFacts(*pa), QStringLiteral("sha256:") + QString(64, u'a'));
        const Json ib =
            runner::solutionImplementation(gpuFacts(*pb), QStringLiteral("sha256:") + QString(64, u'a'));
        QVERIFY(ia["spec"]["source"]["contentDigest"] != ib["spec"]["source"]["contentDigest"]);
        QVERIFY(ia["metadata"]["name"] != ib["metadata"]["name"]);
        QCOMPARE(ia["spec"]["callable"]["interface"].get<std::string>(), std::string("destination_passing"));
        QCOMPARE(ia["spec"]["callable"]["path"].get<std::string>(), std::string("k.py"));
    }

    void aCpuRunSaysSo() {
        QTemporaryDir dir;
        const auto p = problem(dir);
        QVERIFY(p);
        SolutionRunFacts f = gpuFacts(*p);
        f.cpu = true;
        f.deviceName = QStringLiteral("CPU: Test CPU");
        f.cases = {passed(0, 10, 1073741824.0)}; // never judged against a GPU's roofline
        const LocalRunSet set = runner::buildSolutionRunSet(f);
        QCOMPARE(set.suiteStatus, QStringLiteral("passed"));
        Json holder;
        const Json* suite = document(set, QStringLiteral("Z-cpu-test-cpu.manifest.json"), holder);
        QVERIFY(suite);
        QCOMPARE((*suite)["environment"]["spec"]["hardware"]["formFactor"].get<std::string>(),
                 std::string("cpu"));
        QCOMPARE((*suite)["protocol"]["spec"]["comparability"]["family"].get<std::string>(),
                 std::string("kix_cpu_mode"));
        QCOMPARE((*suite)["protocol"]["spec"]["measurement"]["timer"].get<std::string>(),
                 std::string("cpu_perf_counter"));
    }
};

KIX_TEST_GUILESS_MAIN(TestSolutionRunManifest)
#include "tst_solution_run_manifest.moc"
