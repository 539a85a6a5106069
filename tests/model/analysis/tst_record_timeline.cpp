// Record timelines (issue 23): the catalog's record_events rows read with every column, each bad row a
// located problem with its exact message, each row checked against the runs it names, and the staircase
// per cohort; with the shared catalog, all 2,948 rows read and three cohorts' staircases checked against
// the rows themselves (read here line by line, independently of kix's reader).
#include "CatalogFixture.h"
#include "LineSource.h"
#include "LoadIndexBlocking.h"
#include "RecordTimeline.h"
#include "RunSeries.h"
#include "RunStore.h"
#include "SharedData.h"
#include "TestMain.h"
#include "TestSupport.h"
#include "Timestamp.h"

#include <QElapsedTimer>
#include <QHash>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>

using namespace kix;
using kixfix::Json;

namespace {

Json eventRow(const std::string& id, const std::string& key, const std::string& run, const Json& previous,
              const std::string& at = "2026-08-01T12:00:00Z") {
    return {{"table", "record_events"},
            {"row",
             {{"id", id},
              {"comparisonKey", key},
              {"runId", run},
              {"previousRunId", previous},
              {"policyVersion", "ranking-v1"},
              {"cause", "new_run"},
              {"at", at},
              {"createdAt", "2026-08-15T02:02:57.440Z"}}}};
}

// The fixture catalog with run-2 (9050 ns) then run-1 (8120 ns) as the records of the first workload's
// cohort: rows `first` and `first + 1`.
struct EventCatalog {
    kixfix::Catalog catalog;
    int first = 0;
    EventCatalog() {
        const std::string key = catalog.keyOf(catalog.w1);
        catalog.lines << eventRow("ev-1", key, "run-2", nullptr) << eventRow("ev-2", key, "run-1", "run-2");
        first = int(catalog.lines.size()) - 1;
    }
};

QString problemText(const Problem& p) {
    return QStringLiteral("%1 %2 [%3] %4").arg(p.isError() ? "error" : "warning", p.path, p.code, p.message);
}

} // namespace

class TestRecordTimeline : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    QString write(const kixfix::Catalog& c, const QString& name = QStringLiteral("catalog.jsonl")) {
        QString path = m_dir.filePath(name);
        kixfix::writeFile(path, c.text());
        return path;
    }

