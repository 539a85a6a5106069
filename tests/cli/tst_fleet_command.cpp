// `kix fleet` (issue 39): the text and --json report of simulated runs of one cohort on several cards
// (FleetFixtures.h) — no card named for identical cards, a planted slow card named with its ratio and GPU
// state, the runs a Slurm array returns (one folder) read alike — and every input that is no fleet refused
// with its exact message and exit status.
#include "CliRunner.h"
#include "FleetFixtures.h"
#include "KixResources.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using kix::Json;
using kixtest::FleetCardSpec;
using kixtest::runKix;

namespace {

constexpr int kExitUsage = 2, kExitInput = 3;

// Four cards in folders gpu0…gpu3 of `dir`, card `slow` (if any) 5% slower with another process on it.
QStringList writeFourCards(const QString& dir, int slow = -1) {
    QStringList folders;
    for (int i = 0; i < 4; ++i) {
        FleetCardSpec c(i);
        if (i == slow) {
            c.scale = 1.05;
            c.others = 2;
        }
        folders << QStringLiteral("%1/gpu%2").arg(dir).arg(i);
        if (kixtest::writeFleetCard(c, folders.last()).isEmpty())
            qFatal("cannot write card %d", i);
    }
    return folders;
}

Json parsed(const QString& text) {
    return Json::parse(text.toStdString());
}

// Compact JSON, which QCOMPARE prints where it differs.
QString dumped(const Json& j) {
    return QString::fromStdString(j.dump());
}

} // namespace

