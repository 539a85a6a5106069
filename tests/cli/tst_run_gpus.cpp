// kix run --gpus (issue 39) without a GPU: the card list parsed against a fake NVML (GpuCardSource), each
// refusal's exact message; the cards run in turn by a fake child (CardRunLauncher), each into a folder
// naming its card with CUDA_VISIBLE_DEVICES set to it, a failing card reported while the others go on, a
// cancel stopping all, and the folders read back by kix fleet; a real child process (/bin/sh) seeing its
// card and stopped by a cancel; and the command line's own refusals.
#include "CardRuns.h"
#include "CliRunner.h"
#include "FleetFixtures.h"
#include "KixResources.h"
#include "RunnerProtocol.h"
#include "TestMain.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <atomic>

using namespace kix;
using kernels::GpuCard;

namespace {

// Four cards as NVML lists them on a four-GPU host.
std::vector<GpuCard> hostCards() {
    std::vector<GpuCard> cards;
    for (int i = 0; i < 4; ++i) {
        GpuCard c;
        c.index = i;
        c.uuid = kixtest::fleetUuid(i).toStdString();
        c.pciBusId = kixtest::fleetPciBusId(i).toStdString();
        c.serial = i == 3 ? "" : "165123000" + std::to_string(i);
        c.name = "NVIDIA H200";
        c.computeProcesses = 0;
        cards.push_back(c);
    }
    return cards;
}

class FakeCards : public kernels::GpuCardSource {
public:
    std::string why;
    std::vector<GpuCard> list = hostCards();
    std::string unavailableReason() const override { return why; }
    std::vector<GpuCard> cards() override { return list; }
};

// A child that does what `kix run` would for its card: writes the card's manifest set into its --output
// and exits with the status planned for that card; a planned cancel raises the stop as SIGINT would.
class FakeChild : public runner::CardRunLauncher {
public:
    QList<runner::CardRun> runs;
    QHash<int, int> exitOf; // card index -> its exit status (default 0)
    int cancelAt = -1;      // the card during whose run the user cancels
    std::atomic<bool>* stop = nullptr;
    int run(const runner::CardRun& r, const std::function<bool()>& /*stopRequested*/) override {
        runs << r;
        if (r.card.index == cancelAt) {
            *stop = true;
            return protocol::RunCancelled;
        }
        const int code = exitOf.value(r.card.index, protocol::RunOk);
        if (code == protocol::RunOk) {
            kixtest::FleetCardSpec spec(r.card.index);
            if (kixtest::writeFleetCard(spec, r.outputDir).isEmpty())
                return protocol::RunFailed;
        }
        return code;
    }
};

QStringList indexesOf(const std::vector<GpuCard>& cards) {
    QStringList out;
    for (const GpuCard& c : cards)
        out << QString::number(c.index);
    return out;
}

} // namespace

