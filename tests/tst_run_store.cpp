// Loading folders off the calling thread: progress, cancellation, a bad file that does not stop
// the rest, de-duplication, facets.
#include "RunStore.h"
#include "TestSupport.h"

#include <QDir>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

namespace {
void writeFile(const QString& path, const QByteArray& bytes) {
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

// n manifests that differ in their latency and implementation.
void writeManyRuns(const QString& dir, int n) {
    auto doc = kixtest::seedJson();
    for (int i = 0; i < n; ++i) {
        doc["run"]["spec"]["timing"]["latencyNs"]["mean"] = 40000 + i;
        doc["run"]["metadata"]["title"] = QStringLiteral("impl-%1 · 013 · B200").arg(i % 7).toStdString();
        writeFile(QStringLiteral("%1/sub%2/run-%3.json").arg(dir).arg(i % 10).arg(i),
                  QByteArray::fromStdString(doc.dump()));
    }
}
} // namespace

class TestRunStore : public QObject {
    Q_OBJECT
private slots:
    void folderWithABadFile() {
        QTemporaryDir dir;
        writeFile(dir.filePath(QStringLiteral("a/seed.json")), kixtest::readAll(kixtest::seedPath()));
        writeFile(dir.filePath(QStringLiteral("b/broken.json")), QByteArray("{\"run\": "));
        writeFile(dir.filePath(QStringLiteral("b/notes.txt")), QByteArray("ignored"));
        writeFile(dir.filePath(QStringLiteral("suite.json")), kixtest::readAll(kixtest::suitePath()));

        kix::RunStore store;
        QSignalSpy finished(&store, &kix::RunStore::loadFinished);
        QSignalSpy added(&store, &kix::RunStore::manifestsAdded);
        QSignalSpy progress(&store, &kix::RunStore::loadProgress);
        store.loadAsync({dir.path()});
        QVERIFY(store.isLoading());
        QVERIFY(finished.wait(10000));
        QCOMPARE(finished.first().at(0).toInt(), 3);
        QCOMPARE(finished.first().at(1).toInt(), 1);
        QCOMPARE(finished.first().at(2).toBool(), false);
        QCOMPARE(added.size(), 1);
        QVERIFY(!progress.isEmpty());
        QCOMPARE(store.size(), 3);
        const int broken = store.indexOfFile(dir.filePath(QStringLiteral("b/broken.json")));
        QVERIFY(broken >= 0);
        QVERIFY(store.at(broken)->hasErrors());
        QVERIFY(store.at(broken)->problems.first().message.startsWith(QStringLiteral("not valid JSON")));
        // The suite loaded beside the seed makes its workload digest verifiable.
        const int seed = store.indexOfFile(dir.filePath(QStringLiteral("a/seed.json")));
        QCOMPARE(store.verify(seed)[2].state, kix::DigestCheck::State::Verified);

        // Loading the same folder again adds nothing.
        store.loadAsync({dir.path()});
        QVERIFY(finished.wait(10000));
        QCOMPARE(store.size(), 3);
    }

    void missingPathIsReported() {
        const auto loaded = kix::RunStore::loadBlocking({QStringLiteral("/nonexistent/run.json")});
        QCOMPARE(loaded.size(), 1);
        QCOMPARE(loaded.first()->problems.first().toString(),
                 QStringLiteral("/nonexistent/run.json: no such file"));
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
        QCOMPARE(store.facetValues(kix::Facet::Gpu), QStringList{"NVIDIA B200"});
        QCOMPARE(store.runsWith(kix::Facet::Implementation, QStringLiteral("impl-3")).size(), 143);
        QCOMPARE(store.facetValues(kix::Facet::Family), QStringList{"sol_execbench_leaderboard"});
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
        for (const auto& m : store.manifests())
            QVERIFY(!m->hasErrors());
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
};

QTEST_GUILESS_MAIN(TestRunStore)
#include "tst_run_store.moc"
