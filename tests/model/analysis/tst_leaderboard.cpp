// Leaderboards: cohorts by comparison key, competition ranks with ties among eligible runs only, the
// keyless group, rank texts, facet values and counts with a filter.
#include "CatalogFixture.h"
#include "Leaderboard.h"
#include "RecordIndexFixtures.h"
#include "RunStore.h"
#include "SourceReader.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QTest>
#include <algorithm>

using namespace kix;
using kixfix::indexOf;
using kixfix::Json;

namespace {

struct World {
    Json op = kixfix::operation();
    Json w1 = kixfix::workloadCase(op, 2048);
    Json w2 = kixfix::workloadCase(op, 8192);
    Json w3 = kixfix::workloadCase(op, 4096); // never loaded
    Json impl = kixfix::implementation(op);
    Json proto = kixfix::protocol();
    Json env = kixfix::environment();
    Json h100 = kixfix::environment("NVIDIA H100", "2.9");
    Json runOn(const std::string& name, const Json& w, double median = 8120, const char* status = "passed",
               const Json* e = nullptr) const {
        const Json& environment = e ? *e : env;
        Json r = kixfix::run(name, w, impl, proto, environment, median, status);
        // Runs differ by when they were observed, so equal times are two runs (not one read twice).
        r["spec"]["observedAt"] = "2026-08-01T12:00:0" + std::to_string(name[0] - 'a') + "Z";
        return kixfix::bundle(r, proto, environment);
    }
    RecordIndex load() const {
        return indexOf({op, w1, w2, impl, runOn("a", w1, 8120), runOn("b", w1, 9100), runOn("c", w1, 8120),
                        runOn("d", w1, 7000), runOn("e", w1, -1, "compile_error"), runOn("f", w2, 8000),
                        runOn("g", w3, 5000), runOn("h", w1, 6000, "passed", &h100)});
    }
};

QStringList namesOf(const LeaderboardCohort& c) {
    QStringList out;
    for (const auto& e : c.entries)
        out << e.name;
    return out;
}

} // namespace

class TestLeaderboard : public QObject {
    Q_OBJECT
private slots:
    void ranksWithTies() {
        const World w;
        const RecordIndex index = w.load();
        const Leaderboard board = buildLeaderboard(index);
        // w1 on B200, w2 on B200, w1 on H100, the failed run (its metric part is "none": a key of its own),
        // and the keyless group.
        QCOMPARE(board.cohorts.size(), 5);
        QCOMPARE(board.runCount(), 8);
        const LeaderboardCohort& c = board.cohorts[0];
        QCOMPARE(namesOf(c), (QStringList{"d", "a", "c", "b"}));
        QCOMPARE(c.ranked, 4);
        QCOMPARE(c.entries[0].rank.value_or(-1), 1);
        QCOMPARE(c.entries[1].rank.value_or(-1), 2);
        QCOMPARE(c.entries[2].rank.value_or(-1), 2); // 8120 ns twice: one rank, the next skips
        QCOMPARE(c.entries[3].rank.value_or(-1), 4);
        QVERIFY(!c.entries[0].tied && c.entries[1].tied && c.entries[2].tied && !c.entries[3].tied);
        QCOMPARE(c.rankText(c.entries[0]), QStringLiteral("#1 of 4"));
        QCOMPARE(c.rankText(c.entries[1]), QStringLiteral("#2 of 4 (tied)"));
        QCOMPARE(c.rankText(c.entries[3]), QStringLiteral("#4 of 4"));
        const LeaderboardCohort& failed = board.cohorts[3];
        QCOMPARE(namesOf(failed), QStringList{"e"});
        QCOMPARE(failed.ranked, 0);
        QVERIFY(!failed.entries[0].rank);
        QCOMPARE(failed.rankText(failed.entries[0]),
                 QStringLiteral(
                     "not ranked: its status is compile_error, not passed; it has no primary measurement "
                     "(no central latency in timing, no measurements)"));
        QCOMPARE(*c.entries[0].timeNs, 7000.0);
        QCOMPARE(c.entries[0].metric, QStringLiteral("latency:median:ns"));
        QCOMPARE(c.key, QString::fromStdString(kixfix::handComparisonKey(
                            kixfix::handCorrectnessKey("elementwise_close"), kixfix::digest(w.env),
                            "latency:median:ns", kixfix::digest(w.op), kixfix::digest(w.proto),
                            kixfix::digest(w.w1))));
        // The other cohorts: one run each, ranked #1 of 1; the H100 run is fastest but not in the B200
        // cohort.
        QCOMPARE(namesOf(board.cohorts[1]).size() + namesOf(board.cohorts[2]).size(), 2);
        for (int k : {1, 2}) {
            QCOMPARE(board.cohorts[k].ranked, 1);
            QCOMPARE(board.cohorts[k].rankText(board.cohorts[k].entries[0]), QStringLiteral("#1 of 1"));
        }
        const LeaderboardCohort& keyless = board.cohorts.last();
        QVERIFY(keyless.key.isEmpty());
        QCOMPARE(namesOf(keyless), QStringList{"g"});
        QCOMPARE(keyless.rankText(keyless.entries[0]), QStringLiteral("not ranked: no comparison key"));
        QCOMPARE(board.find(index.runIndexOf(keyless.entries[0].runDigest)), (QPair<int, int>(4, 0)));
        QCOMPARE(board.find(12345), (QPair<int, int>(-1, -1)));
    }

