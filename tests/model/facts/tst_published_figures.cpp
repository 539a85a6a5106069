// The published leaderboard figures: the bundled file reads cleanly and agrees with the seed (kept in the
// project) and with the catalog rows in ../shared (skipped with the reason when absent); every bad input
// is a located problem with its code and exact text.
#include "KixResources.h"
#include "ProblemTexts.h"
#include "PublishedFigures.h"
#include "PublishedFiguresTable.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QTest>

using kix::PublishedEntry;

namespace {

kix::PublishedFigures figures() {
    return *kix::readPublishedFigures(kixtest::publishedPath()).figures;
}

const PublishedEntry* entry(const kix::PublishedFigures& f, const QString& externalId) {
    for (const PublishedEntry& e : f.entries)
        if (e.externalId == externalId)
            return &e;
    return nullptr;
}

QString s(const nlohmann::json& v) {
    return v.is_string() ? QString::fromStdString(v.get<std::string>()) : QString::fromStdString(v.dump());
}

// One line per figure of `e` that differs from a KernelIndex benchmark_runs row (and the implementation row
// it names): what the file says against what the catalog says.
QStringList compareWithRunRow(const PublishedEntry& e, const nlohmann::json& row,
                              const nlohmann::json& impl) {
    QStringList out;
    auto differ = [&](const char* what, const QString& mine, const QString& theirs) {
        if (mine != theirs)
            out << QStringLiteral("%1: this file says %2, the catalog says %3")
                       .arg(QString::fromLatin1(what), mine, theirs);
    };
    const auto& run = row["manifest"]["run"]["spec"];
    const auto& metrics = run["sourceNative"]["metrics"];
    differ("submitter", e.submitter, s(impl["manifest"]["metadata"]["authors"][0]["name"]));
    differ("runName", e.runName, s(row["manifest"]["run"]["metadata"]["name"]));
    differ("gpu", e.gpu, s(row["hardwareModel"]));
    differ("architecture", e.architecture, s(row["hardwareArchitecture"]));
    differ("evaluationStack", e.evaluationStack,
           s(row["manifest"]["protocol"]["spec"]["harness"]["version"]));
    differ("status", e.status, s(row["status"]));
    differ("suiteLatencyNs", QString::number(e.suiteLatencyNs), s(row["primaryValue"]));
    differ("statistic", e.statistic, s(row["primaryStatistic"]));
    differ("solScore", QString::number(e.solScore.value_or(-1)), s(metrics["sol_score"]));
    differ("averageSpeedup", QString::number(e.averageSpeedup.value_or(-1)), s(metrics["avg_speedup"]));
    differ("casesFaster",
           QStringLiteral("%1/%2").arg(e.casesFaster.value_or(-1)).arg(e.casesTotal.value_or(-1)),
           s(metrics["fast_1_count"]) + u'/' + s(metrics["fast_1_total"]));
    differ("observedAt", e.observedAt, s(row["observedAt"]));
    differ("publishedAt", e.publishedAt, s(row["publishedAt"]));
    differ("digests.run", e.digests.run, s(row["runDigest"]));
    differ("digests.workload", e.digests.workload, s(run["workloadDigest"]));
    differ("digests.implementation", e.digests.implementation, s(run["implementationDigest"]));
    differ("digests.protocol", e.digests.protocol, s(row["protocolKey"]));
    differ("digests.environment", e.digests.environment, s(row["environmentKey"]));
    differ("url", e.url, QStringLiteral("https://kernelindex.com/runs/") + s(row["id"]));
    return out;
}

// A catalog row written from an entry, for the comparison's own test.
nlohmann::json rowFrom(const PublishedEntry& e) {
    const auto str = [](const QString& v) { return v.toStdString(); };
    nlohmann::json metrics = {{"sol_score", *e.solScore},
                              {"avg_speedup", *e.averageSpeedup},
                              {"fast_1_count", *e.casesFaster},
                              {"fast_1_total", *e.casesTotal}};
    return {{"id", str(e.url.mid(e.url.lastIndexOf(u'/') + 1))},
            {"runDigest", str(e.digests.run)},
            {"status", str(e.status)},
            {"observedAt", str(e.observedAt)},
            {"publishedAt", str(e.publishedAt)},
            {"hardwareModel", str(e.gpu)},
            {"hardwareArchitecture", str(e.architecture)},
            {"protocolKey", str(e.digests.protocol)},
            {"environmentKey", str(e.digests.environment)},
            {"primaryValue", qint64(e.suiteLatencyNs)},
            {"primaryStatistic", str(e.statistic)},
            {"manifest",
             {{"run",
               {{"metadata", {{"name", str(e.runName)}}},
                {"spec",
                 {{"workloadDigest", str(e.digests.workload)},
                  {"implementationDigest", str(e.digests.implementation)},
                  {"sourceNative", {{"metrics", metrics}}}}}}},
              {"protocol", {{"spec", {{"harness", {{"version", str(e.evaluationStack)}}}}}}}}}};
}

nlohmann::json implFrom(const PublishedEntry& e) {
    return {{"manifest", {{"metadata", {{"authors", {{{"name", e.submitter.toStdString()}}}}}}}}};
}

nlohmann::json bundledJson() {
    return nlohmann::json::parse(kixtest::readAll(kixtest::publishedPath()).toStdString());
}

} // namespace

