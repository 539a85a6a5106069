// Every item model, checked by QAbstractItemModelTester before and after data arrives; the run table's
// proxy sorts and filters off the UI thread and swaps the order in.
#include "CaseDiffModel.h"
#include "CaseTableModel.h"
#include "CatalogFixture.h"
#include "DigestModel.h"
#include "FieldDiffModel.h"
#include "GuiTestSupport.h"
#include "ManifestParser.h"
#include "PairsModel.h"
#include "ProblemModel.h"
#include "RunFilterProxy.h"
#include "TestMain.h"

#include <QAbstractItemModelTester>
#include <QElapsedTimer>
#include <QTemporaryDir>

using namespace kix;
using namespace kix::ui;
using kixfix::Json;

namespace {
QStringList column(QAbstractItemModel& m, int c) {
    QStringList out;
    for (int r = 0; r < m.rowCount(); ++r)
        out << m.index(r, c).data().toString();
    return out;
}
} // namespace

class TestModels : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixtest::initGui(); }

    void runTableModelAndProxy() {
        QTemporaryDir dir;
        const kixfix::Catalog c;
        QVERIFY(kixfix::writeFile(dir.filePath(QStringLiteral("catalog.jsonl")), c.text()));
        QVERIFY(kixfix::writeFile(dir.filePath(QStringLiteral("broken.json")), "{\"run\": "));
        RunStore store;
        RunTableModel model(&store);
        RunFilterProxy proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester t1(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy finished(&store, &RunStore::loadFinished);
        QSignalSpy refreshed(&model, &RunTableModel::refreshed);
        store.loadAsync({dir.path()});
        QVERIFY(finished.wait(10000));
        QTRY_VERIFY_WITH_TIMEOUT(!refreshed.isEmpty(), 10000);
        QCOMPARE(model.rowCount(), 5); // 4 runs and the broken file
        QSignalSpy ordered(&proxy, &RunFilterProxy::ordered);
        {
            const auto before = ordered.size();
            proxy.sort(RunTableModel::Latency);
            QTRY_VERIFY_WITH_TIMEOUT(ordered.size() > before, 5000);
        }
        QCOMPARE(column(proxy, RunTableModel::Implementation).mid(0, 3),
                 (QStringList{QStringLiteral("run-a"), QStringLiteral("run-b"), QStringLiteral("run-c")}));
        QCOMPARE(proxy.index(0, RunTableModel::Latency).data().toString(), QStringLiteral("8.12 µs"));
        QCOMPARE(proxy.index(4, RunTableModel::Status).data().toString(),
                 QStringLiteral("error")); // no latency: last
        QCOMPARE(proxy.index(0, RunTableModel::Digests).data().toString(), QStringLiteral("9 verified"));
        QCOMPARE(proxy.index(0, RunTableModel::Upstream).data().toString(), QStringLiteral("accepts"));
        QCOMPARE(proxy.index(0, RunTableModel::File).data().toString(), QStringLiteral("catalog.jsonl:6"));
        {
            const auto before = ordered.size();
            proxy.sort(RunTableModel::Latency, Qt::DescendingOrder);
            QTRY_VERIFY_WITH_TIMEOUT(ordered.size() > before, 5000);
        }
        QCOMPARE(proxy.index(0, RunTableModel::Implementation).data().toString(), QStringLiteral("run-c"));
        QCOMPARE(proxy.index(4, RunTableModel::Status).data().toString(),
                 QStringLiteral("error")); // still last
        {
            const auto before = ordered.size();
            proxy.setFilterFixedString(QStringLiteral("RUN-B"));
            QTRY_VERIFY_WITH_TIMEOUT(ordered.size() > before, 5000);
        }
        QCOMPARE(proxy.rowCount(), 1);
        QCOMPARE(proxy.mapToSource(proxy.index(0, 0)).row(), 2); // the error row is row 0, run-a row 1
        {
            const auto before = ordered.size();
            proxy.setFilterFixedString(QString());
            QTRY_VERIFY_WITH_TIMEOUT(ordered.size() > before, 5000);
        }
        QCOMPARE(proxy.rowCount(), 5);
        store.clear();
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(proxy.rowCount(), 0);
    }

    // A re-sort keeps the selection's rows: persistent indexes follow the rows to their new places.
    void sortKeepsPersistentIndexes() {
        QTemporaryDir dir;
        const kixfix::Catalog c;
        QVERIFY(kixfix::writeFile(dir.filePath(QStringLiteral("catalog.jsonl")), c.text()));
        RunStore store;
        RunTableModel model(&store);
        RunFilterProxy proxy;
        proxy.setSourceModel(&model);
        QSignalSpy finished(&store, &RunStore::loadFinished);
        store.loadAsync({dir.path()});
        QVERIFY(finished.wait(10000));
        QSignalSpy ordered(&proxy, &RunFilterProxy::ordered);
        {
            const auto before = ordered.size();
            proxy.sort(RunTableModel::Latency);
            QTRY_VERIFY_WITH_TIMEOUT(ordered.size() > before, 5000);
        }
        const QPersistentModelIndex runC(proxy.index(2, RunTableModel::Implementation));
        QCOMPARE(runC.data().toString(), QStringLiteral("run-c"));
        {
            const auto before = ordered.size();
            proxy.sort(RunTableModel::Latency, Qt::DescendingOrder);
            QTRY_VERIFY_WITH_TIMEOUT(ordered.size() > before, 5000);
        }
        QCOMPARE(runC.row(), 0);
        QCOMPARE(runC.data().toString(), QStringLiteral("run-c"));
        // A selection of whole rows follows its run too.
        QItemSelectionModel selection(&proxy);
        selection.select(QItemSelection(proxy.index(0, 0), proxy.index(0, proxy.columnCount() - 1)),
                         QItemSelectionModel::ClearAndSelect);
        {
            const auto before = ordered.size();
            proxy.sort(RunTableModel::Latency, Qt::AscendingOrder);
            QTRY_VERIFY_WITH_TIMEOUT(ordered.size() > before, 5000);
        }
        QCOMPARE(selection.selectedRows().size(), 1);
        QCOMPARE(selection.selectedRows().first().data().toString(), QStringLiteral("run-c"));
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

    void caseTableModel() {
        CaseTableModel model;
        QAbstractItemModelTester t(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        auto doc = kixtest::seedJson();
        doc["run"]["spec"]["cases"] = Json::parse(
            R"([{"id": "a", "axes": {"batch_size": 4, "seq_len": 1973}, "latencyNs": {"mean": 63470, "samples": 200},
            "referenceLatencyNs": {"mean": 500000}, "bandwidthGBps": 3184, "copyBandwidthFraction": 0.753,
            "correctness": {"outputs": [{"name": "grad_weight", "maxAbsError": 1e-5, "maxRelError": 2e-6}]}}])");
        model.setManifest(parseManifest(QByteArray::fromStdString(doc.dump()), QStringLiteral("t.json")));
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.index(0, CaseTableModel::Axes).data().toString(),
                 QStringLiteral("batch_size=4 seq_len=1973"));
        QCOMPARE(model.index(0, CaseTableModel::Mean).data().toString(), QStringLiteral("63.5 µs"));
        QCOMPARE(model.index(0, CaseTableModel::Speedup).data().toString(), QStringLiteral("7.88×"));
        QCOMPARE(model.index(0, CaseTableModel::OfCopy).data().toString(), QStringLiteral("75.3%"));
        QCOMPARE(model.index(0, CaseTableModel::MaxError).data().toString(),
                 QStringLiteral("grad_weight: rel 2e-06, abs 1e-05"));
        model.setManifest(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    void rowModels() {
        PairsModel pairs;
        ProblemModel problems;
        DigestModel digests;
        FieldDiffModel fields;
        CaseDiffModel cases;
        QAbstractItemModelTester t1(&pairs, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(&problems, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t3(&digests, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t4(&fields, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t5(&cases, QAbstractItemModelTester::FailureReportingMode::QtTest);
        pairs.setRows({{QStringLiteral("a"), QStringLiteral("1")}});
        problems.setRows(
            {makeProblem(Problem::Severity::Error, codes::catalogLine, QStringLiteral("/x/c.jsonl"),
                         QStringLiteral("row.status"), QStringLiteral("bad"), 12),
             makeProblem(Problem::Severity::Warning, "upstream.enum", QStringLiteral("f.json"), QString(),
                         QStringLiteral("not in the enum"))});
        QCOMPARE(problems.index(0, ProblemModel::Severity).data().toString(), QStringLiteral("✖ error"));
        QCOMPARE(problems.index(0, ProblemModel::Code).data().toString(), QStringLiteral("catalog.line"));
        QCOMPARE(problems.index(0, ProblemModel::Location).data().toString(), QStringLiteral("c.jsonl:12"));
        QCOMPARE(problems.index(1, ProblemModel::Severity).data().toString(),
                 QStringLiteral("⚠ KernelIndex"));
        QCOMPARE(problems.index(1, ProblemModel::Path).data().toString(), QStringLiteral("(whole document)"));
        const auto seed = loadManifestFile(kixtest::seedPath());
        QList<DigestRow> rows;
        for (const auto& c : verifyRunDigests(*seed))
            rows.append({seed->title(), c});
        digests.setRows(rows);
        QCOMPARE(digests.rowCount(), 4);
        QCOMPARE(digests.index(0, DigestModel::State).data().toString(), QStringLiteral("✔ verified"));
        QCOMPARE(digests.index(2, DigestModel::State).data().toString(), QStringLiteral("? not verifiable"));
        QCOMPARE(digests.index(2, DigestModel::Computed).data().toString(), QStringLiteral("—"));
        fields.setRows(diffJson(Json::parse(R"({"a": 1})"), Json::parse(R"({"a": 2, "b": 3})")));
        QCOMPARE(fields.index(0, FieldDiffModel::Change).data().toString(), QStringLiteral("~ changed"));
        QCOMPARE(fields.index(1, FieldDiffModel::Change).data().toString(), QStringLiteral("+ added"));
        CaseDelta d;
        d.axes = QStringLiteral("s=1");
        d.latencyA = 100;
        d.latencyB = 50;
        d.ratio = 0.5;
        d.direction = CaseDelta::Direction::Faster;
        d.noise = CaseDelta::Noise::BeyondNoise;
        cases.setRows({d});
        QCOMPARE(cases.index(0, CaseDiffModel::Direction).data().toString(), QStringLiteral("▼ faster"));
        QCOMPARE(cases.index(0, CaseDiffModel::Ratio).data().toString(), QStringLiteral("0.5"));
        // Text from a manifest is never rendered as HTML, tooltips included.
        pairs.setRows({{QStringLiteral("title"), QStringLiteral("<b>bold</b> & <img src=x>")}});
        QCOMPARE(pairs.index(0, 1).data().toString(), QStringLiteral("<b>bold</b> & <img src=x>"));
        QCOMPARE(pairs.index(0, 1).data(Qt::ToolTipRole).toString(),
                 QStringLiteral(
                     "<p style='white-space:pre-wrap'>&lt;b&gt;bold&lt;/b&gt; &amp; &lt;img src=x&gt;</p>"));
        pairs.setRows({});
        QCOMPARE(pairs.rowCount(), 0);
    }

    // A cell over the widget cap (a 15 MiB title in a field diff) is shown elided, the same text on every
    // request, and a reset shows the new rows' text, not the old one's (the elided text is kept per reset).
    void longCellsElidedPerReset() {
        PairsModel pairs;
        QAbstractItemModelTester tester(&pairs, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const QString first = QStringLiteral("\\x1b") + QString(3000, u'a');
        pairs.setRows({{QStringLiteral("title"), QString(u'\x1b') + QString(3000, u'a')}});
        const QString shown = pairs.index(0, 1).data().toString();
        QCOMPARE(shown, first.left(kix::kWidgetLineCap + 3) + QStringLiteral("… (1977 more characters)"));
        QCOMPARE(pairs.index(0, 1).data().toString(), shown);
        QCOMPARE(pairs.index(0, 1).data(kix::ui::SortRole).toString(), shown);
        pairs.setRows({{QStringLiteral("title"), QString(5000, u'b')}});
        QCOMPARE(pairs.index(0, 1).data().toString(),
                 QString(kix::kWidgetLineCap, u'b') + QStringLiteral("… (3976 more characters)"));
    }
};

KIX_TEST_MAIN(TestModels)
#include "tst_models.moc"
