// `kix verify`'s one exit-status rule (docs/trust.md): 0 clean, 1 for any mismatch (a catalog's tampered
// digest included, its record still read), 3 only for what could not be read or nothing to check, 14 for a
// record read with an error (issue 37: it was 0 without --strict-upstream) and, with --strict-upstream,
// for anything KernelIndex would reject in what was read. And the loader's bounds as the
// command line shows them: bad catalog lines printed as read, the first 20 per code, the rest counted.
#include "CliFixtures.h"
#include "Commands.h"
#include "TestMain.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

using namespace kixcli;

namespace {

enum class Input {
    Clean,
    TamperedDigest,
    Unreadable,
    BlankLines,
    EmptyZstd,
    EmptyFolder,
    NoZone,
    NegativeLatency,
    UnknownOnly
};

// Writes the input of a row into `dir`; returns its path.
QString writeInput(Input input, const QTemporaryDir& dir) {
    kixfix::Catalog c;
    QString catalog = dir.filePath(QStringLiteral("c.jsonl"));
    switch (input) {
    case Input::Clean:
        break;
    case Input::TamperedDigest:
        c.lines[c.lineOf("workloads") - 1]["row"]["workloadDigest"] = "sha256:" + std::string(64, '0');
        break;
    case Input::Unreadable:
        kixfix::writeFile(dir.filePath(QStringLiteral("broken.json")), "{\"run\": ");
        return dir.filePath(QStringLiteral("broken.json"));
    case Input::BlankLines:
        kixfix::writeFile(catalog, "\n \n\n");
        return catalog;
    case Input::EmptyZstd:
        kixfix::writeFile(catalog + QStringLiteral(".zst"), kixfix::zstd(QByteArray()));
        return catalog + QStringLiteral(".zst");
    case Input::EmptyFolder:
        QDir(dir.path()).mkdir(QStringLiteral("empty"));
        return dir.filePath(QStringLiteral("empty"));
    case Input::NoZone:
        c.lines[c.lineOf("benchmark_runs") - 1]["row"]["publishedAt"] = "2026-08-15T10:00:00";
        break;
    case Input::NegativeLatency: { // research case s11: KernelIndex's parser rejects it
        kixfix::Json run = c.lines[c.lineOf("benchmark_runs") - 1]["row"]["manifest"];
        run["run"]["spec"]["timing"]["latencyNs"]["median"] = -8120;
        kixfix::writeFile(dir.filePath(QStringLiteral("negative.json")),
                          QByteArray::fromStdString(run.dump()));
        return dir.filePath(QStringLiteral("negative.json"));
    }
    case Input::UnknownOnly:
        kixfix::writeFile(catalog, "{\"table\": \"benchmark_run\", \"row\": {\"id\": \"r\"}}\n");
        return catalog;
    }
    kixfix::writeFile(catalog, c.text());
    return catalog;
}

} // namespace

class TestVerifyExitRule : public QObject {
    Q_OBJECT
    SuiteConfig m_config;

private slots:
    void initTestCase() { QVERIFY(m_config.setUp()); }

    void exitRule_data() {
        QTest::addColumn<int>("input");
        QTest::addColumn<int>("status");
        QTest::addColumn<int>("strict");
        QTest::addColumn<QString>("says");
        const auto row = [](const char* name, Input input, int status, int strict, const QString& says) {
            QTest::newRow(name) << int(input) << status << strict << says;
        };
        row("clean catalog", Input::Clean, 0, 0, QStringLiteral("0 error(s) in the inputs"));
        row("tampered digest", Input::TamperedDigest, 1, 1,
            QStringLiteral(":3: mismatch: row.workloadDigest: published digest sha256:"));
        row("unreadable input", Input::Unreadable, 3, 3, QStringLiteral("not read: "));
        row("nothing to check: blank lines", Input::BlankLines, 3, 3,
            QStringLiteral("not read: holds no catalog record"));
        row("nothing to check: empty zstd frame", Input::EmptyZstd, 3, 3,
            QStringLiteral("not read: holds no catalog record"));
        row("nothing to check: empty folder", Input::EmptyFolder, 3, 3,
            QStringLiteral("not read: no manifest in this folder"));
        row("KernelIndex rejects: timestamp without zone", Input::NoZone, 14, 14,
            QStringLiteral("1 error(s) in the inputs"));
        row("KernelIndex rejects: a negative latency", Input::NegativeLatency, 14, 14,
            QStringLiteral("accepted by KernelIndex: no"));
        row("nothing to check: unknown table only", Input::UnknownOnly, 3, 3,
            QStringLiteral("0 run(s), 0 other resource(s)"));
    }
    void exitRule() {
        QFETCH(int, input);
        QFETCH(int, status);
        QFETCH(int, strict);
        QFETCH(QString, says);
        QTemporaryDir dir;
        const QString path = writeInput(Input(input), dir);
        const Result r = run({QStringLiteral("verify"), path});
        QVERIFY2(r.out.contains(says), qPrintable(r.out + r.err));
        QCOMPARE(r.code, status);
        QCOMPARE(run({QStringLiteral("verify"), QStringLiteral("--strict-upstream"), path}).code, strict);
        // A record that was read is never called "not read".
        if (Input(input) == Input::TamperedDigest || Input(input) == Input::NoZone ||
            Input(input) == Input::NegativeLatency)
            QVERIFY2(!r.out.contains(QStringLiteral("not read")), qPrintable(r.out));
        if (status == 3 && Input(input) != Input::Unreadable && Input(input) != Input::EmptyFolder)
            QVERIFY2(r.err.contains(QStringLiteral(
                         "kix verify: nothing to check: the inputs hold no run and no other resource\n")),
                     qPrintable(r.err));
    }

