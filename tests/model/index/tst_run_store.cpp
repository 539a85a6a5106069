// Loading off the calling thread: rows arrive in batches while a large source is still being read,
// progress, cancellation, a bad file or line that does not stop the rest, identity (the same file
// twice, the same run from two sources), facets, clear.
#include "CatalogFixture.h"
#include "RunStore.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QDir>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using kixfix::Json;

namespace {
// n manifests that differ in their latency and implementation.
void writeManyRuns(const QString& dir, int n) {
    auto doc = kixtest::seedJson();
    for (int i = 0; i < n; ++i) {
        doc["run"]["spec"]["timing"]["latencyNs"]["mean"] = 40000 + i;
        doc["run"]["metadata"]["title"] = QStringLiteral("impl-%1 · 013 · B200").arg(i % 7).toStdString();
        QVERIFY(kixfix::writeFile(QStringLiteral("%1/sub%2/run-%3.json").arg(dir).arg(i % 10).arg(i),
                                  QByteArray::fromStdString(doc.dump())));
    }
}

// A catalog of `runs` benchmark_runs lines (each a different run of the fixture world).
QByteArray bigCatalog(int runs) {
    kixfix::Catalog c;
    QByteArray text = c.text();
    const Json proto = c.proto;
    for (int i = 0; i < runs; ++i) {
        Json b = c.runBundle("bulk-" + std::to_string(i), c.w1, 10000 + i);
        text += kixfix::line("benchmark_runs",
                             kixfix::runRow("bulk-" + std::to_string(i), b, "wl-1", "impl-1", c.keyOf(c.w1),
                                            kixfix::handCorrectnessKey("elementwise_close")));
    }
    return text;
}
} // namespace

class TestRunStore : public QObject {
    Q_OBJECT
private slots:
    // Issue 26, item 6: the explorer's load of a catalog of many bad lines keeps 20 problem rows per code
    // and one that counts the rest, beside every good row; it never holds one row per bad line.
    void manyBadLinesAreBoundedRows() {
        QTemporaryDir dir;
        QByteArray text = bigCatalog(3);
        for (int i = 0; i < 20000; ++i)
            text += i % 2 ? "{}\n" : "[1]\n";
        const QString path = dir.filePath(QStringLiteral("bad.jsonl"));
        QVERIFY(kixfix::writeFile(path, text));
        kix::RunStore store;
        QSignalSpy finished(&store, &kix::RunStore::loadFinished);
        store.loadAsync({path});
        QVERIFY(finished.wait(60000));
        QCOMPARE(store.index().runCount(), 7);        // the fixture's 4 and 3 more
        QCOMPARE(finished.first().at(1).toInt(), 21); // catalog.line: 20 listed, 1 summary
        const auto& rows = store.index().problemRows();
        QCOMPARE(
            rows.last().problems.first().message,
            QStringLiteral("19980 more line(s) with this problem (catalog.line) not listed: 20000 in all, "
                           "the first 20 listed above"));
    }

    void folderWithABadFile() {
        QTemporaryDir dir;
        const kixfix::Catalog c;
        QVERIFY(kixfix::writeJson(dir.filePath(QStringLiteral("a/run.json")), c.runBundle("a", c.w1, 8120)));
        QVERIFY(kixfix::writeFile(dir.filePath(QStringLiteral("b/broken.json")), QByteArray("{\"run\": ")));
        QVERIFY(kixfix::writeFile(dir.filePath(QStringLiteral("b/notes.txt")), QByteArray("ignored")));
        QVERIFY(kixfix::writeJson(dir.filePath(QStringLiteral("workload.json")), c.w1));

        kix::RunStore store;
        QSignalSpy finished(&store, &kix::RunStore::loadFinished);
        QSignalSpy added(&store, &kix::RunStore::rowsAdded);
        QSignalSpy progress(&store, &kix::RunStore::loadProgress);
        store.loadAsync({dir.path()});
        QVERIFY(store.isLoading());
        QVERIFY(finished.wait(10000));
        QCOMPARE(finished.first().at(0).toInt(), 2); // rows: the run and the broken file
        QCOMPARE(finished.first().at(1).toInt(), 1); // of which problem rows
        QCOMPARE(finished.first().at(2).toBool(), false);
        QVERIFY(!added.isEmpty());
        QVERIFY(!progress.isEmpty());
        QCOMPARE(progress.last().at(0).toInt(), 1000);
        for (qsizetype i = 1; i < progress.size(); ++i) // only a new permille is posted, never one twice
            QVERIFY(progress.at(i).at(0).toInt() > progress.at(i - 1).at(0).toInt());
        QCOMPARE(store.size(), 2);
        const int broken = store.indexOfFile(dir.filePath(QStringLiteral("b/broken.json")));
        QVERIFY(broken >= 0);
        QVERIFY(store.at(broken)->hasErrors());
        QVERIFY(store.at(broken)->problems.first().message.startsWith(QStringLiteral("not valid JSON")));
        // The workload loaded beside the run makes its workload digest verifiable.
        const int run = store.indexOfFile(dir.filePath(QStringLiteral("a/run.json")));
        QCOMPARE(store.verify(run)[2].state, kix::DigestCheck::State::Verified);

        // Loading the same folder again adds no row: the run gains a second occurrence.
        QSignalSpy changed(&store, &kix::RunStore::rowChanged);
        store.loadAsync({dir.path()});
        QVERIFY(finished.wait(10000));
        QCOMPARE(store.size(), 2); // the broken file is not listed twice
        QCOMPARE(store.runAt(run)->occurrences.size(), 2);
        QCOMPARE(changed.size(), 1);
    }

