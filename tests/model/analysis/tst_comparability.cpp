// KernelIndex's comparability policy: the comparison key recomputed from what is loaded, eligibility, and
// the first material mismatch in the order operation, workload, protocol, environment, correctness,
// metric, with the differing values; kix's own checks add reasons but never make runs comparable.
#include "BundleView.h"
#include "CatalogFixture.h"
#include "Comparability.h"
#include "ManifestParser.h"
#include "RecordIndexFixtures.h"
#include "RunStore.h"
#include "SourceReader.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QTemporaryDir>
#include <QTest>

using namespace kix;
using kixfix::Json;
using kixfix::runsOf;

namespace {

struct World {
    Json op = kixfix::operation();
    Json w1 = kixfix::workloadCase(op, 2048);
    Json w2 = kixfix::workloadCase(op, 8192);
    Json impl = kixfix::implementation(op);
    Json proto = kixfix::protocol();
    Json env = kixfix::environment();
    QList<Json> support() const { return {op, w1, w2, impl}; }
    Json runOn(const std::string& name, const Json& w, const Json& p, const Json& e, double median = 8120,
               const char* status = "passed") const {
        return kixfix::bundle(kixfix::run(name, w, impl, p, e, median, status), p, e);
    }
};

} // namespace

class TestComparability : public QObject {
    Q_OBJECT
private slots:
    void oneCohortIsComparable() {
        const World w;
        const auto runs = runsOf(w.support() << w.runOn("a", w.w1, w.proto, w.env, 8120)
                                             << w.runOn("b", w.w1, w.proto, w.env, 9100));
        const ComparabilityVerdict v = assessComparability(*runs[0], *runs[1]);
        QVERIFY2(v.comparable, qPrintable(v.reasons.join(u'\n')));
        QVERIFY(v.reasons.isEmpty());
        const std::string expected = kixfix::handComparisonKey(
            kixfix::handCorrectnessKey("elementwise_close"), kixfix::digest(w.env), "latency:median:ns",
            kixfix::digest(w.op), kixfix::digest(w.proto), kixfix::digest(w.w1));
        QCOMPARE(v.comparisonKey, QString::fromStdString(expected));
        QCOMPARE(runs[0]->policy.comparisonKey, runs[1]->policy.comparisonKey);
    }

    void differentWorkloadCases() {
        const World w;
        const auto runs =
            runsOf(w.support() << w.runOn("a", w.w1, w.proto, w.env) << w.runOn("b", w.w2, w.proto, w.env));
        const ComparabilityVerdict v = assessComparability(*runs[0], *runs[1]);
        QVERIFY(!v.comparable);
        QVERIFY(v.firstMismatch);
        QCOMPARE(v.firstMismatch->part, QStringLiteral("workload"));
        QCOMPARE(v.firstMismatch->a, QStringLiteral("hidden=4096 tokens=2048 · ") +
                                         shortDigest(QString::fromStdString(kixfix::digest(w.w1))));
        QCOMPARE(v.firstMismatch->b, QStringLiteral("hidden=4096 tokens=8192 · ") +
                                         shortDigest(QString::fromStdString(kixfix::digest(w.w2))));
        QCOMPARE(v.firstMismatch->detail,
                 QStringLiteral("spec.axes.tokens: 2048 -> 8192; spec.tensors.input.shape[0]: 2048 -> 8192"));
        QCOMPARE(v.reasons.first(),
                 QStringLiteral("first material mismatch: workload differs: \"%1\" vs \"%2\" (%3)")
                     .arg(v.firstMismatch->a, v.firstMismatch->b, v.firstMismatch->detail));
        QCOMPARE(v.mismatches.size(), 1);
    }

