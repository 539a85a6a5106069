// kix history (issue 23): a cohort's series of runs in observedAt order with a planted 5% step after run 20
// of 40 (noise 1%) where the implementation changed: the change point, the runs either side and what
// differs, --json, --fail-on-regression's status 15 (and 0 when the step is an improvement), and the
// command line's errors, each with its exact message.
#include "CatalogFixture.h"
#include "CliRunner.h"
#include "RecordEventsReader.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>
#include <random>

using kix::readRecordEvents;
using kix::RecordEventsRead;
using kixfix::Json;

namespace {

// A catalog of 40 runs of one cohort, a day apart, 100 µs with 1% noise, times 1 + `step` from the 21st
// run on, which also uses another implementation.
QByteArray seriesCatalog(double step, std::string* key) {
    using namespace kixfix;
    Catalog c;
    Json impl2 = implementation(c.op, "meridian-rmsnorm-v2");
    impl2["spec"]["projectRevision"]["version"] = "1.1"; // another revision: another digest
    const std::string correctness = handCorrectnessKey("elementwise_close");
    *key = c.keyOf(c.w1);
    QList<Json> lines = {c.lines[1], c.lines[2], c.lines[4]}; // the operation, workload 1, implementation 1
    lines << Json{{"table", "implementations"},
                  {"row", resourceRow("impl-2", impl2, "implementationDigest")}};
    std::mt19937_64 random(11);
    std::normal_distribution<double> normal(0.0, 0.01);
    for (int i = 0; i < 40; ++i) {
        const bool after = i >= 20;
        const double median = std::round(100000.0 * (1.0 + normal(random)) * (after ? 1.0 + step : 1.0));
        Json r =
            run("nightly-" + std::to_string(i + 1), c.w1, after ? impl2 : c.impl, c.proto, c.env, median);
        char day[32];
        std::snprintf(day, sizeof day, "2026-09-%02dT03:00:00Z", i % 30 + 1);
        r["spec"]["observedAt"] = i < 30 ? std::string(day) : "2026-10-" + std::string(day + 8);
        lines << Json{{"table", "benchmark_runs"},
                      {"row", runRow("series-" + std::to_string(i + 1), bundle(r, c.proto, c.env), "wl-1",
                                     after ? "impl-2" : "impl-1", *key, correctness)}};
    }
    QByteArray out;
    for (const Json& l : lines)
        out += QByteArray::fromStdString(l.dump()) + '\n';
    return out;
}

// `rows` record_events lines of 1,000 cohorts, each row with `unknown` columns kix does not know (c0, c1,
// ...), written straight as text: 1,000,000 rows take about a second.
QByteArray recordEventLines(int rows, int unknown) {
    QByteArray extra;
    for (int k = 0; k < unknown; ++k)
        extra += ",\"c" + QByteArray::number(k) + "\":" + QByteArray::number(k);
    QByteArray out;
    out.reserve(qsizetype(rows) * (260 + extra.size()));
    for (int i = 0; i < rows; ++i) {
        const QByteArray key = QByteArray::number(i % 1000).rightJustified(64, '0');
        out += "{\"table\":\"record_events\",\"row\":{\"id\":\"ev-" + QByteArray::number(i) +
               "\",\"comparisonKey\":\"sha256:" + key + "\",\"runId\":\"run-" + QByteArray::number(i) +
               "\",\"previousRunId\":null,\"policyVersion\":\"v1\",\"cause\":\"new_leader\",\"at\":"
               "\"2026-06-26T09:16:50.948Z\",\"createdAt\":\"2026-06-26T09:16:50.948Z\"" +
               extra + "}}\n";
    }
    return out;
}

// Two runs of one cohort, 100,000 and 99,999 ns, each a record in turn (the second 0.001% faster, as 4 of
// the catalog's record steps are), with no spread published.
QByteArray tinyMarginCatalog() {
    using namespace kixfix;
    Catalog c;
    const std::string key = c.keyOf(c.w1);
    const std::string correctness = handCorrectnessKey("elementwise_close");
    QList<Json> lines = {c.lines[1], c.lines[2], c.lines[4]}; // the operation, workload 1, implementation 1
    const double medians[] = {100000, 99999};
    for (int i = 0; i < 2; ++i) {
        const std::string id = "rec-" + std::to_string(i + 1);
        Json r = run(id, c.w1, c.impl, c.proto, c.env, medians[i]);
        r["spec"]["observedAt"] = i == 0 ? "2026-09-01T03:00:00Z" : "2026-09-02T03:00:00Z";
        lines << Json{{"table", "benchmark_runs"},
                      {"row", runRow(id, bundle(r, c.proto, c.env), "wl-1", "impl-1", key, correctness)}};
        lines << Json{{"table", "record_events"},
                      {"row",
                       {{"id", "ev-" + std::to_string(i + 1)},
                        {"comparisonKey", key},
                        {"runId", id},
                        {"previousRunId", i == 0 ? Json(nullptr) : Json("rec-1")},
                        {"policyVersion", "v1"},
                        {"cause", "new_leader"},
                        {"at", r["spec"]["observedAt"]},
                        {"createdAt", r["spec"]["observedAt"]}}}};
    }
    QByteArray out;
    for (const Json& l : lines)
        out += QByteArray::fromStdString(l.dump()) + '\n';
    return out;
}

} // namespace

