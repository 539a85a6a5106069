// `kix calibrate` (issue 36): N A/A pairs of the bundled kernel, each judged as kix diff would, and the rate
// of faster or slower verdicts printed. On this machine in CPU mode, one small case, so it takes seconds.
// Every bad argument is refused with its exact message before anything runs (tst_cli, errors).
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
            QDir(dir.path())
                .entryList({QStringLiteral("kix-cpu-run-*-aa[12][ab].manifest.json")}, QDir::Files);
        QCOMPARE(suiteRuns.size(), 4);
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