class TestRunGpus : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixInitResources(); }

    void choosesCards_data() {
        QTest::addColumn<QString>("list");
        QTest::addColumn<QStringList>("chosen"); // card indexes, in the order run
        QTest::addColumn<QString>("error");
        QTest::newRow("all") << "all" << QStringList{"0", "1", "2", "3"} << "";
        QTest::newRow("indexes, in the order given") << "3,0,2" << QStringList{"3", "0", "2"} << "";
        QTest::newRow("spaces around parts") << " 1 , 2 " << QStringList{"1", "2"} << "";
        QTest::newRow("a UUID") << "GPU-5f2a6b1c-0000-4000-8000-000000000002" << QStringList{"2"} << "";
        QTest::newRow("an index and a UUID")
            << "0,GPU-5f2a6b1c-0000-4000-8000-000000000001" << QStringList{"0", "1"} << "";
        QTest::newRow("empty") << "" << QStringList{}
                               << "--gpus expects all or a comma-separated list of card indexes and UUIDs, "
                                  "such as 0,2,3 or GPU-…, got \"\"";
        QTest::newRow("a card twice")
            << "0,2,0" << QStringList{}
            << "--gpus names card 0 (GPU-5f2a6b1c-0000-4000-8000-000000000000) twice";
        QTest::newRow("a card twice, by index and UUID")
            << "1,GPU-5f2a6b1c-0000-4000-8000-000000000001" << QStringList{}
            << "--gpus names card 1 (GPU-5f2a6b1c-0000-4000-8000-000000000001) twice";
        QTest::newRow("out of range")
            << "0,4" << QStringList{} << "--gpus: card 4 is not on this host (cards 0 to 3)";
        QTest::newRow("negative") << "-1" << QStringList{}
                                  << "--gpus: card -1 is not on this host (cards 0 to 3)";
        QTest::newRow("an unknown UUID")
            << "GPU-0000" << QStringList{} << "--gpus: no GPU on this host has the UUID GPU-0000";
        QTest::newRow("an empty part")
            << "0,,1" << QStringList{} << "--gpus: \"\" is neither a card index nor a UUID (GPU-…)";
        QTest::newRow("a word") << "first" << QStringList{}
                                << "--gpus: \"first\" is neither a card index nor a UUID (GPU-…)";
    }
    void choosesCards() {
        QFETCH(QString, list);
        QFETCH(QStringList, chosen);
        QFETCH(QString, error);
        FakeCards source;
        const runner::GpuChoice c = runner::chooseGpus(list, source);
        QCOMPARE(c.error, error);
        QVERIFY(!c.unavailable);
        QCOMPARE(indexesOf(c.cards), chosen);
    }

    void noCardsOrNoNvml() {
        FakeCards none;
        none.list.clear();
        QCOMPARE(runner::chooseGpus(QStringLiteral("all"), none).error,
                 QStringLiteral("--gpus: NVML lists no GPU on this host"));
        FakeCards absent;
        absent.why = "NVML (libnvidia-ml.so.1, part of the NVIDIA driver) cannot be loaded: not found";
        const runner::GpuChoice c = runner::chooseGpus(QStringLiteral("all"), absent);
        QVERIFY(c.unavailable);
        QCOMPARE(c.error,
                 QStringLiteral("--gpus: cannot list this host's GPUs: NVML (libnvidia-ml.so.1, part of "
                                "the NVIDIA driver) cannot be loaded: not found"));
    }

    void folderNamesTheCard() {
        GpuCard c = hostCards()[2];
        QCOMPARE(runner::cardFolderName(c), QStringLiteral("gpu2-GPU-5f2a6b1c-0000-4000-8000-000000000002"));
        c.uuid.clear();
        QCOMPARE(runner::cardFolderName(c), QStringLiteral("gpu2-00000000_1B_00_0"));
    }

    // What each card's child is given: the parent's arguments less --gpus and --output.
    void childArguments_data() {
        QTest::addColumn<QStringList>("parent");
        QTest::addColumn<QStringList>("child");
        QTest::newRow("--gpus LIST") << QStringList{"--gpus", "all", "--quick"}
                                     << QStringList{"run", "--quick"};
        QTest::newRow("--gpus=LIST and --output DIR")
            << QStringList{"--repeat", "3", "--gpus=0,1", "--output", "/data/runs", "--lock-clocks"}
            << QStringList{"run", "--repeat", "3", "--lock-clocks"};
        QTest::newRow("--output=DIR, a solution")
            << QStringList{"--output=/data", "--solution", "s.json", "--problem", "p", "--gpus", "1"}
            << QStringList{"run", "--solution", "s.json", "--problem", "p"};
    }
    void childArguments() {
        QFETCH(QStringList, parent);
        QFETCH(QStringList, child);
        QCOMPARE(runner::cardRunArguments(parent), child);
    }

    // Every card in turn, each into its folder and seeing only itself; a failing card is reported and the
    // others go on; kix fleet reads what the others wrote.
    void runsEachCardInTurn() {
        QTemporaryDir dir;
        FakeChild child;
        child.exitOf.insert(1, protocol::RunFailed);
        QStringList seen;
        const auto progress = [&](const GpuCard& card, const runner::CardOutcome* o) {
            seen << QStringLiteral("%1:%2")
                        .arg(card.index)
                        .arg(o ? QString::number(o->exitCode) : QStringLiteral("start"));
        };
        QProcessEnvironment env;
        env.insert(QStringLiteral("KEEP"), QStringLiteral("1"));
        const runner::FleetRunOutcome out = runner::runOnCards(
            hostCards(), QStringLiteral("/usr/bin/kix"), {QStringLiteral("run"), QStringLiteral("--quick")},
            dir.path(), env, child, progress, [] { return false; });
        QCOMPARE(seen, (QStringList{"0:start", "0:0", "1:start", "1:5", "2:start", "2:0", "3:start", "3:0"}));
        QCOMPARE(out.exitCode, int(protocol::RunFailed));
        QVERIFY(!out.cancelled);
        QCOMPARE(out.cards.size(), 4);
        QCOMPARE(child.runs.size(), 4);
        for (int i = 0; i < 4; ++i) {
            const runner::CardRun& r = child.runs[i];
            const QString folder = dir.path() + QStringLiteral("/gpu%1-%2").arg(i).arg(kixtest::fleetUuid(i));
            QCOMPARE(r.outputDir, folder);
            QCOMPARE(r.program, QStringLiteral("/usr/bin/kix"));
            QCOMPARE(r.arguments, (QStringList{"run", "--quick", "--output", folder}));
            QCOMPARE(r.environment.value(QStringLiteral("CUDA_VISIBLE_DEVICES")), kixtest::fleetUuid(i));
            QCOMPARE(r.environment.value(QStringLiteral("KEEP")), QStringLiteral("1"));
            QCOMPARE(out.cards[i].exitCode, i == 1 ? int(protocol::RunFailed) : 0);
        }
        const kixtest::CliResult fleet =
            kixtest::runKix({QStringLiteral("fleet"), QStringLiteral("--json"), dir.path()});
        QCOMPARE(fleet.err, QString());
        QCOMPARE(fleet.code, 0);
        QCOMPARE(Json::parse(fleet.out.toStdString())["cards"].size(), std::size_t(3));
    }

    void everyCardUnavailable() {
        QTemporaryDir dir;
        FakeChild child;
        for (int i = 0; i < 4; ++i)
            child.exitOf.insert(i, protocol::RunUnavailable);
        const runner::FleetRunOutcome out = runner::runOnCards(
            hostCards(), QStringLiteral("kix"), {}, dir.path(), {}, child, {}, [] { return false; });
        QCOMPARE(out.exitCode, int(protocol::RunUnavailable));
        QCOMPARE(out.cards.size(), 4);
    }

    // A cancel during card 1 stops it, and no later card starts.
    void cancelStopsAll() {
        QTemporaryDir dir;
        std::atomic<bool> stop{false};
        FakeChild child;
        child.cancelAt = 1;
        child.stop = &stop;
        const runner::FleetRunOutcome out = runner::runOnCards(
            hostCards(), QStringLiteral("kix"), {}, dir.path(), {}, child, {}, [&] { return stop.load(); });
        QCOMPARE(out.exitCode, int(protocol::RunCancelled));
        QVERIFY(out.cancelled);
        QCOMPARE(child.runs.size(), 2);
        QCOMPARE(out.cards.size(), 2);
        // A stop already asked for starts nothing.
        FakeChild none;
        const runner::FleetRunOutcome early = runner::runOnCards(
            hostCards(), QStringLiteral("kix"), {}, dir.path(), {}, none, {}, [] { return true; });
        QCOMPARE(early.exitCode, int(protocol::RunCancelled));
        QVERIFY(none.runs.isEmpty());
    }

    // A real child process: it sees only its card, and a cancel stops it within a poll, not its 30 s.
    void realChildSeesItsCardAndStops() {
        QTemporaryDir dir;
        runner::ProcessCardLauncher launcher;
        runner::CardRun r;
        r.card = hostCards()[2];
        r.program = QStringLiteral("/bin/sh");
        r.outputDir = dir.path() + QStringLiteral("/out");
        r.arguments = {
            QStringLiteral("-c"),
            QStringLiteral("mkdir -p \"$2\" && printf %s \"$CUDA_VISIBLE_DEVICES\" > \"$2/visible\""),
            QStringLiteral("sh"), QStringLiteral("--output"), r.outputDir};
        r.environment = QProcessEnvironment::systemEnvironment();
        r.environment.insert(QStringLiteral("CUDA_VISIBLE_DEVICES"), kixtest::fleetUuid(2));
        QCOMPARE(launcher.run(r, [] { return false; }), 0);
        QFile visible(r.outputDir + QStringLiteral("/visible"));
        QVERIFY(visible.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(visible.readAll()), kixtest::fleetUuid(2));

        r.arguments = {QStringLiteral("-c"), QStringLiteral("exit 5")};
        QCOMPARE(launcher.run(r, [] { return false; }), int(protocol::RunFailed));

        r.arguments = {QStringLiteral("-c"), QStringLiteral("exec sleep 30")};
        QElapsedTimer clock;
        clock.start();
        QCOMPARE(launcher.run(r, [&] { return clock.elapsed() > 200; }), int(protocol::RunCancelled));
        QVERIFY2(clock.elapsed() < 5000, qPrintable(QString::number(clock.elapsed())));

        r.program = dir.path() + QStringLiteral("/no-such-program");
        QCOMPARE(launcher.run(r, [] { return false; }), int(protocol::RunFailed));
        QVERIFY(!launcher.lastError.isEmpty());
    }

    // kix run --gpus all end to end, the cards listed by a fake NVML: each card named with its identity and
    // run in turn as a child kix run into its folder; a card with a process on it said; every child here
    // unable to run (no GPU, or no CUDA in this build), each reported and the others tried, exit unavailable.
    void endToEndWithAFakeNvml() {
        QTemporaryDir dir;
        QProcess kix;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("LD_LIBRARY_PATH"), QStringLiteral(KIX_FAKE_NVML_DIR));
        env.insert(QStringLiteral("KIX_FAKE_NVML_CARDS"), QStringLiteral("3"));
        env.insert(QStringLiteral("KIX_FAKE_NVML_BUSY"), QStringLiteral("1"));
        kix.setProcessEnvironment(env);
        kix.start(QStringLiteral(KIX_CLI_PATH),
                  {QStringLiteral("run"), QStringLiteral("--gpus"), QStringLiteral("all"),
                   QStringLiteral("--quick"), QStringLiteral("--output"), dir.path()});
        QVERIFY(kix.waitForFinished(60000));
        const QString out = QString::fromUtf8(kix.readAllStandardOutput());
        const QString err = QString::fromUtf8(kix.readAllStandardError());
        QCOMPARE(kix.exitCode(), int(protocol::RunUnavailable));
        const QStringList fleets = QDir(dir.path()).entryList({QStringLiteral("fleet-*")}, QDir::Dirs);
        QCOMPARE(fleets.size(), 1);
        const QString fleet = dir.path() + u'/' + fleets.first();
        QStringList expected;
        for (int i = 0; i < 3; ++i) {
            expected << QStringLiteral(
                            "kix run: card %1 (%2, %3, NVIDIA H200, serial 165123000%1): running into "
                            "%4/gpu%1-%2")
                            .arg(i)
                            .arg(kixtest::fleetUuid(i), kixtest::fleetPciBusId(i), fleet);
            if (i == 1)
                expected << QStringLiteral("kix run: card 1 has 1 compute process(es) on it already: its run "
                                           "records them, and kix fleet names them beside the card");
            expected
                << QStringLiteral("kix run: card %1: exit 4 (unavailable); the other cards go on").arg(i);
        }
        QCOMPARE(out.split(u'\n', Qt::SkipEmptyParts), expected);
        // Each child said why it could not run; the parent's last line names the fleet folder.
        QCOMPARE(err.count(QStringLiteral("kix run: cannot run locally: ")), 3);
        QVERIFY2(err.endsWith(
                     QStringLiteral("kix run: 0 of 3 cards ran; compare them: kix fleet %1\n").arg(fleet)),
                 qPrintable(err));
    }

    // The command line's refusals of --gpus, before any card is asked.
    void commandLineRefusals_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("err");
        QTest::newRow("an empty list")
            << QStringList{"run", "--gpus", ""}
            << "kix run: --gpus expects all or a comma-separated list of card indexes "
               "and UUIDs, such as 0,2,3 or GPU-…, got \"\"\n";
        QTest::newRow("CPU mode") << QStringList{"run", "--gpus", "all", "--device", "cpu"}
                                  << "kix run: --gpus runs on this host's GPUs; --device cpu has none\n";
        QTest::newRow("Slurm")
            << QStringList{"run", "--gpus", "all", "--slurm"}
            << "kix run: --gpus runs on this host's GPUs; on a cluster use --array gpus:N\n";
        QTest::newRow("--check") << QStringList{"run", "--gpus", "all", "--check"}
                                 << "kix run: --gpus and --check: run kix run --check on one card instead\n";
    }
    void commandLineRefusals() {
        QFETCH(QStringList, args);
        QFETCH(QString, err);
        const kixtest::CliResult r = kixtest::runKix(args);
        QCOMPARE(r.err, err);
        QCOMPARE(r.code, int(protocol::RunUsage));
        QCOMPARE(r.out, QString());
    }
};

KIX_TEST_GUILESS_MAIN(TestRunGpus)
#include "tst_run_gpus.moc"
