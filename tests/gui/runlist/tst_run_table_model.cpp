// The run table model and its sort/filter proxy: cells, roles, persistent indexes through a sort, and many
// rows sorted off the UI thread.
#include "CatalogFixture.h"
#include "GuiTest.h"
#include "Palette.h"
#include "Problem.h"
#include "ProblemCodes.h"
#include "RecordFixtures.h"
#include "Roles.h"
#include "RunFilterProxy.h"
#include "RunStore.h"
#include "RunTableModel.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QAbstractItemModel>
#include <QAbstractItemModelTester>
#include <QColor>
#include <QDir>
#include <QItemSelection>
#include <QItemSelectionModel>
#include <QLatin1Char>
#include <QList>
#include <QMetaType>
#include <QObject>
#include <QPersistentModelIndex>
#include <QSignalSpy>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTemporaryDir>
#include <QTest>
#include <QVariant>
#include <algorithm>

using namespace kixtest;
using kixfix::Json;

namespace {
// A store, its run table and the filter proxy over it; both models under QAbstractItemModelTester from the
// start, so the proxy's attachment and every load's resets and inserts are checked too.
struct Tables {
    RunStore store;
    RunTableModel model{&store};
    RunFilterProxy proxy;
    QAbstractItemModelTester modelTester{&model, QAbstractItemModelTester::FailureReportingMode::QtTest};
    QAbstractItemModelTester proxyTester{&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest};
    Tables() { proxy.setSourceModel(&model); }
};
} // namespace

