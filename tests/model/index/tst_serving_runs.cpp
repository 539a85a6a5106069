// KernelIndex's serving tables (issue 37, item 3): serving_runs, serving_measurements,
// serving_configurations, serving_stack_revisions, serving_workloads and model_revisions are read (their
// published digests checked), the serving runs listed in their own cohorts and never among the kernel runs,
// and the rows of a table kix still does not know are one warning with their count. With the shared newer
// export: 1,668 serving rows read without a problem, 722 serving runs in 341 cohorts, kix's cohort facts
// partitioning them exactly as KernelIndex's cohortKeys do.
#include "CatalogReader.h"
#include "LoadIndexBlocking.h"
#include "ProblemCodes.h"
#include "RecordFixtures.h"
#include "RunStore.h"
#include "ServingFixture.h"
#include "ServingRuns.h"
#include "SharedData.h"
#include "TestMain.h"

#include <QHash>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace kix;
using kixfix::Json;
using kixfix::ServingCatalog;
using kixfix::servingLine;

namespace {

QStringList problemTexts(const RecordIndex& index, const QString& dir) {
    QStringList out;
    for (const ProblemRow& p : index.problemRows())
        for (const Problem& q : p.problems)
            out << q.toString().replace(dir + u'/', QString());
    return out;
}

} // namespace

class TestServingRuns : public QObject {
    Q_OBJECT
private slots:
    // Every serving table is read, none warned about; the runs are in their own cohorts, eligible unless
    // retracted, and none is a kernel run.
    void servingTablesAreRead() {
        QTemporaryDir dir;
        const ServingCatalog c;
        const QString path = dir.filePath(QStringLiteral("c.jsonl"));
        QVERIFY(kixfix::writeFile(path, c.text()));
        for (int i = 0; i < c.lines.size(); ++i) {
            const ParsedDocument doc = readCatalogLine(QByteArray::fromStdString(c.lines[i].dump()),
                                                       QStringLiteral("c.jsonl"), i + 1);
            QVERIFY2(doc.problems.isEmpty(), qPrintable(doc.problems.value(0).toString()));
            QVERIFY(!doc.unknownTable);
        }
        const RecordIndex index = kixtest::loadIndexBlocking({path});
        QCOMPARE(problemTexts(index, dir.path()), QStringList());
        QCOMPARE(index.runCount(), 0); // no kernel run, no run-table row
        QCOMPARE(index.rowCount(), 0);
        QCOMPARE(index.resourceCount(ResourceKind::ServingRun), 3);
        QCOMPARE(index.resourceCount(ResourceKind::ModelRevision), 1);
        QCOMPARE(index.resourceCount(ResourceKind::ServingConfiguration), 1);
        QCOMPARE(index.resourceCount(ResourceKind::ServingStackRevision), 1);
        QCOMPARE(index.resourceCount(ResourceKind::ServingWorkload), 1);
        QCOMPARE(index.catalogMeasurements(QStringLiteral("r-1")).size(), 1);
        const QList<ServingCohort> cohorts = servingCohorts(index);
        QCOMPARE(cohorts.size(), 2);
        const ServingCohort& two = cohorts[0];
        QCOMPARE(two.key, QStringLiteral("sha256:") + QString(64, u'a'));
        QVERIFY(two.published);
        QCOMPARE(
            two.label,
            QStringLiteral("chat-open-loop · meridian-8b · NVIDIA B200 × 2 · output_token_throughput_tps"));
        QCOMPARE(two.runs.size(), 2);
        QCOMPARE(two.eligibleCount(), 1);
        QCOMPARE(two.runs[0].entry->resource->name, QStringLiteral("tp2-a"));
        QCOMPARE(two.runs[0].valueLabel(),
                 QStringLiteral("14250 tokens_s (output_token_throughput_tps, reported)"));
        QCOMPARE(two.runs[1].ineligible, QStringList{QStringLiteral("retracted")});
        QCOMPARE(
            cohorts[1].label,
            QStringLiteral("chat-open-loop · meridian-8b · NVIDIA B200 × 4 · output_token_throughput_tps"));
    }

    // Without a catalog row, a ServingRun file's cohort is kix's own facts; runs differing in one of them
    // are apart, an invalid one is listed but not eligible.
    void manifestFilesByKixFacts() {
        QTemporaryDir dir;
        const ServingCatalog c;
        QVERIFY(kixfix::writeJson(dir.filePath(QStringLiteral("a.json")), c.servingRun("a", 100, 2)));
        QVERIFY(
            kixfix::writeJson(dir.filePath(QStringLiteral("b.json")), c.servingRun("b", 110, 2, "invalid")));
        QVERIFY(kixfix::writeJson(dir.filePath(QStringLiteral("c.json")), c.servingRun("c", 190, 4)));
        const RecordIndex index = kixtest::loadIndexBlocking({dir.path()});
        const QList<ServingCohort> cohorts = servingCohorts(index);
        QCOMPARE(cohorts.size(), 2);
        QVERIFY(!cohorts[0].published);
        QVERIFY(cohorts[0].key.startsWith(
            QLatin1String("kix:{\"accelerator\":\"NVIDIA B200\",\"accelerators\":2,")));
        QCOMPARE(cohorts[0].runs.size(), 2);
        QCOMPARE(cohorts[0].runs[1].ineligible, QStringList{QStringLiteral("status is invalid")});
        QCOMPARE(cohorts[1].runs.size(), 1);
    }