    void differentEnvironments() {
        const World w;
        const Json newer = kixfix::environment("NVIDIA B200", "2.10");
        const auto runs =
            runsOf(w.support() << w.runOn("a", w.w1, w.proto, w.env) << w.runOn("b", w.w1, w.proto, newer));
        const ComparabilityVerdict v = assessComparability(*runs[0], *runs[1]);
        QVERIFY(!v.comparable);
        QCOMPARE(v.firstMismatch->part, QStringLiteral("environment"));
        QCOMPARE(v.firstMismatch->a,
                 QStringLiteral("NVIDIA B200 · driver 580.00 · CUDA 13.1 · pytorch 2.9 · ") +
                     shortDigest(QString::fromStdString(kixfix::digest(w.env))));
        QCOMPARE(v.firstMismatch->detail,
                 QStringLiteral("spec.software.framework.version: \"2.9\" -> \"2.10\""));
    }

    void aFailedRun() {
        const World w;
        const auto runs = runsOf(w.support() << w.runOn("a", w.w1, w.proto, w.env)
                                             << w.runOn("b", w.w1, w.proto, w.env, -1, "compile_error"));
        const ComparabilityVerdict v = assessComparability(*runs[0], *runs[1]);
        QVERIFY(!v.comparable);
        QCOMPARE(v.firstMismatch->part, QStringLiteral("metric")); // "latency:median:ns" against "none"
        QCOMPARE(v.ineligibleB, (QStringList{QStringLiteral("STATUS_COMPILE_ERROR"),
                                             QStringLiteral("MISSING_PRIMARY_METRIC")}));
        QCOMPARE(
            v.reasons.last(),
            QStringLiteral("B is not eligible: its status is compile_error, not passed; it has no primary "
                           "measurement (no central latency in timing, no measurements)"));
        // A failed run is not comparable even with itself.
        QVERIFY(!assessComparability(*runs[1], *runs[1]).comparable);
    }

    void orderOfParts() {
        const World w;
        const Json otherOp = kixfix::operation("rmsnorm-h8192", 8192);
        const Json otherCase = kixfix::workloadCase(otherOp, 2048);
        const Json otherProto = kixfix::protocol("2.0");
        const Json otherEnv = kixfix::environment("NVIDIA H200");
        const auto runs = runsOf(w.support() << otherOp << otherCase << w.runOn("a", w.w1, w.proto, w.env)
                                             << w.runOn("b", otherCase, otherProto, otherEnv));
        const ComparabilityVerdict v = assessComparability(*runs[0], *runs[1]);
        QStringList parts;
        for (const Mismatch& m : v.mismatches)
            parts << m.part;
        QCOMPARE(parts, (QStringList{QStringLiteral("operation"), QStringLiteral("workload"),
                                     QStringLiteral("protocol"), QStringLiteral("environment")}));
        QCOMPARE(v.firstMismatch->part, QStringLiteral("operation"));
        QVERIFY(v.firstMismatch->a.startsWith(QStringLiteral("rmsnorm-h4096 · sha256:")));
        QVERIFY(v.reasons[1].startsWith(QStringLiteral("also: workload differs: \"hidden=4096 tokens=2048")));
    }

    // The workload digest covers its operation and correctness: with one workload digest on both sides
    // those parts agree even when the workload is not loaded; with two, they cannot be compared.
    void workloadsNotLoaded() {
        const World w;
        const auto same =
            runsOf({w.runOn("a", w.w1, w.proto, w.env), w.runOn("b", w.w1, w.proto, w.env, 9000)});
        ComparabilityVerdict v = assessComparability(*same[0], *same[1]);
        QVERIFY2(v.comparable, qPrintable(v.reasons.join(u'\n')));
        QVERIFY(same[0]->policy.comparisonKey.isEmpty()); // unknown without the workload
        const auto different =
            runsOf({w.runOn("a", w.w1, w.proto, w.env), w.runOn("b", w.w2, w.proto, w.env)});
        v = assessComparability(*different[0], *different[1]);
        QVERIFY(!v.comparable);
        QCOMPARE(v.firstMismatch->part, QStringLiteral("workload"));
        QCOMPARE(v.unknown.first(),
                 QStringLiteral("operation could not be compared (A: its workload %1 is not loaded)")
                     .arg(shortDigest(QString::fromStdString(kixfix::digest(w.w1)))));
    }

