// KernelIndex catalog exports: every table kix reads, every published digest and key checked against what
// kix recomputes, each difference a located problem (file:line, JSON path, code), a bad line that stops
// nothing; and, with the shared data, the real catalog: 7,857 runs whose every digest and key verifies.
#include "BundleView.h"
#include "CatalogFixture.h"
#include "CatalogReader.h"
#include "LoadIndexBlocking.h"
#include "LoadJob.h"
#include "Policy.h"
#include "RunStore.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

using namespace kix;
using kixfix::Json;

namespace {

QStringList errorsOf(const RecordIndex& index) {
    QStringList out;
    for (const ProblemRow& p : index.problemRows())
        for (const Problem& q : p.problems)
            out << q.toString() + QStringLiteral(" [") + q.code + u']';
    for (const RunEntry& e : index.runs())
        for (const Problem& q : e.problems())
            if (q.isError())
                out << q.toString() + QStringLiteral(" [") + q.code + u']';
    return out;
}

int countStates(const RecordIndex& index, DigestCheck::State state, const QString& field = {}) {
    int n = 0;
    for (const RunEntry& e : index.runs())
        for (const DigestCheck& c : verifyRun(index, e))
            if (c.state == state && (field.isEmpty() || c.field == field))
                ++n;
    return n;
}

} // namespace

class TestCatalog : public QObject {
    Q_OBJECT
private slots:
    void everyTableAndEveryDigest() {
        QTemporaryDir dir;
        const kixfix::Catalog catalog;
        const QString path = dir.filePath(QStringLiteral("catalog.jsonl"));
        QVERIFY(kixfix::writeFile(path, catalog.text()));
        const RecordIndex index = kixtest::loadIndexBlocking({path});
        QVERIFY2(errorsOf(index).isEmpty(), qPrintable(errorsOf(index).join(u'\n')));
        QCOMPARE(index.runCount(), 4);
        QCOMPARE(index.resourceCount(ResourceKind::WorkloadCase), 2);
        QCOMPARE(index.resourceCount(ResourceKind::ImplementationRevision), 1);
        QCOMPARE(index.resourceCount(ResourceKind::OperationSpec), 1);
        QCOMPARE(index.resourceCount(ResourceKind::SoftwareProject), 1);
        QCOMPARE(index.resourceCount(ResourceKind::BenchmarkProtocol), 1); // shared by all four runs
        const SourceSummary s = index.sources().value(path);
        QCOMPARE(s.documents, qint64(catalog.lines.size()));
        QCOMPARE(s.tables.value(QStringLiteral("benchmark_runs")), qint64(4));
        QCOMPARE(s.tables.value(QStringLiteral("artifacts")), qint64(1));
        QCOMPARE(s.measurements, qint64(1));
        // Every run's four digests, its run digest and its four published keys.
        QCOMPARE(countStates(index, DigestCheck::State::Verified), 4 * 9);
        const RunEntry& first = index.run(0);
        QCOMPARE(first.occurrences.first().origin,
                 (Origin{path, catalog.lineOf("benchmark_runs"), QStringLiteral("/row/manifest/run")}));
        QCOMPARE(index.catalogMeasurements(QStringLiteral("run-1")).size(), 1);
        QCOMPARE(policyFacts(index, first).comparisonKey, QString::fromStdString(catalog.keyOf(catalog.w1)));
        QCOMPARE(
            policyFacts(index, index.run(3)).ineligible,
            (QStringList{QStringLiteral("STATUS_COMPILE_ERROR"), QStringLiteral("MISSING_PRIMARY_METRIC")}));
        for (const auto& entry : index.resources())
            for (const DigestCheck& c : verifyResource(index, entry))
                QVERIFY2(c.state == DigestCheck::State::Verified, qPrintable(c.field + u' ' + c.reason));
    }