class TestRunTableModel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixtest::initGui(); }

    void runTableModelAndProxy() {
        QTemporaryDir dir;
        const kixfix::Catalog c;
        QVERIFY(kixfix::writeFile(dir.filePath(QStringLiteral("catalog.jsonl")), c.text()));
        QVERIFY(kixfix::writeFile(dir.filePath(QStringLiteral("broken.json")), "{\"run\": "));
        Tables t;
        QSignalSpy finished(&t.store, &RunStore::loadFinished);
        QSignalSpy refreshed(&t.model, &RunTableModel::refreshed);
        t.store.loadAsync({dir.path()});
        QVERIFY(finished.wait(10000));
        QTRY_VERIFY_WITH_TIMEOUT(!refreshed.isEmpty(), 10000);
        QCOMPARE(t.model.rowCount(), 5); // 4 runs and the broken file
        QSignalSpy ordered(&t.proxy, &RunFilterProxy::ordered);
        {
            const auto before = ordered.size();
            t.proxy.sort(RunTableModel::Latency);
            QTRY_VERIFY_WITH_TIMEOUT(ordered.size() > before, 5000);
        }
        QCOMPARE(column(t.proxy, RunTableModel::Implementation).mid(0, 3),
                 (QStringList{QStringLiteral("run-a"), QStringLiteral("run-b"), QStringLiteral("run-c")}));
        QCOMPARE(t.proxy.index(0, RunTableModel::Latency).data().toString(), QStringLiteral("8.12 µs"));
        QCOMPARE(t.proxy.index(4, RunTableModel::Status).data().toString(),
                 QStringLiteral("error")); // no latency: last
        QCOMPARE(t.proxy.index(0, RunTableModel::Digests).data().toString(), QStringLiteral("9 verified"));
        QCOMPARE(t.proxy.index(0, RunTableModel::Upstream).data().toString(), QStringLiteral("accepts"));
        QCOMPARE(t.proxy.index(0, RunTableModel::File).data().toString(), QStringLiteral("catalog.jsonl:6"));
        {
            const auto before = ordered.size();
            t.proxy.sort(RunTableModel::Latency, Qt::DescendingOrder);
            QTRY_VERIFY_WITH_TIMEOUT(ordered.size() > before, 5000);
        }
        QCOMPARE(t.proxy.index(0, RunTableModel::Implementation).data().toString(), QStringLiteral("run-c"));
        QCOMPARE(t.proxy.index(4, RunTableModel::Status).data().toString(),
                 QStringLiteral("error")); // still last
        {
            const auto before = ordered.size();
            t.proxy.setFilterFixedString(QStringLiteral("RUN-B"));
            QTRY_VERIFY_WITH_TIMEOUT(ordered.size() > before, 5000);
        }
        QCOMPARE(t.proxy.rowCount(), 1);
        QCOMPARE(t.proxy.mapToSource(t.proxy.index(0, 0)).row(), 2); // the error row is row 0, run-a row 1
        {
            const auto before = ordered.size();
            t.proxy.setFilterFixedString(QString());
            QTRY_VERIFY_WITH_TIMEOUT(ordered.size() > before, 5000);
        }
        QCOMPARE(t.proxy.rowCount(), 5);
        t.store.clear();
        QCOMPARE(t.model.rowCount(), 0);
        QCOMPARE(t.proxy.rowCount(), 0);
    }

    // A re-sort keeps the selection's rows: persistent indexes follow the rows to their new places.
    void sortKeepsPersistentIndexes() {
        QTemporaryDir dir;
        const kixfix::Catalog c;
        QVERIFY(kixfix::writeFile(dir.filePath(QStringLiteral("catalog.jsonl")), c.text()));
        Tables t;
        QSignalSpy finished(&t.store, &RunStore::loadFinished);
        t.store.loadAsync({dir.path()});
        QVERIFY(finished.wait(10000));
        QSignalSpy ordered(&t.proxy, &RunFilterProxy::ordered);
        {
            const auto before = ordered.size();
            t.proxy.sort(RunTableModel::Latency);
            QTRY_VERIFY_WITH_TIMEOUT(ordered.size() > before, 5000);
        }
        const QPersistentModelIndex runC(t.proxy.index(2, RunTableModel::Implementation));
        QCOMPARE(runC.data().toString(), QStringLiteral("run-c"));
        {
            const auto before = ordered.size();
            t.proxy.sort(RunTableModel::Latency, Qt::DescendingOrder);
            QTRY_VERIFY_WITH_TIMEOUT(ordered.size() > before, 5000);
        }
        QCOMPARE(runC.row(), 0);
        QCOMPARE(runC.data().toString(), QStringLiteral("run-c"));
        // A selection of whole rows follows its run too.
        QItemSelectionModel selection(&t.proxy);
        selection.select(QItemSelection(t.proxy.index(0, 0), t.proxy.index(0, t.proxy.columnCount() - 1)),
                         QItemSelectionModel::ClearAndSelect);
        {
            const auto before = ordered.size();
            t.proxy.sort(RunTableModel::Latency, Qt::AscendingOrder);
            QTRY_VERIFY_WITH_TIMEOUT(ordered.size() > before, 5000);
        }
        QCOMPARE(selection.selectedRows().size(), 1);
        QCOMPARE(selection.selectedRows().first().data().toString(), QStringLiteral("run-c"));
    }

    // A load's rows reach the model in batches (not at each store slice), each an append at the end with
    // its signals; a later load's case runs go under the suite run already shown (the regrouping at its
    // end a layout change, the tree tester green throughout), and rows added outside a load come at once.
    // The KernelIndex column says what `kix verify` says of a run whose linked OperationSpec is rejected
    // (model/index RejectedLinks), once the load's digests are checked.
    void upstreamColumnNamesARejectedLink() {
        QTemporaryDir dir;
        kixfix::Json op = kixfix::operation("bare-op");
        op["spec"]["inputs"] = kixfix::Json::array({{{"name", "input"}}}); // neither tensor nor scalar
        const kixfix::Json w = kixfix::workloadCase(op, 128);
        const kixfix::Json impl = kixfix::implementation(op);
        const kixfix::Json proto = kixfix::protocol();
        const kixfix::Json env = kixfix::environment();
        const kixfix::Json run = kixfix::run("r", w, impl, proto, env);
        QVERIFY(kixfix::writeJson(dir.filePath(QStringLiteral("run.json")), kixfix::bundle(run, proto, env)));
        QVERIFY(kixfix::writeJson(dir.filePath(QStringLiteral("workload.json")), w));
        QVERIFY(kixfix::writeJson(dir.filePath(QStringLiteral("implementation.json")), impl));
        QVERIFY(kixfix::writeJson(dir.filePath(QStringLiteral("operation.json")), op));
        Tables t;
        QSignalSpy refreshed(&t.model, &RunTableModel::refreshed);
        t.store.loadAsync({dir.path()});
        QTRY_VERIFY_WITH_TIMEOUT(!refreshed.isEmpty(), 10000);
        QCOMPARE(t.model.rowCount(), 1);
        QCOMPARE(t.model.index(0, RunTableModel::Upstream).data().toString(),
                 QStringLiteral("would reject (links a rejected OperationSpec)"));
        QVERIFY(t.model.index(0, RunTableModel::Upstream).data(Qt::ForegroundRole).isValid());
    }

    void rowsInBatchesAndCasesIntoShownSuites() {
        const QDir samples(repoPath(QStringLiteral("resources/samples/kix")));
        const QString suite = QStringLiteral("kix-run-20261204T053602Z-nvidia-h200");
        QStringList first, later; // later: eight of that suite run's sixteen case runs
        for (const QString& name : samples.entryList(QDir::Files, QDir::Name)) {
            const bool caseRun = name.startsWith(suite + QStringLiteral("--"));
            (caseRun && later.size() < 8 && name.endsWith(QStringLiteral(".manifest.json")) ? later : first)
                << samples.filePath(name);
        }
        QCOMPARE(later.size(), 8);
        first << problemPath(); // its WorkloadSuite, as the explorer's bundled samples load it
        Tables t;
        QList<int> pendingAtAdd; // the model's pending rows right after each t.store slice during a load
        connect(&t.store, &RunStore::rowsAdded, this, [&] { pendingAtAdd << t.model.pendingRows(); });
        QSignalSpy inserted(&t.model, &QAbstractItemModel::rowsInserted);
        const auto load = [&](const QStringList& paths) {
            QSignalSpy finished(&t.store, &RunStore::loadFinished);
            QSignalSpy ordered(&t.proxy, &RunFilterProxy::ordered);
            t.store.loadAsync(paths);
            return finished.wait(20000) && (!ordered.isEmpty() || ordered.wait(20000)) &&
                   QTest::qWaitFor([&] { return !t.proxy.isBusy(); }, 20000);
        };
        QVERIFY(load(first));
        QCOMPARE(t.model.rowCount(), 26); // two suite runs and 8 + 16 case runs
        QCOMPARE(t.proxy.rowCount(), 2);
        const auto casesOf = [&](const QString& file) {
            for (int r = 0; r < t.proxy.rowCount(); ++r)
                if (t.proxy.index(r, RunTableModel::File).data().toString().startsWith(file))
                    return t.proxy.rowCount(t.proxy.index(r, 0));
            return -1;
        };
        QCOMPARE(casesOf(suite), 8);
        QVERIFY(!pendingAtAdd.isEmpty());
        QVERIFY(std::ranges::all_of(pendingAtAdd, [](int n) { return n > 0; })); // none inserted at once
        const auto appendsUpTo = [&](int rows) {
            int total = 0;
            for (const QList<QVariant>& args : inserted) {
                if (args.at(0).toModelIndex().isValid() || args.at(1).toInt() != total)
                    return false; // not an append at the top level
                total = args.at(2).toInt() + 1;
            }
            return total == rows;
        };
        QVERIFY(appendsUpTo(26));

        QSignalSpy proxyInserted(&t.proxy, &QAbstractItemModel::rowsInserted);
        QSignalSpy regrouped(&t.proxy, &QAbstractItemModel::layoutChanged);
        pendingAtAdd.clear();
        QVERIFY(load(later));
        QCOMPARE(t.model.rowCount(), 34);
        QVERIFY(appendsUpTo(34));
        QVERIFY(!pendingAtAdd.isEmpty());
        QVERIFY(!proxyInserted.isEmpty()); // the new case runs were shown at the top level while loading
        for (const QList<QVariant>& args : proxyInserted)
            QVERIFY(!args.at(0).toModelIndex().isValid());
        QVERIFY(!regrouped.isEmpty()); // then moved under their suite run
        QCOMPARE(t.proxy.rowCount(), 2);
        QCOMPARE(casesOf(suite), 16);
        QCOMPARE(casesOf(QStringLiteral("kix-run-20261204T053608Z-nvidia-h200")), 16);

        // Outside a load: at once.
        const int before = t.model.rowCount();
        ParsedDocument missing;
        missing.origin = Origin{QStringLiteral("gone.json"), 0, QString()};
        missing.problems << makeProblem(Problem::Severity::Error, codes::readNotFound,
                                        QStringLiteral("gone.json"), QString(),
                                        QStringLiteral("no such file"));
        t.store.add({missing});
        QCOMPARE(t.model.rowCount(), before + 1);
        QCOMPARE(t.model.pendingRows(), 0);
    }

    // 50,000 rows: the sort and the filter run on a worker; the UI thread only swaps the order in (the
    // timings are in BENCHMARKS.md, tests/bench/load_bench.cpp).
    void manyRowsSortOffTheUiThread() {
        RunStore store;
        QList<ParsedDocument> docs;
        for (int i = 0; i < 50000; ++i) {
            auto resource = std::make_shared<ResourceRecord>();
            resource->name = QStringLiteral("bulk-%1").arg(i);
            resource->title = resource->name;
            resource->digest = QStringLiteral("sha256:%1").arg(i, 64, 10, QLatin1Char('0'));
            auto run = std::make_shared<RunRecord>();
            run->resource = resource;
            run->spec.status = QStringLiteral("passed");
            run->spec.hasTiming = true;
            run->spec.primaryStatistic = QStringLiteral("median");
            run->spec.latencyNs.median = 10000 + (i * 7919) % 50000;
            ParsedDocument doc;
            doc.origin = Origin{QStringLiteral("bulk.jsonl"), i + 1, QString()};
            doc.run = run;
            docs << doc;
        }
        RunTableModel model(&store);
        RunFilterProxy proxy;
        proxy.setSourceModel(&model);
        store.add(docs);
        QCOMPARE(model.rowCount(), 50000);
        QSignalSpy ordered(&proxy, &RunFilterProxy::ordered);
        proxy.sort(RunTableModel::Latency);
        QVERIFY(proxy.isBusy()); // returned before the order was built
        QCOMPARE(proxy.index(0, RunTableModel::Implementation).data().toString(), QStringLiteral("bulk-0"));
        QTRY_VERIFY_WITH_TIMEOUT(!proxy.isBusy(), 60000);
        QVERIFY(!proxy.isBusy());
        QCOMPARE(proxy.index(0, RunTableModel::Latency).data().toString(), QStringLiteral("10.0 µs"));
        QCOMPARE(proxy.index(49999, RunTableModel::Latency).data().toString(), QStringLiteral("60.0 µs"));
        proxy.setFilterFixedString(QStringLiteral("bulk-4999"));
        QVERIFY(proxy.isBusy());
        QTRY_VERIFY_WITH_TIMEOUT(!proxy.isBusy(), 60000);
        QCOMPARE(proxy.rowCount(), 11); // bulk-4999 and bulk-49990 … bulk-49999
    }

    // The run table's other roles: tooltips that explain the derived columns, numbers to sort by, the
    // store row, alignment of numbers, and red for a row that could not be read.
    void runTableRoles() {
        QTemporaryDir dir;
        const kixfix::Catalog c;
        QVERIFY(kixfix::writeFile(dir.filePath(QStringLiteral("catalog.jsonl")), c.text()));
        QVERIFY(kixfix::writeFile(dir.filePath(QStringLiteral("broken.json")), "{\"run\": "));
        Tables t;
        QSignalSpy refreshed(&t.model, &RunTableModel::refreshed);
        QSignalSpy finished(&t.store, &RunStore::loadFinished);
        t.store.loadAsync({dir.path()});
        QVERIFY(finished.wait(10000));
        QTRY_VERIFY_WITH_TIMEOUT(!refreshed.isEmpty(), 10000);
        const int runA = int(column(t.model, RunTableModel::Implementation).indexOf(QStringLiteral("run-a")));
        const int broken = int(column(t.model, RunTableModel::Status).indexOf(QStringLiteral("error")));
        QVERIFY(runA >= 0 && broken >= 0);
        QCOMPARE(t.model.index(runA, RunTableModel::Floor).data(Qt::ToolTipRole).toString(),
                 QStringLiteral(
                     "Latency over the memory-roofline floor: the time the bytes the workload must move "
                     "take at the GPU's published peak bandwidth (1× is the floor; below it, only the "
                     "cache can explain it)"));
        QCOMPARE(t.model.index(runA, RunTableModel::Digests).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("Digest checks against the loaded set; see the Digests tab"));
        QCOMPARE(
            t.model.index(runA, RunTableModel::Upstream).data(Qt::ToolTipRole).toString(),
            QStringLiteral("Whether KernelIndex's schemas and parser would accept the manifest; the findings "
                           "are in Details ▸ Problems"));
        QCOMPARE(t.model.index(runA, RunTableModel::Implementation).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("<p style='white-space:pre-wrap'>run-a</p>"));
        QVERIFY(t.model.index(runA, RunTableModel::File)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("catalog.jsonl")));
        // A problem row explains itself in every column.
        const QString why =
            t.model.index(broken, RunTableModel::Implementation).data(Qt::ToolTipRole).toString();
        QVERIFY2(why.contains(QStringLiteral("not valid JSON")), qPrintable(why));
        QCOMPARE(t.model.index(broken, RunTableModel::Latency).data(Qt::ToolTipRole).toString(), why);
        const QVariant latency = t.model.index(runA, RunTableModel::Latency).data(SortRole);
        QCOMPARE(latency.typeId(), int(QMetaType::Double));
        QCOMPARE(latency.toDouble(), 8120.0);
        QCOMPARE(t.model.index(runA, RunTableModel::Implementation).data(SortRole).toString(),
                 QStringLiteral("run-a"));
        QCOMPARE(t.model.index(runA, 0).data(ManifestIndexRole).toInt(), t.model.storeIndex(runA));
        QCOMPARE(t.model.rowOfStoreIndex(t.model.storeIndex(runA)), runA);
        QCOMPARE(t.model.rowOfStoreIndex(t.model.rowCount()), -1);
        QCOMPARE(t.model.storeIndex(-1), -1);
        QVERIFY(rightAligned(t.model.index(runA, RunTableModel::Latency)));
        QVERIFY(!t.model.index(runA, RunTableModel::Implementation).data(Qt::TextAlignmentRole).isValid());
        QCOMPARE(foreground(t.model.index(broken, RunTableModel::Implementation)), toneColor(Tone::Bad));
        QCOMPARE(foreground(t.model.index(runA, RunTableModel::Status)), QColor());
        QVERIFY(!t.model.index(runA, 0).data(Qt::DecorationRole).isValid());
        QCOMPARE(t.model.headerData(RunTableModel::Latency, Qt::Horizontal, Qt::DisplayRole).toString(),
                 QStringLiteral("Latency"));
        QCOMPARE(t.model.headerData(0, Qt::Vertical, Qt::DisplayRole).toInt(), 1);
    }
};

KIX_TEST_MAIN(TestRunTableModel)
#include "tst_run_table_model.moc"