    void sameRunIsComparableWithItself() {
        const World w;
        const auto runs = runsOf(w.support() << w.runOn("a", w.w1, w.proto, w.env));
        const ComparabilityVerdict v = assessComparability(*runs[0], *runs[0]);
        QVERIFY(v.comparable);
        QVERIFY(v.sameRun);
    }

    // kix's own check: a bundle whose protocol does not hash to the digest the run declares is not ranked.
    void bundleMemberThatDoesNotMatch() {
        const World w;
        Json tampered = w.runOn("b", w.w1, w.proto, w.env, 9000);
        tampered["protocol"]["spec"]["harness"]["version"] = "1.1";
        const auto runs = runsOf(w.support() << w.runOn("a", w.w1, w.proto, w.env) << tampered);
        const ComparabilityVerdict v = assessComparability(*runs[0], *runs[1]);
        QVERIFY(!v.comparable);
        QVERIFY(v.ineligibleB.contains(QStringLiteral("DIGEST_MISMATCH")));
        QCOMPARE(v.firstMismatch->part, QStringLiteral("protocol")); // keyed by the protocol it came with
    }

    void measurementMetricsAreCompared() {
        const World w;
        Json a = w.runOn("a", w.w1, w.proto, w.env);
        Json b = a;
        b["run"]["metadata"]["name"] = "b";
        b["run"]["spec"].erase("timing");
        b["run"]["spec"]["measurements"] =
            Json::parse(R"([{"metric": "score", "unit": "s", "statistic": "geomean", "value": 1e-5}])");
        const auto runs = runsOf(w.support() << a << b);
        const ComparabilityVerdict v = assessComparability(*runs[0], *runs[1]);
        QCOMPARE(v.firstMismatch->part, QStringLiteral("metric"));
        QCOMPARE(v.firstMismatch->a, QStringLiteral("latency:median:ns"));
        QCOMPARE(v.firstMismatch->b, QStringLiteral("score:geomean:s"));
    }

    // The seed against an edit of itself: every differing part is named, the first one first, with the
    // fields that differ; a name (sourceNative.benchmark) is no part of the key.
    void seedAgainstAnEditedSeed() {
        auto doc = kixtest::seedJson();
        doc["protocol"]["spec"]["comparability"]["family"] = "kix_local_rerun";
        doc["environment"]["spec"]["hardware"]["product"] = "NVIDIA H200";
        doc["run"]["spec"]["sourceNative"]["benchmark"] = "014_other";
        const auto a = loadManifestFile(kixtest::seedPath());
        const auto b = parseManifest(QByteArray::fromStdString(doc.dump()), QStringLiteral("b.json"));
        const ComparabilityVerdict v = assessComparability(*a, *b);
        QVERIFY(!v.comparable);
        QCOMPARE(v.mismatches.size(), 2);
        QCOMPARE(v.firstMismatch->part, QStringLiteral("protocol"));
        QCOMPARE(v.firstMismatch->detail,
                 QStringLiteral(
                     "spec.comparability.family: \"sol_execbench_leaderboard\" -> \"kix_local_rerun\""));
        QCOMPARE(v.mismatches[1].part, QStringLiteral("environment"));
        QCOMPARE(v.mismatches[1].detail,
                 QStringLiteral("spec.hardware.product: \"NVIDIA B200\" -> \"NVIDIA H200\""));
        QVERIFY(assessComparability(*a, *a).comparable);
    }

    // Without its protocol beside it, a run is keyed by the protocol digest it declares — the identity
    // KernelIndex uses — so it stays comparable with a run that carries that protocol.
    void protocolByDeclaredDigest() {
        auto doc = kixtest::seedJson();
        doc.erase("protocol");
        const auto a = loadManifestFile(kixtest::seedPath());
        const auto b = parseManifest(QByteArray::fromStdString(doc.dump()), QStringLiteral("b.json"));
        QCOMPARE(b->policy.protocol.value, a->policy.protocol.value);
        QVERIFY(assessComparability(*a, *b).comparable);
        QCOMPARE(b->checks[0].state, DigestCheck::State::NotVerifiable); // but not verified
    }
};

KIX_TEST_GUILESS_MAIN(TestComparability)
#include "tst_comparability.moc"
