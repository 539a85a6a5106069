// Suites, not fragments: the case runs of a suite run (one BenchmarkRun per WorkloadCase, as KernelIndex
// models them and kix run writes them) grouped under it; runs of another invocation, a case run whose
// suite is not loaded and problem rows stay top level.
#include "LoadIndexBlocking.h"
#include "RecordFixtures.h"
#include "RecordIndex.h"
#include "RunGroups.h"
#include "RunStore.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QDirIterator>
#include <QTemporaryDir>
#include <QTest>

using namespace kix;
using kixfix::Json;

namespace {

QString titleOf(const RecordIndex& index, int row) {
    return index.run(index.row(row).index).run->resource->title;
}

// A suite of the fixture operation's cases, written by hand (the fixtures have cases only).
Json suiteOf(const Json& op) {
    return kixfix::resource(
        "WorkloadSuite", "rmsnorm-suite",
        {{"operationSpecDigest", kixfix::digest(op)},
         {"cases", Json::array({{{"externalId", "a"}, {"axes", {{"tokens", 1024}, {"hidden", 4096}}}},
                                {{"externalId", "b"}, {"axes", {{"tokens", 2048}, {"hidden", 4096}}}}})},
         {"aggregation", {{"metric", "latency"}, {"statistic", "mean"}}}});
}

} // namespace

class TestRunGroups : public QObject {
    Q_OBJECT
private slots:
    // The bundled samples: the seed alone, each kix rerun's suite run with its 16 case runs.
    void bundledSamples() {
        const RecordIndex index = kixtest::loadIndexBlocking(
            {kixtest::repoPath(QStringLiteral("resources/samples")), kixtest::problemPath()});
        const RunGroups g = groupRuns(index);
        QCOMPARE(index.rowCount(), 35);
        QCOMPARE(g.topLevelCount, 3);
        QStringList tops;
        for (int r = 0; r < index.rowCount(); ++r) {
            if (g.parentOf(r) >= 0) {
                QVERIFY(
                    titleOf(index, r).startsWith(titleOf(index, g.parentOf(r)) + QStringLiteral(" · case ")));
                QVERIFY(g.childrenOf(g.parentOf(r)).contains(r));
                continue;
            }
            tops << titleOf(index, r) + u'/' + QString::number(g.childrenOf(r).size());
        }
        tops.sort();
        QCOMPARE(tops,
                 (QStringList{
                     QStringLiteral("ac4k · 013_fused_residual_rms_norm_backward · B200/0"),
                     QStringLiteral("kix fused · 013_fused_residual_rms_norm_backward · NVIDIA H200/16"),
                     QStringLiteral("kix fused · 013_fused_residual_rms_norm_backward · NVIDIA H200/16")}));
    }

    // Without the workloads loaded, kix's evidence convention groups them: a case's raw samples are a
    // fragment of its suite's evidence file.
    void kixRunsWithoutTheirWorkloads() {
        QStringList files;
        QDirIterator it(kixtest::repoPath(QStringLiteral("resources/samples/kix")),
                        {QStringLiteral("kix-run-20261204T053602Z-*.manifest.json")});
        while (it.hasNext())
            files << it.next();
        QCOMPARE(files.size(), 17);
        const RecordIndex index = kixtest::loadIndexBlocking(files);
        const RunGroups g = groupRuns(index);
        QCOMPARE(g.topLevelCount, 1);
        int suite = -1;
        for (int r = 0; r < index.rowCount(); ++r)
            if (g.parentOf(r) < 0)
                suite = r;
        QCOMPARE(g.childrenOf(suite).size(), 16);
    }

    // Fixture records: a suite run with two case runs of the same invocation; a case run of another
    // invocation (observedAt, implementation or environment differ) stays top level.
    void membership_data() {
        QTest::addColumn<QString>("change");
        QTest::addColumn<int>("expectedChildren");
        QTest::newRow("same invocation") << "" << 2;
        QTest::newRow("observed at another time") << "observedAt" << 1;
        QTest::newRow("another implementation") << "implementation" << 1;
        QTest::newRow("another environment") << "environment" << 1;
        QTest::newRow("no observedAt anywhere") << "noObservedAt" << 0;
    }
    void membership() {
        QFETCH(QString, change);
        QFETCH(int, expectedChildren);
        const Json op = kixfix::operation();
        const Json suite = suiteOf(op);
        const Json c1 = kixfix::workloadCase(op, 1024), c2 = kixfix::workloadCase(op, 2048);
        const Json impl = kixfix::implementation(op), proto = kixfix::protocol(), env = kixfix::environment();
        Json impl2 = kixfix::implementation(op); // another revision: its digest covers the spec only
        impl2["spec"]["projectRevision"]["version"] = "2.0";
        const Json env2 = kixfix::environment("NVIDIA H100");
        Json odd = kixfix::run("case-2", c2, change == "implementation" ? impl2 : impl, proto,
                               change == "environment" ? env2 : env, 9000);
        if (change == "observedAt")
            odd["spec"]["observedAt"] = "2026-08-02T12:00:00Z";
        QTemporaryDir dir;
        int n = 0;
        for (const Json& r : {op, suite, c1, c2, impl, impl2})
            QVERIFY(kixfix::writeFile(dir.filePath(QStringLiteral("resource-%1.json").arg(n++)),
                                      QByteArray::fromStdString(r.dump())));
        Json suiteRun = kixfix::run("suite", suite, impl, proto, env, 8000);
        Json case1 = kixfix::run("case-1", c1, impl, proto, env, 7000);
        if (change == "noObservedAt")
            for (Json* r : {&suiteRun, &case1, &odd})
                (*r)["spec"].erase("observedAt");
        const QList<std::pair<const char*, Json>> runs = {
            {"case-1.json", kixfix::bundle(case1, proto, env)},
            {"suite.json", kixfix::bundle(suiteRun, proto, env)},
            {"case-2.json", kixfix::bundle(odd, proto, change == "environment" ? env2 : env)}};
        for (const auto& [name, b] : runs)
            QVERIFY(kixfix::writeFile(dir.filePath(QString::fromLatin1(name)),
                                      QByteArray::fromStdString(b.dump())));
        const RecordIndex index = kixtest::loadIndexBlocking({dir.path()});
        QCOMPARE(index.runCount(), 3);
        const RunGroups g = groupRuns(index);
        int suiteRow = -1;
        for (int r = 0; r < index.rowCount(); ++r)
            if (index.row(r).kind == StoreRow::Kind::Run && titleOf(index, r) == QStringLiteral("suite"))
                suiteRow = r;
        QVERIFY(suiteRow >= 0);
        QCOMPARE(g.childrenOf(suiteRow).size(), expectedChildren);
        QCOMPARE(g.topLevelCount, index.rowCount() - expectedChildren);
        // A suite is never a case of another suite, and a case has no cases.
        QCOMPARE(g.parentOf(suiteRow), -1);
        for (const int c : g.childrenOf(suiteRow))
            QVERIFY(g.childrenOf(c).isEmpty());
    }

    void emptyIndex() {
        const RunGroups g = groupRuns(RecordIndex());
        QCOMPARE(g.topLevelCount, 0);
        QCOMPARE(g.parentOf(0), -1);
        QVERIFY(g.childrenOf(0).isEmpty());
    }
};

KIX_TEST_GUILESS_MAIN(TestRunGroups)
#include "tst_run_groups.moc"
