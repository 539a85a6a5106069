// The case table model: cells per column, roles, numeric sort.
#include "CaseTableModel.h"
#include "GuiTest.h"
#include "ManifestParser.h"
#include "ModelFixtures.h"
#include "Palette.h"
#include "RecordFixtures.h"
#include "Roles.h"
#include "RunDetailsWidget.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QAbstractItemModel>
#include <QAbstractItemModelTester>
#include <QByteArray>
#include <QColor>
#include <QHeaderView>
#include <QMetaType>
#include <QObject>
#include <QSignalSpy>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTableView>
#include <QTest>
#include <QVariant>

using namespace kixtest;
using kixfix::Json;

namespace {

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

} // namespace

class TestCaseTableModel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixtest::initGui(); }

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
};

KIX_TEST_MAIN(TestCaseTableModel)
#include "tst_case_table_model.moc"
