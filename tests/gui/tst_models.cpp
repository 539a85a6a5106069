// Every item model, checked by QAbstractItemModelTester before and after data arrives; the run table's
// proxy sorts and filters off the UI thread and swaps the order in.
#include "CaseDiffModel.h"
#include "CaseTableModel.h"
#include "CatalogFixture.h"
#include "DigestModel.h"
#include "FieldDiffModel.h"
#include "GuiTestSupport.h"
#include "LeaderboardModel.h"
#include "ManifestParser.h"
#include "MissingLastProxy.h"
#include "MultiCompareModels.h"
#include "PairsModel.h"
#include "Palette.h"
#include "PlainText.h"
#include "ProblemModel.h"
#include "Roles.h"
#include "RunDetailsWidget.h"
#include "RunFilterProxy.h"
#include "TestMain.h"

#include <QAbstractItemModelTester>
#include <QBrush>
#include <QElapsedTimer>
#include <QGuiApplication>
#include <QHeaderView>
#include <QRegularExpression>
#include <QTabWidget>
#include <QTemporaryDir>
#include <cmath>

Q_DECLARE_METATYPE(kix::CaseDelta)

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

// The colour of a cell's text; invalid when the cell has none of its own.
QColor foreground(const QModelIndex& index) {
    const QVariant v = index.data(Qt::ForegroundRole);
    return v.isValid() ? v.value<QBrush>().color() : QColor();
}

bool rightAligned(const QModelIndex& index) {
    return index.data(Qt::TextAlignmentRole).toInt() == int(Qt::AlignRight | Qt::AlignVCenter);
}

ManifestPtr withCases(QList<CaseResult> cases) {
    auto m = std::make_shared<Manifest>();
    m->run.emplace(); // a readable run (Details shows the cases of one only)
    m->runSpec.cases = std::move(cases);
    return m;
}

OutputError outputError(const QString& name, double maxAbs, std::optional<double> maxRel) {
    OutputError e;
    e.output = name;
    e.maxAbsError = maxAbs;
    e.maxRelError = maxRel;
    return e;
}

// A case with every value the case table shows, and four outputs of which "b" has the worst relative
// error ("c" has none, "d" is better than "b").
CaseResult fullCase() {
    CaseResult c;
    c.id = QStringLiteral("c0");
    c.axes = {{QStringLiteral("batch_size"), 4}, {QStringLiteral("seq_len"), 1973}};
    c.status = QStringLiteral("passed");
    c.latencyNs.mean = 63470;
    c.latencyNs.median = 63000;
    c.latencyNs.min = 60000;
    c.latencyNs.max = 70000;
    c.latencyNs.stddev = 1500;
    c.latencyNs.samples = 200;
    c.referenceLatencyNs.mean = 500000;
    c.bandwidthGBps = 3184;
    c.copyBandwidthFraction = 0.753;
    c.errors = {outputError(QStringLiteral("a"), 1e-5, 2e-6), outputError(QStringLiteral("b"), 3e-4, 5e-3),
                outputError(QStringLiteral("c"), 1.0, std::nullopt),
                outputError(QStringLiteral("d"), 2.0, 1e-4)};
    return c;
}

// A failed case without axes, timings or a relative error.
CaseResult bareCase() {
    CaseResult c;
    c.id = QStringLiteral("only-id");
    c.status = QStringLiteral("failed");
    c.errors = {outputError(QStringLiteral("x"), 1.0, std::nullopt)};
    return c;
}

CaseResult caseWithMean(const QString& id, std::optional<double> mean) {
    CaseResult c;
    c.id = id;
    c.status = QStringLiteral("passed");
    c.latencyNs.mean = mean;
    return c;
}

DigestRow signatureRow(SignatureState state, const QString& file, int line, const QString& fingerprint,
                       const QString& summary) {
    SignatureCheck s;
    s.envelopeFile = file;
    s.line = line;
    s.state = state;
    s.fingerprint = fingerprint;
    s.summary = summary;
    s.detail = QStringLiteral("checked <%1>").arg(summary);
    return DigestRow::ofSignature(QStringLiteral("run A"), s);
}

ManifestPtr namedRun(const QString& implementation) {
    auto m = std::make_shared<Manifest>();
    m->runSpec.implementationName = implementation;
    return m;
}

