// The comparison models: case verdicts (and the Compare tab showing them) and field differences.
#include "Bootstrap.h"
#include "CaseDiffModel.h"
#include "DiffWidget.h"
#include "Evidence.h"
#include "FieldDiffModel.h"
#include "GuiTest.h"
#include "ManifestParser.h"
#include "Palette.h"
#include "TestMain.h"
#include "TestSupport.h"
#include "Verdict.h"

#include <QAbstractItemModelTester>
#include <QColor>
#include <QLabel>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTest>

using namespace kixtest;

Q_DECLARE_METATYPE(kix::CaseDelta)

class TestDiffModels : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixtest::initGui(); }

    // Two runs case by case: the values compared, B/A, its interval, the verdict in a symbol and (faster or
    // slower) a colour with its reason as the tooltip, and the evidence with Mann–Whitney's p where it has
    // one.
    void caseDiffCells_data() {
        QTest::addColumn<CaseDelta>("delta");
        QTest::addColumn<QString>("cells"); // Case | A | B | B / A | 95% interval | Verdict | Evidence
        QTest::addColumn<QColor>("colour"); // the verdict's colour; invalid: none
        QTest::addColumn<QString>("evidenceTip");
        const auto delta = [](const char* id, const char* axes, std::optional<double> a,
                              std::optional<double> b, kix::Verdict verdict, kix::VerdictMethod method) {
            CaseDelta d;
            d.id = QString::fromLatin1(id);
            d.axes = QString::fromLatin1(axes);
            d.latencyA = a;
            d.latencyB = b;
            d.verdict.verdict = verdict;
            d.verdict.method = method;
            if (a && b)
                d.verdict.ratio = *b / *a;
            d.verdict.reason = QStringLiteral("why <%1>").arg(QString::fromLatin1(id));
            return d;
        };
        CaseDelta faster = delta("f", "s=1", 100, 50, kix::Verdict::Faster, kix::VerdictMethod::Bootstrap);
        faster.verdict.interval = kix::RatioInterval{0.45, 0.55, 0.95};
        faster.verdict.mannWhitneyP = 0.00123;
        faster.verdict.countA = faster.verdict.countB = 200;
        QTest::newRow("faster, bootstrap")
            << faster << "s=1 | 100 ns | 50.0 ns | 0.500 | [0.450, 0.550] | ▼ faster | bootstrap, n = 200"
            << toneColor(Tone::Good) << "Mann–Whitney p = 0.00123";
        CaseDelta blocks = faster;
        blocks.verdict.method = kix::VerdictMethod::BlockMedians;
        QTest::newRow("faster, block medians")
            << blocks << "s=1 | 100 ns | 50.0 ns | 0.500 | [0.450, 0.550] | ▼ faster | block medians, n = 200"
            << toneColor(Tone::Good) << "Mann–Whitney p = 0.00123";
        CaseDelta slower = delta("sl", "", 1000, 2500, kix::Verdict::Slower, kix::VerdictMethod::Welch);
        slower.verdict.interval = kix::RatioInterval{2.4, 2.6, 0.95};
        slower.verdict.countA = 30;
        slower.verdict.countB = 50;
        QTest::newRow("slower, Welch")
            << slower << "sl | 1.00 µs | 2.50 µs | 2.500 | [2.400, 2.600] | ▲ slower | Welch, n = 30 / 50"
            << toneColor(Tone::Bad) << QString();
        CaseDelta same = delta("sa", "s=2", 100, 100.4, kix::Verdict::Same, kix::VerdictMethod::Welch);
        same.verdict.interval = kix::RatioInterval{0.998, 1.010, 0.95};
        same.verdict.countA = same.verdict.countB = 100;
        QTest::newRow("same") << same
                              << "s=2 | 100 ns | 100 ns | 1.004 | [0.998, 1.010] | = same | Welch, n = 100"
                              << QColor() << QString();
        const CaseDelta noSpread =
            delta("n", "s=3", 400, 800, kix::Verdict::CantTell, kix::VerdictMethod::None);
        QTest::newRow("no spread") << noSpread << "s=3 | 400 ns | 800 ns | 2.000 | — | ? can't tell | none"
                                   << QColor() << QString();
        const CaseDelta unknown = delta("u", "", {}, {}, kix::Verdict::CantTell, kix::VerdictMethod::None);
        QTest::newRow("no timings") << unknown << "u | — | — | — | — | ? can't tell | none" << QColor()
                                    << QString();
    }
    void caseDiffCells() {
        QFETCH(CaseDelta, delta);
        QFETCH(QString, cells);
        QFETCH(QColor, colour);
        QFETCH(QString, evidenceTip);
        CaseDiffModel model;
        QAbstractItemModelTester t(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRows({delta});
        QCOMPARE(model.columnCount(), 7);
        QCOMPARE(column(model, 0).size(), 1);
        QStringList shown;
        for (int c = 0; c < model.columnCount(); ++c)
            shown << model.index(0, c).data().toString();
        QCOMPARE(shown.join(QStringLiteral(" | ")), cells);
        QCOMPARE(foreground(model.index(0, CaseDiffModel::Verdict)), colour);
        QCOMPARE(foreground(model.index(0, CaseDiffModel::Case)), QColor());
        // The reason comes from the manifest's timer names: shown as plain text.
        QCOMPARE(model.index(0, CaseDiffModel::Verdict).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("<p style='white-space:pre-wrap'>why &lt;%1&gt;</p>").arg(delta.id));
        QCOMPARE(model.index(0, CaseDiffModel::Evidence).data(Qt::ToolTipRole).toString(), evidenceTip);
        QVERIFY(!model.index(0, CaseDiffModel::Ratio).data(Qt::ToolTipRole).isValid());
        for (const int c :
             {CaseDiffModel::A, CaseDiffModel::B, CaseDiffModel::Ratio, CaseDiffModel::Interval})
            QVERIFY(rightAligned(model.index(0, c)));
        for (const int c : {CaseDiffModel::Case, CaseDiffModel::Verdict, CaseDiffModel::Evidence})
            QVERIFY(!model.index(0, c).data(Qt::TextAlignmentRole).isValid());
        QStringList headers;
        for (int c = 0; c < model.columnCount(); ++c)
            headers << model.headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
        QCOMPARE(headers, (QStringList{"Case", "A", "B", "B / A", "95% interval", "Verdict", "Evidence"}));
    }

    // The Compare tab on the two bundled kix runs: every case judged by block medians of its raw samples,
    // with an interval and a verdict, and the suite's verdict line under the table.
    void compareTabShowsVerdicts() {
        const QString dir = kixtest::repoPath(QStringLiteral("resources/samples/kix/"));
        const auto a =
            loadManifestFile(dir + QStringLiteral("kix-run-20261204T053602Z-nvidia-h200.manifest.json"));
        const auto b =
            loadManifestFile(dir + QStringLiteral("kix-run-20261204T053608Z-nvidia-h200.manifest.json"));
        DiffWidget w;
        QAbstractItemModelTester t(w.caseModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        w.setRuns(a, b);
        QVERIFY(w.waitUntilShown(30000));
        const CaseDiffModel& cases = *w.caseModel();
        QCOMPARE(cases.rowCount(), 16);
        for (int r = 0; r < cases.rowCount(); ++r) {
            QVERIFY(cases.index(r, CaseDiffModel::Interval).data().toString().startsWith(u'['));
            QVERIFY(cases.index(r, CaseDiffModel::Evidence)
                        .data()
                        .toString()
                        .startsWith(QStringLiteral("block medians, n = ")));
            QVERIFY(cases.index(r, CaseDiffModel::Evidence)
                        .data(Qt::ToolTipRole)
                        .toString()
                        .startsWith(QStringLiteral("Mann–Whitney p = ")));
        }
        const QString summary = w.summaryLabel()->text();
        QVERIFY2(summary.startsWith(QStringLiteral("Cases: 16 cases matched: ")), qPrintable(summary));
        QVERIFY2(
            summary.contains(QStringLiteral("\nSuite: can't tell — geometric mean of median ratios B/A ")),
            qPrintable(summary));
        QVERIFY(summary.contains(QStringLiteral("; block medians over 16 cases, n >= ")));
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