private slots:
    void fixtureStaircase() {
        const EventCatalog ec;
        const QString path = write(ec.catalog);
        const RecordIndex index = kixtest::loadIndexBlocking({path});
        QCOMPARE(index.sources().value(path).tables.value(QStringLiteral("record_events")), 2);
        const RecordEventsRead read = readRecordEvents(path);
        QCOMPARE(read.rows, 2);
        QVERIFY(read.problems.isEmpty());
        QCOMPARE(read.events.size(), 2);
        const CatalogRecordEvent& e = read.events.at(1);
        QCOMPARE(e.id, QStringLiteral("ev-2"));
        QCOMPARE(e.runId, QStringLiteral("run-1"));
        QCOMPARE(e.previousRunId, QStringLiteral("run-2"));
        QCOMPARE(e.policyVersion, QStringLiteral("ranking-v1"));
        QCOMPARE(e.cause, QStringLiteral("new_run"));
        QCOMPARE(e.at, QStringLiteral("2026-08-01T12:00:00Z"));
        QCOMPARE(e.createdAt, QStringLiteral("2026-08-15T02:02:57.440Z"));
        QCOMPARE(e.origin.line, qint64(ec.first + 1));
        QCOMPARE(e.origin.file, path);
        const RecordTimelines t = buildRecordTimelines(index);
        QCOMPARE(t.events, 2);
        QVERIFY2(t.problems.isEmpty(), qPrintable(problemText(t.problems.value(0))));
        QCOMPARE(t.cohorts.size(), 1);
        const RecordTimeline& c = t.cohorts.first();
        QCOMPARE(c.comparisonKey, QString::fromStdString(ec.catalog.keyOf(ec.catalog.w1)));
        QCOMPARE(c.steps.size(), 2);
        QCOMPARE(c.steps[0].value->value, 9050.0);
        QVERIFY(!c.steps[0].margin);
        QVERIFY(!c.steps[0].verdict);
        QCOMPARE(c.steps[1].value->value, 8120.0);
        QCOMPARE(*c.steps[1].margin, 9050.0 / 8120.0 - 1.0);
        QCOMPARE(c.steps[1].implementation, implementationLabel(*index.run(c.steps[1].run).run));
        // A median alone has no spread: the engine cannot tell, and the step is not called within noise.
        QCOMPARE(c.steps[1].verdict->method, VerdictMethod::None);
        QVERIFY(!c.steps[1].withinNoise);
        QVERIFY(c.label.contains(QStringLiteral("latency:median:ns")));
        // --cohort: a prefix of the key with or without its scheme; another prefix keeps nothing.
        QCOMPARE(buildRecordTimelines(index, c.comparisonKey.mid(7, 10)).cohorts.size(), 1);
        QCOMPARE(buildRecordTimelines(index, c.comparisonKey.left(17)).cohorts.size(), 1);
        QCOMPARE(buildRecordTimelines(index, QStringLiteral("sha256:zz")).cohorts.size(), 0);
    }

    // A row that cannot be read: its problem, located at the row's line and column, and no event kept.
    void badRows_data() {
        QTest::addColumn<QString>("column");
        QTest::addColumn<QString>("json"); // the column's new value; "<absent>" removes it
        QTest::addColumn<QString>("problem");
        QTest::newRow("runId missing")
            << "runId"
            << "<absent>"
            << "error row.runId [field.missing] required field is missing (expected a string)";
        QTest::newRow("runId number") << "runId"
                                      << "7"
                                      << "error row.runId [field.type] expected a string, got a number";
        QTest::newRow("id empty") << "id"
                                  << "\"\""
                                  << "error row.id [field.empty] expected a non-empty string";
        QTest::newRow("at not a time")
            << "at"
            << "\"yesterday\""
            << "error row.at [field.timestamp] expected an RFC 3339 timestamp such as "
               "2026-06-26T09:16:50.948Z, got \"yesterday\"";
        QTest::newRow("createdAt missing") << "createdAt"
                                           << "<absent>"
                                           << "error row.createdAt [field.missing] required field is missing "
                                              "(expected a string)";
        QTest::newRow("previousRunId object")
            << "previousRunId"
            << "{}"
            << "error row.previousRunId [field.type] expected a string, got an object";
        QTest::newRow("policyVersion null")
            << "policyVersion"
            << "null"
            << "error row.policyVersion [field.type] expected a string, got null";
    }
    void badRows() {
        QFETCH(QString, column);
        QFETCH(QString, json);
        QFETCH(QString, problem);
        EventCatalog ec;
        Json& row = ec.catalog.lines[ec.first]["row"];
        if (json == QLatin1String("<absent>"))
            row.erase(column.toStdString());
        else
            row[column.toStdString()] = Json::parse(json.toStdString());
        const QString path = write(ec.catalog);
        const RecordIndex index = kixtest::loadIndexBlocking({path});
        const RecordEventsRead read = readRecordEvents(path);
        QCOMPARE(read.rows, 2);
        QCOMPARE(read.events.size(), 1);   // the good row
        QCOMPARE(read.problems.size(), 1); // the same problem the load reported
        QCOMPARE(problemText(read.problems.first()), problem);
        QCOMPARE(index.problemRows().size(), 1);
        const ProblemRow& p = index.problemRows().first();
        QCOMPARE(p.table, QStringLiteral("record_events"));
        QCOMPARE(p.origin.line, qint64(ec.first + 1));
        QCOMPARE(p.problems.size(), 1);
        QCOMPARE(p.problems.first().line, qint64(ec.first + 1));
        QCOMPARE(p.problems.first().file, path);
        QCOMPARE(problemText(p.problems.first()), problem);
    }

    void unknownColumnIsAWarning() {
        EventCatalog ec;
        ec.catalog.lines[ec.first]["row"]["rank"] = 1;
        const QString path = write(ec.catalog);
        const RecordIndex index = kixtest::loadIndexBlocking({path});
        QCOMPARE(index.problemRows().size(), 0);
        QCOMPARE(index.sources().value(path).warnings, 1);
        const RecordEventsRead read = readRecordEvents(path);
        QCOMPARE(read.events.size(), 2);
        QCOMPARE(read.problems.size(), 1);
        QCOMPARE(
            problemText(read.problems.first()),
            QStringLiteral("warning row.rank [field.ignored] a record_events column kix does not know; its "
                           "value is not used"));
        QCOMPARE(read.problems.first().line, qint64(ec.first + 1));
    }

    // A row that reads but disagrees with the runs it names: located at its row and column.
    void checkedAgainstTheRuns_data() {
        QTest::addColumn<QString>("column");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("problem"); // the first; `count` in all
        QTest::addColumn<int>("count");
        QTest::newRow("previous wrong") << "previousRunId"
                                        << "run-3"
                                        << "error row.previousRunId [catalog.record_event] record event "
                                           "ev-2: previousRunId run-3 is not the "
                                           "cohort's previous record run-2"
                                        << 1;
        QTest::newRow("previous missing") << "previousRunId"
                                          << "<null>"
                                          << "error row.previousRunId [catalog.record_event] record event "
                                             "ev-2: previousRunId null is not the "
                                             "cohort's previous record run-2"
                                          << 1;
        QTest::newRow("other cohort") << "runId"
                                      << "run-3"
                                      << "error row.comparisonKey [catalog.record_event] record event ev-2: "
                                         "run run-3 is in cohort %1, not %2"
                                      << 2; // and no faster
        QTest::newRow("no faster") << "runId"
                                   << "run-2"
                                   << "error row.runId [catalog.record_event] record event ev-2: run run-2 "
                                      "(9050 ns) is no faster than the "
                                      "record before it, run run-2 (9050 ns)"
                                   << 1;
        QTest::newRow("not loaded") << "runId"
                                    << "run-9"
                                    << "warning row.runId [catalog.record_event] record event ev-2: run "
                                       "run-9 is not loaded: the step's value "
                                       "cannot be read or checked"
                                    << 1;
        QTest::newRow("at differs") << "at"
                                    << "2026-08-02T00:00:00Z"
                                    << "warning row.at [catalog.record_event] record event ev-2: at "
                                       "2026-08-02T00:00:00Z is not the run's "
                                       "observedAt 2026-08-01T12:00:00Z"
                                    << 1;
        QTest::newRow("duplicate id") << "id"
                                      << "ev-1"
                                      << "error row.id [catalog.record_event] record event ev-1: the id is "
                                         "used by an earlier record_events row; "
                                         "this row is left out"
                                      << 1;
    }
    void checkedAgainstTheRuns() {
        QFETCH(QString, column);
        QFETCH(QString, value);
        QFETCH(QString, problem);
        QFETCH(int, count);
        EventCatalog ec;
        Json& row = ec.catalog.lines[ec.first]["row"];
        row[column.toStdString()] =
            value == QLatin1String("<null>") ? Json(nullptr) : Json(value.toStdString());
        const RecordIndex index = kixtest::loadIndexBlocking({write(ec.catalog)});
        QCOMPARE(index.problemRows().size(), 0);
        const RecordTimelines t = buildRecordTimelines(index);
        QCOMPARE(t.problems.size(), count);
        const Problem& p = t.problems.first();
        QCOMPARE(p.line, qint64(ec.first + 1));
        QString want = problem;
        if (want.contains(QStringLiteral("%1")))
            want = want.arg(QString::fromStdString(ec.catalog.keyOf(ec.catalog.w2)),
                            QString::fromStdString(ec.catalog.keyOf(ec.catalog.w1)));
        QCOMPARE(problemText(p), want);
    }

    // The shared catalog: every row read (none reported, since all are well formed), every row agreeing
    // with its runs, and the three longest staircases equal to the rows, sorted by `at`, with the values of
    // the benchmark_runs rows they name — both read here from the export's lines.
    void sharedCatalog() {
        KIX_REQUIRE_SHARED(path, QStringLiteral("kernelindex/catalog-2026-08-16-94af2ae7.jsonl.zst"));
        QHash<QString, QList<Json>> rowsByKey;
        QHash<QString, double> valueOfRun;
        int rows = 0;
        {
            LineSource source(path);
            QVERIFY(!source.open());
            SourceLine line;
            while (source.next(line)) {
                QVERIFY(!line.problem);
                if (!line.text.contains("\"record_events\"") && !line.text.contains("\"benchmark_runs\""))
                    continue;
                const Json j = Json::parse(line.text.toStdString());
                const Json& row = j["row"];
                if (j["table"] == "record_events") {
                    ++rows;
                    rowsByKey[QString::fromStdString(row["comparisonKey"].get<std::string>())].append(row);
                } else if (j["table"] == "benchmark_runs" && row["primaryValue"].is_number()) {
                    valueOfRun.insert(QString::fromStdString(row["id"].get<std::string>()),
                                      row["primaryValue"].get<double>());
                }
            }
        }
        QCOMPARE(rows, 2948);
        const RecordIndex index = kixtest::loadIndexBlocking({path});
        QCOMPARE(index.sources().value(path).tables.value(QStringLiteral("record_events")), rows);
        QElapsedTimer reading;
        reading.start();
        const RecordEventsRead read = loadedRecordEvents(index);
        qInfo("record_events read again from the export in %lld ms", reading.elapsed());
        QCOMPARE(read.rows, rows);
        QCOMPARE(read.events.size(), rows); // every row read; none is a problem row
        QVERIFY(read.problems.isEmpty());
        int problemRows = 0;
        for (const ProblemRow& p : index.problemRows())
            problemRows += p.table == QLatin1String("record_events");
        QCOMPARE(problemRows, 0);
        QElapsedTimer timer;
        timer.start();
        const RecordTimelines t = buildRecordTimelines(index, read.events);
        qInfo("record timelines of the catalog built in %lld ms", timer.elapsed());
        QVERIFY2(t.problems.isEmpty(), qPrintable(problemText(t.problems.value(0))));
        QCOMPARE(t.cohorts.size(), rowsByKey.size());
        int multiStep = 0;
        for (const RecordTimeline& c : t.cohorts)
            multiStep += c.steps.size() >= 2;
        qInfo("%lld cohorts, %d with two or more records", qsizetype(t.cohorts.size()), multiStep);
        // The series of every cohort with their change points: the other half of the catalog's history.
        timer.restart();
        const QList<RunSeries> series = buildRunSeries(index);
        qsizetype points = 0, withChanges = 0;
        for (const RunSeries& s : series) {
            points += s.points.size();
            withChanges += !s.changes.isEmpty();
            for (qsizetype i = 1; i < s.points.size(); ++i)
                QVERIFY(!instantLaterThan(s.points[i - 1].observedAt, s.points[i].observedAt));
        }
        qInfo(
            "run series of the catalog built in %lld ms: %lld series of 2 or more runs, %lld runs, %lld with "
            "change points",
            timer.elapsed(), qsizetype(series.size()), points, withChanges);
        QVERIFY(!series.isEmpty());
        // The figures docs/history.md states (issue 37: it said 47 series with change points).
        qsizetype changePoints = 0;
        for (const RunSeries& s : series)
            changePoints += s.changes.size();
        QCOMPARE(series.size(), 609);
        QCOMPARE(withChanges, qsizetype(19));
        QCOMPARE(changePoints, qsizetype(24));
        QCOMPARE(t.cohorts.size(), 1828);
        for (int n = 0; n < 3; ++n) {
            const RecordTimeline& c = t.cohorts[n];
            QList<Json> want = rowsByKey.value(c.comparisonKey);
            std::stable_sort(want.begin(), want.end(), [](const Json& a, const Json& b) {
                return a["at"].get<std::string>() < b["at"].get<std::string>();
            });
            QCOMPARE(c.steps.size(), want.size());
            QVERIFY(want.size() >= 20);
            for (qsizetype i = 0; i < want.size(); ++i) {
                const RecordStep& s = c.steps[i];
                const QString runId = QString::fromStdString(want[i]["runId"].get<std::string>());
                QCOMPARE(s.event.id, QString::fromStdString(want[i]["id"].get<std::string>()));
                QCOMPARE(s.event.runId, runId);
                QCOMPARE(s.event.at, QString::fromStdString(want[i]["at"].get<std::string>()));
                QVERIFY(s.run >= 0);
                QVERIFY(s.value);
                QCOMPARE(s.value->value, valueOfRun.value(runId));
                if (i > 0) {
                    QVERIFY(s.value->value < c.steps[i - 1].value->value);
                    QCOMPARE(*s.margin, c.steps[i - 1].value->value / s.value->value - 1.0);
                }
            }
        }
    }
};

KIX_TEST_GUILESS_MAIN(TestRecordTimeline)
#include "tst_record_timeline.moc"
