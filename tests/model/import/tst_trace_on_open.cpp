// A SOL-ExecBench trace opened where manifests are opened (issue 37, item 7): without the importer it is
// one problem row naming kix import-trace (what the explorer showed); with it (installTraceOpening, as the
// explorer's main installs it) it is imported on open, in memory: the same runs, with the same digests and
// per-case results, as the set kix import-trace writes, the import's warnings on the suite run, and
// nothing written beside the trace.
#include "KixResources.h"
#include "LoadIndexBlocking.h"
#include "ManifestSet.h"
#include "ProblemTexts.h"
#include "SharedData.h"
#include "BundledProblem.h"
#include "TestMain.h"
#include "TestSupport.h"
#include "TraceImport.h"
#include "TraceOnOpen.h"
#include "TraceOpening.h"

#include <QDir>
#include <QFile>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace kix;

namespace {

QSet<QString> runDigests(const RecordIndex& index) {
    QSet<QString> out;
    for (const RunEntry& e : index.runs())
        out.insert(e.run->digest());
    return out;
}

const RunEntry* mostCases(const RecordIndex& index) {
    const RunEntry* best = nullptr;
    for (const RunEntry& e : index.runs())
        if (!best || e.run->spec.cases.size() > best->run->spec.cases.size())
            best = &e;
    return best;
}

} // namespace

class TestTraceOnOpen : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixInitResources(); } // the bundled problem 013
    void cleanup() { setTraceReader({}); }

    void importedOnOpen_data() {
        QTest::addColumn<QString>("trace");
        QTest::newRow("synthetic 013")
            << kixtest::dataPath(QStringLiteral("traces/synthetic-013.traces.jsonl"));
        if (const QString bras =
                kixtest::sharedPath(QStringLiteral("sol-execbench/traces/bras-trace_230.jsonl"));
            !bras.isEmpty())
            QTest::newRow("bras-trace_230 (shared)") << bras;
    }
    void importedOnOpen() {
        QFETCH(QString, trace);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("t.jsonl"));
        QVERIFY(QFile::copy(trace, path));

        // Without the importer: one problem row, what the explorer showed before.
        const RecordIndex plain = kixtest::loadIndexBlocking({path});
        QCOMPARE(plain.runCount(), 0);
        QCOMPARE(plain.problemRows().size(), 1);
        QVERIFY(plain.problemRows().first().problems.first().message.contains(
            QStringLiteral("make manifests of it with `kix import-trace")));

        // What kix import-trace writes, loaded from disk: the reference.
        TraceImportOptions options;
        QVERIFY(bundledProblemDefinition());
        options.definitions << bundledProblemDefinition();
        const TraceImportResult written = importTraceFile(path, options);
        QVERIFY(!hasErrors(written.problems));
        QTemporaryDir out;
        QVERIFY(writeManifestSet(out.path(), written.files, false).ok());
        const RecordIndex onDisk = kixtest::loadIndexBlocking({out.path()});
        QVERIFY(onDisk.runCount() > 0);

        installTraceOpening();
        const RecordIndex opened = kixtest::loadIndexBlocking({path});
        QCOMPARE(opened.problemRows().size(), 0);
        QCOMPARE(runDigests(opened), runDigests(onDisk));
        QCOMPARE(opened.resources().size(), onDisk.resources().size());
        const RunEntry* suite = mostCases(opened);
        const RunEntry* suiteOnDisk = mostCases(onDisk);
        QCOMPARE(suite->run->digest(), suiteOnDisk->run->digest());
        QVERIFY(suite->run->spec.cases.size() >= 2); // read from the raw-samples evidence, in memory
        QCOMPARE(suite->run->spec.cases.size(), suiteOnDisk->run->spec.cases.size());
        QVERIFY(!suite->hasErrors());
        const Problems problems = suite->problems();
        QCOMPARE(problems.first().toString(),
                 QStringLiteral(
                     "%1:1: warning: a SOL-ExecBench trace, imported on open in memory: %2 trace(s) of "
                     "%3 solution(s) into %4 document(s), nothing written (`kix import-trace t.jsonl -o "
                     "DIR` writes them)")
                     .arg(path)
                     .arg(written.traces)
                     .arg(written.solutions.size())
                     .arg(written.files.size()));
        const QStringList texts = kixtest::problemTexts(problems);
        for (const QString& p : kixtest::problemTexts(written.problems))
            QVERIFY2(texts.contains(p), qPrintable(p));
        QVERIFY(suite->file().startsWith(QFileInfo(path).absoluteFilePath() + QStringLiteral(" ▸ ")));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::NoDotAndDotDot),
                 QStringList{QStringLiteral("t.jsonl")});
    }

    // An import that fails is its located problems, one row, nothing else.
    void failedImportIsARow() {
        installTraceOpening();
        const QString broken = kixtest::dataPath(QStringLiteral("traces/broken.traces.jsonl"));
        TraceImportOptions options;
        QVERIFY(bundledProblemDefinition());
        options.definitions << bundledProblemDefinition();
        const TraceImportResult want = importTraceFile(broken, options);
        QVERIFY(hasErrors(want.problems));
        const RecordIndex opened = kixtest::loadIndexBlocking({broken});
        QCOMPARE(opened.runCount(), 0);
        QCOMPARE(opened.problemRows().size(), 1);
        QCOMPARE(kixtest::problemTexts(opened.problemRows().first().problems),
                 kixtest::problemTexts(want.problems));
    }
};

KIX_TEST_GUILESS_MAIN(TestTraceOnOpen)
#include "tst_trace_on_open.moc"
