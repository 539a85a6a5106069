// The `kix` command line: output, exit statuses and error messages of each subcommand.
#include "Commands.h"
#include "KixResources.h"
#include "LocalRunner.h"
#include "TestSupport.h"

#include <QTemporaryDir>
#include <QTest>

namespace {
struct Result {
    int code;
    QString out, err;
};
Result run(QStringList args) {
    QString out, err;
    QTextStream o(&out), e(&err);
    args.prepend(QStringLiteral("kix"));
    const int code = kix::cli::runCli(args, {o, e});
    o.flush();
    e.flush();
    return {code, out, err};
}
const QString kLeader =
    kixtest::repoPath(QStringLiteral("resources/samples/kernelindex/sol-submission-20042.manifest.json"));
} // namespace

class TestCli : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixInitResources(); }

    void showSeed() {
        const Result r = run({QStringLiteral("show"), kixtest::seedPath()});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.startsWith(QStringLiteral("ac4k · 013_fused_residual_rms_norm_backward · B200\n")));
        QVERIFY(r.out.contains(QStringLiteral("latency         45.3 µs (mean)\n")));
        QVERIFY(r.out.contains(QStringLiteral("  protocolDigest        verified        sha256:2964c5c4ed9c…  "
                                              "recomputed from protocol in this file\n")));
        QVERIFY(r.out.contains(QStringLiteral("  workloadDigest        not verifiable  ")));
    }

    void showJson() {
        const Result r = run({QStringLiteral("show"), QStringLiteral("--json"), kixtest::seedPath()});
        QCOMPARE(r.code, 0);
        const auto j = kix::Json::parse(r.out.toStdString());
        QCOMPARE(QString::fromStdString((j["digest"]).get<std::string>()),
                 QStringLiteral("sha256:486a757a54ba25c8de2165e2dd2b9696c234d1147241426c430e6334870d0e2b"));
        QCOMPARE(QString::fromStdString((j["digests"][0]["state"]).get<std::string>()),
                 QStringLiteral("verified"));
        QCOMPARE(j["latencyNs"].get<double>(), 45344.0);
    }

    void errors_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("err");
        const auto row = [](const char* name, const char* args, int code, const char* err) {
            QTest::newRow(name) << QString::fromUtf8(args).split(u' ', Qt::SkipEmptyParts) << code
                                << QString::fromUtf8(err);
        };
        row("no command", "", 2, "Usage: kix COMMAND");
        row("unknown command", "frobnicate", 2, "kix: unknown command \"frobnicate\"");
        row("show two files", "show a b", 2,
            "kix show: expected 1 file argument(s), got 2 (see kix show --help)");
        row("show missing file", "show /nonexistent.json", 3, "/nonexistent.json: no such file");
        row("cite bad format", "cite --format ris x.json", 2,
            "kix cite: unknown format \"ris\": expected bibtex, cff or text");
        row("cite bad date", "cite --accessed 02/12/2026 x.json", 2,
            "kix cite: --accessed expects a date as YYYY-MM-DD, got \"02/12/2026\"");
        row("diff one file", "diff a", 2,
            "kix diff: expected 2 file argument(s), got 1 (see kix diff --help)");
        row("unknown option", "verify --frob a", 2, "kix verify: Unknown option 'frob'.");
        row("run bad cases", "run --cases 3,16", 2, "kix run: case \"16\" is not a number from 0 to 15\n");
        row("run bad device", "run --device tpu", 2, "kix run: --device expects gpu or cpu, got \"tpu\"\n");
        row("run big case on cpu", "run --device cpu --cases 8,1", 2,
            "kix run: workload 1 has 524288 rows; CPU mode runs only workloads of at most 4096 rows (2, 3, "
            "4, 5, "
            "7, 8, 14, 15)\n");
        row("run bad tag", "run --device cpu --file-tag ../x", 2,
            "kix run: --file-tag expects up to 64 letters, digits, - and _, got \"../x\"\n");
        row("cluster option without --slurm", "run --device cpu --partition gpu", 2,
            "kix run: --partition, --account, --print-script and the other cluster options need --slurm\n");
        row("slurm bad array", "run --slurm --array 0-3", 2,
            "kix run: --array expects cases, cases:N or gpus:N (N from 1 to 9999), got \"0-3\"\n");
        row("slurm bad partition", "run --slurm --partition a;b --output /tmp/x", 2,
            "kix run: --partition \"a;b\" is not one word of letters, digits and _ . : , = + @ / - %\n");
        row("slurm bad poll", "run --slurm --poll 0 --output /tmp/x", 2,
            "kix run: --poll expects seconds from 0.1 to 86400, got \"0\"\n");
        row("slurm with a tag", "run --slurm --file-tag t1", 2,
            "kix run: --file-tag is set by the batch script for each task; leave it out with --slurm\n");
    }
    void errors() {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        QFETCH(QString, err);
        const Result r = run(args);
        QCOMPARE(r.code, code);
        QVERIFY2(r.err.startsWith(err), qPrintable(r.err));
    }

    void verifyExitStatus() {
        QCOMPARE(run({QStringLiteral("verify"), kixtest::seedPath(), kixtest::suitePath()}).code, 0);
        QTemporaryDir dir;
        auto doc = kixtest::seedJson();
        doc["environment"]["spec"]["hardware"]["product"] = "NVIDIA B201";
        const QString tampered = dir.filePath(QStringLiteral("tampered.json"));
        QFile f(tampered);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::fromStdString(doc.dump()));
        f.close();
        const Result r = run({QStringLiteral("verify"), tampered});
        QCOMPARE(r.code, 1);
        QVERIFY(r.out.contains(
            QStringLiteral("  environmentDigest     mismatch\n      expected "
                           "sha256:5296c820e166474e590abb1beaf7728cdfe0a4bde9bf55f8966a40f4f5401621\n      "
                           "computed sha256:")));
    }

    void diffNotComparable() {
        const Result r = run({QStringLiteral("diff"), kixtest::seedPath(), kLeader});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains(
            QStringLiteral("NOT COMPARABLE:\n  - stack version differs: \"SOL-ExecBench evaluation stack "
                           "v1.0\" vs \"SOL-ExecBench evaluation stack v1.1\"\n")));
        QVERIFY(
            r.out.contains(QStringLiteral("Cases: suite values only (no per-case results): B/A = 0.934\n")));
        QVERIFY(r.out.contains(QStringLiteral("  ~ protocol.spec.harness.version: \"v1.0\" -> \"v1.1\"\n")));
    }

    void cite() {
        const Result r =
            run({QStringLiteral("cite"), QStringLiteral("--format"), QStringLiteral("text"),
                 QStringLiteral("--accessed"), QStringLiteral("2026-12-02"), kixtest::seedPath()});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.endsWith(QStringLiteral("Accessed 2026-12-02.\n")));
    }

    void importTrace() {
        QTemporaryDir dir;
        const Result r = run({QStringLiteral("import-trace"), QStringLiteral("-o"), dir.path(),
                              kixtest::dataPath(QStringLiteral("traces/synthetic-013.traces.jsonl"))});
        QCOMPARE(r.code, 0);
        QCOMPARE(r.out.split(u'\n', Qt::SkipEmptyParts).size(), 2);
        QVERIFY(QFileInfo::exists(dir.filePath(QStringLiteral("trace-demo_cuda.manifest.json"))));
        QCOMPARE(
            run({QStringLiteral("verify"), dir.filePath(QStringLiteral("trace-demo_cuda.manifest.json"))})
                .code,
            0);
        const Result broken = run({QStringLiteral("import-trace"), QStringLiteral("-o"), dir.path(),
                                   kixtest::dataPath(QStringLiteral("traces/broken.traces.jsonl"))});
        QCOMPARE(broken.code, 3);
    }

    void runWithoutGpu() {
        const QString why = kix::runner::localRunUnavailableReason();
        if (why.isEmpty())
            QSKIP("a GPU is present here; tst_kernel_cuda covers the local run");
        const Result r = run({QStringLiteral("run"), QStringLiteral("--output"),
                              QDir::tempPath() + QStringLiteral("/kix-never")});
        QCOMPARE(r.code, int(kix::protocol::RunUnavailable));
        QCOMPARE(r.err, QStringLiteral("kix run: cannot run locally: %1\n").arg(why));
        QVERIFY(!QFileInfo::exists(QDir::tempPath() + QStringLiteral("/kix-never")));
        const Result jsonl = run({QStringLiteral("run"), QStringLiteral("--check"),
                                  QStringLiteral("--progress"), QStringLiteral("jsonl")});
        QCOMPARE(jsonl.code, 4);
        QCOMPARE(
            QString::fromStdString((kix::Json::parse(jsonl.out.toStdString())["event"]).get<std::string>()),
            QStringLiteral("unavailable"));
    }

    // issue 13: an unusable --output is found before any work, not after a whole run.
    void runRefusesAnUnusableOutputFirst() {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("a-file"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        Result r = run({QStringLiteral("run"), QStringLiteral("--device"), QStringLiteral("cpu"),
                        QStringLiteral("--output"), file});
        QCOMPARE(r.code, 2);
        QCOMPARE(
            r.err,
            QStringLiteral("kix run: --output: %1 exists and is not a folder; nothing was run\n").arg(file));
        QCOMPARE(r.out, QString());
        const QString below = file + QStringLiteral("/runs");
        r = run({QStringLiteral("run"), QStringLiteral("--device"), QStringLiteral("cpu"),
                 QStringLiteral("--output"), below});
        QCOMPARE(r.code, 2);
        QCOMPARE(r.err,
                 QStringLiteral("kix run: --output: cannot create %1: %2 is not a folder; nothing was run\n")
                     .arg(below, file));
    }

    void runInCpuMode() {
        QTemporaryDir dir;
        const Result r =
            run({QStringLiteral("run"), QStringLiteral("--device"), QStringLiteral("cpu"),
                 QStringLiteral("--quick"), QStringLiteral("--cases"), QStringLiteral("15"),
                 QStringLiteral("--file-tag"), QStringLiteral("t1"), QStringLiteral("--output"), dir.path()});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.startsWith(QStringLiteral("CPU: ")), qPrintable(r.out));
        QVERIFY(r.out.contains(
            QStringLiteral("(CPU mode: the kernel's math on one CPU thread, not a GPU result)\n")));
        QVERIFY(r.out.contains(QStringLiteral("case 1 of 1 (workload 15): ")));
        QVERIFY(r.out.contains(QStringLiteral("-t1.manifest.json\n")));
        const QStringList written =
            QDir(dir.path()).entryList({QStringLiteral("kix-cpu-run-*-t1.manifest.json")});
        QCOMPARE(written.size(), 1);
        QCOMPARE(run({QStringLiteral("verify"), dir.filePath(written.first()),
                      dir.filePath(QStringLiteral("kix-cpu-reference-0.1.0.json")),
                      kix::runner::bundledSuitePath()})
                     .code,
                 0);
        const Result check = run({QStringLiteral("run"), QStringLiteral("--device"), QStringLiteral("cpu"),
                                  QStringLiteral("--check")});
        QCOMPARE(check.code, 0);
        QCOMPARE(check.out, QStringLiteral("kix run: a CPU-mode run is possible here\n"));
    }

    void printScript() {
        const Result r =
            run({QStringLiteral("run"), QStringLiteral("--slurm"), QStringLiteral("--print-script"),
                 QStringLiteral("--array"), QStringLiteral("cases:2"), QStringLiteral("--cases"),
                 QStringLiteral("0,1,2"), QStringLiteral("--partition"), QStringLiteral("h100"),
                 QStringLiteral("--runner"), QStringLiteral("/opt/kix/bin/kix"), QStringLiteral("--output"),
                 QStringLiteral("/shared/kix")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.startsWith(QStringLiteral("#!/bin/bash\n")), qPrintable(r.out));
        QVERIFY(r.out.contains(QStringLiteral("\n#SBATCH --array=0-1\n#SBATCH --partition=h100\n")));
        QVERIFY(r.out.contains(QStringLiteral("\n#SBATCH --gres=gpu:1\n")));
        QVERIFY(r.out.contains(QStringLiteral("\n  0) cases=0,1 ;;\n  1) cases=2 ;;\n")));
        QVERIFY(r.out.contains(
            QStringLiteral("exec '/opt/kix/bin/kix' run --cases \"$cases\" --progress jsonl")));
        QVERIFY(!QFileInfo::exists(QStringLiteral("/shared/kix"))); // printing submits and creates nothing
    }

    void slurmWithoutSbatch() {
        QTemporaryDir empty, out;
        const QByteArray path = qgetenv("PATH");
        qputenv("PATH", empty.path().toLocal8Bit());
        const Result r = run({QStringLiteral("run"), QStringLiteral("--slurm"), QStringLiteral("--device"),
                              QStringLiteral("cpu"), QStringLiteral("--output"), out.path()});
        const Result check = run({QStringLiteral("run"), QStringLiteral("--slurm"), QStringLiteral("--check"),
                                  QStringLiteral("--progress"), QStringLiteral("jsonl")});
        qputenv("PATH", path);
        QCOMPARE(r.code, int(kix::protocol::RunUnavailable));
        QCOMPARE(r.err,
                 QStringLiteral("kix run: sbatch not found: Slurm's client commands are not on PATH\n"));
        QCOMPARE(QDir(out.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
                 QStringList{});
        QCOMPARE(check.code, int(kix::protocol::RunUnavailable));
        QCOMPARE(check.out,
                 QStringLiteral("{\"event\":\"unavailable\",\"message\":\"sbatch not found: Slurm's "
                                "client commands are not on PATH\"}\n"));
    }

    void subcommandHelp() {
        const Result r = run({QStringLiteral("diff"), QStringLiteral("--help")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.startsWith(QStringLiteral("Usage: kix diff [options] a b\n")), qPrintable(r.out));
    }

    void version() {
        const Result r = run({QStringLiteral("--version")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.startsWith(QStringLiteral("kix 0.1.0 (Qt ")));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
