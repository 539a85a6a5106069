// The `kix` command line: output, exit statuses and error messages of each subcommand.
#include "Commands.h"
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
        QTest::newRow("no command") << QStringList{} << 2 << "Usage: kix COMMAND";
        QTest::newRow("unknown command")
            << QStringList{"frobnicate"} << 2 << "kix: unknown command \"frobnicate\"";
        QTest::newRow("show two files")
            << QStringList{"show", "a", "b"} << 2
            << "kix show: expected 1 file argument(s), got 2 (see kix show --help)";
        QTest::newRow("show missing file")
            << QStringList{"show", "/nonexistent.json"} << 3 << "/nonexistent.json: no such file";
        QTest::newRow("cite bad format") << QStringList{"cite", "--format", "ris", "x.json"} << 2
                                         << "kix cite: unknown format \"ris\": expected bibtex, cff or text";
        QTest::newRow("cite bad date")
            << QStringList{"cite", "--accessed", "02/12/2026", "x.json"} << 2
            << "kix cite: --accessed expects a date as YYYY-MM-DD, got \"02/12/2026\"";
        QTest::newRow("diff one file")
            << QStringList{"diff", "a"} << 2
            << "kix diff: expected 2 file argument(s), got 1 (see kix diff --help)";
        QTest::newRow("unknown option")
            << QStringList{"verify", "--frob", "a"} << 2 << "kix verify: Unknown option 'frob'.";
        QTest::newRow("run bad cases") << QStringList{"run", "--cases", "3,16"} << 2
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
        QCOMPARE(r.code, 4);
        QCOMPARE(r.err, QStringLiteral("kix run: cannot run locally: %1\n").arg(why));
        QVERIFY(!QFileInfo::exists(QDir::tempPath() + QStringLiteral("/kix-never")));
        const Result jsonl = run({QStringLiteral("run"), QStringLiteral("--check"),
                                  QStringLiteral("--progress"), QStringLiteral("jsonl")});
        QCOMPARE(jsonl.code, 4);
        QCOMPARE(
            QString::fromStdString((kix::Json::parse(jsonl.out.toStdString())["event"]).get<std::string>()),
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
