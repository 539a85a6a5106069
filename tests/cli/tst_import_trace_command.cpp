// `kix import-trace` on hostile input and hostile output folders (issue 13 items 5, 6, 8 and 10):
// FIFOs and devices refused before reading, a size limit with its reason, never writing through a
// planted symbolic link, never replacing a file without --force, an all-or-nothing set, option values
// checked before anything is read; the OperationSpec from kix's bundled problem file, and a set that is
// not KernelIndex-valid said so (exit 14 and nothing written with --strict-upstream; issue 26 item 1).
// Every message asserted exactly.
#include "CliRunner.h"
#include "Commands.h"
#include "JsonReader.h"
#include "KixResources.h"
#include "RecordFixtures.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <sys/stat.h>

namespace {
using Result = kixtest::CliResult;
Result run(const QStringList& args) {
    return kixtest::runKix(QStringList{QStringLiteral("import-trace")} + args);
}

QString statuses() {
    return kixtest::dataPath(QStringLiteral("traces/statuses.traces.jsonl"));
}

// One SOL-ExecBench trace line of solution "big" for workload `uuid`, naming `inputs` and carrying `log`.
// `axes` replaces the workload's axes (013's two variable axes by default).
QByteArray traceLine(const QString& uuid, const QStringList& inputs, const QString& log,
                     const char* definition = "013_fused_residual_rms_norm_backward",
                     const kix::Json& axes = {{"batch_size", 4}, {"seq_len", 1973}}) {
    kix::Json in = kix::Json::object();
    for (const QString& name : inputs)
        in[name.toStdString()] = {{"type", "random"}};
    const kix::Json line = {
        {"definition", definition},
        {"workload", {{"uuid", uuid.toStdString()}, {"axes", axes}, {"inputs", in}}},
        {"solution", "big"},
        {"evaluation",
         {{"status", "PASSED"},
          {"environment",
           {{"hardware", "NVIDIA_H100"}, {"libs", {{"torch", "2.9.0"}, {"sol_execbench", "1.1.0"}}}}},
          {"timestamp", "2026-11-30T10:00:00Z"},
          {"log", log.toStdString()},
          {"correctness", {{"max_relative_error", 0.0039}, {"max_absolute_error", 1.2e-05}}},
          {"performance", {{"latency_ms", 0.08}, {"reference_latency_ms", 0.52}, {"speedup_factor", 6.5}}}}}};
    return QByteArray::fromStdString(line.dump()) + '\n';
}

// Sets an environment variable for one scope (the readers' record limit), however the test ends.
struct EnvGuard {
    const char* name;
    QByteArray saved;
    bool wasSet;
    EnvGuard(const char* n, const QByteArray& value)
        : name(n)
        , saved(qgetenv(n))
        , wasSet(qEnvironmentVariableIsSet(n)) {
        if (!value.isEmpty())
            qputenv(name, value);
    }
    ~EnvGuard() {
        if (wasSet)
            qputenv(name, saved);
        else
            qunsetenv(name);
    }
    EnvGuard(const EnvGuard&) = delete;
    EnvGuard& operator=(const EnvGuard&) = delete;
};

// Writes `trace` as `name` in `dir` and imports it into dir/out; the two paths in `in` and `out`.
Result importWritten(const QTemporaryDir& dir, const char* name, const QByteArray& trace, QString& in,
                     QString& out) {
    in = dir.filePath(QString::fromLatin1(name));
    QFile f(in);
    if (!f.open(QIODevice::WriteOnly) || f.write(trace) != trace.size())
        qFatal("cannot write %s", name);
    f.close();
    out = dir.filePath(QStringLiteral("out"));
    return run({QStringLiteral("-o"), out, in});
}

QStringList files(const QString& dir) {
    return QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                               QDir::Name);
}
} // namespace

