// The record index: records by identity (one entry per resource digest, one row per run digest that
// knows every source), references resolved across everything loaded, problem rows for inputs that gave
// no run, and the bundle view built on demand.
#include "BundleView.h"
#include "CatalogFixture.h"
#include "LoadIndexBlocking.h"
#include "ManifestParser.h"
#include "RecordIndex.h"
#include "RunStore.h"
#include "SourceReader.h"
#include "TestMain.h"

#include <QTemporaryDir>
#include <QTest>

using namespace kix;
using kixfix::Json;

namespace {
struct World {
    Json op = kixfix::operation();
    Json w = kixfix::workloadCase(op, 2048);
    Json impl = kixfix::implementation(op);
    Json proto = kixfix::protocol();
    Json env = kixfix::environment();
    Json run = kixfix::run("run-a", w, impl, proto, env);
};

} // namespace

class TestRecordIndex : public QObject {
    Q_OBJECT
private slots:
    void sameRunFromTwoSourcesIsOneRow() {
        QTemporaryDir dir;
        const World w;
        QVERIFY(
            kixfix::writeJson(dir.filePath(QStringLiteral("a.json")), kixfix::bundle(w.run, w.proto, w.env)));
        QVERIFY(kixfix::writeJson(dir.filePath(QStringLiteral("b/copy.json")),
                                  kixfix::bundle(w.run, w.proto, w.env)));
        const RecordIndex index = kixtest::loadIndexBlocking({dir.path()});
        QCOMPARE(index.rowCount(), 1);
        QCOMPARE(index.runCount(), 1);
        const RunEntry& e = index.run(0);
        QCOMPARE(e.occurrences.size(), 2);
        QCOMPARE(e.occurrences[0].origin,
                 (Origin{dir.filePath(QStringLiteral("a.json")), 0, QStringLiteral("/run")}));
        QCOMPARE(e.occurrences[1].origin.file, dir.filePath(QStringLiteral("b/copy.json")));
        // One protocol entry knowing both places.
        const ResourceEntry* p = index.resource(QString::fromStdString(kixfix::digest(w.proto)));
        QVERIFY(p);
        QCOMPARE(p->origins.size(), 2);
        QCOMPARE(index.rowOfFile(dir.filePath(QStringLiteral("b/copy.json"))), 0);
        QCOMPARE(bundleView(index, 0)->origins.size(), 2);
    }

    void referencesResolveAcrossFiles() {
        QTemporaryDir dir;
        const World w;
        QVERIFY(kixfix::writeJson(dir.filePath(QStringLiteral("run.json")), w.run)); // the run alone
        QVERIFY(kixfix::writeJson(dir.filePath(QStringLiteral("protocol.json")), w.proto));
        QVERIFY(kixfix::writeJson(dir.filePath(QStringLiteral("env.json")), w.env));
        QVERIFY(kixfix::writeJson(dir.filePath(QStringLiteral("workload.json")), w.w));
        QVERIFY(kixfix::writeJson(dir.filePath(QStringLiteral("impl.json")), w.impl));
        QVERIFY(kixfix::writeJson(dir.filePath(QStringLiteral("op.json")), w.op));
        const RecordIndex index = kixtest::loadIndexBlocking({dir.path()});
        QCOMPARE(index.rowCount(), 1); // supporting resources are no rows
        const RunEntry& e = index.run(0);
        QVERIFY(index.protocolOf(e));
        QVERIFY(index.environmentOf(e));
        QVERIFY(index.workloadOf(e));
        QVERIFY(index.implementationOf(e));
        QCOMPARE(index.operationOf(e)->resource->name, QStringLiteral("rmsnorm-h4096"));
        const ManifestPtr m = bundleView(index, 0);
        QCOMPARE(m->gpuLabel(), QStringLiteral("NVIDIA B200"));
        QCOMPARE(m->protocolSpec.harnessName, QStringLiteral("example-harness"));
        QCOMPARE(m->workloadFacts.label, QStringLiteral("hidden=4096 tokens=2048"));
        QVERIFY(!m->isBundle);
        for (const DigestCheck& c : m->checks)
            QVERIFY2(c.state == DigestCheck::State::Verified, qPrintable(c.field + u' ' + c.reason));
        QVERIFY(!m->policy.comparisonKey.isEmpty());
    }

    void problemRowsAndSupportingDocuments() {
        QTemporaryDir dir;
        const World w;
        QVERIFY(kixfix::writeFile(dir.filePath(QStringLiteral("broken.json")), "{\"run\": "));
        QVERIFY(kixfix::writeJson(dir.filePath(QStringLiteral("op.json")), w.op));
        QVERIFY(
            kixfix::writeJson(dir.filePath(QStringLiteral("z.json")), kixfix::bundle(w.run, w.proto, w.env)));
        const RecordIndex index = kixtest::loadIndexBlocking({dir.path()});
        QCOMPARE(index.rowCount(), 2);
        QCOMPARE(index.row(0).kind, StoreRow::Kind::Problem);
        QCOMPARE(index.row(1).kind, StoreRow::Kind::Run);
        const ProblemRow& p = index.problemRows().first();
        QCOMPARE(p.origin.file, dir.filePath(QStringLiteral("broken.json")));
        QVERIFY(p.problems.first().message.startsWith(QStringLiteral("not valid JSON")));
        QCOMPARE(bundleView(index, 0)->problems.size(), 1);
        QVERIFY(!bundleView(index, 0)->run);
        QCOMPARE(index.resourceCount(ResourceKind::OperationSpec), 1);
        QCOMPARE(index.sources().size(), 3);
    }