    void missingPathIsReported() {
        const auto loaded = kix::RunStore::loadBlocking({QStringLiteral("/nonexistent/run.json")});
        QCOMPARE(loaded.size(), 1);
        QCOMPARE(loaded.first().problems.first().toString(),
                 QStringLiteral("/nonexistent/run.json: no such file"));
        QCOMPARE(loaded.first().problems.first().code, QStringLiteral("read.not_found"));
    }

    void rowsArriveWhileALargeSourceLoads() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("big.jsonl"));
        QVERIFY(kixfix::writeFile(path, bigCatalog(3000)));
        kix::RunStore store;
        QSignalSpy finished(&store, &kix::RunStore::loadFinished);
        int rowsBeforeTheEnd = -1;
        QList<int> batches;
        connect(&store, &kix::RunStore::rowsAdded, this, [&](int first, int last) {
            batches << last - first + 1;
            if (finished.isEmpty())
                rowsBeforeTheEnd = store.size();
        });
        store.loadAsync({path});
        QVERIFY(finished.wait(60000));
        QCOMPARE(store.index().runCount(), 3004);
        QVERIFY2(batches.size() > 3, qPrintable(QString::number(batches.size())));
        QVERIFY(rowsBeforeTheEnd > 0);
        QVERIFY(batches.first() < 3004); // the first rows came before the last line was parsed
    }

    void thousandManifestsAndFacets() {
        QTemporaryDir dir;
        writeManyRuns(dir.path(), 1000);
        kix::RunStore store;
        QSignalSpy finished(&store, &kix::RunStore::loadFinished);
        store.loadAsync({dir.path()});
        QVERIFY(finished.wait(30000));
        QCOMPARE(store.size(), 1000);
        QCOMPARE(store.facetValues(kix::Facet::Implementation).size(), 7);
        QCOMPARE(store.facetValues(kix::Facet::Gpu), QStringList{QStringLiteral("NVIDIA B200")});
        QCOMPARE(store.facetValues(kix::Facet::Family),
                 QStringList{QStringLiteral("sol_execbench_leaderboard")});
        QCOMPARE(store.index().resourceCount(kix::ResourceKind::BenchmarkProtocol), 1);
    }

    void cancel() {
        QTemporaryDir dir;
        writeManyRuns(dir.path(), 2000);
        kix::RunStore store;
        QSignalSpy finished(&store, &kix::RunStore::loadFinished);
        store.loadAsync({dir.path()});
        store.cancel();
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.first().at(2).toBool(), true);
        QVERIFY(store.size() < 2000); // whatever finished before the cancel is kept, complete
        for (int i = 0; i < store.size(); ++i)
            QVERIFY(!store.at(i)->hasErrors());
    }

    void clearDropsALoadInFlight() {
        QTemporaryDir dir;
        writeManyRuns(dir.path(), 300);
        kix::RunStore store;
        QSignalSpy finished(&store, &kix::RunStore::loadFinished);
        QSignalSpy cleared(&store, &kix::RunStore::cleared);
        store.loadAsync({dir.path()});
        store.clear();
        QCOMPARE(cleared.size(), 1);
        QVERIFY(!store.isLoading());
        QCOMPARE(finished.size(), 1);
        QCOMPARE(finished.first().at(2).toBool(), true);
        QTest::qWait(500); // a stale result arriving now must be dropped
        QCOMPARE(store.size(), 0);
    }

    void emptyFolderIsAProblemRow() {
        QTemporaryDir dir;
        kix::RunStore store;
        QSignalSpy finished(&store, &kix::RunStore::loadFinished);
        store.loadAsync({dir.path()});
        QVERIFY(finished.wait(10000));
        QCOMPARE(store.size(), 1);
        QCOMPARE(store.at(0)->problems.first().code, QStringLiteral("read.empty_folder"));
    }
};

KIX_TEST_GUILESS_MAIN(TestRunStore)
#include "tst_run_store.moc"