    // A serving row whose published digest or status is not the manifest's is a located error.
    void publishedFactsChecked_data() {
        QTest::addColumn<QString>("field");
        QTest::newRow("runDigest") << QStringLiteral("runDigest");
        QTest::newRow("status") << QStringLiteral("status");
    }
    void publishedFactsChecked() {
        QFETCH(QString, field);
        ServingCatalog c;
        Json& r = c.lines[4]["row"];
        const std::string zeros = "sha256:" + std::string(64, '0');
        const bool status = field == QLatin1String("status");
        r[field.toStdString()] = status ? std::string("invalid") : zeros;
        const ParsedDocument doc =
            readCatalogLine(QByteArray::fromStdString(c.lines[4].dump()), QStringLiteral("c.jsonl"), 5);
        const QString want =
            status ? QStringLiteral(
                         "c.jsonl:5: row.status: published status \"invalid\" differs from the "
                         "run's \"valid\"")
                   : QStringLiteral(
                         "c.jsonl:5: row.runDigest: published digest %1 differs from the %2 kix "
                         "recomputes from the line")
                         .arg(QString::fromStdString(zeros),
                              QString::fromStdString(kixfix::digest(r["manifest"])));
        QCOMPARE(doc.problems.size(), 1);
        QCOMPARE(doc.problems.first().toString(), want);
        QCOMPARE(doc.problems.first().code,
                 QString::fromLatin1(status ? codes::catalogStatus : codes::catalogDigest));
    }

    // Rows of a table kix does not know: one warning per table with the count, at the first row's line.
    void unknownTableOnce() {
        QTemporaryDir dir;
        ServingCatalog c;
        for (int i = 0; i < 3; ++i)
            c.lines << servingLine("serving_things", {{"id", i}});
        c.lines << servingLine("other_thing", {{"id", 9}});
        const QString path = dir.filePath(QStringLiteral("c.jsonl"));
        QVERIFY(kixfix::writeFile(path, c.text()));
        const RecordIndex index = kixtest::loadIndexBlocking({path});
        QStringList warnings;
        for (const ProblemRow& p : index.problemRows())
            for (const Problem& q : p.problems)
                warnings << q.toString();
        QCOMPARE(warnings, QStringList()); // warnings are no problem rows; they travel with the load
        QStringList got;
        for (ParsedDocument& d : RunStore::loadBlocking({path}))
            for (const Problem& q : d.problems)
                got << q.toString().replace(dir.path() + u'/', QString());
        const QString reads = QStringLiteral(
            " (kix reads benchmark_runs, workloads, implementations, operations, projects, measurements, "
            "record_events and the serving tables, and skips sources, artifacts and operation_aliases)");
        QCOMPARE(
            got,
            (QStringList{
                QStringLiteral(
                    "c.jsonl:12: table: warning: unknown catalog table \"other_thing\": row not read") +
                    reads,
                QStringLiteral("c.jsonl:9: table: warning: unknown catalog table \"serving_things\": 3 rows "
                               "not read, the first on this line") +
                    reads}));
    }

    // KernelIndex's newer export: every serving row read, none warned about, and kix's cohort facts
    // partition the 722 serving runs exactly as the 341 published cohortKeys do.
    void sharedNewerExport() {
        KIX_REQUIRE_SHARED(path, QStringLiteral("kernelindex/newer/catalog-2026-08-16-0022af0b.jsonl.zst"));
        qsizetype warnings = 0, errors = 0;
        RecordIndex index;
        for (ParsedDocument& d : RunStore::loadBlocking({path})) {
            for (const Problem& p : d.problems)
                (p.isError() ? errors : warnings) += 1;
            index.add(std::move(d));
        }
        QCOMPARE(errors, 0);
        QCOMPARE(warnings, 0);
        QCOMPARE(index.runCount(), 7857);
        QCOMPARE(index.resourceCount(ResourceKind::ServingRun), 722);
        QCOMPARE(index.resourceCount(ResourceKind::ServingConfiguration), 130);
        QCOMPARE(index.resourceCount(ResourceKind::ServingStackRevision), 71);
        QCOMPARE(index.resourceCount(ResourceKind::ServingWorkload), 17);
        QCOMPARE(index.resourceCount(ResourceKind::ModelRevision), 6);
        const QMap<QString, qint64> tables = index.sources().value(path).tables;
        QCOMPARE(tables.value(QStringLiteral("serving_measurements")), 722);
        const QList<ServingCohort> cohorts = servingCohorts(index);
        QCOMPARE(cohorts.size(), 341);
        QHash<QString, QString> cohortOfFacts;
        qsizetype runs = 0;
        for (const ServingCohort& c : cohorts) {
            QVERIFY(c.published);
            for (const ServingRunEntry& r : c.runs) {
                ++runs;
                QVERIFY(r.eligible());
                const QString facts = r.facts().cohortFacts();
                QCOMPARE(cohortOfFacts.value(facts, c.key), c.key); // one published cohort per kix cohort
                cohortOfFacts.insert(facts, c.key);
            }
        }
        QCOMPARE(runs, 722);
        QCOMPARE(cohortOfFacts.size(), 341); // and one kix cohort per published one
    }
};

KIX_TEST_GUILESS_MAIN(TestServingRuns)
#include "tst_serving_runs.moc"