class TestFleetCommand : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixInitResources(); }

    void identicalCardsNameNone() {
        QTemporaryDir dir;
        const kixtest::CliResult r =
            runKix(QStringList{QStringLiteral("fleet")} + writeFourCards(dir.path()));
        QCOMPARE(r.err, QString());
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.startsWith(QStringLiteral("Fleet: 4 cards of NVIDIA H200, one comparison cohort")),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral(
                     "Reference: GPU 1 (GPU-5f2a6b1c-0000-4000-8000-000000000001 at 00000000:1A:00.0), the "
                     "median card by suite geomean")),
                 qPrintable(r.out));
        QVERIFY2(
            r.out.contains(QStringLiteral(
                "\nNo card differs from the fleet beyond its noise floor (2.0% or the runs' A/A floor)\n")),
            qPrintable(r.out));
        QVERIFY(!r.out.contains(QStringLiteral("than the fleet:")));
    }

    void aSlowCardIsNamedWithItsState() {
        QTemporaryDir dir;
        const kixtest::CliResult r =
            runKix(QStringList{QStringLiteral("fleet")} + writeFourCards(dir.path(), 2));
        QCOMPARE(r.err, QString());
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("\nGPU 2 (GPU-5f2a6b1c-0000-4000-8000-000000000002 at "
                                               "00000000:1B:00.0) is slower than the fleet: slower — ")),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("3 cases matched: 0 faster, 3 slower, 0 same, 0 can't tell\n  "
                                               "GPU state: other processes on the GPU in 3 of 3 cases (up to "
                                               "2)\n")),
                 qPrintable(r.out));
        const kixtest::CliResult j = runKix(QStringList{QStringLiteral("fleet"), QStringLiteral("--json")} +
                                            writeFourCards(dir.path(), 2));
        QCOMPARE(j.code, 0);
        const Json report = parsed(j.out);
        QCOMPARE(dumped(report["slower"]), QStringLiteral("[3]"));
        QCOMPARE(dumped(report["faster"]), QStringLiteral("[]"));
        QCOMPARE(dumped(report["reference"]), QStringLiteral("2"));
        QCOMPARE(report["cards"].size(), std::size_t(4));
        QCOMPARE(report["cards"][2]["uuid"].get<std::string>(),
                 std::string("GPU-5f2a6b1c-0000-4000-8000-000000000002"));
        QCOMPARE(report["cards"][2]["suite"]["verdict"].get<std::string>(), std::string("slower"));
        QCOMPARE(dumped(report["cards"][2]["index"]), QStringLiteral("2"));
        QCOMPARE(report["cards"][2]["serial"].get<std::string>(), std::string("1651230002"));
        QCOMPARE(dumped(report["cards"][2]["gpuState"]),
                 QStringLiteral("[\"other processes on the GPU in 3 of 3 cases (up to 2)\"]"));
        QCOMPARE(dumped(report["cards"][1]["suite"]), QStringLiteral("null")); // the reference
        QCOMPARE(report["cases"].size(), std::size_t(3));
        for (const Json& c : report["cases"]) {
            QCOMPARE(c["cards"][2]["verdict"]["verdict"].get<std::string>(), std::string("slower"));
            QCOMPARE(c["cards"][0]["verdict"]["verdict"].get<std::string>(), std::string("same"));
            QVERIFY(std::abs(c["spread"].get<double>() - 1.05) < 0.005);
            QCOMPARE(dumped(c["cards"][2]["launches"]), QStringLiteral("40"));
        }
    }

    // A Slurm array's tasks leave their runs side by side in one folder, named by job and task.
    void aSlurmArrayFolderIsOneFleet() {
        QTemporaryDir dir;
        for (int i = 0; i < 3; ++i) {
            FleetCardSpec c(i, i == 0 ? 1.05 : 1.0);
            c.fileTag = QStringLiteral("job42-task%1").arg(i);
            QVERIFY(!kixtest::writeFleetCard(c, dir.path()).isEmpty());
        }
        const kixtest::CliResult r = runKix({QStringLiteral("fleet"), QStringLiteral("--json"), dir.path()});
        QCOMPARE(r.err, QString());
        QCOMPARE(r.code, 0);
        const Json report = parsed(r.out);
        QCOMPARE(report["cards"].size(), std::size_t(3));
        QCOMPARE(dumped(report["slower"]), QStringLiteral("[1]"));
    }

    // Each input that is no fleet: the exact message on stderr and the status.
    void refusals_data() {
        QTest::addColumn<QString>("layout"); // what the test writes
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("err"); // %1: the temporary folder
        QTest::newRow("no argument")
            << "none" << kExitUsage
            << "kix fleet: expected at least 1 file argument(s), got 0 (see kix fleet "
               "--help)\n";
        QTest::newRow("bad --min-effect") << "min-effect" << kExitUsage
                                          << "kix fleet: --min-effect expects a percentage from 0.1 to 50, "
                                             "such as 2 or 0.5, got \"lots\"\n";
        QTest::newRow("one run") << "one" << kExitInput
                                 << "kix fleet: a fleet needs runs of at least 2 cards, got 1 run\n";
        QTest::newRow("two runs of one card") << "twice" << kExitInput
                                              << "kix fleet: %1/a/RUN and %1/b/RUN are runs of one card "
                                                 "(GPU-5f2a6b1c-0000-4000-8000-000000000000): "
                                                 "a fleet takes one run per card\n";
        QTest::newRow("mixed cohorts")
            << "mixed" << kExitInput
            << "kix fleet: %1/b/RUN2 is not comparable with %1/a/RUN: first material mismatch: environment "
               "differs: \"NVIDIA H200 · CUDA 13.0 · sha256:f3163b041f93…\" vs \"NVIDIA H100 80GB HBM3 · "
               "CUDA "
               "13.0 · sha256:a7e80fa4d0e5…\" (spec.hardware.product: \"NVIDIA H200\" -> \"NVIDIA H100 80GB "
               "HBM3\")\n";
        QTest::newRow("an empty folder")
            << "empty" << kExitInput
            << "%1/empty: no manifest in this folder (looked for *.json *.yaml *.yml *.jsonl *.jsonl.zst, in "
               "subfolders too)\n";
        QTest::newRow("a folder of resources, no run")
            << "resources" << kExitInput << "kix fleet: %1/problem holds no BenchmarkRun\n";
        QTest::newRow("an unreadable file") << "unreadable" << kExitInput
                                            << "%1/broken.json: not valid JSON (line 1, column 16): syntax "
                                               "error while parsing value - unexpected "
                                               "end of input; expected '[', '{', or a literal\n";
    }
    void refusals() {
        QFETCH(QString, layout);
        QFETCH(int, code);
        QFETCH(QString, err);
        QTemporaryDir dir;
        const QString d = dir.path();
        QStringList args{QStringLiteral("fleet")};
        QString runName, runName2;
        if (layout == QLatin1String("min-effect")) {
            args << QStringLiteral("--min-effect") << QStringLiteral("lots") << writeFourCards(d);
        } else if (layout == QLatin1String("one")) {
            QVERIFY(!kixtest::writeFleetCard(FleetCardSpec(0), d + QStringLiteral("/a")).isEmpty());
            args << d + QStringLiteral("/a");
        } else if (layout == QLatin1String("twice")) {
            const QString a = kixtest::writeFleetCard(FleetCardSpec(0), d + QStringLiteral("/a"));
            QVERIFY(!kixtest::writeFleetCard(FleetCardSpec(0, 1.01), d + QStringLiteral("/b")).isEmpty());
            runName = QFileInfo(a).fileName();
            args << d + QStringLiteral("/a") << d + QStringLiteral("/b");
        } else if (layout == QLatin1String("mixed")) {
            FleetCardSpec other(1);
            other.gpu = QStringLiteral("NVIDIA H100 80GB HBM3");
            runName =
                QFileInfo(kixtest::writeFleetCard(FleetCardSpec(0), d + QStringLiteral("/a"))).fileName();
            runName2 = QFileInfo(kixtest::writeFleetCard(other, d + QStringLiteral("/b"))).fileName();
            args << d + QStringLiteral("/a") << d + QStringLiteral("/b");
        } else if (layout == QLatin1String("empty")) {
            QVERIFY(QDir().mkpath(d + QStringLiteral("/empty")));
            args << writeFourCards(d) << d + QStringLiteral("/empty");
        } else if (layout == QLatin1String("resources")) {
            QVERIFY(QDir().mkpath(d + QStringLiteral("/problem")));
            QVERIFY(QFile::copy(kixtest::repoPath(QStringLiteral(
                                    "resources/problems/013-fused-residual-rms-norm-backward.json")),
                                d + QStringLiteral("/problem/013.json")));
            args << writeFourCards(d) << d + QStringLiteral("/problem");
        } else if (layout == QLatin1String("unreadable")) {
            QFile bad(d + QStringLiteral("/broken.json"));
            QVERIFY(bad.open(QIODevice::WriteOnly));
            bad.write("{\"apiVersion\": ");
            bad.close();
            args << writeFourCards(d) << bad.fileName();
        }
        const kixtest::CliResult r = runKix(args);
        QCOMPARE(r.code, code);
        QCOMPARE(r.out, QString());
        QString expected = err;
        expected.replace(QStringLiteral("%1"), d);
        expected.replace(QStringLiteral("RUN2"), runName2).replace(QStringLiteral("RUN"), runName);
        QCOMPARE(r.err, expected);
    }
};

KIX_TEST_GUILESS_MAIN(TestFleetCommand)
#include "tst_fleet_command.moc"