    // The same run with a different protocol beside it is still one run, with a warning naming both.
    void conflictingBundleMembers() {
        QTemporaryDir dir;
        const World w;
        Json other = w.proto;
        other["spec"]["harness"]["version"] = "2.0"; // no longer the protocol the run names
        QVERIFY(
            kixfix::writeJson(dir.filePath(QStringLiteral("a.json")), kixfix::bundle(w.run, w.proto, w.env)));
        QVERIFY(
            kixfix::writeJson(dir.filePath(QStringLiteral("b.json")), kixfix::bundle(w.run, other, w.env)));
        const RecordIndex index = kixtest::loadIndexBlocking({dir.path()});
        QCOMPARE(index.runCount(), 1);
        const Problems problems = index.run(0).occurrences[1].problems;
        QCOMPARE(problems.size(), 1);
        QCOMPARE(problems.first().code, QStringLiteral("resource.conflict"));
        QCOMPARE(problems.first().toString(),
                 QStringLiteral(
                     "%1: warning: the same run (%2) is also in %3 /run with a different protocol beside it")
                     .arg(dir.filePath(QStringLiteral("b.json")), shortDigest(index.run(0).run->digest()),
                          dir.filePath(QStringLiteral("a.json"))));
    }

    // A copy of the index shares its data and is not changed by later additions.
    void snapshotsAreIndependent() {
        const World w;
        RecordIndex index;
        ParsedDocument doc =
            readDocumentBytes(QByteArray::fromStdString(kixfix::bundle(w.run, w.proto, w.env).dump()),
                              QStringLiteral("a.json"), SourceFormat::Json);
        index.add(doc);
        const RecordIndex snapshot = index;
        ParsedDocument second = readDocumentBytes(QByteArray::fromStdString(w.op.dump()),
                                                  QStringLiteral("op.json"), SourceFormat::Json);
        index.add(second);
        QCOMPARE(snapshot.resourceCount(ResourceKind::OperationSpec), 0);
        QCOMPARE(index.resourceCount(ResourceKind::OperationSpec), 1);
    }

    void catalogLinksAndEligibility() {
        kixfix::Catalog catalog;
        // run-2 is superseded by a later row; run-3 was retracted.
        Json later = catalog.lines[catalog.lineOf("benchmark_runs", 1) - 1];
        later["row"]["id"] = "run-5";
        later["row"]["supersedesId"] = "run-2";
        later["row"]["manifest"]["run"]["metadata"]["name"] = "run-e";
        later["row"]["manifest"]["run"]["spec"]["timing"]["latencyNs"]["median"] = 9000;
        later["row"]["runDigest"] = kixfix::digest(later["row"]["manifest"]["run"]);
        later["row"]["primaryValue"] = 9000;
        catalog.lines << later;
        catalog.lines[catalog.lineOf("benchmark_runs", 2) - 1]["row"]["retractedAt"] = "2026-08-20T00:00:00Z";
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("c.jsonl"));
        QVERIFY(kixfix::writeFile(path, catalog.text()));
        const RecordIndex index = kixtest::loadIndexBlocking({path});
        QCOMPARE(index.runCount(), 5);
        QCOMPARE(policyFacts(index, index.run(index.runIndexOfCatalogId(QStringLiteral("run-2")))).ineligible,
                 QStringList{QStringLiteral("SUPERSEDED")});
        QCOMPARE(policyFacts(index, index.run(index.runIndexOfCatalogId(QStringLiteral("run-3")))).ineligible,
                 QStringList{QStringLiteral("RETRACTED")});
        QVERIFY(policyFacts(index, index.run(index.runIndexOfCatalogId(QStringLiteral("run-5")))).eligible());
        QCOMPARE(index.resourceByCatalogId(QStringLiteral("wl-2"))->resource->workload.label,
                 QStringLiteral("hidden=4096 tokens=8192"));
        const ManifestPtr m =
            bundleView(index, index.rowOfRun(index.runIndexOfCatalogId(QStringLiteral("run-1"))));
        QCOMPARE(m->publishedMeasurements.size(), 1);
        QCOMPARE(m->published->id, QStringLiteral("run-1"));
        const QList<Cohort> cohorts = groupCohorts(index);
        QCOMPARE(cohorts.size(), 3); // workload 1 (latency), workload 2, workload 1 without a metric
        QCOMPARE(cohorts.first().runs.size(), 3);     // run-1, run-2, run-5
        QCOMPARE(cohorts.first().eligible.size(), 2); // run-2 is superseded
    }
};

KIX_TEST_GUILESS_MAIN(TestRecordIndex)
#include "tst_record_index.moc"
