// The leaderboard model and tab: ranks, facets, "compare with #1", missing values last in both sort
// directions.
#include "GuiTestSupport.h"
#include "TestMain.h"

using namespace kixtest;

class TestLeaderboardTab : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixtest::initGui(); }

    void leaderboardModel() {
        LeaderboardModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        MissingLastProxy proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const World w;
        model.setBoard(buildLeaderboard(w.load()));
        QCOMPARE(model.rowCount(), 5);
        QCOMPARE(columnOf(model, LeaderboardModel::Implementation),
                 (QStringList{"fast", "tie-a", "tie-b", "slow", "broken"}));
        QCOMPARE(columnOf(model, LeaderboardModel::Rank),
                 (QStringList{"#1 of 4", "#2 of 4 (tied)", "#2 of 4 (tied)", "#4 of 4", "—"}));
        QCOMPARE(model.index(4, LeaderboardModel::Rank).data(Qt::ToolTipRole).toString(),
                 plainToolTip(
                     QStringLiteral("not ranked: its status is runtime_error, not passed; it has no primary "
                                    "measurement (no central latency in timing, no measurements)")));
        QCOMPARE(model.index(0, LeaderboardModel::Time).data().toString(), QStringLiteral("7.00 µs"));
        QCOMPARE(model.index(4, LeaderboardModel::Status).data(Qt::ForegroundRole).value<QBrush>().color(),
                 toneColor(Tone::Bad));
        // Missing values last in both directions: the failed run has no time.
        proxy.sort(LeaderboardModel::Time, Qt::DescendingOrder);
        QCOMPARE(columnOf(proxy, LeaderboardModel::Implementation).first(), QStringLiteral("slow"));
        QCOMPARE(columnOf(proxy, LeaderboardModel::Implementation).last(), QStringLiteral("broken"));
        proxy.sort(LeaderboardModel::Time, Qt::AscendingOrder);
        QCOMPARE(columnOf(proxy, LeaderboardModel::Implementation).first(), QStringLiteral("fast"));
        QCOMPARE(columnOf(proxy, LeaderboardModel::Implementation).last(), QStringLiteral("broken"));
        // A facet filter hides rows; ranks stay those of the whole cohort.
        LeaderboardFilter failed;
        failed.selected[std::size_t(LeaderboardFacet::Status)] = {QStringLiteral("passed")};
        model.setFilter(failed);
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(model.rowOfRun(model.entry(3).run), 3);
        QCOMPARE(model.index(3, LeaderboardModel::Rank).data().toString(), QStringLiteral("#4 of 4"));
        model.setBoard({});
        QCOMPARE(model.rowCount(), 0);
    }

    void missingLastBothWays() {
        QStandardItemModel source(5, 1);
        const QList<QVariant> values = {3.0, std::nan(""), 1.0, QVariant(), 2.0};
        for (int r = 0; r < 5; ++r) {
            source.setData(source.index(r, 0), QString::number(r));
            source.setData(source.index(r, 0), values[r], SortRole);
        }
        MissingLastProxy proxy;
        proxy.setSourceModel(&source);
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.sort(0, Qt::AscendingOrder);
        QCOMPARE(columnOf(proxy, 0).mid(0, 3), (QStringList{"2", "4", "0"}));
        QVERIFY(QStringList({"1", "3"}).contains(columnOf(proxy, 0)[3]));
        proxy.sort(0, Qt::DescendingOrder);
        QCOMPARE(columnOf(proxy, 0).mid(0, 3), (QStringList{"0", "4", "2"}));
        QVERIFY(QStringList({"1", "3"}).contains(columnOf(proxy, 0)[4]));
    }

    void runTableMissingLastBothWays() {
        // The run table: SOL score and × floor are missing for most runs, and an error row has none at all.
        MainWindow w;
        const QTemporaryDir samplesDir;
        QVERIFY(kixtest::loadInto(w, samplesWithLeader(samplesDir)));
        for (const Qt::SortOrder order : {Qt::DescendingOrder, Qt::AscendingOrder}) {
            QSignalSpy ordered(w.proxy(), &RunFilterProxy::ordered);
            w.proxy()->sort(RunTableModel::SolScore, order);
            QVERIFY(!ordered.isEmpty() || ordered.wait(5000));
            const QStringList sol = columnOf(*w.proxy(), RunTableModel::SolScore);
            QVERIFY2(sol.first() != QStringLiteral("—"), qPrintable(sol.join(u'|')));
            QCOMPARE(sol.last(), QStringLiteral("—"));
            const auto firstMissing = sol.indexOf(QStringLiteral("—"));
            QVERIFY(std::all_of(sol.begin() + firstMissing, sol.end(),
                                [](const QString& s) { return s == QStringLiteral("—"); }));
        }
    }

    void leaderboardTabAndCompareWithLeader() {
        MainWindow w;
        QSignalSpy updated(w.leaderboard(), &LeaderboardWidget::updated);
        const QTemporaryDir samplesDir;
        QVERIFY(kixtest::loadInto(w, samplesWithLeader(samplesDir)));
        QVERIFY(!updated.isEmpty() || updated.wait(20000));
        LeaderboardModel* model = w.leaderboard()->model();
        QVERIFY(model->rowCount() > 0);
        // A leaderboard being rebuilt keeps the window settling: a screenshot waits for it (the catalog's
        // leaderboard was shot empty).
        w.leaderboard()->refresh(w.store()->index());
        QVERIFY(w.leaderboard()->isBusy());
        QVERIFY(w.isSettling());
        QTRY_VERIFY_WITH_TIMEOUT(!w.isSettling(), 20000);
        QVERIFY(model->rowCount() > 0);
        // Find a ranked run that is not its cohort's leader.
        int target = -1;
        for (int r = 0; r < model->rowCount(); ++r)
            if (model->entry(r).rank && *model->entry(r).rank > 1)
                target = model->entry(r).run;
        QVERIFY2(target >= 0, "the samples have a cohort with two ranked runs");
        const int row = w.runModel()->rowOfStoreIndex(w.store()->index().rowOfRun(target));
        w.selectRows({w.proxy()->mapFromSource(w.runModel()->index(row, 0)).row()});
        QVERIFY(w.leaderboard()->positionLabel()->text().contains(
            QRegularExpression(QStringLiteral("#\\d+ of \\d+"))));
        QVERIFY(w.leaderboard()->compareButton()->isEnabled());
        const int leader = w.leaderboard()->leaderOfSelected();
        w.leaderboard()->compareButton()->click();
        QVERIFY(w.diff()->waitUntilShown(10000));
        QCOMPARE(w.tabs()->currentWidget(), w.diff());
        QCOMPARE(w.diff()->comparison().runs.size(), 2);
        QCOMPARE(w.diff()->comparison().runs[0]->run->digest, w.store()->index().run(leader).run->digest());
        QCOMPARE(w.diff()->comparison().runs[1]->run->digest, w.store()->index().run(target).run->digest());
        // Facets carry counts; ticking one narrows the table.
        QListWidget* gpus = w.leaderboard()->facetList(LeaderboardFacet::Gpu);
        QVERIFY(gpus->count() >= 2);
        QVERIFY(gpus->item(0)->text().contains(QRegularExpression(QStringLiteral("\\(\\d+\\)$"))));
        const int before = model->rowCount();
        gpus->item(gpus->count() - 1)->setCheckState(Qt::Checked);
        QVERIFY(model->rowCount() < before);
    }
};

KIX_TEST_MAIN(TestLeaderboardTab)
#include "tst_leaderboard_tab.moc"
