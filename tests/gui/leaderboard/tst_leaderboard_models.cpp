// The leaderboard and multi-compare models: cells, ranks, tones.
#include "GuiTest.h"
#include "Leaderboard.h"
#include "LeaderboardModel.h"
#include "Manifest.h"
#include "MissingLastProxy.h"
#include "MultiCompareModels.h"
#include "MultiComparison.h"
#include "Palette.h"
#include "Roles.h"
#include "TestMain.h"
#include "Verdict.h"

#include <QAbstractItemModel>
#include <QAbstractItemModelTester>
#include <QColor>
#include <QList>
#include <QObject>
#include <QSignalSpy>
#include <QString>
#include <QStringList>
#include <QStringLiteral>

using namespace kixtest;

namespace {

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

class TestLeaderboardModels : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixtest::initGui(); }

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
        m.cases = {{QStringLiteral("x"), QStringLiteral("n=1"), {100, 99.6}, {1, 0.996}, {}},
                   {QStringLiteral("y"), QString(), {200, 100}, {1, 0.5}, {}},
                   {QStringLiteral("z"), QString(), {300, std::nullopt}, {1, std::nullopt}, {}}};
        // The verdict engine's word on y: faster (a row without verdicts is never coloured).
        CaseVerdict faster;
        faster.verdict = Verdict::Faster;
        faster.ratio = 0.5;
        faster.reason = QStringLiteral("entirely beyond the 2% minimum effect");
        m.cases[1].verdict = {std::nullopt, faster};
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
        // Coloured: a ratio the verdict engine calls faster or slower; never the baseline's own, nor a
        // latency.
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

KIX_TEST_MAIN(TestLeaderboardModels)
#include "tst_leaderboard_models.moc"
