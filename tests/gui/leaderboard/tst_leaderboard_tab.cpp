// The leaderboard model and tab: ranks, facets, "compare with #1", missing values last in both sort
// directions.
#include "DiffWidget.h"
#include "GuiTest.h"
#include "Leaderboard.h"
#include "LeaderboardModel.h"
#include "LeaderboardWidget.h"
#include "MainWindow.h"
#include "MissingLastProxy.h"
#include "Palette.h"
#include "PlainText.h"
#include "RecordFixtures.h"
#include "RecordIndex.h"
#include "Roles.h"
#include "RunFilterProxy.h"
#include "RunTableModel.h"
#include "SourceReader.h"
#include "TestMain.h"
#include "WindowFixtures.h"

#include <QAbstractItemModelTester>
#include <QBrush>
#include <QByteArray>
#include <QList>
#include <QListWidget>
#include <QObject>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTemporaryDir>
#include <QVariant>

using namespace kixtest;
using kixfix::Json;

namespace {

struct World {
    Json op = kixfix::operation();
    Json w1 = kixfix::workloadCase(op, 2048);
    Json impl = kixfix::implementation(op);
    Json proto = kixfix::protocol();
    Json env = kixfix::environment();
    Json runOn(const std::string& name, double median, const char* status = "passed") const {
        Json r = kixfix::run(name, w1, impl, proto, env, median, status);
        // Distinct runs (equal times would otherwise be one run read twice): seconds from the last letter.
        r["spec"]["observedAt"] = "2026-08-01T12:00:" + std::to_string(10 + name.back() % 40) + "Z";
        return kixfix::bundle(r, proto, env);
    }
    RecordIndex load() const {
        RecordIndex index;
        int n = 0;
        for (const Json& d : {op, w1, impl, runOn("fast", 7000), runOn("tie-a", 8000), runOn("tie-b", 8000),
                              runOn("slow", 9000), runOn("broken", -1, "runtime_error")})
            index.add(readDocumentBytes(QByteArray::fromStdString(d.dump()),
                                        QStringLiteral("d%1.json").arg(n++), SourceFormat::Json));
        return index;
    }
};

} // namespace

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
        QCOMPARE(column(model, LeaderboardModel::Implementation),
                 (QStringList{"fast", "tie-a", "tie-b", "slow", "broken"}));
        QCOMPARE(column(model, LeaderboardModel::Rank),
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
        QCOMPARE(column(proxy, LeaderboardModel::Implementation).first(), QStringLiteral("slow"));
        QCOMPARE(column(proxy, LeaderboardModel::Implementation).last(), QStringLiteral("broken"));
        proxy.sort(LeaderboardModel::Time, Qt::AscendingOrder);
        QCOMPARE(column(proxy, LeaderboardModel::Implementation).first(), QStringLiteral("fast"));
        QCOMPARE(column(proxy, LeaderboardModel::Implementation).last(), QStringLiteral("broken"));
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
        QCOMPARE(column(proxy, 0).mid(0, 3), (QStringList{"2", "4", "0"}));
        QVERIFY(QStringList({"1", "3"}).contains(column(proxy, 0)[3]));
        proxy.sort(0, Qt::DescendingOrder);
        QCOMPARE(column(proxy, 0).mid(0, 3), (QStringList{"0", "4", "2"}));
        QVERIFY(QStringList({"1", "3"}).contains(column(proxy, 0)[4]));
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
            const QStringList sol = column(*w.proxy(), RunTableModel::SolScore);
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