class TestPublishedFigures : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixInitResources(); }

    void bundledFileReadsCleanly() {
        const auto r = kix::readPublishedFigures(kixtest::publishedPath());
        QCOMPARE(kixtest::problemTexts(r.problems), QStringList());
        QVERIFY(r.figures);
        QCOMPARE(r.figures->problem, QStringLiteral("013_fused_residual_rms_norm_backward"));
    }

    void compiledInCopyIsTheFile() {
        QCOMPARE(kixtest::readAll(QString::fromLatin1(kix::kBundledPublished013)),
                 kixtest::readAll(kixtest::publishedPath()));
        QVERIFY(kix::readPublishedFigures(QString::fromLatin1(kix::kBundledPublished013)).figures);
    }

    void bundledFigures() {
        const auto f = figures();
        QCOMPARE(f.entries.size(), 4);
        QCOMPARE(f.cohorts.size(), 2);
        const PublishedEntry* seed = entry(f, QStringLiteral("14917"));
        QVERIFY(seed);
        QCOMPARE(seed->submitter, QStringLiteral("ac4k"));
        QCOMPARE(seed->gpu, QStringLiteral("NVIDIA B200"));
        QCOMPARE(seed->suiteLatencyNs, 45344.0);
        QCOMPARE(*seed->solScore, 0.80802);
        QCOMPARE(*seed->casesFaster, 16);
        QCOMPARE(*seed->casesTotal, 16);
        QCOMPARE(seed->rank->position, 4);
        QCOMPARE(seed->rank->of, std::nullopt);
        QCOMPARE(seed->rank->basis, kix::PublishedRank::Basis::Published);
        QVERIFY(seed->digests.run.isEmpty()); // the run page shows only its first digits
        QCOMPARE(f.cohorts.value(seed->cohort).comparisonKeyShown, QStringLiteral("sha256:d2295cd48d469eac"));
        QStringList order;
        for (const PublishedEntry& e : f.cohortEntries(QStringLiteral("sol-execbench-v1.1-b200")))
            order << e.submitter + QStringLiteral(" #") + QString::number(e.rank->position);
        QCOMPARE(order, QStringList({QStringLiteral("Amir M. Mir | SF Tensor #1"), QStringLiteral("Hyra #2"),
                                     QStringLiteral("Databricks #3")}));
        QVERIFY(f.cohortEntries(QStringLiteral("nope")).isEmpty());
        for (const PublishedEntry& e : f.entries) {
            QVERIFY(f.sources.contains(e.source));
            QVERIFY(e.url.startsWith(QStringLiteral("https://kernelindex.com/")));
            QVERIFY(f.sources.value(e.source).read.isValid());
        }
    }

    // The table the explorer's Published tab shows: cohort by cohort, fastest first, every cell worded,
    // the rank with its basis, the date the source was read and the URL.
    void tableRows() {
        const QList<kix::PublishedFigureRow> rows = kix::publishedFigureRows(figures());
        QCOMPARE(kix::publishedColumnTitles().size(), int(kix::PublishedColumn::Count));
        QStringList shown;
        for (const kix::PublishedFigureRow& r : rows) {
            QCOMPARE(r.cells.size(), int(kix::PublishedColumn::Count));
            QCOMPARE(r.cells[int(kix::PublishedColumn::Source)], r.url);
            shown << r.cells.mid(1, int(kix::PublishedColumn::Source) - 1).join(QStringLiteral(" | "));
        }
        QCOMPARE(shown,
                 QStringList(
                     {QStringLiteral("4 (published) | ac4k | NVIDIA B200 | v1.0 | 45.3 µs (mean) | "
                                     "0.80802 | 5.47× | 16/16 | 2026-06-26 | 2026-12-02"),
                      QStringLiteral("1 of 3 (derived) | Amir M. Mir | SF Tensor | NVIDIA B200 | v1.1 | "
                                     "36.9 µs (mean) | 0.84753 | 6.63× | 16/16 | 2026-07-28 | 2026-12-02"),
                      QStringLiteral("2 of 3 (derived) | Hyra | NVIDIA B200 | v1.1 | 39.8 µs (mean) | "
                                     "0.84777 | 5.27× | 16/16 | 2026-07-14 | 2026-12-02"),
                      QStringLiteral("3 of 3 (derived) | Databricks | NVIDIA B200 | v1.1 | 42.3 µs (mean) | "
                                     "0.83158 | 5.19× | 16/16 | 2026-07-10 | 2026-12-02")}));
        QCOMPARE(rows.first().cells[int(kix::PublishedColumn::Cohort)],
                 QStringLiteral("SOL-ExecBench evaluation stack v1.0 on NVIDIA B200"));
        QCOMPARE(rows.last().url,
                 QStringLiteral("https://kernelindex.com/runs/01a0032e-dfca-7377-affd-f33a52e9d3b1"));
        // Missing optional figures are a dash, not a zero.
        kix::PublishedFigures bare = figures();
        bare.entries = {bare.entries.first()};
        bare.entries.first().solScore.reset();
        bare.entries.first().averageSpeedup.reset();
        bare.entries.first().casesFaster.reset();
        bare.entries.first().rank.reset();
        const auto cells = kix::publishedFigureRows(bare).first().cells;
        QCOMPARE(cells[int(kix::PublishedColumn::Rank)], QStringLiteral("—"));
        QCOMPARE(cells[int(kix::PublishedColumn::SolScore)], QStringLiteral("—"));
        QCOMPARE(cells[int(kix::PublishedColumn::Speedup)], QStringLiteral("—"));
        QCOMPARE(cells[int(kix::PublishedColumn::CasesFaster)], QStringLiteral("—"));
    }

    void noticeSaysNotVerifiable() {
        QVERIFY(kix::publishedFiguresNotice().contains(QStringLiteral("cannot be verified")));
        QVERIFY(kix::publishedFiguresNotice().startsWith(QStringLiteral("Published figures")));
    }

    // The seed is kept in the project, so its figures are checked on every machine.
    void seedEntryAgreesWithTheSeed() {
        const auto seed = kixtest::seedJson();
        const PublishedEntry e = *entry(figures(), QStringLiteral("14917"));
        const auto& run = seed["run"]["spec"];
        const auto& metrics = run["sourceNative"]["metrics"];
        QCOMPARE(e.runName, s(seed["run"]["metadata"]["name"]));
        QCOMPARE(e.suiteLatencyNs, run["timing"]["latencyNs"]["mean"].get<double>());
        QCOMPARE(e.statistic, s(run["timing"]["primaryStatistic"]));
        QCOMPARE(*e.solScore, metrics["sol_score"].get<double>());
        QCOMPARE(*e.averageSpeedup, metrics["avg_speedup"].get<double>());
        QCOMPARE(*e.casesFaster, metrics["fast_1_count"].get<int>());
        QCOMPARE(*e.casesTotal, metrics["fast_1_total"].get<int>());
        QCOMPARE(e.observedAt, s(run["observedAt"]));
        QCOMPARE(e.status, s(run["status"]));
        QCOMPARE(e.digests.workload, s(run["workloadDigest"]));
        QCOMPARE(e.digests.implementation, s(run["implementationDigest"]));
        QCOMPARE(e.digests.protocol, s(run["protocolDigest"]));
        QCOMPARE(e.digests.environment, s(run["environmentDigest"]));
        QCOMPARE(e.evaluationStack, s(seed["protocol"]["spec"]["harness"]["version"]));
        QCOMPARE(e.gpu, s(seed["environment"]["spec"]["hardware"]["product"]));
        QCOMPARE(e.architecture, s(seed["environment"]["spec"]["hardware"]["architecture"]));
    }

    void seedPageStatesTheRank() {
        KIX_REQUIRE_SHARED(path, QStringLiteral("seed/kernelindex-run-01a03529.txt"));
        const QByteArray page = kixtest::readAll(path);
        QVERIFY(page.contains("Rank 4 in its comparison group"));
        QVERIFY(page.contains("SOL 0.8080 · 5.47× reference · 16/16 cases faster"));
        QVERIFY(page.contains("comparison keysha256:d2295cd48d469eac…"));
    }

    void catalogRowComparison() {
        const PublishedEntry e = *entry(figures(), QStringLiteral("23596"));
        QCOMPARE(compareWithRunRow(e, rowFrom(e), implFrom(e)), QStringList());
        auto row = rowFrom(e);
        row["primaryValue"] = 39794;
        row["manifest"]["run"]["spec"]["sourceNative"]["metrics"]["fast_1_count"] = 15;
        QCOMPARE(compareWithRunRow(e, row, implFrom(e)),
                 QStringList({QStringLiteral("suiteLatencyNs: this file says 39793, the catalog says 39794"),
                              QStringLiteral("casesFaster: this file says 16/16, the catalog says 15/16")}));
    }

    void agreesWithTheCatalog() {
        KIX_REQUIRE_SHARED(path, QStringLiteral("sol013/kernelindex-export-013.jsonl"));
        QMap<std::string, nlohmann::json> impls;
        QList<nlohmann::json> runs;
        for (const QByteArray& line : kixtest::readAll(path).split('\n')) {
            if (line.trimmed().isEmpty())
                continue;
            const auto j = nlohmann::json::parse(line.toStdString());
            if (j["table"] == "implementations")
                impls.insert(j["row"]["id"].get<std::string>(), j["row"]);
            else if (j["table"] == "benchmark_runs")
                runs << j["row"];
        }
        const auto f = figures();
        const kix::PublishedCohort cohort = f.cohorts.value(QStringLiteral("sol-execbench-v1.1-b200"));
        QCOMPARE(runs.size(), *cohort.runsInSource);
        for (const auto& row : runs) {
            const QString id = s(row["manifest"]["run"]["spec"]["sourceNative"]["externalId"]);
            const PublishedEntry* e = entry(f, id);
            QVERIFY2(e, qPrintable(id));
            QCOMPARE(e->cohort, cohort.id);
            QCOMPARE(s(row["comparisonKey"]), cohort.comparisonKey);
            QCOMPARE(compareWithRunRow(*e, row, impls.value(row["implementationId"].get<std::string>())),
                     QStringList());
        }
    }

    void badInput_data() {
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QByteArray>("value"); // empty: remove the member
        QTest::addColumn<QString>("code");     // of the first problem
        QTest::addColumn<QStringList>("expected");
        const QString none;
        auto row = [](const char* name, const char* pointer, const QByteArray& value, const QString& code,
                      const QStringList& expected) {
            QTest::newRow(name) << QString::fromLatin1(pointer) << value << code << expected;
        };
        row("other format", "/format", "\"kix.problem/v1\"", QStringLiteral("data.format"),
            {QStringLiteral("f.json: format: unsupported format \"kix.problem/v1\": this kix reads "
                            "\"kix.published-figures/v1\"")});
        row("no cohorts", "/cohorts", "", none,
            {QStringLiteral("f.json: cohorts: required field is missing (expected an object of cohorts)"),
             QStringLiteral("f.json: entries[0].cohort: names the cohort \"sol-execbench-v1.0-b200\", which "
                            "\"cohorts\" does not list"),
             QStringLiteral("f.json: entries[1].cohort: names the cohort \"sol-execbench-v1.1-b200\", which "
                            "\"cohorts\" does not list"),
             QStringLiteral("f.json: entries[2].cohort: names the cohort \"sol-execbench-v1.1-b200\", which "
                            "\"cohorts\" does not list"),
             QStringLiteral("f.json: entries[3].cohort: names the cohort \"sol-execbench-v1.1-b200\", which "
                            "\"cohorts\" does not list")});
        row("unknown cohort", "/entries/0/cohort", "\"v1.0\"", QStringLiteral("data.inconsistent"),
            {QStringLiteral(
                "f.json: entries[0].cohort: names the cohort \"v1.0\", which \"cohorts\" does not "
                "list")});
        row("GPU of another cohort", "/entries/1/gpu", "\"NVIDIA H200\"", QStringLiteral("data.inconsistent"),
            {QStringLiteral("f.json: entries[1].gpu: \"NVIDIA H200\" differs from the GPU of its cohort "
                            "\"sol-execbench-v1.1-b200\" (\"NVIDIA B200\")")});
        row("stack of another cohort", "/entries/0/evaluationStack", "\"v1.1\"",
            QStringLiteral("data.inconsistent"),
            {QStringLiteral(
                "f.json: entries[0].evaluationStack: \"v1.1\" differs from the evaluation stack of its "
                "cohort \"sol-execbench-v1.0-b200\" (\"v1.0\")")});
        row("submission twice", "/entries/2/externalId", "\"23596\"", QStringLiteral("data.duplicate"),
            {QStringLiteral(
                "f.json: entries[2].externalId: the submission \"23596\" is listed twice in the cohort "
                "\"sol-execbench-v1.1-b200\"")});
        row("no submitter", "/entries/0/submitter", "", none,
            {QStringLiteral("f.json: entries[0].submitter: required field is missing (expected a string)")});
        row("zero latency", "/entries/0/suiteLatencyNs", "0", QStringLiteral("data.out_of_range"),
            {QStringLiteral("f.json: entries[0].suiteLatencyNs: expected a positive number, got 0")});
        row("negative latency", "/entries/0/suiteLatencyNs", "-45344", none,
            {QStringLiteral(
                "f.json: entries[0].suiteLatencyNs: expected a non-negative number of nanoseconds, got "
                "-45344")});
        row("score of zero", "/entries/0/solScore", "0", QStringLiteral("data.out_of_range"),
            {QStringLiteral("f.json: entries[0].solScore: expected a positive number, got 0")});
        row("more faster than cases", "/entries/0/casesFaster/count", "17",
            QStringLiteral("data.inconsistent"),
            {QStringLiteral("f.json: entries[0].casesFaster.count: 17 cases faster out of 16 cases")});
        row("no cases", "/entries/0/casesFaster/total", "0", QStringLiteral("data.out_of_range"),
            {QStringLiteral("f.json: entries[0].casesFaster.total: expected a positive integer, got 0")});
        row("rank zero", "/entries/0/rank/position", "0", QStringLiteral("data.out_of_range"),
            {QStringLiteral(
                "f.json: entries[0].rank.position: expected a positive integer (1 is the fastest), got "
                "0")});
        row("rank beyond its cohort", "/entries/1/rank/of", "1", QStringLiteral("data.inconsistent"),
            {QStringLiteral("f.json: entries[1].rank.of: rank 2 of 1 is impossible")});
        row("unknown basis", "/entries/0/rank/basis", "\"measured\"", QStringLiteral("data.out_of_range"),
            {QStringLiteral("f.json: entries[0].rank.basis: expected \"published\" or \"derived\", got "
                            "\"measured\"")});
        row("derived rank not by latency", "/entries/1/rank/position", "3",
            QStringLiteral("data.inconsistent"),
            {QStringLiteral(
                "f.json: entries[1].rank.position: a derived rank is the place by suite latency: 1 of "
                "the cohort's entries are faster, so it is 2, not 3")});
        row("fewer than listed", "/entries/3/rank/of", "2", QStringLiteral("data.inconsistent"),
            {QStringLiteral("f.json: entries[3].rank.of: rank 3 of 2 is impossible")});
        row("of below the listed entries", "/entries/2/rank/of", "2", QStringLiteral("data.inconsistent"),
            {QStringLiteral("f.json: entries[2].rank.of: the file lists 3 entries of the cohort "
                            "\"sol-execbench-v1.1-b200\", more than 2"),
             QStringLiteral("f.json: entries[2].rank.of: ranked among 2, but the cohort "
                            "\"sol-execbench-v1.1-b200\" has 3 runs in its source")});
        row("of differs from the source's count", "/entries/2/rank/of", "4",
            QStringLiteral("data.inconsistent"),
            {QStringLiteral("f.json: entries[2].rank.of: ranked among 4, but the cohort "
                            "\"sol-execbench-v1.1-b200\" has 3 runs in its source")});
        row("local time", "/entries/0/observedAt", "\"2026-06-26T11:16:50+02:00\"",
            QStringLiteral("data.invalid_date"),
            {QStringLiteral("f.json: entries[0].observedAt: expected a UTC instant such as "
                            "2026-06-26T09:16:50.948Z, got \"2026-06-26T11:16:50+02:00\"")});
        row("impossible date", "/entries/1/publishedAt", "\"2026-02-30T00:00:00Z\"",
            QStringLiteral("data.invalid_date"),
            {QStringLiteral("f.json: entries[1].publishedAt: expected a UTC instant such as "
                            "2026-06-26T09:16:50.948Z, got \"2026-02-30T00:00:00Z\"")});
        row("url over http", "/entries/1/url", "\"http://kernelindex.com/runs/x\"",
            QStringLiteral("data.out_of_range"),
            {QStringLiteral("f.json: entries[1].url: expected a public https:// address, got "
                            "\"http://kernelindex.com/runs/x\"")});
        row("short run digest", "/entries/1/digests/run", "\"sha256:f9bf4ed0\"", none,
            {QStringLiteral(
                "f.json: entries[1].digests.run: expected a digest of the form sha256:<64 lowercase "
                "hex digits>, got \"sha256:f9bf4ed0\"")});
        row("shown key not hex", "/cohorts/sol-execbench-v1.0-b200/comparisonKeyShown",
            "\"sha256:d2295cd4…\"", QStringLiteral("data.out_of_range"),
            {QStringLiteral(
                "f.json: cohorts[\"sol-execbench-v1.0-b200\"].comparisonKeyShown: expected the start of a "
                "key, sha256: and 4 to 63 lowercase hex digits, got \"sha256:d2295cd4…\"")});
        row("full and shown key", "/cohorts/sol-execbench-v1.1-b200/comparisonKeyShown",
            "\"sha256:d3d39d42\"", QStringLiteral("data.inconsistent"),
            {QStringLiteral("f.json: cohorts[\"sol-execbench-v1.1-b200\"].comparisonKeyShown: give the full "
                            "comparisonKey or the shown part of it, not both")});
        row("no runs in source", "/cohorts/sol-execbench-v1.1-b200/runsInSource", "0",
            QStringLiteral("data.out_of_range"),
            {QStringLiteral(
                "f.json: cohorts[\"sol-execbench-v1.1-b200\"].runsInSource: expected a positive integer, "
                "got 0")});
        row("unknown source", "/entries/3/source", "\"leaderboard\"", QStringLiteral("data.source_unknown"),
            {QStringLiteral(
                "f.json: entries[3].source: names the source \"leaderboard\", which \"sources\" does "
                "not list (it lists: kernelindex-catalog, kernelindex-seed-page)")});
        row("no entries", "/entries", "[]", QStringLiteral("data.out_of_range"),
            {QStringLiteral("f.json: entries: expected at least one element, got an empty array")});
    }
    void badInput() {
        QFETCH(QString, pointer);
        QFETCH(QByteArray, value);
        QFETCH(QString, code);
        QFETCH(QStringList, expected);
        const auto r = kix::parsePublishedFigures(kixtest::edited(bundledJson(), pointer, value),
                                                  QStringLiteral("f.json"));
        QCOMPARE(kixtest::problemTexts(r.problems), expected);
        QVERIFY(!r.figures);
        if (code.isEmpty()) // no code of its own; a typed read (FieldReader) gives one of the field.* area
            QVERIFY2(r.problems.first().code.isEmpty() ||
                         r.problems.first().code.startsWith(QLatin1String("field.")),
                     qPrintable(r.problems.first().code));
        else
            QCOMPARE(r.problems.first().code, code);
    }

    void unknownMemberWarns() {
        const auto r = kix::parsePublishedFigures(
            kixtest::edited(bundledJson(), QStringLiteral("/entries/0/rnk"), "1"), QStringLiteral("f.json"));
        QCOMPARE(kixtest::problemTexts(r.problems),
                 QStringList{
                     QStringLiteral("f.json: entries[0].rnk: warning: unknown member \"rnk\" is ignored")});
        QVERIFY(r.figures);
    }

    void wholeFile_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("expected");
        QTest::newRow("string") << QByteArray("\"figures\"")
                                << QStringLiteral(
                                       "f.json: expected a JSON object at the top level, got a string");
        QTest::newRow("problem file instead")
            << kixtest::readAll(kixtest::problemPath())
            << QStringLiteral("f.json: format: unsupported format \"kix.problem/v1\": this kix reads "
                              "\"kix.published-figures/v1\"");
        QTest::newRow("duplicate key")
            << QByteArray(R"({"format": "kix.published-figures/v1", "format": "x"})")
            << QStringLiteral("f.json: format: duplicate key \"format\"");
    }
    void wholeFile() {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, expected);
        const auto r = kix::parsePublishedFigures(bytes, QStringLiteral("f.json"));
        QCOMPARE(kixtest::problemTexts(r.problems), QStringList{expected});
        QVERIFY(!r.figures);
    }
};

KIX_TEST_GUILESS_MAIN(TestPublishedFigures)
#include "tst_published_figures.moc"