    void compressedExport() {
        QTemporaryDir dir;
        const kixfix::Catalog catalog;
        const QString path = dir.filePath(QStringLiteral("catalog.jsonl.zst"));
        QVERIFY(kixfix::writeFile(path, kixfix::zstd(catalog.text())));
        const RecordIndex index = kixtest::loadIndexBlocking({path});
        QVERIFY2(errorsOf(index).isEmpty(), qPrintable(errorsOf(index).join(u'\n')));
        QCOMPARE(index.runCount(), 4);
        QCOMPARE(countStates(index, DigestCheck::State::Verified), 4 * 9);
        QCOMPARE(index.run(0).occurrences.first().origin.line, qint64(catalog.lineOf("benchmark_runs")));
        // A damaged export stops where the damage is, keeping what came before, with the reason.
        QByteArray damaged = kixfix::zstd(catalog.text());
        damaged.chop(damaged.size() / 3);
        QVERIFY(kixfix::writeFile(path, damaged));
        const RecordIndex cut = kixtest::loadIndexBlocking({path});
        QCOMPARE(cut.problemRows().size(), 1);
        QVERIFY(cut.problemRows().first().problems.first().code.startsWith(QLatin1String("read.zstd")));
    }

    void publishedDifferences_data() {
        QTest::addColumn<QString>("table");
        QTest::addColumn<QString>("pointer"); // into the line's record
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<QString>("message"); // after "catalog.jsonl:LINE: "
        QTest::addColumn<QString>("code");
        const QString zeros = QStringLiteral("sha256:") + QString(64, u'0');
        QByteArray quoted = zeros.toLatin1();
        quoted.prepend('"').append('"');
        QTest::newRow("run digest")
            << "benchmark_runs"
            << "/row/runDigest" << quoted
            << QString(QStringLiteral("row.runDigest: published run digest ") + zeros +
                       QStringLiteral(" differs from the %RUN% kix recomputes from the line"))
            << "catalog.digest_mismatch";
        QTest::newRow("protocol key")
            << "benchmark_runs"
            << "/row/protocolKey" << quoted
            << QString(QStringLiteral("row.protocolKey: published protocol key ") + zeros +
                       QStringLiteral(" differs from the %PROTOCOL% kix recomputes from the line"))
            << "catalog.key_mismatch";
        QTest::newRow("status")
            << "benchmark_runs"
            << "/row/status" << QByteArray("\"runtime_error\"")
            << "row.status: published status \"runtime_error\" differs from the run's \"passed\""
            << "catalog.status_mismatch";
        QTest::newRow("primary value")
            << "benchmark_runs"
            << "/row/primaryValue" << QByteArray("8000")
            << "row.primaryValue: published primary measurement latency:median:ns = 8000 differs from the "
               "latency:median:ns = 8120 kix derives from the run"
            << "catalog.primary_mismatch";
        QTest::newRow("retracted not a string") << "benchmark_runs"
                                                << "/row/retractedAt" << QByteArray("7")
                                                << "row.retractedAt: expected a string or null, got a number"
                                                << "catalog.row";
        QTest::newRow("workload digest")
            << "workloads"
            << "/row/workloadDigest" << quoted
            << QString(QStringLiteral("row.workloadDigest: published digest ") + zeros +
                       QStringLiteral(" differs from the %WORKLOAD% kix recomputes from the line"))
            << "catalog.digest_mismatch";
        QTest::newRow("run field") << "benchmark_runs"
                                   << "/row/manifest/run/spec/status" << QByteArray("3")
                                   << "row.manifest.run.spec.status: expected a string, got a number"
                                   << "field.type";
        QTest::newRow("measurement without value")
            << "measurements"
            << "/row/value" << QByteArray() << "row.value: required field is missing (expected a number)"
            << "field.missing";
    }
    void publishedDifferences() {
        QFETCH(QString, table);
        QFETCH(QString, pointer);
        QFETCH(QByteArray, value);
        QFETCH(QString, message);
        QFETCH(QString, code);
        kixfix::Catalog catalog;
        const int line = catalog.lineOf(table.toLatin1().constData());
        Json& record = catalog.lines[line - 1];
        const Json::json_pointer p(pointer.toStdString());
        if (value.isEmpty())
            record[p.parent_pointer()].erase(p.back());
        else
            record[p] = Json::parse(value.toStdString());
        message.replace(QStringLiteral("%RUN%"),
                        QString::fromStdString(kixfix::digest(record["row"]["manifest"]["run"])));
        message.replace(QStringLiteral("%PROTOCOL%"), QString::fromStdString(kixfix::digest(catalog.proto)));
        message.replace(QStringLiteral("%WORKLOAD%"), QString::fromStdString(kixfix::digest(catalog.w1)));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("catalog.jsonl"));
        QVERIFY(kixfix::writeFile(path, catalog.text()));
        const RecordIndex index = kixtest::loadIndexBlocking({path});
        const QString expected = QStringLiteral("%1:%2: %3 [%4]").arg(path).arg(line).arg(message, code);
        QVERIFY2(errorsOf(index).contains(expected),
                 qPrintable(errorsOf(index).join(u'\n') + u'\n' + expected));
        QCOMPARE(index.runCount(), 4); // the rest still loads
    }

    // publishedAt and retractedAt are checked as the manifest reader checks observedAt (RFC 3339, and
    // KernelIndex's own instant without seconds); a bad one is an error located at the row's column, the
    // value kept as written: a retraction with a bad date still retracts.
    void publishedTimestamps_data() {
        QTest::addColumn<QString>("column");
        QTest::addColumn<QString>("value");
        QTest::addColumn<bool>("accepted");
        const auto row = [](const char* column, const char* value, bool accepted) {
            QTest::addRow("%s %s", column, *value ? value : "(empty string)")
                << QString::fromLatin1(column) << QString::fromUtf8(value) << accepted;
        };
        for (const char* column : {"publishedAt", "retractedAt"}) {
            row(column, "2026-08-16", false);
            row(column, "2026-08-16 10:00:00", false);
            row(column, "yesterday", false);
            row(column, "2026-13-01T00:00:00Z", false);
            row(column, "2026-02-29T10:00:00Z", false);
            row(column, "", false);
            row(column, "2026-08-16T10:00:00Z", true);
            row(column, "2026-08-16T10:00:00.123+02:00", true);
            row(column, "2026-08-15T02:02:57.440Z", true); // the form of the real export
            row(column, "2026-08-16T10:00Z", true);        // KernelIndex's instant without seconds
        }
    }
    void publishedTimestamps() {
        QFETCH(QString, column);
        QFETCH(QString, value);
        QFETCH(bool, accepted);
        kixfix::Catalog catalog;
        const int line = catalog.lineOf("benchmark_runs");
        catalog.lines[line - 1]["row"][column.toStdString()] = value.toStdString();
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("catalog.jsonl"));
        QVERIFY(kixfix::writeFile(path, catalog.text()));
        const RecordIndex index = kixtest::loadIndexBlocking({path});
        const QStringList expected =
            accepted ? QStringList()
                     : QStringList{QStringLiteral("%1:%2: row.%3: expected an RFC 3339 timestamp such as "
                                                  "2026-06-26T09:16:50.948Z, got \"%4\" [field.timestamp]")
                                       .arg(path)
                                       .arg(line)
                                       .arg(column, value)};
        QCOMPARE(errorsOf(index), expected);
        QCOMPARE(index.runCount(), 4); // the rest still loads
        const CatalogRunFacts* published = index.run(0).published();
        QVERIFY(published);
        QCOMPARE(column == QLatin1String("publishedAt") ? published->publishedAt : published->retractedAt,
                 value);
        const QStringList ineligible = policyFacts(index, index.run(0)).ineligible;
        QCOMPARE(ineligible.contains(QStringLiteral("RETRACTED")),
                 column == QLatin1String("retractedAt") && !value.isEmpty());
        QCOMPARE(ineligible.contains(QStringLiteral("INVALID_MANIFEST")), !accepted);
    }

    // A row's manifest must be of its table's kind; otherwise nothing of the row is kept (its published
    // digest and id are never pinned on a record of another kind) and the row is a located error.
    void manifestOfAnotherKind_data() {
        QTest::addColumn<QString>("table");
        QTest::addColumn<QByteArray>("manifest");
        QTest::addColumn<QString>("message"); // after "catalog.jsonl:LINE: row.manifest: "
        QTest::addColumn<int>("runs");
        const kixfix::Catalog c;
        const auto json = [](const Json& j) { return QByteArray::fromStdString(j.dump()); };
        QTest::newRow("operation row holding a run bundle")
            << "operations" << json(c.runBundle("run-z", c.w1, 7000))
            << "a row of operations holds a BenchmarkRun, a BenchmarkProtocol and an ExecutionEnvironment, "
               "expected an OperationSpec"
            << 4;
        QTest::newRow("workload row holding an implementation")
            << "workloads" << json(c.impl)
            << "a row of workloads holds an ImplementationRevision, expected a WorkloadCase or a "
               "WorkloadSuite"
            << 4;
        QTest::newRow("implementation row holding an operation")
            << "implementations" << json(c.op)
            << "a row of implementations holds an OperationSpec, expected an ImplementationRevision" << 4;
        QTest::newRow("project row holding a protocol")
            << "projects" << json(c.proto)
            << "a row of projects holds a BenchmarkProtocol, expected a SoftwareProject" << 4;
        QTest::newRow("run row holding a workload")
            << "benchmark_runs" << json(c.w1)
            << "a row of benchmark_runs holds a WorkloadCase, expected a {run, protocol, environment} bundle"
            << 3;
    }
    void manifestOfAnotherKind() {
        QFETCH(QString, table);
        QFETCH(QByteArray, manifest);
        QFETCH(QString, message);
        QFETCH(int, runs);
        kixfix::Catalog catalog;
        const int line = catalog.lineOf(table.toLatin1().constData());
        catalog.lines[line - 1]["row"]["manifest"] = Json::parse(manifest.toStdString());
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("catalog.jsonl"));
        QVERIFY(kixfix::writeFile(path, catalog.text()));
        const RecordIndex index = kixtest::loadIndexBlocking({path});
        const QString expected =
            QStringLiteral("%1:%2: row.manifest: %3 [catalog.row]").arg(path).arg(line).arg(message);
        QVERIFY2(errorsOf(index).contains(expected),
                 qPrintable(errorsOf(index).join(u'\n') + u'\n' + expected));
        QCOMPARE(index.runCount(), runs);
        QCOMPARE(index.problemRows().size(), 1);
        QCOMPARE(index.problemRows().first().origin.line, qint64(line));
        // The row's published id and digest are pinned on nothing.
        const QString id = QString::fromStdString(catalog.lines[line - 1]["row"]["id"].get<std::string>());
        QVERIFY(!index.resourceByCatalogId(id));
        QCOMPARE(index.resourceCount(ResourceKind::BenchmarkProtocol), 1);
    }

    // The keys a line alone cannot settle are checked across the loaded rows.
    void publishedKeysAcrossRows() {
        kixfix::Catalog catalog;
        const int line = catalog.lineOf("benchmark_runs");
        const std::string zeros = "sha256:" + std::string(64, '0');
        catalog.lines[line - 1]["row"]["comparisonKey"] = zeros;
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("catalog.jsonl"));
        QVERIFY(kixfix::writeFile(path, catalog.text()));
        const RecordIndex index = kixtest::loadIndexBlocking({path});
        const Problems problems = publishedKeyProblems(index, index.run(0));
        QCOMPARE(problems.size(), 1);
        QCOMPARE(
            problems.first().toString(),
            QStringLiteral(
                "%1:%2: row.comparisonKey: published comparisonKey %3 differs from the %4 kix recomputes "
                "from the loaded records")
                .arg(path)
                .arg(line)
                .arg(QString::fromStdString(zeros), QString::fromStdString(catalog.keyOf(catalog.w1))));
        QCOMPARE(problems.first().code, QStringLiteral("catalog.key_mismatch"));
        QCOMPARE(bundleView(index, index.rowOfRun(0))->problems.size(), 1);
        const DigestCheck key = verifyRun(index, index.run(0)).last();
        QCOMPARE(key.field, QStringLiteral("published comparisonKey"));
        QCOMPARE(key.state, DigestCheck::State::Mismatch);
    }

    void badLinesStopNothing() {
        kixfix::Catalog catalog;
        QByteArray text = catalog.text();
        const QList<QByteArray> lines = text.split('\n');
        QByteArray broken;
        for (int i = 0; i < lines.size() - 1; ++i) {
            broken += lines[i] + '\n';
            if (i == 2)
                broken += "{\"table\": \"workloads\", \"row\": \n\n[1, 2]\n{\"x\": 1}\n";
        }
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("catalog.jsonl"));
        QVERIFY(kixfix::writeFile(path, broken));
        const RecordIndex index = kixtest::loadIndexBlocking({path});
        QCOMPARE(index.runCount(), 4);
        QStringList errors = errorsOf(index);
        QCOMPARE(errors.size(), 3);
        QVERIFY2(errors[0].startsWith(path + QStringLiteral(":4: not valid JSON (line 1, column")),
                 qPrintable(errors[0]));
        QCOMPARE(errors[1],
                 path +
                     QStringLiteral(
                         ":6: expected a catalog record {\"table\": name, \"row\": object} [catalog.line]"));
        QCOMPARE(errors[2],
                 path +
                     QStringLiteral(
                         ":7: expected a catalog record {\"table\": name, \"row\": object} [catalog.line]"));
        QCOMPARE(index.problemRows().size(), 3);
    }

    // Issue 26, item 6: of many bad lines the loader delivers the first 20 per problem code as they are,
    // then one summary per code that counts the rest; every good line is still read, and what is delivered
    // does not grow with the number of bad lines (the explorer's loader and the CLI's are this one).
    void badLinesAreBounded_data() {
        QTest::addColumn<int>("bad");
        QTest::addColumn<int>("delivered");
        QTest::newRow("20: all listed") << 20 << 20;
        QTest::newRow("21: one summary") << 21 << 21;
        QTest::newRow("5000: one summary") << 5000 << 21;
    }
    void badLinesAreBounded() {
        QFETCH(int, bad);
        QFETCH(int, delivered);
        kixfix::Catalog catalog;
        QByteArray text = catalog.text();
        for (int i = 0; i < bad; ++i)
            text += "{}\n";
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("catalog.jsonl"));
        QVERIFY(kixfix::writeFile(path, text));
        const auto before = qint64(catalog.lines.size());
        qint64 notListed = 0;
        QList<ParsedDocument> problems;
        int runs = 0;
        LoadJob job({path}, JsonLimits{}, [&](LoadBatch&& b) {
            notListed += b.notListed;
            for (ParsedDocument& d : b.documents) {
                runs += d.run ? 1 : 0;
                if (d.isProblemRow())
                    problems.append(std::move(d));
            }
        });
        QVERIFY(job.run());
        QCOMPARE(runs, 4);
        QCOMPARE(problems.size(), delivered);
        for (int i = 0; i < std::min(delivered, 20); ++i)
            QCOMPARE(problems[i].problems.first().toString(),
                     QStringLiteral("%1:%2: expected a catalog record {\"table\": name, \"row\": object}")
                         .arg(path)
                         .arg(before + 1 + i));
        if (bad > 20) {
            QCOMPARE(problems.last().problems.first().toString(),
                     QStringLiteral("%1: %2 more line(s) with this problem (catalog.line) not listed: %3 in "
                                    "all, the first 20 listed above")
                         .arg(path)
                         .arg(bad - 20)
                         .arg(bad));
            QCOMPARE(problems.last().problems.first().code, QStringLiteral("catalog.line"));
        }
        // Every bad line is counted once: the delivered errors plus notListed.
        QCOMPARE(qint64(problems.size()) + notListed, qint64(bad));
    }

    // Issue 26, item 8: a row of a table KernelIndex's export does not have is a located warning, never
    // dropped without a word; the tables kix knows and skips stay silent (record_events rows are read for
    // the history: RecordEventsReader).
    void unknownTablesAreReported_data() {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QString>("expected");
        const QString known = QStringLiteral(
            ": row not read (kix reads benchmark_runs, workloads, implementations, operations, projects, "
            "measurements, record_events and the serving tables, and skips sources, artifacts and "
            "operation_aliases)");
        QTest::newRow("misspelled") << QByteArray(R"({"table": "benchmark_run", "row": {"id": "r"}})")
                                    << QStringLiteral("c.jsonl:3: table: warning: unknown catalog table "
                                                      "\"benchmark_run\"") +
                                           known;
        QTest::newRow("empty name") << QByteArray(R"({"table": "", "row": {}})")
                                    << QStringLiteral(
                                           "c.jsonl:3: table: warning: unknown catalog table \"\"") +
                                           known;
        QTest::newRow("operation_aliases")
            << QByteArray(R"({"table": "operation_aliases", "row": {"id": 1}})") << QString();
        QTest::newRow("sources") << QByteArray(R"({"table": "sources", "row": {}})") << QString();
        QTest::newRow("serving_measurements (issue 37)")
            << QByteArray(R"({"table": "serving_measurements", "row": {"runId": "r", "metric": "ttft_ms", )"
                          R"("statistic": "p99", "unit": "ms", "value": 1480, "sampleCount": 4800}})")
            << QString();
    }
    void unknownTablesAreReported() {
        QFETCH(QByteArray, line);
        QFETCH(QString, expected);
        const ParsedDocument doc = readCatalogLine(line, QStringLiteral("c.jsonl"), 3);
        QStringList got;
        for (const Problem& p : doc.problems)
            got << p.toString();
        QCOMPARE(got, expected.isEmpty() ? QStringList() : QStringList{expected});
        QVERIFY(!doc.run && doc.resources.isEmpty() && !doc.isProblemRow());
    }

    // Issue 26, item 10: a catalog with no record (blank lines, one empty zstd frame) is a problem of its
    // own, as an empty JSON file is: nothing to check.
    void emptyCatalogs_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("message");
        const QString plain =
            QStringLiteral("holds no catalog record (no line that is not blank): nothing to check");
        QTest::newRow("blank lines") << QByteArray("\n  \n\t\n") << QStringLiteral("c.jsonl") << plain;
        QTest::newRow("empty zstd frame")
            << kixfix::zstd(QByteArray()) << QStringLiteral("c.jsonl.zst")
            << QStringLiteral(
                   "holds no catalog record (no line that is not blank once decompressed): nothing "
                   "to check");
        QTest::newRow("zstd of blank lines")
            << kixfix::zstd(QByteArray("\n\n")) << QStringLiteral("c.jsonl.zst")
            << QStringLiteral(
                   "holds no catalog record (no line that is not blank once decompressed): nothing "
                   "to check");
    }
    void emptyCatalogs() {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, name);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString path = dir.filePath(name);
        QVERIFY(kixfix::writeFile(path, bytes));
        const RecordIndex index = kixtest::loadIndexBlocking({path});
        QCOMPARE(errorsOf(index),
                 QStringList{path + QStringLiteral(": ") + message + QStringLiteral(" [json.empty]")});
    }

    // A SOL-ExecBench trace opened as a catalog: said once, with the command that reads it.
    void traceOpenedAsCatalog() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("trace.jsonl"));
        QByteArray text;
        for (int i = 0; i < 30; ++i)
            text +=
                R"({"definition": "021_rmsnorm_h128", "workload": {"axes": {}}, "solution": "s", "evaluation": {}})"
                "\n";
        QVERIFY(kixfix::writeFile(path, text));
        const RecordIndex index = kixtest::loadIndexBlocking({path});
        QCOMPARE(
            errorsOf(index),
            QStringList{path + QStringLiteral(":1: this is a SOL-ExecBench trace (records of definition, "
                                              "workload, solution and evaluation), not a KernelIndex catalog "
                                              "export: make manifests of it with `kix import-trace %1`; the "
                                              "file is not read [catalog.line]")
                                   .arg(path)});
    }

    void sameCatalogTwiceIsOneSet() {
        QTemporaryDir dir;
        const kixfix::Catalog catalog;
        const QString path = dir.filePath(QStringLiteral("catalog.jsonl"));
        QVERIFY(kixfix::writeFile(path, catalog.text()));
        QVERIFY(QFile::link(path, dir.filePath(QStringLiteral("link.jsonl"))));
        const RecordIndex index =
            kixtest::loadIndexBlocking({path, dir.filePath(QStringLiteral("link.jsonl")),
                                        dir.path() + QStringLiteral("/./catalog.jsonl")});
        QCOMPARE(index.runCount(), 4);
        QCOMPARE(index.run(0).occurrences.size(), 1);
    }

    void realCatalog() {
        KIX_REQUIRE_SHARED(path, QStringLiteral("kernelindex/catalog-2026-08-16-94af2ae7.jsonl.zst"));
        QElapsedTimer timer;
        timer.start();
        const RecordIndex index = kixtest::loadIndexBlocking({path});
        qInfo("catalog loaded in %lld ms", timer.elapsed());
        QVERIFY2(errorsOf(index).isEmpty(), qPrintable(errorsOf(index).mid(0, 5).join(u'\n')));
        QCOMPARE(index.runCount(), 7857);
        QCOMPARE(index.resourceCount(ResourceKind::WorkloadCase) +
                     index.resourceCount(ResourceKind::WorkloadSuite),
                 5627);
        QCOMPARE(index.resourceCount(ResourceKind::ImplementationRevision), 4250);
        QCOMPARE(index.resourceCount(ResourceKind::OperationSpec), 449);
        int bundleDigests = 0, keys = 0, notVerified = 0;
        for (const RunEntry& e : index.runs())
            for (const DigestCheck& c : verifyRun(index, e)) {
                if (c.state != DigestCheck::State::Verified) {
                    ++notVerified;
                    continue;
                }
                if (c.field == QLatin1String("published comparisonKey"))
                    ++keys;
                else if (!c.published() || c.field == QLatin1String("published runDigest"))
                    ++bundleDigests;
            }
        QCOMPARE(notVerified, 0);
        QCOMPARE(bundleDigests, 39285); // run, protocol, environment, workload and implementation of each run
        QCOMPARE(keys, 7857);
        int resources = 0;
        for (const auto& entry : index.resources()) {
            if (!entry.published || entry.published->publishedDigest.isEmpty())
                continue;
            for (const DigestCheck& c : verifyResource(index, entry))
                if (c.published()) {
                    QCOMPARE(c.state, DigestCheck::State::Verified);
                    ++resources;
                }
        }
        QCOMPARE(resources, 5627 + 4250 + 449);
    }
};

KIX_TEST_GUILESS_MAIN(TestCatalog)
#include "tst_catalog.moc"