    // Ties by the verdict engine: runs whose published spreads make them "same" within 2%, or that it cannot
    // tell apart (issue 36), share a rank even at different times, with the engine's line as the note; runs
    // with a central value only are ranked by value, untested.
    void tiesByTheVerdictEngine() {
        const World w;
        const auto withSpread = [&](const std::string& name, double mean, double stddev, qint64 n) {
            Json b = w.runOn(name, w.w1, mean);
            // The cohort's metric stays latency:median:ns; the mean, deviation and count are the spread.
            b["run"]["spec"]["timing"] = {
                {"primaryStatistic", "median"},
                {"latencyNs", {{"median", mean}, {"mean", mean}, {"stddev", stddev}, {"samples", n}}}};
            return b;
        };
        const RecordIndex index =
            indexOf({w.op, w.w1, w.impl, withSpread("a", 1000, 5, 200), withSpread("b", 1003, 5, 200),
                     withSpread("c", 1100, 5, 200), withSpread("d", 1115, 80, 5), w.runOn("e", w.w1, 1200),
                     w.runOn("f", w.w1, 1201)});
        const Leaderboard board = buildLeaderboard(index);
        const LeaderboardCohort& c = board.cohorts[0];
        QCOMPARE(namesOf(c), (QStringList{"a", "b", "c", "d", "e", "f"}));
        QList<int> ranks;
        for (const auto& e : c.entries)
            ranks << e.rank.value_or(-1);
        QCOMPARE(ranks, (QList<int>{1, 1, 3, 3, 5, 6}));
        QVERIFY(c.entries[0].tied && c.entries[1].tied && c.entries[2].tied && c.entries[3].tied);
        QCOMPARE(c.rankText(c.entries[1]), QStringLiteral("#1 of 6 (tied)"));
        QVERIFY2(c.entries[1].rankNote.startsWith(QStringLiteral("against #1 (a): same — mean B/A 1.003")),
                 qPrintable(c.entries[1].rankNote));
        QVERIFY(c.entries[2].rankNote.isEmpty()); // 10% slower: told apart, no note
        QVERIFY2(c.entries[3].rankNote.startsWith(QStringLiteral("against #3 (c): can't tell — ")),
                 qPrintable(c.entries[3].rankNote));
        QCOMPARE(c.rankText(c.entries[3]), QStringLiteral("#3 of 6 (tied)"));
        // A central value only: 1200 and 1201 ns are not tested, so not tied and no note.
        QVERIFY(!c.entries[4].tied && !c.entries[5].tied);
        QVERIFY(c.entries[4].rankNote.isEmpty() && c.entries[5].rankNote.isEmpty());
    }

