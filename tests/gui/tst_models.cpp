// Every item model, checked by QAbstractItemModelTester before and after data arrives.
#include "CaseDiffModel.h"
#include "CaseTableModel.h"
#include "DigestModel.h"
#include "FieldDiffModel.h"
#include "GuiTestSupport.h"
#include "ManifestParser.h"
#include "PairsModel.h"
#include "ProblemModel.h"
#include "RunFilterProxy.h"

#include <QAbstractItemModelTester>

using namespace kix;
using namespace kix::ui;

class TestModels : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixtest::initGui(); }

    void runTableModelAndProxy() {
        RunStore store;
        RunTableModel model(&store);
        RunFilterProxy proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester t1(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy finished(&store, &RunStore::loadFinished);
        store.loadAsync(
            {QStringLiteral(":/kix/samples/kernelindex"), kixtest::dataPath(QStringLiteral("manifests"))});
        QVERIFY(finished.wait(10000));
        // 4 leaderboard runs + 1 unreadable test file; the suite and implementations are supporting rows, not
        // runs.
        QCOMPARE(model.rowCount(), 5);
        proxy.sort(RunTableModel::Latency);
        QCOMPARE(proxy.index(0, RunTableModel::Implementation).data().toString(),
                 QStringLiteral("Amir M. Mir | SF Tensor"));
        QCOMPARE(proxy.index(3, RunTableModel::Implementation).data().toString(), QStringLiteral("ac4k"));
        QCOMPARE(proxy.index(4, RunTableModel::Status).data().toString(),
                 QStringLiteral("error")); // no latency: last
        QCOMPARE(proxy.index(3, RunTableModel::Digests).data().toString(),
                 QStringLiteral("3 verified · 1 not verifiable"));
        QCOMPARE(proxy.index(0, RunTableModel::Digests).data().toString(), QStringLiteral("4 verified"));
        proxy.setFilterFixedString(QStringLiteral("databricks"));
        QCOMPARE(proxy.rowCount(), 1);
        store.clear();
        QCOMPARE(model.rowCount(), 0);
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
        problems.setRows({Problem{Problem::Severity::Error, QStringLiteral("f"), QStringLiteral("run.spec"),
                                  QStringLiteral("bad")}});
        QCOMPARE(problems.index(0, 0).data().toString(), QStringLiteral("✖ error"));
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
};

QTEST_MAIN(TestModels)
#include "tst_models.moc"
