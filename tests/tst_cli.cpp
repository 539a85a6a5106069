// The `kix` command line: output, exit statuses and error messages of each subcommand; catalogs as
// inputs; KernelIndex's comparability in `kix diff` (text and --json); the same file given twice, by a
// link or by another spelling; empty folders.
#include "CatalogFixture.h"
#include "Commands.h"
#include "KixResources.h"
#include "LocalRunner.h"
#include "TestSupport.h"

#include <QTemporaryDir>
#include <QTest>

using kixfix::Json;

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

// A folder with the fixture world: support resources and runs in one file each.
struct Files {
    QTemporaryDir dir;
    kixfix::Catalog c;
    QString support, a, b;
    QString path(const char* name) const { return dir.filePath(QString::fromLatin1(name)); }
    QString write(const char* name, const Json& value) const {
        const QString p = path(name);
        if (!kixfix::writeJson(p, value))
            qFatal("cannot write %s", name);
        return p;
    }
    Files() {
        support = path("support");
        write("support/op.json", c.op);
        write("support/w1.json", c.w1);
        write("support/w2.json", c.w2);
        write("support/impl.json", c.impl);
        a = write("a.json", c.runBundle("run-a", c.w1, 8120));
    }
};
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
        QVERIFY(r.out.contains(
            QStringLiteral("  protocolDigest        verified        sha256:2964c5c4ed9c…  "
                           "recomputed from the BenchmarkProtocol at /protocol in this file\n")));
        QVERIFY(r.out.contains(QStringLiteral("  workloadDigest        not verifiable  ")));
        QVERIFY(r.out.contains(QStringLiteral("upstream        accepted by KernelIndex: yes\n")));
    }

    void showJson() {
        const Result r = run({QStringLiteral("show"), QStringLiteral("--json"), kixtest::seedPath()});
        QCOMPARE(r.code, 0);
        const auto j = Json::parse(r.out.toStdString());
        const Json& first = j["runs"][0];
        QCOMPARE(QString::fromStdString(first["digest"].get<std::string>()),
                 QStringLiteral("sha256:486a757a54ba25c8de2165e2dd2b9696c234d1147241426c430e6334870d0e2b"));
        QCOMPARE(QString::fromStdString(first["digests"][0]["state"].get<std::string>()),
                 QStringLiteral("verified"));
        QCOMPARE(first["latencyNs"].get<double>(), 45344.0);
        QCOMPARE(first["acceptedUpstream"].get<bool>(), true);
        QCOMPARE(QString::fromStdString(first["primary"]["metric"].get<std::string>()),
                 QStringLiteral("latency"));
        QVERIFY(first["policy"]["comparisonKey"].is_null()); // the workload is not loaded
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
        row("show nothing", "show", 2,
            "kix show: expected at least 1 file argument(s), got 0 (see kix show --help)");
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

    // An empty folder is a clear error for every command, never "checked nothing" nor a crash.
    void emptyFolder_data() {
        QTest::addColumn<QString>("command");
        for (const char* c : {"show", "verify", "cite"})
            QTest::newRow(c) << QString::fromLatin1(c);
    }
    void emptyFolder() {
        QFETCH(QString, command);
        QTemporaryDir dir;
        const Result r = run({command, dir.path()});
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.startsWith(dir.path() +
                                  QStringLiteral(": no manifest in this folder (looked for *.json *.yaml "
                                                 "*.yml *.jsonl *.jsonl.zst, in subfolders too)\n")),
                 qPrintable(r.err));
        const Result diff = run({QStringLiteral("diff"), dir.path(), dir.path()});
        QCOMPARE(diff.code, 3);
        QVERIFY(diff.err.startsWith(dir.path() + QStringLiteral(": no manifest in this folder")));
    }

    void verifyExitStatus() {
        const Files f;
        const Result ok = run({QStringLiteral("verify"), f.a, f.support});
        QCOMPARE(ok.code, 0);
        QVERIFY2(ok.out.contains(QStringLiteral("  workloadDigest        verified\n")), qPrintable(ok.out));
        QVERIFY(ok.out.contains(QStringLiteral("1 run(s), 6 other resource(s): ")));
        Json tampered = f.c.runBundle("run-a", f.c.w1, 8120);
        tampered["environment"]["spec"]["hardware"]["product"] = "NVIDIA B201";
        const QString path = f.write("tampered.json", tampered);
        const Result r = run({QStringLiteral("verify"), path});
        QCOMPARE(r.code, 1);
        QVERIFY2(
            r.out.contains(
                QStringLiteral("  environmentDigest     mismatch\n      expected %1\n      computed %2\n")
                    .arg(QString::fromStdString(kixfix::digest(f.c.env)),
                         QString::fromStdString(kixfix::digest(tampered["environment"])))),
            qPrintable(r.out));
    }

    // An invalid manifest is never a bare "invalid manifest": each problem is named, the digests still shown.
    void verifyInvalidManifest() {
        const Files f;
        Json broken = f.c.runBundle("run-a", f.c.w1, 8120);
        broken["run"]["spec"]["status"] = 3;
        const QString path = f.write("broken.json", broken);
        const Result r = run({QStringLiteral("verify"), path});
        QCOMPARE(r.code, 3);
        QCOMPARE(r.err,
                 path + QStringLiteral(": run.spec.status: expected a string, got a number\n") + path +
                     QStringLiteral(
                         ": run.spec.status: warning: KernelIndex expects a string here, not a number\n"));
        QVERIFY(!r.out.contains(QStringLiteral("invalid manifest")));
        QVERIFY(r.out.contains(
            QStringLiteral("  1 error(s) in this manifest (listed on stderr); the digests it names:\n")));
        QVERIFY(r.out.contains(QStringLiteral("  protocolDigest        verified\n")));
    }

    void verifyJsonReportsEveryResource() {
        const Files f;
        const Result r = run({QStringLiteral("verify"), QStringLiteral("--json"), f.a, f.support});
        QCOMPARE(r.code, 0);
        const Json j = Json::parse(r.out.toStdString());
        QStringList kinds;
        for (const Json& res : j["resources"])
            kinds << QString::fromStdString(res["kind"].get<std::string>());
        kinds.sort();
        QCOMPARE(kinds,
                 (QStringList{QStringLiteral("BenchmarkProtocol"), QStringLiteral("ExecutionEnvironment"),
                              QStringLiteral("ImplementationRevision"), QStringLiteral("OperationSpec"),
                              QStringLiteral("WorkloadCase"), QStringLiteral("WorkloadCase")}));
        for (const Json& res : j["resources"])
            QVERIFY(res["digest"].get<std::string>().rfind("sha256:", 0) == 0);
        QCOMPARE(j["summary"]["mismatch"].get<int>(), 0);
        QCOMPARE(j["runs"][0]["policy"]["comparisonKey"].get<std::string>(), f.c.keyOf(f.c.w1));
    }

    void catalogInputs() {
        const Files f;
        const QString catalog = f.path("catalog.jsonl");
        QVERIFY(kixfix::writeFile(catalog, f.c.text()));
        const Result verify = run({QStringLiteral("verify"), catalog});
        QCOMPARE(verify.code, 0);
        QVERIFY2(verify.out.contains(QStringLiteral(
                     "4 run(s), 7 other resource(s): 43 verified, 0 mismatch, 0 not verifiable; 0 error(s)")),
                 qPrintable(verify.out.right(300)));
        QVERIFY(verify.out.contains(catalog + QStringLiteral(":6 /row/manifest/run: run run-a ")));
        const Result show =
            run({QStringLiteral("show"), catalog, QStringLiteral("--run"), QStringLiteral("run-b")});
        QCOMPARE(show.code, 0);
        QVERIFY(show.out.contains(QStringLiteral("read from       ") + catalog +
                                  QStringLiteral(":7 /row/manifest/run\n")));
        QVERIFY(show.out.contains(
            QStringLiteral("catalog row     run-2, published 2026-08-15, 0 measurement row(s)\n")));
        QVERIFY(show.out.contains(QStringLiteral("cohort          ") +
                                  QString::fromStdString(f.c.keyOf(f.c.w1)) + u'\n'));
        const Result none =
            run({QStringLiteral("show"), catalog, QStringLiteral("--run"), QStringLiteral("nope")});
        QCOMPARE(none.code, 3);
        QCOMPARE(none.err, QStringLiteral("kix show: no loaded run matches \"nope\"\n"));
    }

    // KernelIndex's policy in kix diff: the first material mismatch with the differing values.
    void diffNotComparable_data() {
        QTest::addColumn<QString>("which");
        QTest::addColumn<QString>("part");
        QTest::addColumn<QString>("reason");
        QTest::newRow("workload cases")
            << "w2"
            << "workload"
            << "  - first material mismatch: workload differs: \"hidden=4096 tokens=2048 · ";
        QTest::newRow("environments") << "env"
                                      << "environment"
                                      << "  - first material mismatch: environment differs: \"NVIDIA B200 · "
                                         "driver 580.00 · CUDA 13.1 · pytorch 2.9 · ";
        QTest::newRow("failed run") << "failed"
                                    << "metric"
                                    << "  - B is not eligible: its status is compile_error, not passed; it "
                                       "has no primary measurement";
    }
    void diffNotComparable() {
        QFETCH(QString, which);
        QFETCH(QString, part);
        QFETCH(QString, reason);
        const Files f;
        Json b = which == QLatin1String("w2") ? f.c.runBundle("run-b", f.c.w2, 30100)
                 : which == QLatin1String("env")
                     ? kixfix::bundle(kixfix::run("run-b", f.c.w1, f.c.impl, f.c.proto,
                                                  kixfix::environment("NVIDIA B200", "2.10")),
                                      f.c.proto, kixfix::environment("NVIDIA B200", "2.10"))
                     : f.c.runBundle("run-b", f.c.w1, -1, "compile_error");
        const QString pathB = f.write("b.json", b);
        const Result r = run({QStringLiteral("diff"), f.a, pathB, QStringLiteral("--with"), f.support});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("NOT COMPARABLE:\n")), qPrintable(r.out));
        QVERIFY2(r.out.contains(reason), qPrintable(r.out));
        const Result j = run({QStringLiteral("diff"), QStringLiteral("--json"), f.a, pathB,
                              QStringLiteral("--with"), f.support});
        QCOMPARE(j.code, 0);
        const Json v = Json::parse(j.out.toStdString());
        QCOMPARE(v["comparable"].get<bool>(), false);
        QCOMPARE(QString::fromStdString(v["firstMismatch"]["part"].get<std::string>()), part);
        QVERIFY(!v["reasons"].empty());
    }

    void diffComparable() {
        const Files f;
        const QString pathB = f.write("b.json", f.c.runBundle("run-b", f.c.w1, 9050));
        const Result r = run({QStringLiteral("diff"), f.a, pathB, QStringLiteral("--with"), f.support});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("COMPARABLE: one comparison cohort ") +
                                QString::fromStdString(f.c.keyOf(f.c.w1))),
                 qPrintable(r.out));
        QVERIFY(
            r.out.contains(QStringLiteral("Cases: suite values only (no per-case results): B/A = 1.115\n")));
        QVERIFY(r.out.contains(QStringLiteral("  ~ run.spec.timing.latencyNs.median: 8120 -> 9050\n")));
    }

    // kix diff A A: one file given twice, through a link or spelled another way, is the same run.
    void diffOneFileTwice_data() {
        QTest::addColumn<QString>("how");
        QTest::newRow("same path") << "same";
        QTest::newRow("symbolic link") << "link";
        QTest::newRow("another spelling") << "spelling";
    }
    void diffOneFileTwice() {
        QFETCH(QString, how);
        const Files f;
        QString b = f.a;
        if (how == QLatin1String("link")) {
            b = f.path("link.json");
            QVERIFY(QFile::link(f.a, b));
        } else if (how == QLatin1String("spelling")) {
            b = f.dir.path() + QStringLiteral("/support/.././/a.json");
        }
        const Result r = run({QStringLiteral("diff"), f.a, b});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("A and B are the same run (")), qPrintable(r.out + r.err));
        QVERIFY(r.out.contains(QStringLiteral("COMPARABLE: one comparison cohort")) ||
                r.out.contains(QStringLiteral("COMPARABLE")));
        QVERIFY(r.out.contains(QStringLiteral("Fields: 0 differences\n")));
    }

    void diffRunsOfOneCatalog() {
        const Files f;
        const QString catalog = f.path("catalog.jsonl");
        QVERIFY(kixfix::writeFile(catalog, f.c.text()));
        const Result many = run({QStringLiteral("diff"), catalog, catalog});
        QCOMPARE(many.code, 3);
        QVERIFY(many.err.startsWith(QStringLiteral("kix diff: ") + catalog +
                                    QStringLiteral(" holds 4 runs: choose one with --a-run NAME|DIGEST\n")));
        const Result r = run({QStringLiteral("diff"), catalog, catalog, QStringLiteral("--a-run"),
                              QStringLiteral("run-1"), QStringLiteral("--b-run"), QStringLiteral("run-c")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("  - first material mismatch: workload differs:")),
                 qPrintable(r.out));
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
        QCOMPARE(r.out.split(u'\n', Qt::SkipEmptyParts).size(), 15); // a set per solution (tst_trace_import)
        QVERIFY(QFileInfo::exists(dir.filePath(QStringLiteral("demo_cuda.manifest.json"))));
        QCOMPARE(run({QStringLiteral("verify"), dir.path()}).code, 0);
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
        QCOMPARE(QString::fromStdString((Json::parse(jsonl.out.toStdString())["event"]).get<std::string>()),
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