    void facets() {
        const World w;
        const RecordIndex index = w.load();
        const Leaderboard board = buildLeaderboard(index);
        LeaderboardFilter none;
        QCOMPARE(facetCounts(board, none, LeaderboardFacet::Gpu),
                 (QList<QPair<QString, int>>{{"NVIDIA B200", 7}, {"NVIDIA H100", 1}}));
        QCOMPARE(facetCounts(board, none, LeaderboardFacet::Status),
                 (QList<QPair<QString, int>>{{"passed", 7}, {"compile_error", 1}}));
        QCOMPARE(facetCounts(board, none, LeaderboardFacet::Operation),
                 (QList<QPair<QString, int>>{{"rmsnorm-h4096", 7}, {"(unknown)", 1}}));
        QCOMPARE(facetCounts(board, none, LeaderboardFacet::Source),
                 (QList<QPair<QString, int>>{{"(not stated)", 8}}));
        // Every resource the runs name is loaded, but g's workload: its digest cannot be checked.
        QCOMPARE(facetCounts(board, none, LeaderboardFacet::Digests),
                 (QList<QPair<QString, int>>{{"all verified", 7}, {"partly verified", 1}}));
        QCOMPARE(
            buildLeaderboard(index, nullptr, false).cohorts[0].entries[0].facet(LeaderboardFacet::Digests),
            QStringLiteral("not checked"));

        // Choosing H100 narrows the other facets' counts, not the GPU list itself.
        LeaderboardFilter h100;
        h100.selected[std::size_t(LeaderboardFacet::Gpu)] = {QStringLiteral("NVIDIA H100")};
        QCOMPARE(facetCounts(board, h100, LeaderboardFacet::Gpu),
                 (QList<QPair<QString, int>>{{"NVIDIA B200", 7}, {"NVIDIA H100", 1}}));
        QCOMPARE(facetCounts(board, h100, LeaderboardFacet::Status),
                 (QList<QPair<QString, int>>{{"passed", 1}, {"compile_error", 0}}));
        int shown = 0;
        for (const auto& c : board.cohorts)
            for (const auto& e : c.entries)
                shown += h100.accepts(e) ? 1 : 0;
        QCOMPARE(shown, 1);
    }

    void facetNames() {
        QCOMPARE(leaderboardFacetName(LeaderboardFacet::Operation), QStringLiteral("operation"));
        QCOMPARE(leaderboardFacetName(LeaderboardFacet::Gpu), QStringLiteral("GPU"));
        QCOMPARE(leaderboardFacetName(LeaderboardFacet::Digests), QStringLiteral("digests"));
    }

    void bundledSamples() {
        // The bundled samples: the seed (ac4k's suite-only KernelIndex run of 013 on a B200), alone in its
        // cohort, and two back-to-back kix reruns on one H200, each a suite run and 16 case runs: 17 cohorts
        // of two. A second leaderboard run written from the seed with a faster suite mean
        // (kixtest::suiteOnlyLeader) joins the seed's cohort and ranks first.
        RecordIndex index;
        // The problem file yields the WorkloadSuite the runs name, without which no run has a comparison key.
        for (const auto& d : RunStore::loadBlocking(
                 {kixtest::repoPath(QStringLiteral("resources/samples")), kixtest::problemPath()}))
            index.add(d);
        const auto cohortOf = [](const Leaderboard& board, const QString& name) {
            return std::find_if(board.cohorts.begin(), board.cohorts.end(),
                                [&](const LeaderboardCohort& c) { return namesOf(c).contains(name); });
        };
        const Leaderboard alone = buildLeaderboard(index);
        QCOMPARE(alone.runCount(), index.runCount());
        QCOMPARE(alone.runCount(), 35);
        QCOMPARE(std::count_if(alone.cohorts.begin(), alone.cohorts.end(),
                               [](const LeaderboardCohort& c) { return c.ranked == 2; }),
                 17);
        const auto seedAlone = cohortOf(alone, QStringLiteral("ac4k"));
        QVERIFY(seedAlone != alone.cohorts.end());
        QCOMPARE(seedAlone->ranked, 1);
        QCOMPARE(seedAlone->entries.size(), 1);

        index.add(
            readDocumentBytes(kixtest::suiteOnlyLeader(), QStringLiteral("leader.json"), SourceFormat::Json));
        const Leaderboard board = buildLeaderboard(index);
        QCOMPARE(board.runCount(), 36);
        const auto seeds = cohortOf(board, QStringLiteral("ac4k"));
        QVERIFY(seeds != board.cohorts.end());
        QCOMPARE(seeds->ranked, 2);
        QCOMPARE(namesOf(*seeds), (QStringList{"Databricks", "ac4k"}));
        QCOMPARE(seeds->rankText(seeds->entries[0]), QStringLiteral("#1 of 2"));
        QCOMPARE(seeds->rankText(seeds->entries[1]), QStringLiteral("#2 of 2"));
        QVERIFY(!seeds->entries[1].solScore); // suite values only: no per-case score
    }
};

KIX_TEST_MAIN(TestLeaderboard)
#include "tst_leaderboard.moc"
