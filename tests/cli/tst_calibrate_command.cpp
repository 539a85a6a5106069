// `kix calibrate` (issue 36): N A/A pairs of the bundled kernel, each judged as kix diff would, and the rate
// of faster or slower verdicts printed. On this machine in CPU mode, one small case, so it takes seconds;
// every bad argument is refused with its exact message before anything runs.
#include "CliRunner.h"
#include "KixResources.h"
#include "TestMain.h"
#include "kix_config.h"

#include <QDir>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

class TestCalibrateCommand : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixInitResources(); }

    // Two pairs of case 8 (1x128, the smallest) in CPU mode: a line per pair from the engine, the rate, and
    // the four runs kept where --output says, each a manifest of its own.
    void cpuPairsAreJudgedAndCounted() {
        QTemporaryDir dir;
        const kixtest::CliResult r =
            kixtest::runKix({QStringLiteral("calibrate"), QStringLiteral("--device"), QStringLiteral("cpu"),
                             QStringLiteral("--pairs"), QStringLiteral("2"), QStringLiteral("--cases"),
                             QStringLiteral("8"), QStringLiteral("--output"), dir.path()});
        QCOMPARE(r.code, 0);
        QCOMPARE(r.err, QString());
        const QStringList lines = r.out.split(u'\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 5);
        QCOMPARE(lines[0],
                 QStringLiteral(
                     "kix calibrate: 2 A/A pair(s) of the bundled kernel in CPU mode, 4 runs back to back"));
        static const QRegularExpression pairLine(QStringLiteral(
            R"(^pair [12]: 1 cases matched: (\d) faster, (\d) slower, (\d) same, (\d) can't tell; )"
            R"(suite (faster|slower|same|can't tell)$)"));
        int decided = 0, suites = 0;
        for (int i = 1; i <= 2; ++i) {
            const auto m = pairLine.match(lines[i]);
            QVERIFY2(m.hasMatch(), qPrintable(lines[i]));
            QVERIFY(lines[i].startsWith(QStringLiteral("pair %1: ").arg(i)));
            decided += m.captured(1).toInt() + m.captured(2).toInt();
            suites += m.captured(5) == QLatin1String("faster") || m.captured(5) == QLatin1String("slower");
        }
        QCOMPARE(lines[3],
                 QStringLiteral("A/A: %1 of 2 case verdicts faster or slower (%2 per 100); %3 of 2 suite "
                                "verdicts faster or slower")
                     .arg(decided)
                     .arg(QString::number(50.0 * decided, 'f', 1))
                     .arg(suites));
        QCOMPARE(lines[4], QStringLiteral("runs kept in %1").arg(dir.path()));
        const QStringList suiteRuns =
            QDir(dir.path()).entryList({QStringLiteral("kix-cpu-run-*-aa[12][ab].manifest.json")}, QDir::Files);
        QCOMPARE(suiteRuns.size(), 4);
    }

    void badArguments_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("err");
        const auto row = [](const char* name, const char* args, int code, const char* err) {
            QTest::newRow(name) << QString::fromUtf8(args).split(u' ', Qt::SkipEmptyParts) << code
                                << QString::fromUtf8(err);
        };
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
    }
    void badArguments() {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        QFETCH(QString, err);
        const kixtest::CliResult r = kixtest::runKix(args);
        QCOMPARE(r.err, err);
        QCOMPARE(r.code, code);
        QCOMPARE(r.out, QString());
    }

    // Without CUDA, a GPU calibration says why it cannot run and exits "unavailable", as kix run does.
    void gpuUnavailableHere() {
#if KIX_HAVE_CUDA
        QSKIP("built with CUDA: whether a GPU is usable depends on this machine");
#else
        const kixtest::CliResult r =
            kixtest::runKix({QStringLiteral("calibrate"), QStringLiteral("--pairs"), QStringLiteral("1")});
        QCOMPARE(r.code, 4);
        QCOMPARE(r.err,
                 QStringLiteral("kix calibrate: cannot run locally: this kix was built without CUDA (nvcc "
                                "was not found when it was built)\n"));
#endif
    }
};

KIX_TEST_GUILESS_MAIN(TestCalibrateCommand)
#include "tst_calibrate_command.moc"
