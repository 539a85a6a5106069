// The explorer's first screen on the bundled samples (issue 25): one row per suite run that expands to its
// case runs, filters and sorting on both levels, a case run opened alone still a row, the seed selected
// first, the essential columns in view at the default window size, a banner that says what is loaded, and
// column widths remembered per user.
#include "GuiTest.h"
#include "LeaderboardModel.h"
#include "LeaderboardWidget.h"
#include "MainWindow.h"
#include "PlotWidget.h"
#include "Roles.h"
#include "RunFilterProxy.h"
#include "RunListPane.h"
#include "RunTableModel.h"
#include "TestMain.h"
#include "TestSupport.h"
#include "WindowFixtures.h"

#include <QAbstractItemModel>
#include <QAbstractItemModelTester>
#include <QDirIterator>
#include <QHeaderView>
#include <QList>
#include <QModelIndex>
#include <QObject>
#include <QSet>
#include <QSignalSpy>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTest>
#include <QTreeView>

using namespace kixtest;

namespace {

// Waits until the proxy has applied its last pass (the grouping arrives with the refresh after a load).
bool settled(MainWindow& w, int topLevel) {
    return QTest::qWaitFor([&] { return w.proxy()->rowCount() == topLevel && !w.proxy()->isBusy(); }, 15000);
}

QString cell(const QModelIndex& row, int column) {
    return row.siblingAtColumn(column).data().toString();
}

bool loadBundled(MainWindow& w) {
    QSignalSpy done(&w, &MainWindow::loadFinished);
    w.openBundledSamples();
    return (!done.isEmpty() || done.wait(20000)) && settled(w, 3);
}

void setFilter(MainWindow& w, const QString& text) {
    QSignalSpy ordered(w.proxy(), &RunFilterProxy::ordered);
    w.proxy()->setFilterFixedString(text);
    QVERIFY(ordered.wait(5000));
}

} // namespace