class TestHistoryCommand : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    QString writeSeries(double step, std::string* key, const QString& name) {
        QString path = m_dir.filePath(name);
        kixfix::writeFile(path, seriesCatalog(step, key));
        return path;
    }

private slots:
    void slowerStepIsARegression() {
        std::string key;
        const QString path = writeSeries(0.05, &key, QStringLiteral("slower.jsonl"));
        const kixtest::CliResult r = kixtest::runKix({QStringLiteral("history"), path});
        QCOMPARE(r.err, QString());
        QCOMPARE(r.code, 0);
        QVERIFY2(
            r.out.contains(QStringLiteral("series: 40 runs, 2026-09-01T03:00:00Z to 2026-10-10T03:00:00Z, "
                                          "1 change point(s)")),
            qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("    at run 21 of 40: ")), qPrintable(r.out));
        QVERIFY(r.out.contains(QStringLiteral("      before: nightly-20 (2026-09-20T03:00:00Z)\n")));
        QVERIFY(r.out.contains(QStringLiteral("      after:  nightly-21 (2026-09-21T03:00:00Z)\n")));
        QVERIFY(r.out.contains(
            QStringLiteral("      implementation          meridian-rmsnorm -> meridian-rmsnorm-v2\n")));
        QVERIFY(r.out.contains(QStringLiteral("      implementation digest   ")));
        QVERIFY(r.out.contains(QStringLiteral("  REGRESSION: the latest segment is ")));
        QVERIFY(r.out.contains(
            QStringLiteral("0 record event(s) in 0 cohort(s); 1 series of 2 or more runs, 1 with "
                           "change points\n")));

        const kixtest::CliResult gate =
            kixtest::runKix({QStringLiteral("history"), QStringLiteral("--fail-on-regression"), path});
        QCOMPARE(gate.code, 15);
        // A larger minimum effect than the step: no change point survives, no regression.
        const kixtest::CliResult big =
            kixtest::runKix({QStringLiteral("history"), QStringLiteral("--fail-on-regression"),
                             QStringLiteral("--min-effect"), QStringLiteral("10"), path});
        QCOMPARE(big.code, 0);
        QVERIFY(big.out.contains(QStringLiteral("1 series of 2 or more runs, 0 with change points")));
        // "10%" is the same minimum effect as "10"; "3%" keeps the 5% step.
        const kixtest::CliResult bigPct =
            kixtest::runKix({QStringLiteral("history"), QStringLiteral("--fail-on-regression"),
                             QStringLiteral("--min-effect"), QStringLiteral("10%"), path});
        QCOMPARE(bigPct.code, 0);
        QCOMPARE(bigPct.out, big.out);
        const kixtest::CliResult smallPct =
            kixtest::runKix({QStringLiteral("history"), QStringLiteral("--fail-on-regression"),
                             QStringLiteral("--min-effect"), QStringLiteral("3%"), path});
        QCOMPARE(smallPct.code, 15);
    }

    void json() {
        std::string key;
        const QString path = writeSeries(0.05, &key, QStringLiteral("json.jsonl"));
        const kixtest::CliResult r =
            kixtest::runKix({QStringLiteral("history"), QStringLiteral("--json"), QStringLiteral("--cohort"),
                             QString::fromStdString(key).mid(7, 12), path});
        QCOMPARE(r.code, 0);
        const Json j = Json::parse(r.out.toStdString());
        QVERIFY(j["regression"] == true);
        QCOMPARE(j["minimumEffect"].get<double>(), 0.02);
        const kixtest::CliResult pct =
            kixtest::runKix({QStringLiteral("history"), QStringLiteral("--json"),
                             QStringLiteral("--min-effect"), QStringLiteral("2.5%"), path});
        QCOMPARE(pct.code, 0);
        QCOMPARE(Json::parse(pct.out.toStdString())["minimumEffect"].get<double>(), 0.025);
        QVERIFY(j["recordTimelines"]["events"] == 0);
        QCOMPARE(j["series"].size(), std::size_t(1));
        const Json& s = j["series"][0];
        QVERIFY(s["comparisonKey"] == key);
        QVERIFY(s["metric"] == "latency:median:ns");
        QCOMPARE(s["points"].size(), std::size_t(40));
        QVERIFY(s["points"][0]["observedAt"] == "2026-09-01T03:00:00Z");
        QCOMPARE(s["changePoints"].size(), std::size_t(1));
        const Json& cp = s["changePoints"][0];
        QVERIFY(cp["index"] == 20);
        QVERIFY(cp["runBefore"] == s["points"][19]["runDigest"]);
        QVERIFY(cp["runAfter"] == s["points"][20]["runDigest"]);
        QVERIFY(cp["pValue"].get<double>() < 0.05);
        QVERIFY(std::abs(cp["ratio"].get<double>() - 1.05) < 0.01);
        QStringList fields;
        for (const Json& d : cp["differences"])
            fields << QString::fromStdString(d["field"].get<std::string>());
        QCOMPARE(fields,
                 (QStringList{QStringLiteral("implementation"), QStringLiteral("implementation digest")}));
        QVERIFY(std::abs(s["latestStep"].get<double>() - 1.05) < 0.01);
        QVERIFY(s["regression"] == true);
    }

    // Issue 37, item 6: a record 0.001% faster prints its margin ("0.00%" before); a cohort with a record
    // timeline and a series of runs is printed once, both under one heading (twice, far apart, before).
    // Item 5: --json writes a verdict as kix diff --json does ("cant-tell", not "can't tell").
    void tinyMarginsAndOneHeadingPerCohort() {
        const QString path = m_dir.filePath(QStringLiteral("tiny.jsonl"));
        QVERIFY(kixfix::writeFile(path, tinyMarginCatalog()));
        const kixtest::CliResult r = kixtest::runKix({QStringLiteral("history"), path});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("  0.001% faster  [no spread published]\n")),
                 qPrintable(r.out));
        QVERIFY2(!r.out.contains(QStringLiteral("0.00% faster")), qPrintable(r.out));
        QCOMPARE(r.out.count(QStringLiteral("cohort sha256:")), 1);
        const qsizetype timeline = r.out.indexOf(QStringLiteral("  record timeline, 2 record(s):\n"));
        const qsizetype series = r.out.indexOf(QStringLiteral("  series: 2 runs, "));
        QVERIFY2(timeline > 0 && series > timeline, qPrintable(r.out));

        const kixtest::CliResult j =
            kixtest::runKix({QStringLiteral("history"), QStringLiteral("--json"), path});
        QCOMPARE(j.code, 0);
        const Json v =
            Json::parse(j.out.toStdString())["recordTimelines"]["cohorts"][0]["steps"][1]["verdict"];
        QCOMPARE(v["verdict"].get<std::string>(), std::string("cant-tell"));
        QCOMPARE(v["method"].get<std::string>(), std::string("none"));
    }

    void fasterStepIsNoRegression() {
        std::string key;
        const QString path = writeSeries(-0.05, &key, QStringLiteral("faster.jsonl"));
        const kixtest::CliResult r =
            kixtest::runKix({QStringLiteral("history"), QStringLiteral("--fail-on-regression"), path});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains(QStringLiteral("    at run 21 of 40: ")));
        QVERIFY(!r.out.contains(QStringLiteral("REGRESSION")));
    }

    void commandLineErrors_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("err");
        QTest::newRow("no path")
            << QStringList{} << 2
            << "kix history: expected at least 1 file argument(s), got 0 (see kix history --help)\n";
        const auto badEffect = [](const char* row, const QString& value) {
            QTest::newRow(row)
                << QStringList{QStringLiteral("--min-effect"), value, QStringLiteral("@")} << 2
                << "kix history: --min-effect expects a percentage from 0.1 to 50, such as 2, 0.5 or "
                   "2%, got \"" +
                       value + "\"\n";
        };
        badEffect("min-effect not a number", QStringLiteral("abc"));
        badEffect("min-effect zero", QStringLiteral("0"));
        badEffect("min-effect zero percent", QStringLiteral("0%"));
        badEffect("min-effect negative", QStringLiteral("-2%"));
        badEffect("min-effect two percent signs", QStringLiteral("2%%"));
        badEffect("min-effect percent sign alone", QStringLiteral("%"));
        badEffect("min-effect infinite", QStringLiteral("inf"));
        badEffect("min-effect percent first", QStringLiteral("%2"));
        QTest::newRow("cohort")
            << QStringList{QStringLiteral("--cohort"), QStringLiteral("ffff"), QStringLiteral("@")} << 2
            << "kix history: no cohort's comparison key starts with \"ffff\" among the loaded runs "
               "and record events\n";
    }
    void commandLineErrors() {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        QFETCH(QString, err);
        std::string key;
        const QString path = writeSeries(0.05, &key, QStringLiteral("errors.jsonl"));
        args.replaceInStrings(QStringLiteral("@"), path);
        const kixtest::CliResult r = kixtest::runKix(QStringList{QStringLiteral("history")} + args);
        QCOMPARE(r.err, err);
        QCOMPARE(r.code, code);
        QCOMPARE(r.out, QString());
    }

    // Issue 40 item 5: more record_events rows than kix holds for a history are refused with the limit named
    // (main held 1,000,000 in 2.48 GB and 100,000 with unknown columns in 1.85 GB); under the limit, unknown
    // columns make one warning a row, and the history's own list of them stops at 20 and counts the rest.
    void refusesMoreRecordEventsThanTheLimit_data() {
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("unknown");
        QTest::newRow("200,000 rows") << 200000 << 0; // main held 1,000,000 in 2.48 GB
        QTest::newRow("100,000 rows of 50 unknown columns") << 100000 << 50;
    }
    void refusesMoreRecordEventsThanTheLimit() {
        QFETCH(int, rows);
        QFETCH(int, unknown);
        const QString path = m_dir.filePath(QStringLiteral("events-%1.jsonl").arg(rows));
        QVERIFY(kixfix::writeFile(path, recordEventLines(rows, unknown)));
        QElapsedTimer clock;
        clock.start();
        const kixtest::CliResult r = kixtest::runKix({QStringLiteral("history"), path});
        QCOMPARE(r.code, 3);
        QStringList errors;
        for (const QString& line : r.err.split(u'\n', Qt::SkipEmptyParts))
            if (!line.contains(QLatin1String(": warning: ")))
                errors << line;
        QCOMPARE(errors,
                 QStringList{path + QStringLiteral(":50001: more than 50000 record_events rows: kix reads "
                                                   "at most 50000 for a history (KernelIndex's export "
                                                   "holds about 3,000); none is used")});
        QVERIFY(r.out.endsWith(QStringLiteral(
            "0 record event(s) in 0 cohort(s); 0 series of 2 or more runs, 0 with change points\n")));
        // A bound against "unbounded" (main took 1:44 for 1,000,000 rows), not a timing: ASan on a loaded
        // 2-core machine took 78 s for 1,000,000.
        QVERIFY2(clock.elapsed() < 240000, qPrintable(QString::number(clock.elapsed())));
    }
    void manyUnknownColumnsAreOneWarningARow() {
        const QString path = m_dir.filePath(QStringLiteral("columns.jsonl"));
        QVERIFY(kixfix::writeFile(path, recordEventLines(1000, 2000)));
        const kixtest::CliResult r = kixtest::runKix({QStringLiteral("history"), path});
        QCOMPARE(r.code, 0);
        const QStringList lines = r.err.split(u'\n', Qt::SkipEmptyParts);
        // The load lists 20 of a file's warnings (then counts the rest); each step names its run not loaded.
        QCOMPARE(lines.filter(QStringLiteral("record_events columns kix does not know")).size(), 20);
        QCOMPARE(
            lines.filter(QStringLiteral("is not loaded: the step's value cannot be read or checked")).size(),
            1000);
        QCOMPARE(lines.first(),
                 path + QStringLiteral(":1: row: warning: 2000 record_events columns kix does not know "
                                       "(c0, c1, c10, c100, c1000, …); their values are not used"));
        QVERIFY(r.out.endsWith(QStringLiteral(
            "1000 record event(s) in 1000 cohort(s); 0 series of 2 or more runs, 0 with change points\n")));
        const RecordEventsRead read = readRecordEvents(path);
        QCOMPARE(read.events.size(), 1000);
        QCOMPARE(read.problems.size(), 21);
        QCOMPARE(read.problems.last().message,
                 QStringLiteral("980 more warnings of record_events rows are not listed"));
    }

    void missingFileIsInput() {
        const QString path = m_dir.filePath(QStringLiteral("absent.jsonl"));
        const kixtest::CliResult r = kixtest::runKix({QStringLiteral("history"), path});
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains(path), qPrintable(r.err));
        QCOMPARE(r.out, QString());
    }
};

KIX_TEST_GUILESS_MAIN(TestHistoryCommand)
#include "tst_history_command.moc"