    // Issue 26, item 8: the unknown table's row is a located warning on stderr; beside good rows, status 0.
    void unknownTableBesideRuns() {
        QTemporaryDir dir;
        kixfix::Catalog c;
        const QString path = dir.filePath(QStringLiteral("c.jsonl"));
        QVERIFY(kixfix::writeFile(path, c.text() + "{\"table\": \"benchmark_run\", \"row\": {}}\n"));
        const Result r = run({QStringLiteral("verify"), path});
        QCOMPARE(r.code, 0);
        QVERIFY2(
            r.err.contains(QStringLiteral("%1:%2: table: warning: unknown catalog table \"benchmark_run\": "
                                          "row not read")
                               .arg(path)
                               .arg(c.lines.size() + 1)),
            qPrintable(r.err));
    }

    // Issue 26, item 6: 300 bad lines print 20 located problems and one summary, the error count is all
    // 300, and every good line is still verified.
    void badLinesPrintBounded() {
        QTemporaryDir dir;
        kixfix::Catalog c;
        const QString path = dir.filePath(QStringLiteral("c.jsonl"));
        QByteArray text = c.text();
        for (int i = 0; i < 300; ++i)
            text += "{}\n";
        QVERIFY(kixfix::writeFile(path, text));
        const Result r = run({QStringLiteral("verify"), path});
        QCOMPARE(r.code, 3);
        QCOMPARE(r.err.count(QStringLiteral(": expected a catalog record")), 20);
        const auto first = qint64(c.lines.size()) + 1;
        QVERIFY(r.err.startsWith(
            QStringLiteral("%1:%2: expected a catalog record {\"table\": name, \"row\": object}\n")
                .arg(path)
                .arg(first)));
        QVERIFY2(
            r.err.contains(QStringLiteral("%1: 280 more line(s) with this problem (catalog.line) not listed: "
                                          "300 in all, the first 20 listed above\n")
                               .arg(path)),
            qPrintable(r.err));
        QVERIFY2(
            r.out.contains(QStringLiteral("4 run(s), 7 other resource(s): 43 verified, 0 mismatch, 0 not "
                                          "verifiable; 300 error(s) in the inputs\n")),
            qPrintable(r.out.right(400)));
    }

    // `kix show` on a SOL-ExecBench trace says once what the file is and which command reads it.
    void showOnATrace() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("trace.jsonl"));
        QByteArray text;
        for (int i = 0; i < 12; ++i)
            text += "{\"definition\": \"d\", \"workload\": {\"axes\": {}}, \"solution\": \"s\"}\n";
        QVERIFY(kixfix::writeFile(path, text));
        const Result r = run({QStringLiteral("show"), path});
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.startsWith(
                     QStringLiteral(
                         "%1:1: this is a SOL-ExecBench trace (records of definition, workload, solution "
                         "and evaluation), not a KernelIndex catalog export: make manifests of it with "
                         "`kix import-trace %1`; the file is not read\n")
                         .arg(path)),
                 qPrintable(r.err));
        QCOMPARE(r.err.count(QStringLiteral("SOL-ExecBench")), 1);
        QVERIFY(!r.err.contains(QStringLiteral("expected a catalog record")));
    }
};

KIX_TEST_GUILESS_MAIN(TestVerifyExitRule)
#include "tst_verify_exit_rule.moc"
