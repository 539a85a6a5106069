// The Fleet tab (issue 39), offscreen, on simulated runs of one cohort on four cards (FleetFixtures.h): the
// summary, the card and case models under QAbstractItemModelTester, a planted slow card shown slower with
// its GPU state, identical cards naming none, too few runs and runs that are no fleet saying why, and the
// tab fed by the selection through RunTabs.
#include "FleetFixtures.h"
#include "FleetView.h"
#include "GuiTest.h"
#include "RunTabs.h"
#include "TestMain.h"

#include <QAbstractItemModelTester>
#include <QTemporaryDir>
#include <QTest>

using namespace kix;
using namespace kix::ui;
using kixtest::FleetCardSpec;

namespace {

QList<FleetCardSpec> fourCards(int slow = -1) {
    QList<FleetCardSpec> cards;
    for (int i = 0; i < 4; ++i) {
        FleetCardSpec c(i, i == slow ? 1.05 : 1.0);
        c.others = i == slow ? 1 : 0;
        cards << c;
    }
    return cards;
}

} // namespace

class TestFleetView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixtest::initGui(); }

    void aSlowCardIsShownSlower() {
        QTemporaryDir dir;
        RunStore store;
        const QList<ManifestPtr> runs = kixtest::loadFleet(fourCards(2), dir.path(), store);
        FleetView view;
        view.resize(1200, 700);
        view.show();
        QAbstractItemModelTester cardsTester(view.cards(),
                                             QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester casesTester(view.cases(),
                                             QAbstractItemModelTester::FailureReportingMode::QtTest);
        view.showRuns(runs);
        QCOMPARE(view.summary(),
                 QStringLiteral(
                     "4 cards of NVIDIA H200. Reference: GPU 1 (GPU-5f2a6b1c-0000-4000-8000-000000000001 "
                     "at 00000000:1A:00.0), the median card by suite geomean. Spread of the geomeans: "
                     "max/min 1.050, CV 2.5%. GPU 2 is slower than the fleet."));
        const FleetCardsModel* cards = view.cards();
        QCOMPARE(cards->rowCount(), 4);
        QCOMPARE(kixtest::column(*cards, int(FleetCardColumn::Card)),
                 (QStringList{"GPU 0", "GPU 1 *", "GPU 2", "GPU 3"}));
        QCOMPARE(kixtest::column(*cards, int(FleetCardColumn::Verdict)),
                 (QStringList{"same", "reference", "slower", "same"}));
        QCOMPARE(cards->index(2, int(FleetCardColumn::State)).data().toString(),
                 QStringLiteral("other processes on the GPU in 3 of 3 cases (up to 1)"));
        QCOMPARE(cards->index(2, int(FleetCardColumn::Ratio)).data().toString(), QStringLiteral("1.050"));
        QVERIFY(cards->index(2, int(FleetCardColumn::Verdict)).data(Qt::FontRole).value<QFont>().bold());
        QVERIFY(cards->index(2, int(FleetCardColumn::Verdict))
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("other processes on the GPU during B")));
        const FleetCasesModel* cases = view.cases();
        QCOMPARE(cases->rowCount(), 3);
        QCOMPARE(cases->columnCount(), FleetCasesModel::kFixedColumns + 4);
        QCOMPARE(
            cases->headerData(FleetCasesModel::kFixedColumns + 1, Qt::Horizontal, Qt::DisplayRole).toString(),
            QStringLiteral("GPU 1 *"));
        for (int row = 0; row < 3; ++row) {
            QCOMPARE(cases->index(row, 1).data().toString(), QStringLiteral("1.050"));
            QVERIFY(cases->index(row, FleetCasesModel::kFixedColumns + 2)
                        .data()
                        .toString()
                        .endsWith(QStringLiteral(" +")));
            QVERIFY(!cases->index(row, FleetCasesModel::kFixedColumns)
                         .data()
                         .toString()
                         .endsWith(QStringLiteral(" +")));
            QVERIFY(cases->index(row, FleetCasesModel::kFixedColumns + 2)
                        .data(Qt::ToolTipRole)
                        .toString()
                        .contains(QStringLiteral("1 other process on the GPU")));
        }
    }

    void identicalCardsNameNone() {
        QTemporaryDir dir;
        RunStore store;
        FleetView view;
        view.showRuns(kixtest::loadFleet(fourCards(), dir.path(), store));
        QVERIFY2(
            view.summary().endsWith(QStringLiteral("No card differs from the fleet beyond its noise floor.")),
            qPrintable(view.summary()));
        QCOMPARE(kixtest::column(*view.cards(), int(FleetCardColumn::Verdict)),
                 (QStringList{"same", "reference", "same", "same"}));
    }

    // Too few runs, or runs that are no fleet: the reason, and empty tables.
    void noFleetSaysWhy() {
        QTemporaryDir dir;
        RunStore store;
        const QList<ManifestPtr> runs =
            kixtest::loadFleet({FleetCardSpec(0), FleetCardSpec(1)}, dir.path(), store);
        FleetView view;
        QAbstractItemModelTester casesTester(view.cases(),
                                             QAbstractItemModelTester::FailureReportingMode::QtTest);
        view.showRuns({runs.first()});
        QCOMPARE(view.summary(),
                 QStringLiteral("Select the runs of one cohort on two or more cards (Ctrl+click): "
                                "one run per card, as kix run --gpus writes them."));
        QCOMPARE(view.cards()->rowCount(), 0);
        view.showRuns(runs);
        QCOMPARE(view.cards()->rowCount(), 2);
        view.showRuns({runs.first(), runs.first()});
        QCOMPARE(view.summary(),
                 QStringLiteral(
                     "%1 and %1 are runs of one card (GPU-5f2a6b1c-0000-4000-8000-000000000000): a fleet "
                     "takes one run per card")
                     .arg(runs.first()->origins.first().file));
        QCOMPARE(view.cards()->rowCount(), 0);
        QCOMPARE(view.cases()->rowCount(), 0);
        QCOMPARE(view.cases()->columnCount(), 0);
    }

    // The tab follows the selection when it is shown.
    void theTabFollowsTheSelection() {
        QTemporaryDir dir;
        RunStore store;
        const QList<ManifestPtr> runs = kixtest::loadFleet(fourCards(3), dir.path(), store);
        QList<int> rows;
        for (const ManifestPtr& m : runs)
            rows << store.indexOfFile(m->origins.first().file);
        RunTabs tabs(&store);
        QCOMPARE(tabs.tabText(tabs.indexOf(tabs.fleet())), QStringLiteral("Fleet"));
        tabs.showSelection(rows, false);
        QCOMPARE(tabs.fleet()->cards()->rowCount(), 0); // not in view: not computed yet
        tabs.setCurrentWidget(tabs.fleet());
        QCOMPARE(tabs.fleet()->cards()->rowCount(), 4);
        QVERIFY2(tabs.fleet()->summary().endsWith(QStringLiteral("GPU 3 is slower than the fleet.")),
                 qPrintable(tabs.fleet()->summary()));
    }
};

KIX_TEST_MAIN(TestFleetView)
#include "tst_fleet_view.moc"
