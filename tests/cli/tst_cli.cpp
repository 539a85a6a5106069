// The `kix` command line as a whole: bad command lines and their messages for
// every subcommand, empty folders, hostile text kept off the terminal (text and
// --json), --help and --version. Each subcommand's own behaviour is in
// tst_<subcommand>_command.cpp.
#include "CliFixtures.h"
#include "Commands.h"
#include "KixResources.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QTemporaryDir>
#include <QTest>

using namespace kixcli;

class TestCli : public QObject {
    Q_OBJECT
    SuiteConfig m_config; // resources and this suite's own XDG_CONFIG_HOME
                          // signing key live there

private slots:
    void initTestCase() { QVERIFY(m_config.setUp()); }

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
            "kix show: expected at least 1 file argument(s), got 0 (see kix show "
            "--help)");
        row("show missing file", "show /nonexistent.json", 3, "/nonexistent.json: no such file");
        row("cite bad format", "cite --format ris x.json", 2,
            "kix cite: unknown format \"ris\": expected bibtex, cff or text");
        row("cite bad date", "cite --accessed 02/12/2026 x.json", 2,
            "kix cite: --accessed expects a date as YYYY-MM-DD, got "
            "\"02/12/2026\"");
        row("diff one file", "diff a", 2,
            "kix diff: expected 2 file argument(s), got 1 (see kix diff --help)");
        row("unknown option", "verify --frob a", 2, "kix verify: Unknown option 'frob'.");
        // What was typed is echoed through the sanitizer (issue 13).
        row("unknown command with an escape", "frob\x1b[2J", 2, "kix: unknown command \"frob\\x1b[2J\"\n\n");
        row("unknown option with an escape", "verify --fr\x1b]52;c;eA\x07ob a", 2,
            "kix verify: Unknown option 'fr\\x1b]52;c;eA\\x07ob'.\n");
        row("show selector with a line separator",
            "show --run a\xe2\x80\xa8"
            "b x.json",
            3,
            "x.json: no such file\nkix show: no loaded run matches "
            "\"a⟨U+2028⟩b\"\n");
        row("run device with a noncharacter",
            "run --device tp\x1b[2J\xef\xbf\xbe"
            "u",
            2, "kix run: --device expects gpu or cpu, got \"tp\\x1b[2J⟨U+FFFE⟩u\"\n");
        row("run case with a carriage return", "run --cases 3,x\ry", 2,
            "kix run: case \"x\\ry\" is not a number from 0 to 15\n");
        row("run bad cases", "run --cases 3,16", 2, "kix run: case \"16\" is not a number from 0 to 15\n");
        row("run bad device", "run --device tpu", 2, "kix run: --device expects gpu or cpu, got \"tpu\"\n");
        row("run big case on cpu", "run --device cpu --cases 8,1", 2,
            "kix run: workload 1 has 524288 rows; CPU mode runs only workloads of "
            "at most 4096 rows (2, 3, "
            "4, 5, "
            "7, 8, 14, 15)\n");
        row("run bad tag", "run --device cpu --file-tag ../x", 2,
            "kix run: --file-tag expects up to 64 letters, digits, - and _, got "
            "\"../x\"\n");
        row("run bad repeat", "run --repeat 11", 2,
            "kix run: --repeat expects a number from 1 to 10, got \"11\"\n");
        row("run repeat not a number", "run --repeat two", 2,
            "kix run: --repeat expects a number from 1 to 10, got \"two\"\n");
        row("run bad plan", "run --plan pf2", 2,
            "kix run: --plan \"pf2\": plan token 'pf2' is not one of r1 r2 pf0 pf1 k<N> cs0 cs1 s<N> "
            "fin=kernel fin=launch fin=cols fin=none cols<N> hv0 hv1 trig0 trig1 rq<N> cpf<N> rpf<N> cmix0 "
            "cmix1 bps<N> default\n");
        row("run plan on cpu", "run --device cpu --plan pf0", 2,
            "kix run: --plan chooses the GPU kernel's launch plan; it has no meaning with --device cpu\n");
        row("no pairs", "calibrate --pairs 0", 2,
            "kix calibrate: --pairs expects a number from 1 to 50, got \"0\"\n");
        row("too many pairs", "calibrate --pairs 51", 2,
            "kix calibrate: --pairs expects a number from 1 to 50, got \"51\"\n");
        row("bad device", "calibrate --device tpu", 2,
            "kix calibrate: --device expects gpu or cpu, got \"tpu\"\n");
        row("big case on cpu", "calibrate --device cpu --cases 1", 2,
            "kix calibrate: workload 1 has 524288 rows; CPU mode runs only workloads of at most 4096 rows "
            "(2, 3, 4, 5, 7, 8, 14, 15)\n");
        row("repeat on cpu", "calibrate --device cpu --repeat 2", 2,
            "kix calibrate: --repeat 2 measures a GPU's A/A noise floors; the CPU mode does not record "
            "them\n");
        row("bad repeat", "calibrate --repeat 11", 2,
            "kix calibrate: --repeat expects a number from 1 to 10, got \"11\"\n");
        row("bad minimum effect", "calibrate --device cpu --min-effect 0", 2,
            "kix calibrate: --min-effect expects a percentage from 0.1 to 50, such as 2 or 0.5, got \"0\"\n");
        row("positional", "calibrate x", 2,
            "kix calibrate: expected 0 file argument(s), got 1 (see kix calibrate --help)\n");
        row("run lock clocks on cpu", "run --device cpu --lock-clocks", 2,
            "kix run: --lock-clocks locks a GPU's clocks; it has no meaning with --device cpu\n");
        row("run repeat on cpu", "run --device cpu --repeat 2", 2,
            "kix run: --repeat 2 measures a GPU's A/A noise floors; the CPU mode does not record them\n");
        row("cluster option without --slurm", "run --device cpu --partition gpu", 2,
            "kix run: --partition, --account, --print-script and the other cluster "
            "options need --slurm\n");
        row("slurm bad array", "run --slurm --array 0-3", 2,
            "kix run: --array expects cases, cases:N or gpus:N (N from 1 to 9999), "
            "got \"0-3\"\n");
        row("slurm bad partition", "run --slurm --partition a;b --output /tmp/x", 2,
            "kix run: --partition \"a;b\" is not one word of letters, digits and _ "
            ". : , = + @ / - %\n");
        row("slurm bad poll", "run --slurm --poll 0 --output /tmp/x", 2,
            "kix run: --poll expects seconds from 0.1 to 86400, got \"0\"\n");
        row("slurm with a tag", "run --slurm --file-tag t1", 2,
            "kix run: --file-tag is set by the batch script for each task; leave "
            "it out with --slurm\n");
    }

    void errors() {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        QFETCH(QString, err);
        const Result r = run(args);
        QCOMPARE(r.code, code);
        QVERIFY2(r.err.startsWith(err), qPrintable(r.err));
    }

    // An empty folder is a clear error for every command, never "checked nothing"
    // nor a crash.
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

    // Issue 13: untrusted text reaches the terminal only through the one
    // sanitizer, in every command.
    void hostileText_data() {
        QTest::addColumn<QString>("command");
        QTest::addColumn<bool>("huge"); // the 15 MiB title rather than the control characters
        QTest::addColumn<int>("code");
        for (const char* command : {"show", "diff", "verify", "cite"})
            QTest::newRow(QByteArray(command).append(" controls").constData())
                << QString::fromLatin1(command) << false << int(kix::cli::ExitOk);
        // A citation is never elided (it must be complete), so cite has no 15 MiB
        // row.
        for (const char* command : {"show", "diff", "verify"})
            QTest::newRow(QByteArray(command).append(" 15 MiB title").constData())
                << QString::fromLatin1(command) << true << int(kix::cli::ExitOk);
    }

    void hostileText() {
        QFETCH(QString, command);
        QFETCH(bool, huge);
        QFETCH(int, code);
        const Files f;
        const QString evil = huge ? writeHostile(f.c, f.dir, std::string(kHugeTitle, 'T'), false)
                                  : writeHostile(f.c, f.dir, kHostile);
        QStringList args{command, evil};
        if (command == QLatin1String("diff"))
            args << f.a;
        if (command == QLatin1String("cite")) // plain text shows what the sanitizer
                                              // shows; BibTeX escapes "\\"
            args << QStringLiteral("--format") << QStringLiteral("text");
        const Result r = run(args);
        const QString all = r.out + r.err;
        QVERIFY2(r.code == code, qPrintable(QStringLiteral("exit %1\n%2").arg(r.code).arg(all.left(4000))));
        QVERIFY2(unsafeIn(all).isEmpty(), qPrintable(unsafeIn(all)));
        QVERIFY(all.contains(QStringLiteral("evil\\x1b]0;pwned\\x07⟨U+202E⟩.json")) ||
                command == QLatin1String("cite")); // a citation names no file
        if (huge) {                                // verify prints no title: its output must only stay small
            QVERIFY2(
                command == QLatin1String("verify") ||
                    all.contains(
                        QStringLiteral("… (%1 more characters)").arg(kHugeTitle - kix::kTerminalLineCap)),
                qPrintable(all.left(4000)));
            QVERIFY2(all.size() < qsizetype{64} * 1024, qPrintable(QString::number(all.size())));
            return;
        }
        for (const QString& shown : kHostileShown)
            QVERIFY2(all.contains(shown), qPrintable(all));
        // The forged verdict never stands on a line of its own.
        for (const QString& line : all.split(u'\n'))
            QVERIFY2(!line.startsWith(QStringLiteral("COMPARABLE: yes")), qPrintable(all));
    }

    // --json is JSON-escaped all the way to ASCII: the hostile text comes back
    // exactly when parsed, yet no byte of the output can act on a terminal (C1
    // and bidi controls included, which JSON leaves raw).
    void hostileTextInJson_data() {
        QTest::addColumn<QString>("command");
        for (const char* command : {"show", "diff", "verify"})
            QTest::newRow(command) << QString::fromLatin1(command);
    }

    void hostileTextInJson() {
        QFETCH(QString, command);
        const Files f;
        const QString evil = writeHostile(f.c, f.dir, kHostile);
        QStringList args{command, QStringLiteral("--json"), evil};
        if (command == QLatin1String("diff"))
            args << f.a;
        const Result r = run(args);
        QCOMPARE(r.code, int(kix::cli::ExitOk));
        for (const QChar c : r.out)
            QVERIFY2(
                c == u'\n' || (c.unicode() >= 0x20 && c.unicode() < 0x7f),
                qPrintable(QStringLiteral("U+%1 in the JSON").arg(c.unicode(), 4, 16, QLatin1Char('0'))));
        const Json j = Json::parse(r.out.toStdString());
        const bool diff = command == QLatin1String("diff");
        QCOMPARE(QString::fromStdString((diff ? j["a"] : j["runs"][0])["file"].get<std::string>()), evil);
        if (!diff)
            QCOMPARE(j["runs"][0]["title"].get<std::string>(), std::string(kHostile));
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

KIX_TEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
