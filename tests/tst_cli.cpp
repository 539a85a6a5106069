// The `kix` command line: output, exit statuses and error messages of each subcommand; catalogs as
// inputs; KernelIndex's comparability in `kix diff` (text and --json); the same file given twice, by a
// link or by another spelling; empty folders.
#include "CatalogFixture.h"
#include "Commands.h"
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
        QTest::newRow("no command") << QStringList{} << 2 << "Usage: kix COMMAND";
        QTest::newRow("unknown command")
            << QStringList{QStringLiteral("frobnicate")} << 2 << "kix: unknown command \"frobnicate\"";
        QTest::newRow("show nothing")
            << QStringList{QStringLiteral("show")} << 2
            << "kix show: expected at least 1 file argument(s), got 0 (see kix show --help)";
        QTest::newRow("show missing file")
            << QStringList{QStringLiteral("show"), QStringLiteral("/nonexistent.json")} << 3
            << "/nonexistent.json: no such file";
        QTest::newRow("cite bad format")
            << QStringList{QStringLiteral("cite"), QStringLiteral("--format"), QStringLiteral("ris"),
                           QStringLiteral("x.json")}
            << 2 << "kix cite: unknown format \"ris\": expected bibtex, cff or text";
        QTest::newRow("cite bad date")
            << QStringList{QStringLiteral("cite"), QStringLiteral("--accessed"), QStringLiteral("02/12/2026"),
                           QStringLiteral("x.json")}
            << 2 << "kix cite: --accessed expects a date as YYYY-MM-DD, got \"02/12/2026\"";
        QTest::newRow("diff one file")
            << QStringList{QStringLiteral("diff"), QStringLiteral("a")} << 2
            << "kix diff: expected 2 file argument(s), got 1 (see kix diff --help)";
        QTest::newRow("unknown option")
            << QStringList{QStringLiteral("verify"), QStringLiteral("--frob"), QStringLiteral("a")} << 2
            << "kix verify: Unknown option 'frob'.";
        QTest::newRow("run bad cases")
            << QStringList{QStringLiteral("run"), QStringLiteral("--cases"), QStringLiteral("3,16")} << 2
            << "kix run: case \"16\" is not a number from 0 to 15";
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
        QCOMPARE(r.err, path + QStringLiteral(": run.spec.status: expected a string, got a number\n"));
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
        QCOMPARE(r.code, 4);
        QCOMPARE(r.err, QStringLiteral("kix run: cannot run locally: %1\n").arg(why));
        QVERIFY(!QFileInfo::exists(QDir::tempPath() + QStringLiteral("/kix-never")));
        const Result jsonl = run({QStringLiteral("run"), QStringLiteral("--check"),
                                  QStringLiteral("--progress"), QStringLiteral("jsonl")});
        QCOMPARE(jsonl.code, 4);
        QCOMPARE(QString::fromStdString((Json::parse(jsonl.out.toStdString())["event"]).get<std::string>()),
                 QStringLiteral("unavailable"));
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
