// The comparison of 2–8 runs: its models under QAbstractItemModelTester, swapping the baseline, three runs in
// the window.
#include "DiffWidget.h"
#include "GuiTest.h"
#include "MainWindow.h"
#include "ManifestParser.h"
#include "ModelFixtures.h"
#include "MultiCompareModels.h"
#include "MultiComparison.h"
#include "RecordFixtures.h"
#include "Roles.h"
#include "RunFilterProxy.h"
#include "TestMain.h"
#include "TestSupport.h"
#include "WindowFixtures.h"

#include <QAbstractItemModelTester>
#include <QByteArray>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringLiteral>
#include <QTemporaryDir>
#include <QTest>

using namespace kixtest;
using kixfix::Json;

class TestMultiCompare : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixtest::initGui(); }

    void multiCompareModels() {
        auto withCases = [](const char* cases, const char* file) {
            auto doc = kixtest::seedJson();
            doc["run"]["spec"]["cases"] = Json::parse(cases);
            return parseManifest(QByteArray::fromStdString(doc.dump()), QString::fromLatin1(file));
        };
        const auto a =
            withCases(R"([{"id": "x", "latencyNs": {"mean": 100}}, {"id": "y", "latencyNs": {"mean": 200}}])",
                      "a.json");
        const auto b = withCases(R"([{"id": "x", "latencyNs": {"mean": 150}}])", "b.json");
        const auto c = withCases(R"([{"id": "y", "latencyNs": {"mean": 100}}])", "c.json");
        MultiCaseModel cases;
        MultiFieldModel fields;
        QAbstractItemModelTester t1(&cases, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(&fields, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const MultiComparison m = compareRuns({a, b, c}, 0);
        cases.setComparison(m);
        fields.setComparison(m);
        QCOMPARE(cases.columnCount(), 7);
        QCOMPARE(cases.headerData(1, Qt::Horizontal, Qt::DisplayRole).toString(),
                 QStringLiteral("1 ac4k (baseline)"));
        QCOMPARE(cases.headerData(4, Qt::Horizontal, Qt::DisplayRole).toString(),
                 QStringLiteral("2 ÷ baseline"));
        QCOMPARE(cases.index(0, 4).data().toString(), QStringLiteral("1.50×"));
        // Central values only: the engine cannot tell, so the 1.5× is not coloured, and its tooltip says why.
        QVERIFY(!cases.index(0, 4).data(Qt::ForegroundRole).isValid());
        QVERIFY2(cases.index(0, 4)
                     .data(Qt::ToolTipRole)
                     .toString()
                     .contains(QStringLiteral("can't tell (B/A 1.500) — no spread published")),
                 qPrintable(cases.index(0, 4).data(Qt::ToolTipRole).toString()));
        QCOMPARE(cases.index(1, 6).data().toString(), QStringLiteral("0.50×"));
        QCOMPARE(cases.index(1, 4).data().toString(), QStringLiteral("—"));
        QVERIFY(std::isnan(cases.index(1, 4).data(SortRole).toDouble()));
        QVERIFY(fields.rowCount() > 0);
        QCOMPARE(fields.columnCount(), 5);
        fields.setFilter(QStringLiteral("no such field"), false);
        QCOMPARE(fields.rowCount(), 0);
        fields.setFilter({}, false);
        QVERIFY(fields.rowCount() > 0);
        cases.setComparison({});
        QCOMPARE(cases.rowCount(), 0);
    }

    void twoRunsSwapTheirBaseline() {
        // Two runs compare A against B; choosing B as the baseline shows the ratios the other way round.
        MainWindow w;
        const QTemporaryDir samplesDir;
        QVERIFY(kixtest::loadInto(w, samplesWithLeader(samplesDir)));
        // Shown, as a user sees it: the Compare tab (and its baseline box, still empty) appears before the
        // comparison, made off the UI thread, fills it.
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.selectRows({0, 1});
        w.compareSelected();
        QVERIFY(w.diff()->waitUntilShown(10000)); // compared off the UI thread
        QCOMPARE(w.diff()->comparison().runs.size(), 2);
        QCOMPARE(w.diff()->comparison().baseline, 0);
        QComboBox* box = w.diff()->baselineBox();
        QVERIFY(box->isEnabled());
        QCOMPARE(box->count(), 2);
        // Wide enough for its longest run label, not cut.
        for (int i = 0; i < box->count(); ++i)
            QVERIFY2(box->sizeHint().width() > box->fontMetrics().horizontalAdvance(box->itemText(i)),
                     qPrintable(box->itemText(i)));
        const QString first = w.diff()->comparison().runs[0]->run->digest;
        box->setCurrentIndex(1);
        emit box->activated(1);
        QVERIFY(w.diff()->waitUntilShown(10000));
        QCOMPARE(w.diff()->comparison().baseline, 1);
        QCOMPARE(w.diff()->comparison().runs[0]->run->digest, first); // same runs, same order
        // The minimum effect: every verdict judged again with it.
        QCOMPARE(w.diff()->minimumEffectBox()->value(), 2.0);
        QCOMPARE(w.diff()->comparison().options.minimumEffect, 0.02);
        w.diff()->minimumEffectBox()->setValue(10.0);
        QVERIFY(w.diff()->waitUntilShown(10000));
        QCOMPARE(w.diff()->comparison().options.minimumEffect, 0.10);
        QCOMPARE(w.diff()->comparison().judged[0].options.minimumEffect, 0.10);
        QCOMPARE(w.diff()->comparison().baseline, 1); // the baseline chosen is kept
        QVERIFY(w.diff()
                    ->multiCaseModel()
                    ->headerData(3, Qt::Horizontal, Qt::DisplayRole)
                    .toString()
                    .endsWith(QStringLiteral("(baseline)")));
    }

    void compareThreeRunsInTheWindow() {
        MainWindow w;
        const QTemporaryDir samplesDir;
        QVERIFY(kixtest::loadInto(w, samplesWithLeader(samplesDir)));
        w.selectRows({0, 1, 2});
        QVERIFY(w.action(QStringLiteral("compare"))->isEnabled());
        w.compareSelected();
        QVERIFY(w.diff()->waitUntilShown(10000)); // compared off the UI thread
        QCOMPARE(w.tabs()->currentWidget(), w.diff());
        QCOMPARE(w.diff()->comparison().runs.size(), 3);
        QCOMPARE(w.diff()->multiCaseModel()->columnCount(), 7);
        QVERIFY(w.diff()->verdictLabel()->text().startsWith(QStringLiteral("✔")) ||
                w.diff()->verdictLabel()->text().startsWith(QStringLiteral("⚠")));
        QVERIFY(w.diff()->baselineBox()->isEnabled());
        // The deciding filter leaves only rows that decide comparability.
        w.diff()->decidingOnly()->setChecked(true);
        for (int r = 0; r < w.diff()->multiFieldModel()->rowCount(); ++r)
            QCOMPARE(w.diff()->multiFieldModel()->index(r, 0).data().toString(),
                     QStringLiteral("decides comparability"));
        // Nine is too many.
        QList<int> nine;
        for (int r = 0; r < std::min(9, w.proxy()->rowCount()); ++r)
            nine << r;
        if (nine.size() == 9) {
            w.selectRows(nine);
            QVERIFY(!w.action(QStringLiteral("compare"))->isEnabled());
        }
        // Close all leaves no comparison behind.
        w.action(QStringLiteral("closeAll"))->trigger();
        QVERIFY(!w.diff()->hasComparison());
        QCOMPARE(w.diff()->multiCaseModel()->rowCount(), 0);
        QVERIFY(w.diff()->verdictLabel()->text().isEmpty());
    }
};

KIX_TEST_MAIN(TestMultiCompare)
#include "tst_multi_compare.moc"