class TestFirstScreen : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixtest::initGui(); }

    // 35 runs: the seed and two suite runs of 16 case runs each; three rows at the top level.
    void suitesExpandToTheirCases() {
        MainWindow w;
        QAbstractItemModelTester tester(w.proxy(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(loadBundled(w));
        const RunFilterProxy* p = w.proxy();
        QCOMPARE(p->rowCount(), 3);
        QStringList tops;
        int cases = 0;
        for (int r = 0; r < 3; ++r) {
            const QModelIndex top = p->index(r, 0);
            const QString name = cell(top, RunTableModel::Implementation);
            tops << name + u'/' + QString::number(p->rowCount(top));
            QSet<QString> workloads;
            for (int c = 0; c < p->rowCount(top); ++c) {
                const QModelIndex child = p->index(c, 0, top);
                QCOMPARE(child.parent(), top);
                QCOMPARE(cell(child, RunTableModel::Implementation), name);
                QCOMPARE(cell(child, RunTableModel::Observed), cell(top, RunTableModel::Observed));
                QCOMPARE(p->rowCount(child), 0);
                workloads << cell(child, RunTableModel::Benchmark);
                ++cases;
            }
            QCOMPARE(workloads.size(), p->rowCount(top)); // each case once
        }
        tops.sort();
        // The seed publishes a suite value only (no case runs); each rerun expands to its 16 case runs.
        QCOMPARE(tops, (QStringList{QStringLiteral("ac4k/0"), QStringLiteral("kix fused/16"),
                                    QStringLiteral("kix fused/16")}));
        QCOMPARE(cases + 3, w.store()->size());
        // A case says which it is.
        const QModelIndex kix = p->index(1, 0);
        QVERIFY2(cell(p->index(0, 0, kix), RunTableModel::Benchmark)
                     .startsWith(QStringLiteral("013-fused-residual-rms-norm-backward · batch_size=")),
                 qPrintable(cell(p->index(0, 0, kix), RunTableModel::Benchmark)));
    }

    void firstSelectionIsTheSeed() {
        MainWindow w;
        QVERIFY(loadBundled(w));
        QTest::qWait(300); // any later pass keeps it
        const QList<int> selected = w.selectedStoreIndices();
        QCOMPARE(selected.size(), 1);
        QCOMPARE(w.store()->at(selected.first())->file, QString::fromLatin1(MainWindow::kBundledSeed));
        QCOMPARE(w.runTable()->selectionModel()->selectedRows().first().parent(), QModelIndex());
    }

    void filterOnBothLevels_data() {
        QTest::addColumn<QString>("filter");
        QTest::addColumn<QStringList>("expected"); // top-level implementation/shown cases, sorted
        QTest::newRow("a case matches: its suites with that case")
            << "seq_len=8192" << QStringList{QStringLiteral("kix fused/1"), QStringLiteral("kix fused/1")};
        QTest::newRow("the suite matches: all its cases")
            << "kix fused" << QStringList{QStringLiteral("kix fused/16"), QStringLiteral("kix fused/16")};
        QTest::newRow("a run without cases") << "ac4k" << QStringList{QStringLiteral("ac4k/0")};
        QTest::newRow("nothing") << "no such run" << QStringList{};
    }
    void filterOnBothLevels() {
        QFETCH(QString, filter);
        QFETCH(QStringList, expected);
        MainWindow w;
        QAbstractItemModelTester tester(w.proxy(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(loadBundled(w));
        setFilter(w, filter);
        QStringList shown;
        for (int r = 0; r < w.proxy()->rowCount(); ++r) {
            const QModelIndex top = w.proxy()->index(r, 0);
            shown << cell(top, RunTableModel::Implementation) + u'/' +
                         QString::number(w.proxy()->rowCount(top));
        }
        shown.sort();
        QCOMPARE(shown, expected);
        setFilter(w, QString());
        QCOMPARE(w.proxy()->rowCount(), 3);
    }

    void sortsBothLevels_data() {
        QTest::addColumn<int>("order");
        QTest::newRow("ascending") << int(Qt::AscendingOrder);
        QTest::newRow("descending") << int(Qt::DescendingOrder);
    }
    void sortsBothLevels() {
        QFETCH(int, order);
        MainWindow w;
        QVERIFY(loadBundled(w));
        QSignalSpy ordered(w.proxy(), &RunFilterProxy::ordered);
        w.runTable()->sortByColumn(RunTableModel::Latency, Qt::SortOrder(order));
        QVERIFY(ordered.wait(5000));
        auto inOrder = [order](double a, double b) { return order == Qt::AscendingOrder ? a <= b : a >= b; };
        const RunFilterProxy* p = w.proxy();
        for (int r = 0; r + 1 < p->rowCount(); ++r)
            QVERIFY(inOrder(p->index(r, RunTableModel::Latency).data(SortRole).toDouble(),
                            p->index(r + 1, RunTableModel::Latency).data(SortRole).toDouble()));
        int sortedSuites = 0;
        for (int r = 0; r < p->rowCount(); ++r) {
            const QModelIndex top = p->index(r, 0);
            for (int c = 0; c + 1 < p->rowCount(top); ++c)
                QVERIFY(inOrder(p->index(c, RunTableModel::Latency, top).data(SortRole).toDouble(),
                                p->index(c + 1, RunTableModel::Latency, top).data(SortRole).toDouble()));
            sortedSuites += p->rowCount(top) == 16;
        }
        QCOMPARE(sortedSuites, 2);
        // The seed (45.3 µs) is faster than both reruns' suite values (63 µs).
        QCOMPARE(cell(p->index(order == Qt::AscendingOrder ? 0 : 2, 0), RunTableModel::Implementation),
                 QStringLiteral("ac4k"));
    }

    // A case run opened without its suite run is a row of its own, with or without its workloads loaded.
    void caseRunAloneIsARow_data() {
        QTest::addColumn<bool>("withProblem");
        QTest::newRow("alone") << false;
        QTest::newRow("with the problem file") << true;
    }
    void caseRunAloneIsARow() {
        QFETCH(bool, withProblem);
        QDirIterator it(repoPath(QStringLiteral("resources/samples/kix")),
                        {QStringLiteral("*--*.manifest.json")});
        QVERIFY(it.hasNext());
        QStringList paths{it.next()};
        if (withProblem)
            paths << problemPath();
        MainWindow w;
        QAbstractItemModelTester tester(w.proxy(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(loadInto(w, paths));
        QVERIFY(settled(w, 1));
        QCOMPARE(w.proxy()->rowCount(w.proxy()->index(0, 0)), 0);
        QVERIFY2(cell(w.proxy()->index(0, 0), RunTableModel::Latency).contains(QStringLiteral(" µs")),
                 qPrintable(cell(w.proxy()->index(0, 0), RunTableModel::Latency)));
    }

    // The leaderboard groups the same way; a case run ranks in its own case's cohort, and activating one
    // selects it in the run table, under its suite.
    void leaderboardGroupsSuites() {
        MainWindow w;
        QAbstractItemModelTester t1(w.leaderboard()->model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(w.leaderboard()->table()->model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(loadBundled(w));
        const QAbstractItemModel* board = w.leaderboard()->table()->model();
        QTRY_COMPARE_WITH_TIMEOUT(board->rowCount(), 3, 15000);
        QStringList tops;
        QModelIndex kixSuite;
        for (int r = 0; r < board->rowCount(); ++r) {
            const QModelIndex top = board->index(r, 0);
            tops << cell(top, LeaderboardModel::Implementation) + u'/' +
                        QString::number(board->rowCount(top));
            if (board->rowCount(top) == 16)
                kixSuite = top;
        }
        tops.sort();
        QCOMPARE(tops, (QStringList{QStringLiteral("ac4k/0"), QStringLiteral("kix fused/16"),
                                    QStringLiteral("kix fused/16")}));
        const QModelIndex aCase = board->index(0, 0, kixSuite);
        QVERIFY(cell(aCase, LeaderboardModel::Cohort) != cell(kixSuite, LeaderboardModel::Cohort));
        emit w.leaderboard()->table()->activated(aCase);
        const int run = aCase.data(RunIndexRole).toInt();
        QCOMPARE(w.selectedStoreIndices(), QList<int>{w.store()->index().rowOfRun(run)});
        QVERIFY(w.runTable()->selectionModel()->selectedRows().first().parent().isValid());
        QVERIFY(w.runTable()->isExpanded(w.runTable()->selectionModel()->selectedRows().first().parent()));
    }

    // The window opens at a size where the run list shows implementation, GPU, problem, latency, SOL score
    // and status without scrolling.
    void essentialColumnsInViewAtTheDefaultSize() {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(w.size(), MainWindow::kDefaultWindowSize);
        QVERIFY(loadBundled(w));
        const QTreeView* view = w.runTable();
        const QHeaderView* header = view->header();
        for (const int c : {RunTableModel::Implementation, RunTableModel::Gpu, RunTableModel::Benchmark,
                            RunTableModel::Latency, RunTableModel::SolScore, RunTableModel::Status}) {
            const int left = header->sectionViewportPosition(c), right = left + header->sectionSize(c);
            QVERIFY2(!header->isSectionHidden(c) && left >= 0 && right <= view->viewport()->width(),
                     qPrintable(QStringLiteral("%1: %2–%3 px of %4")
                                    .arg(runColumnName(c))
                                    .arg(left)
                                    .arg(right)
                                    .arg(view->viewport()->width())));
        }
        // Still so with a kix run selected on the Plot tab (its controls are wider then).
        w.selectRows({1});
        w.tabs()->setCurrentWidget(w.plot());
        QTest::qWait(50);
        const int status = header->sectionViewportPosition(RunTableModel::Status) +
                           header->sectionSize(RunTableModel::Status);
        QVERIFY2(status <= view->viewport()->width(),
                 qPrintable(QStringLiteral("%1 of %2").arg(status).arg(view->viewport()->width())));
        // Wide enough that the latency is not elided either.
        const QModelIndex seed = w.proxy()->index(0, RunTableModel::Latency);
        QVERIFY(header->sectionSize(RunTableModel::Latency) >= view->sizeHintForIndex(seed).width());
    }

    // Issue 37: no column is cut by the run list's right edge on the first screen ("× floor" was): each one
    // in sight ends inside the viewport; those beyond it start at or past the edge (the scroll bar's).
    void noColumnCutOnTheFirstScreen() {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(loadBundled(w));
        const QTreeView* view = w.runTable();
        const QHeaderView* header = view->header();
        const int edge = view->viewport()->width();
        for (int visual = 0; visual < header->count() - 1; ++visual) {
            const int c = header->logicalIndex(visual);
            const int left = header->sectionViewportPosition(c), right = left + header->sectionSize(c);
            QVERIFY2(header->isSectionHidden(c) || left >= edge || right <= edge,
                     qPrintable(QStringLiteral("%1: %2–%3 px, cut at %4")
                                    .arg(runColumnName(c))
                                    .arg(left)
                                    .arg(right)
                                    .arg(edge)));
        }
    }

    void bannerSaysWhatIsLoaded() {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.runList()->banner()->isHidden());
        QVERIFY(loadBundled(w));
        QVERIFY(w.runList()->banner()->isVisible());
        QCOMPARE(w.runList()->banner()->text(), RunListPane::bundledSamplesBanner());
        QVERIFY(w.runList()->banner()->text().contains(QStringLiteral("B200")));
        w.action(QStringLiteral("closeAll"))->trigger();
        QVERIFY(w.runList()->banner()->isHidden());
    }

    // Last: it leaves widths in this process's settings file.
    void columnWidthsRemembered() {
        {
            MainWindow w;
            QVERIFY(loadInto(w, {seedPath()}));
            w.runTable()->header()->resizeSection(RunTableModel::Latency, 333);
            w.close();
        }
        MainWindow w;
        QCOMPARE(w.runTable()->header()->sectionSize(RunTableModel::Latency), 333);
        QVERIFY(loadInto(w, {seedPath()}));
        QCOMPARE(w.runTable()->header()->sectionSize(RunTableModel::Latency), 333); // not refitted
    }
};

KIX_TEST_MAIN(TestFirstScreen)
#include "tst_first_screen.moc"