LeaderboardEntry boardEntry(int run, const QString& name, std::optional<double> timeNs,
                            std::optional<int> rank, const QString& status, const QString& digests) {
    LeaderboardEntry e;
    e.run = run;
    e.name = name;
    e.timeNs = timeNs;
    e.rank = rank;
    e.facets[std::size_t(LeaderboardFacet::Gpu)] = QStringLiteral("B200");
    e.facets[std::size_t(LeaderboardFacet::Status)] = status;
    e.facets[std::size_t(LeaderboardFacet::Digests)] = digests;
    return e;
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

    // Every column of the case table for a case with every value and a failed case with none: its text,
    // its sort key (the number where there is one, so 9 µs sorts before 10 µs) and its alignment.
    void caseTableCells_data() {
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("header");
        QTest::addColumn<QString>("full");
        QTest::addColumn<QString>("bare");
        QTest::addColumn<QVariant>("fullSort");
        QTest::addColumn<bool>("numeric"); // right-aligned
        QTest::newRow("case") << int(CaseTableModel::Axes) << "Case"
                              << "batch_size=4 seq_len=1973"
                              << "only-id" << QVariant(QStringLiteral("batch_size=4 seq_len=1973")) << false;
        QTest::newRow("status") << int(CaseTableModel::Status) << "Status"
                                << "passed"
                                << "failed" << QVariant(QStringLiteral("passed")) << false;
        QTest::newRow("mean") << int(CaseTableModel::Mean) << "Mean"
                              << "63.5 µs"
                              << "—" << QVariant(63470.0) << true;
        QTest::newRow("median") << int(CaseTableModel::Median) << "Median"
                                << "63.0 µs"
                                << "—" << QVariant(63000.0) << true;
        QTest::newRow("min") << int(CaseTableModel::Min) << "Min"
                             << "60.0 µs"
                             << "—" << QVariant(60000.0) << true;
        QTest::newRow("max") << int(CaseTableModel::Max) << "Max"
                             << "70.0 µs"
                             << "—" << QVariant(70000.0) << true;
        QTest::newRow("stddev") << int(CaseTableModel::Stddev) << "Std dev"
                                << "1.50 µs"
                                << "—" << QVariant(1500.0) << true;
        QTest::newRow("samples") << int(CaseTableModel::Samples) << "Samples"
                                 << "200"
                                 << "—" << QVariant(200.0) << true;
        QTest::newRow("reference") << int(CaseTableModel::Reference) << "Reference"
                                   << "500 µs"
                                   << "—" << QVariant(500000.0) << true;
        QTest::newRow("speedup") << int(CaseTableModel::Speedup) << "Speedup"
                                 << "7.88×"
                                 << "—" << QVariant(500000.0 / 63470.0) << true;
        QTest::newRow("bandwidth") << int(CaseTableModel::Bandwidth) << "GB/s"
                                   << "3184"
                                   << "—" << QVariant(3184.0) << true;
        QTest::newRow("of copy") << int(CaseTableModel::OfCopy) << "Of copy BW"
                                 << "75.3%"
                                 << "—" << QVariant(0.753) << true;
        QTest::newRow("worst error") << int(CaseTableModel::MaxError) << "Worst error"
                                     << "b: rel 0.005, abs 0.0003"
                                     << "—" << QVariant(QStringLiteral("b: rel 0.005, abs 0.0003")) << false;
    }
    void caseTableCells() {
        QFETCH(int, column);
        QFETCH(QString, header);
        QFETCH(QString, full);
        QFETCH(QString, bare);
        QFETCH(QVariant, fullSort);
        QFETCH(bool, numeric);
        CaseTableModel model;
        QAbstractItemModelTester t(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setManifest(withCases({fullCase(), bareCase()}));
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.columnCount(), int(CaseTableModel::ColumnCount));
        QCOMPARE(model.headerData(column, Qt::Horizontal, Qt::DisplayRole).toString(), header);
        QCOMPARE(model.index(0, column).data().toString(), full);
        QCOMPARE(model.index(1, column).data().toString(), bare);
        const QVariant sort = model.index(0, column).data(SortRole);
        QCOMPARE(sort.typeId(), fullSort.typeId());
        if (fullSort.typeId() == QMetaType::Double)
            QCOMPARE(sort.toDouble(), fullSort.toDouble());
        else
            QCOMPARE(sort.toString(), fullSort.toString());
        QCOMPARE(rightAligned(model.index(0, column)), numeric);
        QCOMPARE(rightAligned(model.index(1, column)), numeric);
        // A missing number sorts as missing (NaN), a missing text as the text shown.
        const QVariant bareSort = model.index(1, column).data(SortRole);
        if (numeric) {
            QCOMPARE(bareSort.typeId(), int(QMetaType::Double));
            QVERIFY(std::isnan(bareSort.toDouble()));
        } else {
            QCOMPARE(bareSort.toString(), bare);
        }
    }

    // The case column's tooltip is the case id (the cell shows its axes); only a case that did not pass
    // has a coloured status; headers outside the columns, or not horizontal display, are Qt's own.
    void caseTableRoles() {
        CaseTableModel model;
        QAbstractItemModelTester t(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(!model.index(0, 0).data().isValid());
        model.setManifest(withCases({fullCase(), bareCase()}));
        QCOMPARE(model.index(0, CaseTableModel::Axes).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("<p style='white-space:pre-wrap'>c0</p>"));
        QCOMPARE(model.index(1, CaseTableModel::Axes).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("<p style='white-space:pre-wrap'>only-id</p>"));
        QVERIFY(!model.index(0, CaseTableModel::Mean).data(Qt::ToolTipRole).isValid());
        QCOMPARE(foreground(model.index(0, CaseTableModel::Status)), QColor());
        QCOMPARE(foreground(model.index(1, CaseTableModel::Status)), toneColor(Tone::Bad));
        QCOMPARE(foreground(model.index(1, CaseTableModel::Axes)), QColor());
        QVERIFY(!model.index(0, CaseTableModel::Mean).data(Qt::DecorationRole).isValid());
        QVERIFY(!model.headerData(CaseTableModel::ColumnCount, Qt::Horizontal, Qt::DisplayRole).isValid());
        QVERIFY(!model.headerData(-1, Qt::Horizontal, Qt::DisplayRole).isValid());
        QCOMPARE(model.headerData(1, Qt::Vertical, Qt::DisplayRole).toInt(), 2); // Qt's row numbers
        // A case without axes is labelled by its id.
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        model.setManifest(withCases({caseWithMean(QStringLiteral("plain"), 10)}));
        QCOMPARE(reset.size(), 1);
        QCOMPARE(model.index(0, CaseTableModel::Axes).data().toString(), QStringLiteral("plain"));
        QCOMPARE(model.index(0, CaseTableModel::Mean).data().toString(), QStringLiteral("10.0 ns"));
    }

    // Details ▸ Cases sorts by the numbers, not by their text ("9.00 µs" before "10.0 µs" before "100 µs"),
    // and the cases without the value come last in both directions. (They sorted as the text "—" among the
    // numbers, which made the order inconsistent: ten, none2, none, nine, hundred, ascending.)
    void caseTableSortsByNumber() {
        RunDetailsWidget details;
        details.setManifest(withCases(
            {caseWithMean(QStringLiteral("ten"), 10000), caseWithMean(QStringLiteral("none"), std::nullopt),
             caseWithMean(QStringLiteral("Nine"), 9000), caseWithMean(QStringLiteral("none2"), std::nullopt),
             caseWithMean(QStringLiteral("hundred"), 1e5)}));
        details.tabs()->setCurrentIndex(RunDetailsWidget::CasesTab);
        auto* view = qobject_cast<QTableView*>(details.tabs()->widget(RunDetailsWidget::CasesTab));
        QVERIFY(view);
        QAbstractItemModelTester t(view->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(view->model()->rowCount(), 5);
        // Until a header is clicked: the workload's order (Qt's default sorted by the first column).
        QCOMPARE(view->horizontalHeader()->sortIndicatorSection(), -1);
        QCOMPARE(column(*view->model(), CaseTableModel::Axes),
                 (QStringList{"ten", "none", "Nine", "none2", "hundred"}));
        const QStringList missing{"none", "none2"};
        view->sortByColumn(CaseTableModel::Mean, Qt::AscendingOrder);
        QStringList order = column(*view->model(), CaseTableModel::Axes);
        QCOMPARE(order.mid(0, 3), (QStringList{"Nine", "ten", "hundred"}));
        QVERIFY(missing.contains(order[3]) && missing.contains(order[4]));
        view->sortByColumn(CaseTableModel::Mean, Qt::DescendingOrder);
        order = column(*view->model(), CaseTableModel::Axes);
        QCOMPARE(order.mid(0, 3), (QStringList{"hundred", "ten", "Nine"}));
        QVERIFY(missing.contains(order[3]) && missing.contains(order[4]));
        // Texts sort as texts, whatever their case.
        view->sortByColumn(CaseTableModel::Axes, Qt::AscendingOrder);
        QCOMPARE(column(*view->model(), CaseTableModel::Axes),
                 (QStringList{"hundred", "Nine", "none", "none2", "ten"}));
        QCOMPARE(column(*view->model(), CaseTableModel::Mean).mid(0, 2), (QStringList{"100 µs", "9.00 µs"}));
    }

    // Two runs case by case: the direction in a symbol and, beyond the noise only, a colour; Welch's t in
    // the noise column's tooltip where both sides have statistics.
    void caseDiffCells_data() {
        QTest::addColumn<CaseDelta>("delta");
        QTest::addColumn<QStringList>("cells"); // Case, A, B, B / A, B is, Noise
        QTest::addColumn<QColor>("direction");  // the direction's colour; invalid: none
        QTest::addColumn<QString>("noiseTip");
        CaseDelta faster;
        faster.id = QStringLiteral("f");
        faster.axes = QStringLiteral("s=1");
        faster.latencyA = 100;
        faster.latencyB = 50;
        faster.ratio = 0.5;
        faster.direction = CaseDelta::Direction::Faster;
        faster.noise = CaseDelta::Noise::BeyondNoise;
        faster.t = -8.5;
        QTest::newRow("faster beyond noise")
            << faster << QStringList{"s=1", "100 ns", "50.0 ns", "0.5", "▼ faster", "beyond noise"}
            << toneColor(Tone::Good) << "Welch's t = -8.50";
        CaseDelta slower;
        slower.id = QStringLiteral("sl");
        slower.latencyA = 1000;
        slower.latencyB = 2500;
        slower.ratio = 2.5;
        slower.direction = CaseDelta::Direction::Slower;
        slower.noise = CaseDelta::Noise::BeyondNoise;
        slower.t = 9;
        QTest::newRow("slower beyond noise")
            << slower << QStringList{"sl", "1.00 µs", "2.50 µs", "2.5", "▲ slower", "beyond noise"}
            << toneColor(Tone::Bad) << "Welch's t = 9.00";
        CaseDelta within = slower;
        within.noise = CaseDelta::Noise::WithinNoise;
        within.t = 0.5;
        QTest::newRow("slower within noise")
            << within << QStringList{"sl", "1.00 µs", "2.50 µs", "2.5", "▲ slower", "within noise"}
            << QColor() << "Welch's t = 0.50";
        CaseDelta same = faster;
        same.latencyB = 100.4;
        same.ratio = 1.004;
        same.direction = CaseDelta::Direction::Same;
        same.t = 12;
        QTest::newRow("same, under the minimum effect")
            << same << QStringList{"s=1", "100 ns", "100 ns", "1.004", "= same", "beyond noise"} << QColor()
            << "Welch's t = 12.00";
        CaseDelta unknown;
        unknown.id = QStringLiteral("u");
        QTest::newRow("no timings") << unknown
                                    << QStringList{"u", "—", "—", "—", "= unknown", "no statistics"}
                                    << QColor() << QString();
    }
    void caseDiffCells() {
        QFETCH(CaseDelta, delta);
        QFETCH(QStringList, cells);
        QFETCH(QColor, direction);
        QFETCH(QString, noiseTip);
        CaseDiffModel model;
        QAbstractItemModelTester t(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRows({delta});
        QCOMPARE(model.columnCount(), 6);
        QCOMPARE(column(model, 0).size(), 1);
        QStringList shown;
        for (int c = 0; c < model.columnCount(); ++c)
            shown << model.index(0, c).data().toString();
        QCOMPARE(shown, cells);
        QCOMPARE(foreground(model.index(0, CaseDiffModel::Direction)), direction);
        QCOMPARE(foreground(model.index(0, CaseDiffModel::Case)), QColor());
        QCOMPARE(model.index(0, CaseDiffModel::Noise).data(Qt::ToolTipRole).toString(), noiseTip);
        QVERIFY(!model.index(0, CaseDiffModel::Ratio).data(Qt::ToolTipRole).isValid());
        for (const int c : {CaseDiffModel::A, CaseDiffModel::B, CaseDiffModel::Ratio})
            QVERIFY(rightAligned(model.index(0, c)));
        for (const int c : {CaseDiffModel::Case, CaseDiffModel::Direction, CaseDiffModel::Noise})
            QVERIFY(!model.index(0, c).data(Qt::TextAlignmentRole).isValid());
        QCOMPARE(model.headerData(CaseDiffModel::Ratio, Qt::Horizontal, Qt::DisplayRole).toString(),
                 QStringLiteral("B / A"));
    }

    // Field changes: symbol, word and colour per kind; every cell's tooltip is its text, shown literally.
    void fieldDiffKinds() {
        FieldDiffModel model;
        QAbstractItemModelTester t(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRows(
            {{FieldChange::Kind::Added, QStringLiteral("/b"), QString(), QStringLiteral("3")},
             {FieldChange::Kind::Removed, QStringLiteral("/c"), QStringLiteral("\"<i>x</i>\""), QString()},
             {FieldChange::Kind::Changed, QStringLiteral("/a"), QStringLiteral("1"), QStringLiteral("2")}});
        QCOMPARE(column(model, FieldDiffModel::Change), (QStringList{"+ added", "− removed", "~ changed"}));
        QCOMPARE(column(model, FieldDiffModel::Path), (QStringList{"/b", "/c", "/a"}));
        QCOMPARE(column(model, FieldDiffModel::Before), (QStringList{"", "\"<i>x</i>\"", "1"}));
        QCOMPARE(column(model, FieldDiffModel::After), (QStringList{"3", "", "2"}));
        QCOMPARE(foreground(model.index(0, FieldDiffModel::Change)), toneColor(Tone::Good));
        QCOMPARE(foreground(model.index(1, FieldDiffModel::Change)), toneColor(Tone::Bad));
        QCOMPARE(foreground(model.index(2, FieldDiffModel::Change)), toneColor(Tone::Caution));
        QCOMPARE(foreground(model.index(2, FieldDiffModel::Path)), QColor());
        QCOMPARE(model.index(1, FieldDiffModel::Before).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("<p style='white-space:pre-wrap'>&quot;&lt;i&gt;x&lt;/i&gt;&quot;</p>"));
        QCOMPARE(model.index(0, FieldDiffModel::Change).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("<p style='white-space:pre-wrap'>+ added</p>"));
        QCOMPARE(model.index(0, FieldDiffModel::Before).data(Qt::ToolTipRole).toString(), QString());
        QVERIFY(!model.index(0, FieldDiffModel::Path).data(Qt::TextAlignmentRole).isValid());
        QCOMPARE(model.headerData(FieldDiffModel::Path, Qt::Horizontal, Qt::DisplayRole).toString(),
                 QStringLiteral("JSON path"));
    }

    // Digest rows in each state, and signature rows: what the envelope says, in the digest columns.
    void digestAndSignatureRows() {
        DigestModel model;
        QAbstractItemModelTester t(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        DigestCheck mismatch;
        mismatch.field = QStringLiteral("workloadDigest");
        mismatch.expected = QStringLiteral("sha256:aa");
        mismatch.computed = QStringLiteral("sha256:bb");
        mismatch.state = DigestCheck::State::Mismatch;
        mismatch.reason = QStringLiteral("recomputed from <w.json>");
        DigestCheck normalized = mismatch;
        normalized.field = QStringLiteral("protocolDigest");
        normalized.computed = normalized.expected;
        normalized.state = DigestCheck::State::Verified;
        normalized.afterNormalization = true;
        DigestCheck unverifiable;
        unverifiable.field = QStringLiteral("environmentDigest");
        unverifiable.expected = QStringLiteral("sha256:cc");
        unverifiable.reason = QStringLiteral("the environment is not loaded");
        model.setRows(
            {{QStringLiteral("run A"), mismatch},
             {QStringLiteral("run A"), normalized},
             {QStringLiteral("run B"), unverifiable},
             signatureRow(SignatureState::Trusted, QStringLiteral("a.intoto.jsonl"), 3,
                          QStringLiteral("sha256:ff"), QStringLiteral("signed by sha256:ff (trusted)")),
             signatureRow(SignatureState::UnknownKey, QStringLiteral("b.intoto.jsonl"), 0,
                          QStringLiteral("sha256:ee"), QStringLiteral("signed by an unknown key")),
             signatureRow(SignatureState::SignatureInvalid, QStringLiteral("c.intoto.jsonl"), 1, QString(),
                          QStringLiteral("signature invalid"))});
        QCOMPARE(column(model, DigestModel::Run),
                 (QStringList{"run A", "run A", "run B", "run A", "run A", "run A"}));
        QCOMPARE(column(model, DigestModel::Field),
                 (QStringList{"workloadDigest", "protocolDigest", "environmentDigest", "signature",
                              "signature", "signature"}));
        QCOMPARE(column(model, DigestModel::State),
                 (QStringList{"✖ mismatch", "✔ verified (normalized)", "? not verifiable",
                              "✔ signed by sha256:ff (trusted)", "? signed by an unknown key",
                              "✖ signature invalid"}));
        QCOMPARE(column(model, DigestModel::Expected),
                 (QStringList{"sha256:aa", "sha256:aa", "sha256:cc", "a.intoto.jsonl, line 3",
                              "b.intoto.jsonl", "c.intoto.jsonl, line 1"}));
        QCOMPARE(column(model, DigestModel::Computed),
                 (QStringList{"sha256:bb", "sha256:aa", "—", "sha256:ff", "sha256:ee", "—"}));
        QCOMPARE(column(model, DigestModel::Reason),
                 (QStringList{"recomputed from <w.json>", "recomputed from <w.json>",
                              "the environment is not loaded", "checked <signed by sha256:ff (trusted)>",
                              "checked <signed by an unknown key>", "checked <signature invalid>"}));
        QList<QColor> states;
        for (int r = 0; r < model.rowCount(); ++r)
            states << foreground(model.index(r, DigestModel::State));
        QCOMPARE(states,
                 (QList<QColor>{toneColor(Tone::Bad), toneColor(Tone::Good), toneColor(Tone::Caution),
                                toneColor(Tone::Good), toneColor(Tone::Caution), toneColor(Tone::Bad)}));
        QCOMPARE(foreground(model.index(0, DigestModel::Field)), QColor());
        QCOMPARE(foreground(model.index(3, DigestModel::Field)), QColor());
        // Tooltips: the state and reason columns explain (the reason, the envelope's detail), the others
        // repeat the cell; all of it escaped.
        QCOMPARE(model.index(0, DigestModel::State).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("<p style='white-space:pre-wrap'>recomputed from &lt;w.json&gt;</p>"));
        QCOMPARE(model.index(0, DigestModel::Computed).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("<p style='white-space:pre-wrap'>sha256:bb</p>"));
        QCOMPARE(model.index(3, DigestModel::State).data(Qt::ToolTipRole).toString(),
                 QStringLiteral(
                     "<p style='white-space:pre-wrap'>checked &lt;signed by sha256:ff (trusted)&gt;</p>"));
        QCOMPARE(model.index(3, DigestModel::Expected).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("<p style='white-space:pre-wrap'>a.intoto.jsonl, line 3</p>"));
        QCOMPARE(model.index(3, DigestModel::Run).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("<p style='white-space:pre-wrap'>run A</p>"));
        QVERIFY(!model.index(0, DigestModel::State).data(Qt::TextAlignmentRole).isValid());
        QVERIFY(!model.index(3, DigestModel::State).data(Qt::TextAlignmentRole).isValid());
        QCOMPARE(signatureSymbol(SignatureState::SubjectMismatch), QStringLiteral("✖"));
        QCOMPARE(signatureSymbol(SignatureState::Malformed), QStringLiteral("✖"));
        QCOMPARE(stateSymbol(DigestCheck::State::Mismatch), QStringLiteral("✖"));
    }

    // The two complete palettes, and the state colours and banners chosen by the palette's base colour.
    void paletteTones_data() {
        QTest::addColumn<bool>("dark");
        QTest::addColumn<int>("tone");
        QTest::addColumn<QColor>("text");
        QTest::addColumn<QString>("background");
        QTest::newRow("light good") << false << int(Tone::Good) << QColor(0x1a, 0x7f, 0x37) << "#d9f2e1";
        QTest::newRow("light bad") << false << int(Tone::Bad) << QColor(0xc0, 0x25, 0x25) << "#fbdddd";
        QTest::newRow("light caution")
            << false << int(Tone::Caution) << QColor(0x9a, 0x67, 0x00) << "#fde7c8";
        QTest::newRow("dark good") << true << int(Tone::Good) << QColor(0x6f, 0xd8, 0x8c) << "#163d24";
        QTest::newRow("dark bad") << true << int(Tone::Bad) << QColor(0xff, 0x85, 0x7a) << "#4a1c1c";
        QTest::newRow("dark caution") << true << int(Tone::Caution) << QColor(0xf0, 0xc0, 0x5a) << "#45330c";
    }
    void paletteTones() {
        QFETCH(bool, dark);
        QFETCH(int, tone);
        QFETCH(QColor, text);
        QFETCH(QString, background);
        const QPalette palette = dark ? darkPalette() : lightPalette();
        QCOMPARE(isDark(palette), dark);
        QCOMPARE(toneColor(Tone(tone), palette), text);
        const QString style = bannerStyle(Tone(tone), palette);
        const QRegularExpression form(QStringLiteral(
            "^QLabel \\{ background: (#[0-9a-f]{6}); color: (#[0-9a-f]{6}); border-radius: 4px; \\}$"));
        const QRegularExpressionMatch m = form.match(style);
        QVERIFY2(m.hasMatch(), qPrintable(style));
        QCOMPARE(m.captured(1), background);
        // The banner's text is the tone pushed away from its background: darker on light, lighter on dark.
        const QColor bannerText(m.captured(2));
        if (dark)
            QVERIFY(bannerText.lightness() > text.lightness());
        else
            QVERIFY(bannerText.lightness() < text.lightness());
        QVERIFY(std::abs(bannerText.hue() - text.hue()) <= 3); // the same colour, lighter or darker
    }

    void palettes() {
        const QPalette light = lightPalette();
        QCOMPARE(light.color(QPalette::Base), QColor(Qt::white));
        QCOMPARE(light.color(QPalette::Text), QColor(0x1a, 0x1a, 0x1a));
        QCOMPARE(light.color(QPalette::Highlight), QColor(0x30, 0x7c, 0xd0));
        QCOMPARE(light.color(QPalette::Mid), QColor(0xb0, 0xb0, 0xb0));
        const QPalette dark = darkPalette();
        QCOMPARE(dark.color(QPalette::Window), QColor(0x2b, 0x2d, 0x31));
        QCOMPARE(dark.color(QPalette::Base), QColor(0x1e, 0x1f, 0x22));
        QCOMPARE(dark.color(QPalette::Text), QColor(0xe6, 0xe6, 0xe6));
        QCOMPARE(dark.color(QPalette::ToolTipBase), dark.color(QPalette::Base));
        QCOMPARE(dark.color(QPalette::Disabled, QPalette::Text), QColor(0x80, 0x80, 0x80));
        QCOMPARE(dark.color(QPalette::Disabled, QPalette::ButtonText), QColor(0x80, 0x80, 0x80));
        // Text stays readable on its base in both: far apart in lightness.
        QVERIFY(std::abs(light.color(QPalette::Text).lightness() - light.color(QPalette::Base).lightness()) >
                150);
        QVERIFY(std::abs(dark.color(QPalette::Text).lightness() - dark.color(QPalette::Base).lightness()) >
                150);
        // The application's palette decides the colour a model paints with.
        QCOMPARE(toneColor(Tone::Bad), toneColor(Tone::Bad, QGuiApplication::palette()));
        QCOMPARE(seriesColor(0), seriesColor(7)); // seven colours, then again
        QVERIFY(seriesColor(0) != seriesColor(1));
        QVERIFY(baselineColor() != seriesColor(0));
    }

    // The run table's other roles: tooltips that explain the derived columns, numbers to sort by, the
    // store row, alignment of numbers, and red for a row that could not be read.
    void runTableRoles() {
        QTemporaryDir dir;
        const kixfix::Catalog c;
        QVERIFY(kixfix::writeFile(dir.filePath(QStringLiteral("catalog.jsonl")), c.text()));
        QVERIFY(kixfix::writeFile(dir.filePath(QStringLiteral("broken.json")), "{\"run\": "));
        RunStore store;
        RunTableModel model(&store);
        QAbstractItemModelTester t(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy refreshed(&model, &RunTableModel::refreshed);
        QSignalSpy finished(&store, &RunStore::loadFinished);
        store.loadAsync({dir.path()});
        QVERIFY(finished.wait(10000));
        QTRY_VERIFY_WITH_TIMEOUT(!refreshed.isEmpty(), 10000);
        const int runA = int(column(model, RunTableModel::Implementation).indexOf(QStringLiteral("run-a")));
        const int broken = int(column(model, RunTableModel::Status).indexOf(QStringLiteral("error")));
        QVERIFY(runA >= 0 && broken >= 0);
        QCOMPARE(model.index(runA, RunTableModel::Floor).data(Qt::ToolTipRole).toString(),
                 QStringLiteral(
                     "Latency over the memory-roofline floor: the time the bytes the workload must move "
                     "take at the GPU's published peak bandwidth (1× is the floor; below it, only the "
                     "cache can explain it)"));
        QCOMPARE(model.index(runA, RunTableModel::Digests).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("Digest checks against the loaded set; see the Digests tab"));
        QCOMPARE(
            model.index(runA, RunTableModel::Upstream).data(Qt::ToolTipRole).toString(),
            QStringLiteral("Whether KernelIndex's schemas and parser would accept the manifest; the findings "
                           "are in Details ▸ Problems"));
        QCOMPARE(model.index(runA, RunTableModel::Implementation).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("<p style='white-space:pre-wrap'>run-a</p>"));
        QVERIFY(model.index(runA, RunTableModel::File)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("catalog.jsonl")));
        // A problem row explains itself in every column.
        const QString why =
            model.index(broken, RunTableModel::Implementation).data(Qt::ToolTipRole).toString();
        QVERIFY2(why.contains(QStringLiteral("not valid JSON")), qPrintable(why));
        QCOMPARE(model.index(broken, RunTableModel::Latency).data(Qt::ToolTipRole).toString(), why);
        const QVariant latency = model.index(runA, RunTableModel::Latency).data(SortRole);
        QCOMPARE(latency.typeId(), int(QMetaType::Double));
        QCOMPARE(latency.toDouble(), 8120.0);
        QCOMPARE(model.index(runA, RunTableModel::Implementation).data(SortRole).toString(),
                 QStringLiteral("run-a"));
        QCOMPARE(model.index(runA, 0).data(ManifestIndexRole).toInt(), model.storeIndex(runA));
        QCOMPARE(model.rowOfStoreIndex(model.storeIndex(runA)), runA);
        QCOMPARE(model.rowOfStoreIndex(model.rowCount()), -1);
        QCOMPARE(model.storeIndex(-1), -1);
        QVERIFY(rightAligned(model.index(runA, RunTableModel::Latency)));
        QVERIFY(!model.index(runA, RunTableModel::Implementation).data(Qt::TextAlignmentRole).isValid());
        QCOMPARE(foreground(model.index(broken, RunTableModel::Implementation)), toneColor(Tone::Bad));
        QCOMPARE(foreground(model.index(runA, RunTableModel::Status)), QColor());
        QVERIFY(!model.index(runA, 0).data(Qt::DecorationRole).isValid());
        QCOMPARE(model.headerData(RunTableModel::Latency, Qt::Horizontal, Qt::DisplayRole).toString(),
                 QStringLiteral("Latency"));
        QCOMPARE(model.headerData(0, Qt::Vertical, Qt::DisplayRole).toInt(), 1);
    }

    // A leaderboard built by hand: kix's SOL score, else the published one; the cohort with its key;
    // colours for a failed status, a digest mismatch, all verified and an unranked run; the run index.
    void leaderboardCells() {
        Leaderboard board;
        LeaderboardCohort ranked;
        ranked.key = QStringLiteral("latency:mean:ns|0123456789abcdef");
        ranked.label = QStringLiteral("rmsnorm · w1 · B200");
        ranked.ranked = 2;
        LeaderboardEntry fast = boardEntry(0, QStringLiteral("Fast"), 7000, 1, QStringLiteral("passed"),
                                           QStringLiteral("all verified"));
        fast.solScore = 0.8123456;
        LeaderboardEntry published = boardEntry(1, QStringLiteral("pub"), 9000, 2, QStringLiteral("passed"),
                                                QStringLiteral("mismatch"));
        published.publishedSolScore = 0.5;
        LeaderboardEntry failed = boardEntry(2, QStringLiteral("none"), std::nullopt, std::nullopt,
                                             QStringLiteral("runtime_error"), QStringLiteral("not checked"));
        failed.ineligible = {QStringLiteral("its status is runtime_error, not passed")};
        ranked.entries = {fast, published, failed};
        LeaderboardCohort keyless;
        keyless.label = QStringLiteral("no comparison key");
        keyless.entries = {boardEntry(3, QStringLiteral("keyless"), 8000, std::nullopt,
                                      QStringLiteral("passed"), QStringLiteral("not checked"))};
        board.cohorts = {ranked, keyless};
        LeaderboardModel model;
        QAbstractItemModelTester t(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        MissingLastProxy proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester pt(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        model.setBoard(board);
        QCOMPARE(reset.size(), 1);
        QCOMPARE(model.rowCount(), 4);
        QStringList headers;
        for (int c = 0; c < model.columnCount(); ++c)
            headers << model.headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
        QCOMPARE(headers, (QStringList{"Rank", "Implementation", "GPU", "Primary time", "SOL score", "Status",
                                       "Digests", "Cohort"}));
        QVERIFY(!model.headerData(LeaderboardModel::ColumnCount, Qt::Horizontal, Qt::DisplayRole).isValid());
        QCOMPARE(column(model, LeaderboardModel::Rank), (QStringList{"#1 of 2", "#2 of 2", "—", "—"}));
        QCOMPARE(column(model, LeaderboardModel::Time), (QStringList{"7.00 µs", "9.00 µs", "—", "8.00 µs"}));
        QCOMPARE(column(model, LeaderboardModel::SolScore),
                 (QStringList{"0.8123", "0.5 (published)", "—", "—"}));
        QCOMPARE(column(model, LeaderboardModel::Gpu), (QStringList{"B200", "B200", "B200", "B200"}));
        QCOMPARE(
            column(model, LeaderboardModel::Cohort),
            (QStringList{"rmsnorm · w1 · B200 · latency:mean:ns", "rmsnorm · w1 · B200 · latency:mean:ns",
                         "rmsnorm · w1 · B200 · latency:mean:ns", "no comparison key"}));
        QCOMPARE(
            model.index(0, LeaderboardModel::Cohort).data(Qt::ToolTipRole).toString(),
            QStringLiteral(
                "<p style='white-space:pre-wrap'>rmsnorm · w1 · B200\nlatency:mean:ns|0123456789abcdef</p>"));
        QCOMPARE(model.index(3, LeaderboardModel::Rank).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("<p style='white-space:pre-wrap'>not ranked: no comparison key</p>"));
        QCOMPARE(
            model.index(0, LeaderboardModel::SolScore).data(Qt::ToolTipRole).toString(),
            QStringLiteral("Mean over the run's cases of S = 1/(1 + (T − T_sol)/(T_b − T_sol)), from the "
                           "published speed-of-light times"));
        QCOMPARE(model.index(1, LeaderboardModel::SolScore).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("No published speed-of-light times for this run's GPU and cases"));
        QCOMPARE(model.index(0, LeaderboardModel::Implementation).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("<p style='white-space:pre-wrap'>Fast</p>"));
        QCOMPARE(model.index(0, LeaderboardModel::Implementation).data(SortRole).toString(),
                 QStringLiteral("fast"));
        QCOMPARE(model.index(0, LeaderboardModel::SolScore).data(SortRole).toDouble(), 0.8123456);
        QCOMPARE(model.index(1, LeaderboardModel::SolScore).data(SortRole).toDouble(), 0.5);
        QVERIFY(std::isnan(model.index(2, LeaderboardModel::SolScore).data(SortRole).toDouble()));
        QVERIFY(std::isnan(model.index(2, LeaderboardModel::Time).data(SortRole).toDouble()));
        QCOMPARE(foreground(model.index(0, LeaderboardModel::Digests)), toneColor(Tone::Good));
        QCOMPARE(foreground(model.index(1, LeaderboardModel::Digests)), toneColor(Tone::Bad));
        QCOMPARE(foreground(model.index(2, LeaderboardModel::Digests)), QColor());
        QCOMPARE(foreground(model.index(2, LeaderboardModel::Status)), toneColor(Tone::Bad));
        QCOMPARE(foreground(model.index(0, LeaderboardModel::Status)), QColor());
        QCOMPARE(foreground(model.index(3, LeaderboardModel::Rank)), toneColor(Tone::Caution));
        QCOMPARE(foreground(model.index(0, LeaderboardModel::Rank)), QColor());
        QVERIFY(rightAligned(model.index(0, LeaderboardModel::Time)));
        QVERIFY(rightAligned(model.index(0, LeaderboardModel::SolScore)));
        QVERIFY(!model.index(0, LeaderboardModel::Gpu).data(Qt::TextAlignmentRole).isValid());
        QList<int> runs;
        for (int r = 0; r < model.rowCount(); ++r)
            runs << model.index(r, 0).data(RunIndexRole).toInt();
        QCOMPARE(runs, (QList<int>{0, 1, 2, 3}));
        QVERIFY(!model.index(0, 0).data(Qt::DecorationRole).isValid());
        // By SOL score: the published 0.5, then kix's 0.81, the runs without one last either way.
        proxy.sort(LeaderboardModel::SolScore, Qt::AscendingOrder);
        QCOMPARE(column(proxy, LeaderboardModel::Implementation).mid(0, 2), (QStringList{"pub", "Fast"}));
        proxy.sort(LeaderboardModel::SolScore, Qt::DescendingOrder);
        QCOMPARE(column(proxy, LeaderboardModel::Implementation).mid(0, 2), (QStringList{"Fast", "pub"}));
        // By rank: cohort by cohort, the unranked last.
        proxy.sort(LeaderboardModel::Rank, Qt::AscendingOrder);
        QCOMPARE(column(proxy, LeaderboardModel::Implementation).mid(0, 2), (QStringList{"Fast", "pub"}));
        proxy.sort(LeaderboardModel::Implementation, Qt::AscendingOrder);
        QCOMPARE(column(proxy, LeaderboardModel::Implementation),
                 (QStringList{"Fast", "keyless", "none", "pub"}));
        QCOMPARE(model.rowOfRun(3), 3);
        QCOMPARE(model.rowOfRun(9), -1);
    }

    // A comparison of two runs built by hand: the case and field tables' every role.
    void multiCompareCells() {
        MultiComparison m;
        m.runs = {namedRun(QStringLiteral("alpha")), namedRun(QStringLiteral("beta"))};
        m.cases = {{QStringLiteral("x"), QStringLiteral("n=1"), {100, 99.6}, {1, 0.996}},
                   {QStringLiteral("y"), QString(), {200, 100}, {1, 0.5}},
                   {QStringLiteral("z"), QString(), {300, std::nullopt}, {1, std::nullopt}}};
        m.fields = {
            {QStringLiteral("/spec/gpu"), true, {QStringLiteral("\"B200\""), QStringLiteral("\"H200\"")}},
            {QStringLiteral("/metadata/name"), false, {QStringLiteral("\"a\""), QString()}}};
        MultiCaseModel cases;
        MultiFieldModel fields;
        QAbstractItemModelTester t1(&cases, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(&fields, QAbstractItemModelTester::FailureReportingMode::QtTest);
        cases.setComparison(m);
        fields.setComparison(m);
        QStringList headers;
        for (int c = 0; c < cases.columnCount(); ++c)
            headers << cases.headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
        QCOMPARE(headers,
                 (QStringList{"Case", "1 alpha (baseline)", "1 ÷ baseline", "2 beta", "2 ÷ baseline"}));
        QVERIFY(!cases.headerData(5, Qt::Horizontal, Qt::DisplayRole).isValid());
        QCOMPARE(column(cases, 0), (QStringList{"n=1", "y", "z"}));
        QCOMPARE(column(cases, 3), (QStringList{"99.6 ns", "100 ns", "—"}));
        QCOMPARE(column(cases, 4), (QStringList{"1.00×", "0.50×", "—"}));
        QCOMPARE(cases.index(0, 0).data(SortRole).toString(), QStringLiteral("n=1"));
        QCOMPARE(cases.index(0, 0).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("<p style='white-space:pre-wrap'>x\nn=1</p>"));
        QVERIFY(!cases.index(0, 0).data(Qt::TextAlignmentRole).isValid());
        QCOMPARE(cases.index(1, 3).data(Qt::ToolTipRole).toString(), QStringLiteral("100"));
        QCOMPARE(cases.index(0, 4).data(Qt::ToolTipRole).toString(), QStringLiteral("0.996"));
        QVERIFY(!cases.index(2, 3).data(Qt::ToolTipRole).isValid());
        QCOMPARE(cases.index(1, 3).data(SortRole).toDouble(), 100.0);
        QVERIFY(rightAligned(cases.index(1, 3)));
        // Coloured: a ratio off the baseline by at least 1%; never the baseline's own, nor a latency.
        QCOMPARE(foreground(cases.index(1, 4)), toneColor(Tone::Good));
        QCOMPARE(foreground(cases.index(0, 4)), QColor());
        QCOMPARE(foreground(cases.index(1, 2)), QColor());
        QCOMPARE(foreground(cases.index(1, 3)), QColor());
        QCOMPARE(foreground(cases.index(2, 4)), QColor());
        QVERIFY(!cases.index(1, 3).data(Qt::DecorationRole).isValid());

        headers.clear();
        for (int c = 0; c < fields.columnCount(); ++c)
            headers << fields.headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
        QCOMPARE(headers, (QStringList{"Role", "JSON path", "1 alpha (baseline)", "2 beta"}));
        QCOMPARE(column(fields, 0), (QStringList{"decides comparability", "context"}));
        QCOMPARE(column(fields, 1), (QStringList{"/spec/gpu", "/metadata/name"}));
        QCOMPARE(column(fields, 3), (QStringList{"\"H200\"", ""}));
        QCOMPARE(fields.index(0, 2).data(SortRole).toString(), QStringLiteral("\"B200\""));
        QCOMPARE(fields.index(0, 2).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("<p style='white-space:pre-wrap'>&quot;B200&quot;</p>"));
        QCOMPARE(fields.index(1, 3).data(Qt::ToolTipRole).toString(), QString());
        QCOMPARE(foreground(fields.index(0, 0)), toneColor(Tone::Caution));
        QCOMPARE(foreground(fields.index(1, 0)), QColor());
        QCOMPARE(foreground(fields.index(0, 1)), QColor());
        QVERIFY(!fields.index(0, 1).data(Qt::TextAlignmentRole).isValid());
        fields.setFilter(QStringLiteral("H200"), false);
        QCOMPARE(column(fields, 1), (QStringList{"/spec/gpu"}));
        fields.setFilter(QString(), true);
        QCOMPARE(column(fields, 1), (QStringList{"/spec/gpu"}));
        fields.setFilter(QString(), false);
        QCOMPARE(fields.rowCount(), 2);
    }
};

KIX_TEST_MAIN(TestModels)
#include "tst_models.moc"
