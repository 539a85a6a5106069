// The comparison models: case deltas and field differences.
#include "GuiTestSupport.h"
#include "TestMain.h"

using namespace kixtest;

class TestDiffModels : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixtest::initGui(); }

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
};

KIX_TEST_MAIN(TestDiffModels)
#include "tst_diff_models.moc"