class TestImportTraceCommand : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixInitResources(); } // the bundled problem file, as kix's main() registers it

    void importsAndSaysWhat() {
        QTemporaryDir dir;
        const Result r = run({QStringLiteral("-o"), dir.path(), statuses()});
        QCOMPARE(r.code, 0);
        QCOMPARE(r.out.split(u'\n', Qt::SkipEmptyParts).size(), 29);
        QVERIFY2(
            r.err.endsWith(QStringLiteral(
                "kix import-trace: 10 trace(s) of 2 solution(s) into 29 file(s); not KernelIndex-valid: 3 "
                "OperationSpec argument(s) with neither a tensor nor a scalar, which KernelIndex's parser "
                "rejects (trace.argument above)\n")),
            qPrintable(r.err));
        QCOMPARE(files(dir.path()).size(), 29);
        // The same trace again: every file is already there with the same bytes, nothing to refuse.
        QCOMPARE(run({QStringLiteral("-o"), dir.path(), statuses()}).code, 0);
    }

    // The output folder's name is the user's text: every file written is listed through the sanitizer,
    // and so is the trace's path in its problems.
    void namesAreShownVisibly() {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("out\x1b]52;c;eA==\x07\n\u2028"));
        const Result r = run({QStringLiteral("-o"), out, statuses()});
        QCOMPARE(r.code, int(kix::cli::ExitOk));
        const QStringList lines = r.out.split(u'\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 29);
        for (const QString& line : lines)
            QVERIFY2(line.startsWith(dir.path() + QStringLiteral("/out\\x1b]52;c;eA==\\x07\\n⟨U+2028⟩/")),
                     qPrintable(line));
        QVERIFY(!r.out.contains(QChar(0x1b)) && !r.out.contains(QChar(0x07)));
        const QString trace = dir.filePath(QStringLiteral("t\x1b[2J.jsonl"));
        const Result missing = run({QStringLiteral("-o"), out, trace});
        QCOMPARE(missing.code, int(kix::cli::ExitInput));
        QCOMPARE(missing.err,
                 QStringLiteral("%1/t\\x1b[2J.jsonl: no such file\nkix import-trace: nothing was written\n")
                     .arg(dir.path()));
    }

    void showNamesTheCaseStatistic() {
        // SOL-ExecBench's per-case latency is a median; a suite run's primary statistic is its geomean, so
        // kix show names the median beside each case, and an untimed reference (0.0) shows as none.
        QTemporaryDir dir;
        QCOMPARE(run({QStringLiteral("-o"), dir.path(), statuses()}).code, 0);
        QString out, err;
        QTextStream o(&out), e(&err);
        QCOMPARE(kix::cli::runCli({QStringLiteral("kix"), QStringLiteral("show"), dir.path(),
                                   QStringLiteral("--run"), QStringLiteral("untimed_reference")},
                                  {o, e}),
                 0);
        o.flush();
        QVERIFY2(out.contains(QStringLiteral("latency         153 µs (latency, geomean)\n")),
                 qPrintable(out));
        QVERIFY2(
            out.contains(QRegularExpression(QStringLiteral("\n  batch_size=7 +153 µs \\(median\\)  ref +—"))),
            qPrintable(out));
    }

    void refusesSpecialFiles_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("message");
        QTest::newRow("fifo")
            << "fifo"
            << "%1: is a FIFO (named pipe), not a regular file: kix reads only regular files";
        QTest::newRow("device")
            << "/dev/zero"
            << "%1: is a character device, not a regular file: kix reads only regular files";
        QTest::newRow("folder") << "folder"
                                << "%1: is a folder, expected a manifest file";
        QTest::newRow("missing") << "missing"
                                 << "%1: no such file";
    }
    void refusesSpecialFiles() {
        QFETCH(QString, kind);
        QFETCH(QString, message);
        QTemporaryDir dir;
        QString path = dir.filePath(QStringLiteral("in.jsonl"));
        if (kind == QLatin1String("fifo"))
            QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
        else if (kind == QLatin1String("folder"))
            QVERIFY(QDir().mkpath(path));
        else if (kind != QLatin1String("missing"))
            path = kind;
        const QString out = dir.filePath(QStringLiteral("out"));
        const Result r = run({QStringLiteral("-o"), out, path});
        QCOMPARE(r.code, 3);
        QCOMPARE(r.err, message.arg(path) + QStringLiteral("\nkix import-trace: nothing was written\n"));
        QVERIFY(!QFileInfo::exists(out));
    }

    void sizeLimit() {
        QTemporaryDir dir;
        const Result r = run({QStringLiteral("--max-bytes"), QStringLiteral("1K"), QStringLiteral("-o"),
                              dir.path(), statuses()});
        QCOMPARE(r.code, 3);
        QCOMPARE(r.err, QStringLiteral("%1: the trace file is %2 bytes, over the import limit of 1024 bytes "
                                       "(--max-bytes raises it)\nkix import-trace: nothing was written\n")
                            .arg(statuses())
                            .arg(QFileInfo(statuses()).size()));
        QCOMPARE(files(dir.path()), QStringList());
    }

    void badOptions_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("max-bytes")
            << QStringList{"--max-bytes", "lots"}
            << "kix import-trace: --max-bytes: expected a size such as 1G, 512M or 4096, got \"lots\"\n";
        QTest::newRow("utc-offset") << QStringList{"--utc-offset", "CET"}
                                    << "kix import-trace: --utc-offset: expected a UTC offset such as "
                                       "+02:00, -05:30 or Z, got \"CET\"\n";
        QTest::newRow("architecture")
            << QStringList{"--architecture", "Hopper"}
            << "kix import-trace: --architecture: expected an architecture such as sm_90 "
               "(lowercase letters, digits and _), got \"Hopper\"\n";
        QTest::newRow("version") << QStringList{"--sol-execbench-version", " "}
                                 << "kix import-trace: --sol-execbench-version: expected a version of 1 to "
                                    "100 characters, got \" \"\n";
    }
    void badOptions() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Result r = run(args << statuses());
        QCOMPARE(r.code, 2);
        QCOMPARE(r.err, message);
    }

    void neverThroughALink() {
        // Another user plants a link at an output name, pointing outside the output folder.
        QTemporaryDir dir;
        const QString outside = dir.filePath(QStringLiteral("precious.txt"));
        {
            QFile f(outside);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("precious");
        }
        const QString out = dir.filePath(QStringLiteral("out"));
        QVERIFY(QDir().mkpath(out));
        const QString planted = out + QStringLiteral("/every_status.manifest.json");
        QVERIFY(QFile::link(outside, planted));
        for (const bool force : {false, true}) {
            QStringList args{QStringLiteral("-o"), out, statuses()};
            if (force)
                args.prepend(QStringLiteral("--force"));
            const Result r = run(args);
            QCOMPARE(r.code, 3);
            QVERIFY2(
                r.err.endsWith(
                    QStringLiteral("kix import-trace: %1 is a symbolic link; kix does not write through or "
                                   "replace one\n")
                        .arg(planted)),
                qPrintable(r.err));
            QCOMPARE(files(out), QStringList{"every_status.manifest.json"}); // nothing else written
        }
        QFile f(outside);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("precious"));
    }

    void replacesOnlyWithForce() {
        QTemporaryDir dir;
        const QString existing = dir.filePath(QStringLiteral("every_status.manifest.json"));
        {
            QFile f(existing);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("mine");
        }
        const Result r = run({QStringLiteral("-o"), dir.path(), statuses()});
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.endsWith(
                     QStringLiteral(
                         "kix import-trace: %1 already exists; nothing was written (--force replaces it)\n")
                         .arg(existing)),
                 qPrintable(r.err));
        QCOMPARE(files(dir.path()), QStringList{"every_status.manifest.json"});
        QCOMPARE(run({QStringLiteral("--force"), QStringLiteral("-o"), dir.path(), statuses()}).code, 0);
        QCOMPARE(files(dir.path()).size(), 29);
        QFile f(existing);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll().startsWith("{\n"));
    }

    // Issue 13 item 10: a document the import would write over KernelIndex's 1 MiB manifest limit, or over
    // the readers' record limit (evidence), is refused with its size, and nothing at all is written.
    // Issue 40 item 7: an axis that is no extent, or that contradicts the definition, is a located error
    // and nothing is written (main wrote all 15 files and exited 0 for each of these).
    void refusesAxesThatAreNotTheDefinitions_data() {
        QTest::addColumn<QByteArray>("trace");
        QTest::addColumn<QString>("error"); // after "<file>:"
        const QStringList inputs{QStringLiteral("grad_output")};
        const auto line = [&](const kix::Json& axes,
                              const char* definition = "013_fused_residual_rms_norm_backward") {
            return traceLine(QStringLiteral("u1"), inputs, QString(), definition, axes);
        };
        QTest::newRow("constant axis conflicts")
            << line({{"batch_size", 4}, {"seq_len", 1973}, {"hidden_size", 4096}})
            << QStringLiteral(
                   "1: workload.axes.hidden_size: axis \"hidden_size\" is 4096, but definition "
                   "\"013_fused_residual_rms_norm_backward\" fixes it at 2560 (kix's problem file)");
        QTest::newRow("negative") << line({{"batch_size", -4}, {"seq_len", 1973}})
                                  << QStringLiteral(
                                         "1: workload.axes.batch_size: expected a positive integer, got -4");
        QTest::newRow("zero") << line({{"batch_size", 4}, {"seq_len", 0}})
                              << QStringLiteral(
                                     "1: workload.axes.seq_len: expected a positive integer, got 0");
        QTest::newRow("above 2^63")
            << line({{"batch_size", std::uint64_t(9223372036854775809ULL)}, {"seq_len", 1973}})
            << QStringLiteral(
                   "1: workload.axes.batch_size: expected a positive integer of at most 2^63 - 1, got "
                   "9223372036854775809");
        QTest::newRow("missing")
            << line({{"batch_size", 4}})
            << QStringLiteral("1: workload.axes.seq_len: axis \"seq_len\" is missing: a variable axis "
                              "of definition \"013_fused_residual_rms_norm_backward\" as kix's "
                              "problem file states it");
        QTest::newRow("missing, definition kix does not know")
            << traceLine(QStringLiteral("u1"), inputs, QString(), "other_op",
                         {{"batch_size", 4}, {"seq_len", 8}}) +
                   traceLine(QStringLiteral("u2"), inputs, QString(), "other_op", {{"batch_size", 8}})
            << QStringLiteral("2: workload.axes.seq_len: axis \"seq_len\" is missing: definition "
                              "\"other_op\" names it at "
                              "line 1");
    }
    void refusesAxesThatAreNotTheDefinitions() {
        QFETCH(QByteArray, trace);
        QFETCH(QString, error);
        QTemporaryDir dir;
        QString in, out;
        const Result r = importWritten(dir, "axes.traces.jsonl", trace, in, out);
        QCOMPARE(r.code, int(kix::cli::ExitInput));
        // Only the error (warnings of a definition kix does not know may come before it), then nothing.
        QStringList errors;
        for (const QString& l : r.err.split(u'\n', Qt::SkipEmptyParts))
            if (!l.contains(QLatin1String(": warning: ")))
                errors << l;
        QCOMPARE(errors,
                 QStringList({in + u':' + error, QStringLiteral("kix import-trace: nothing was written")}));
        QCOMPARE(r.out, QString());
        QVERIFY(!QFileInfo::exists(out));
    }

    void refusesDocumentsOverTheLimits_data() {
        QTest::addColumn<QByteArray>("trace");
        QTest::addColumn<QByteArray>("recordLimit"); // KIX_MAX_RECORD_BYTES; empty: unset
        QTest::addColumn<QString>("message");        // a regular expression: the size is (\\d+)
        QStringList inputs; // 2,000 inputs of 600 characters: an OperationSpec of about 1.3 MB
        for (int i = 0; i < 2000; ++i)
            inputs << QStringLiteral("i%1_").arg(i, 4, 10, QLatin1Char('0')) + QString(600, u'a');
        QTest::newRow("manifest over 1 MiB")
            << traceLine(QStringLiteral("u1"), inputs, QString(), "big_op") << QByteArray()
            << QStringLiteral("big_op\\.operation\\.json would be (\\d+) bytes, "
                              "over KernelIndex's limit of 1048576 bytes for a manifest");
        // Two 40 KB logs: each line is under a 64 KiB record limit, the evidence holding both is not.
        const QString log(40000, u'x');
        QTest::newRow("evidence over the record limit")
            << traceLine(QStringLiteral("u1"), {QStringLiteral("x")}, log) +
                   traceLine(QStringLiteral("u2"), {QStringLiteral("x")}, log)
            << QByteArray("64K")
            << QStringLiteral(
                   "big\\.samples\\.json is (\\d+) bytes, over the limit of 65536 bytes per record "
                   "\\(raise it with the environment variable KIX_MAX_RECORD_BYTES, for example "
                   "KIX_MAX_RECORD_BYTES=\\1\\)");
    }
    void refusesDocumentsOverTheLimits() {
        QFETCH(QByteArray, trace);
        QFETCH(QByteArray, recordLimit);
        QFETCH(QString, message);
        const EnvGuard limit("KIX_MAX_RECORD_BYTES", recordLimit);
        QTemporaryDir dir;
        QString in, out;
        const Result r = importWritten(dir, "big.traces.jsonl", trace, in, out);
        QCOMPARE(r.code, int(kix::cli::ExitInput));
        // Before the error, the warnings of arguments without a dtype and shape (no problem file of big_op).
        const QRegularExpression expected(
            QStringLiteral(
                "\\A(?:[^\n]*: warning: [^\n]*\n)*%1: %2\nkix import-trace: nothing was written\n\\z")
                .arg(QRegularExpression::escape(in), message));
        const auto m = expected.match(r.err);
        QVERIFY2(m.hasMatch(), qPrintable(r.err.left(2000)));
        const qint64 limitBytes = recordLimit.isEmpty() ? qint64(1) << 20 : 65536;
        QVERIFY2(m.captured(1).toLongLong() > limitBytes, qPrintable(m.captured(1)));
        QCOMPARE(r.out, QString());
        QVERIFY(!QFileInfo::exists(out)); // all or nothing: not even the folder
    }

    void invalidTraceWritesNothing() {
        QTemporaryDir dir;
        const Result r = run({QStringLiteral("-o"), dir.path(),
                              kixtest::dataPath(QStringLiteral("traces/broken.traces.jsonl"))});
        QCOMPARE(r.code, 3);
        QVERIFY(r.err.endsWith(QStringLiteral("kix import-trace: nothing was written\n")));
        QCOMPARE(files(dir.path()), QStringList());
    }

    // Issue 37, item 4: a trace of workload lines only has nothing to import, as an empty one: status 3
    // (it was 0 while an empty file was 3).
    void workloadOnlyTraceIsNothingToImport() {
        QTemporaryDir dir;
        const QString trace = dir.filePath(QStringLiteral("w.traces.jsonl"));
        const kix::Json line = {{"definition", "013_fused_residual_rms_norm_backward"},
                                {"workload", {{"uuid", "u-1"}, {"axes", {{"batch_size", 4}}}}}};
        QFile f(trace);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::fromStdString(line.dump()) + "\n" + QByteArray::fromStdString(line.dump()) +
                "\n");
        f.close();
        const QString out = dir.filePath(QStringLiteral("out"));
        const Result r = run({QStringLiteral("-o"), out, trace});
        QCOMPARE(r.err, trace + QStringLiteral(":1: nothing to import: the 2 line(s) are workload-only (no "
                                               "evaluation)\n"
                                               "kix import-trace: nothing was written\n"));
        QCOMPARE(r.code, int(kix::cli::ExitInput));
        const QString empty = dir.filePath(QStringLiteral("empty.traces.jsonl"));
        QVERIFY(kixfix::writeFile(empty, "\n"));
        const Result none = run({QStringLiteral("-o"), out, empty});
        QCOMPARE(none.err,
                 empty + QStringLiteral(": nothing to import: no evaluated trace (expected one JSON "
                                        "trace per line)\n"
                                        "kix import-trace: nothing was written\n"));
        QCOMPARE(none.code, int(kix::cli::ExitInput));
        QCOMPARE(r.out, QString());
        QVERIFY(!QFileInfo::exists(out));
    }

    void importTrace() {
        QTemporaryDir dir;
        const Result r = kixtest::runKix(
            {QStringLiteral("import-trace"), QStringLiteral("--strict-upstream"), QStringLiteral("-o"),
             dir.path(), kixtest::dataPath(QStringLiteral("traces/synthetic-013.traces.jsonl"))});
        QCOMPARE(r.code, 0);
        QCOMPARE(r.out.split(u'\n', Qt::SkipEmptyParts).size(), 15); // a set per solution (tst_trace_import)
        QVERIFY(QFileInfo::exists(dir.filePath(QStringLiteral("demo_cuda.manifest.json"))));
        QVERIFY2(
            r.err.endsWith(QStringLiteral("kix import-trace: 3 trace(s) of 2 solution(s) into 15 file(s)\n")),
            qPrintable(r.err));
        QCOMPARE(kixtest::runKix({QStringLiteral("verify"), dir.path()}).code, 0);
        // The bundled problem file gives every argument its dtype and shape: KernelIndex's rules hold.
        const Result strict =
            kixtest::runKix({QStringLiteral("verify"), QStringLiteral("--strict-upstream"), dir.path()});
        QVERIFY2(strict.code == 0, qPrintable(strict.err));
        const Result broken =
            kixtest::runKix({QStringLiteral("import-trace"), QStringLiteral("-o"), dir.path(),
                             kixtest::dataPath(QStringLiteral("traces/broken.traces.jsonl"))});
        QCOMPARE(broken.code, 3);
    }

    // Issue 26 item 1: a definition kix has no problem file for gives arguments with neither a tensor nor
    // a scalar. Without the flag the set is written and the last line says it is not KernelIndex-valid
    // (verify --strict-upstream then exits 14); with --strict-upstream nothing is written, status 14.
    void notKernelIndexValidIsSaid() {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("strict"));
        const Result strict =
            run({QStringLiteral("--strict-upstream"), QStringLiteral("-o"), out, statuses()});
        QCOMPARE(strict.code, int(kix::cli::ExitUpstream));
        QCOMPARE(strict.out, QString());
        QCOMPARE(strict.err.count(QStringLiteral(": warning: ")), 5); // 2 naive/workload-only, 3 arguments
        const QString weight =
            statuses() + QStringLiteral(":1: workload.inputs.weight: warning: input \"weight\" "
                                        "of definition \"rmsnorm_h4096\" has no dtype or shape");
        QVERIFY2(strict.err.contains(weight), qPrintable(strict.err));
        QVERIFY2(strict.err.endsWith(QStringLiteral(
                     "kix import-trace: KernelIndex would reject the set: 3 OperationSpec argument(s) with "
                     "neither a tensor nor a scalar, which KernelIndex's parser rejects (trace.argument "
                     "above); with --strict-upstream nothing was written\n")),
                 qPrintable(strict.err));
        QVERIFY(!QFileInfo::exists(out));

        const QString written = dir.filePath(QStringLiteral("written"));
        QCOMPARE(run({QStringLiteral("-o"), written, statuses()}).code, int(kix::cli::ExitOk));
        const kixtest::CliResult verified =
            kixtest::runKix({QStringLiteral("verify"), QStringLiteral("--strict-upstream"), written});
        QCOMPARE(verified.code, int(kix::cli::ExitUpstream));
        // Issue 37, item 5: --json gives the reason the text gives: the rejected link, by name. (Findings
        // alone, no error: 0 without --strict-upstream.)
        const kixtest::CliResult json =
            kixtest::runKix({QStringLiteral("verify"), QStringLiteral("--json"), written});
        QCOMPARE(json.code, int(kix::cli::ExitOk));
        const kix::Json report = kix::Json::parse(json.out.toStdString());
        QVERIFY(!report["runs"].empty());
        for (const kix::Json& r : report["runs"]) {
            QCOMPARE(r["acceptedUpstream"].get<bool>(), false);
            QCOMPARE(r["rejectedLinks"].dump(), std::string(R"(["OperationSpec rmsnorm_h4096"])"));
            QCOMPARE(r["upstreamReason"].get<std::string>(),
                     std::string("it links OperationSpec rmsnorm_h4096, which KernelIndex would reject"));
        }
        // No run is called accepted when the OperationSpec it links (through its workload) is rejected.
        QVERIFY2(!verified.out.contains(QStringLiteral("accepted by KernelIndex: yes")),
                 qPrintable(verified.out));
        QVERIFY2(verified.out.contains(QStringLiteral(
                     "accepted by KernelIndex: no (0 finding(s), 0 error(s); it links OperationSpec "
                     "rmsnorm_h4096, which KernelIndex would reject)")),
                 qPrintable(verified.out));
        // kix show says the same (one rule, model/index RejectedLinks).
        const kixtest::CliResult listed = kixtest::runKix({QStringLiteral("show"), written});
        QCOMPARE(listed.code, int(kix::cli::ExitOk));
        const QString first = listed.out.section(u' ', 0, 0); // more runs than shown in full: one by digest
        QVERIFY2(first.startsWith(QStringLiteral("sha256:")), qPrintable(listed.out));
        const kixtest::CliResult shown =
            kixtest::runKix({QStringLiteral("show"), written, QStringLiteral("--run"), first});
        QCOMPARE(shown.code, int(kix::cli::ExitOk));
        QVERIFY2(!shown.out.contains(QStringLiteral("accepted by KernelIndex: yes")), qPrintable(shown.out));
        QVERIFY2(shown.out.contains(QStringLiteral(
                     "accepted by KernelIndex: no (0 finding(s), 0 error(s); it links OperationSpec "
                     "rmsnorm_h4096, which KernelIndex would reject)")),
                 qPrintable(shown.out));
    }

    // Issue 37, item 4: --definition gives a definition kix has no problem file for its dtypes and shapes
    // (SOL-ExecBench's definition.json, the user's own): the set is KernelIndex-valid, so even
    // --strict-upstream writes it and verify accepts it.
    void definitionMakesTheSetKernelIndexValid() {
        QTemporaryDir dir;
        const QString def = dir.filePath(QStringLiteral("definition.json"));
        const kix::Json definition = {
            {"name", "rmsnorm_h4096"},
            {"axes",
             {{"batch_size", {{"type", "var"}}}, {"hidden_size", {{"type", "const"}, {"value", 4096}}}}},
            {"inputs",
             {{"hidden_states", {{"shape", {"batch_size", "hidden_size"}}, {"dtype", "bfloat16"}}},
              {"weight", {{"shape", {"hidden_size"}}, {"dtype", "bfloat16"}}}}},
            {"outputs", {{"output", {{"shape", {"batch_size", "hidden_size"}}, {"dtype", "bfloat16"}}}}},
            {"reference", "def run(hidden_states, weight): ..."}};
        QVERIFY(kixfix::writeFile(def, QByteArray::fromStdString(definition.dump())));
        const QString out = dir.filePath(QStringLiteral("out"));
        const Result r = run({QStringLiteral("--strict-upstream"), QStringLiteral("--definition"), def,
                              QStringLiteral("-o"), out, statuses()});
        QCOMPARE(r.code, int(kix::cli::ExitOk));
        QVERIFY2(!r.err.contains(QStringLiteral("trace.argument")) &&
                     !r.err.contains(QStringLiteral("no dtype")),
                 qPrintable(r.err));
        const kix::Json op = kix::Json::parse(
            kixtest::readAll(QDir(out).filePath(QStringLiteral("rmsnorm_h4096.operation.json")))
                .toStdString());
        QCOMPARE(op["spec"]["inputs"].dump(),
                 std::string(R"([{"name":"hidden_states","tensor":{"dtype":"bf16","shape":["batch_size",)"
                             R"("hidden_size"]}},{"name":"weight","tensor":{"dtype":"bf16","shape":)"
                             R"(["hidden_size"]}}])"));
        const kixtest::CliResult verified = kixtest::runKix({QStringLiteral("verify"), out});
        QCOMPARE(verified.code, int(kix::cli::ExitOk));
        QVERIFY2(!verified.out.contains(QStringLiteral("accepted by KernelIndex: no")),
                 qPrintable(verified.out));

        // A definition kix cannot use is refused before anything is written, with the reason.
        kix::Json bad = definition;
        bad["inputs"]["weight"]["dtype"] = "complex64";
        QVERIFY(kixfix::writeFile(def, QByteArray::fromStdString(bad.dump())));
        const QString none = dir.filePath(QStringLiteral("none"));
        const Result refused =
            run({QStringLiteral("--definition"), def, QStringLiteral("-o"), none, statuses()});
        QCOMPARE(refused.code, int(kix::cli::ExitInput));
        QCOMPARE(refused.err,
                 def +
                     QStringLiteral(": inputs.weight.dtype: \"complex64\" is not a dtype kix knows\n"
                                    "kix import-trace: --definition ") +
                     def + QStringLiteral(": not a usable definition.json; nothing was written\n"));
        QVERIFY(!QFileInfo::exists(none));
    }

    // Issue 37, item 4: a catalog export given to import-trace is called one.
    void catalogExportIsCalledOne() {
        QTemporaryDir dir;
        const QString catalog = dir.filePath(QStringLiteral("catalog.jsonl"));
        QVERIFY(kixfix::writeFile(catalog, "{\"table\": \"sources\", \"row\": {\"id\": \"src-1\"}}\n"
                                           "{\"table\": \"operations\", \"row\": {\"id\": \"op-1\"}}\n"));
        const Result r = run({QStringLiteral("-o"), dir.filePath(QStringLiteral("out")), catalog});
        QCOMPARE(r.code, int(kix::cli::ExitInput));
        QCOMPARE(r.err, catalog + QStringLiteral(":1: this is a KernelIndex catalog export (2 {\"table\", "
                                                 "\"row\"} line(s), the first here), not a SOL-ExecBench "
                                                 "trace: open it with kix verify, kix show or the explorer\n"
                                                 "kix import-trace: nothing was written\n"));
    }
};

KIX_TEST_GUILESS_MAIN(TestImportTraceCommand)
#include "tst_import_trace_command.moc"
