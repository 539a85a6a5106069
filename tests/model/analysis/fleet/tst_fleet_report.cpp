// The fleet report (issue 39) on simulated runs of one cohort on several cards (FleetFixtures.h): identical
// cards name none, a planted slow card is named slower on every case and the suite, a throttled card and a
// card with other processes are named with their GPU state, the reference is the median card, the spread
// and the median's interval are what their definitions give, and runs that are no fleet are refused with
// the reason.
#include "FleetFixtures.h"
#include "FleetReport.h"
#include "KixResources.h"
#include "RunStore.h"
#include "TestMain.h"

#include <QTemporaryDir>
#include <QTest>

using namespace kix;
using kixtest::FleetCardSpec;

Q_DECLARE_METATYPE(QList<FleetCardSpec>)

namespace {

QList<FleetCardSpec> fourCards() {
    QList<FleetCardSpec> cards;
    for (int i = 0; i < 4; ++i)
        cards << FleetCardSpec(i);
    return cards;
}

} // namespace

class TestFleetReport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { kixInitResources(); }

    // Which cards are named slower, and the words of their GPU state.
    void namesTheSlowCard_data() {
        QTest::addColumn<QList<FleetCardSpec>>("cards");
        QTest::addColumn<QList<int>>("slower");
        QTest::addColumn<QStringList>("state"); // of the slower card (its first), in order
        QList<FleetCardSpec> slow = fourCards();
        slow[2].scale = 1.05;
        QList<FleetCardSpec> throttled = fourCards();
        throttled[1].scale = 1.08;
        throttled[1].throttled = true;
        QList<FleetCardSpec> busy = fourCards();
        busy[3].scale = 1.06;
        busy[3].others = 1;
        QList<FleetCardSpec> two = {FleetCardSpec(0, 1.05), FleetCardSpec(1)};
        QTest::newRow("identical cards") << fourCards() << QList<int>{} << QStringList{};
        QTest::newRow("a slow card, +5% on every case") << slow << QList<int>{2} << QStringList{};
        QTest::newRow("a throttled card")
            << throttled << QList<int>{1}
            << QStringList{QStringLiteral("throttled in 3 of 3 cases (sw_power_cap)"),
                           QStringLiteral("SM clock a median 1500 MHz, 24.2% below the fleet's 1980 MHz")};
        QTest::newRow("a card with another process")
            << busy << QList<int>{3}
            << QStringList{QStringLiteral("other processes on the GPU in 3 of 3 cases (up to 1)")};
        QTest::newRow("two cards, the first slow") << two << QList<int>{0} << QStringList{};
    }
    void namesTheSlowCard() {
        QFETCH(QList<FleetCardSpec>, cards);
        QFETCH(QList<int>, slower);
        QFETCH(QStringList, state);
        QTemporaryDir dir;
        RunStore store;
        const QList<ManifestPtr> runs = kixtest::loadFleet(cards, dir.path(), store);
        for (const ManifestPtr& m : runs)
            QVERIFY(m && !m->hasErrors());
        const FleetReport r = buildFleetReport(runs);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.cards.size(), cards.size());
        QCOMPARE(r.slower, slower);
        QVERIFY(r.faster.isEmpty());
        QVERIFY(!slower.contains(r.reference));
        QCOMPARE(r.cases.size(), 3);
        for (int k = 0; k < r.cards.size(); ++k) {
            const FleetCard& c = r.cards[k];
            QCOMPARE(c.identity.uuid, kixtest::fleetUuid(cards[k].index));
            QCOMPARE(c.identity.pciBusId, kixtest::fleetPciBusId(cards[k].index));
            QCOMPARE(c.identity.name, QStringLiteral("NVIDIA H200"));
            QCOMPARE(c.identity.index, std::optional<int>(cards[k].index));
            QCOMPARE(c.identity.serial, QStringLiteral("165123000%1").arg(cards[k].index));
            QCOMPARE(bool(c.judged), k != r.reference);
            QCOMPARE(c.slower, slower.contains(k));
            if (slower.contains(k))
                QCOMPARE(c.state, state);
            else
                QCOMPARE(c.state, QStringList{});
            // Every case of a slower card is slower; every case of another card is the same.
            for (const FleetCase& fc : r.cases) {
                const FleetCell& cell = fc.cards[k];
                QVERIFY(cell.centerNs && cell.intervalNs);
                QCOMPARE(cell.launches, qint64(40));
                QVERIFY(cell.intervalNs->lo <= *cell.centerNs && *cell.centerNs <= cell.intervalNs->hi);
                QCOMPARE(bool(cell.verdict), k != r.reference);
                if (cell.verdict)
                    QCOMPARE(verdictName(cell.verdict->verdict),
                             slower.contains(k) ? QStringLiteral("slower") : QStringLiteral("same"));
            }
        }
        // The spread: max/min of the geomeans, 1 + the planted slowdown where one card is slow.
        QVERIFY(r.spread && r.variation);
        const double planted = slower.isEmpty() ? 1.0 : cards[slower.first()].scale;
        QVERIFY2(std::abs(*r.spread / planted - 1) < 0.005, qPrintable(QString::number(*r.spread)));
        if (slower.isEmpty())
            QVERIFY2(*r.variation < 0.005, qPrintable(QString::number(*r.variation)));
        else
            QVERIFY2(*r.variation > 0.01, qPrintable(QString::number(*r.variation)));
    }

    // The reference is the median card by geomean (the lower median of an even count), never the slow one.
    void referenceIsTheMedianCard_data() {
        QTest::addColumn<QList<double>>("scales");
        QTest::addColumn<int>("reference");
        QTest::newRow("slow first of three") << QList<double>{1.05, 1.0, 1.01} << 2;
        QTest::newRow("slow last of three") << QList<double>{1.0, 1.01, 1.05} << 1;
        QTest::newRow("four: the lower median") << QList<double>{1.03, 1.0, 1.02, 1.01} << 3;
    }
    void referenceIsTheMedianCard() {
        QFETCH(QList<double>, scales);
        QFETCH(int, reference);
        QList<FleetCardSpec> cards;
        for (int i = 0; i < scales.size(); ++i)
            cards << FleetCardSpec(i, scales[i]);
        QTemporaryDir dir;
        RunStore store;
        const FleetReport r = buildFleetReport(kixtest::loadFleet(cards, dir.path(), store));
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.reference, reference);
    }

    // Runs that are no fleet, each refused with its reason.
    void refusesWhatIsNoFleet_data() {
        QTest::addColumn<QList<FleetCardSpec>>("cards");
        QTest::addColumn<QString>("error"); // %1, %2: the first and the second run's file
        QList<FleetCardSpec> other = {FleetCardSpec(0), FleetCardSpec(1)};
        other[1].gpu = QStringLiteral("NVIDIA H100 80GB HBM3");
        QTest::newRow("one run") << QList<FleetCardSpec>{FleetCardSpec(0)}
                                 << QStringLiteral("a fleet needs runs of at least 2 cards, got 1 run");
        QTest::newRow("two runs of one card")
            << QList<FleetCardSpec>{FleetCardSpec(0), FleetCardSpec(0, 1.01)}
            << QStringLiteral("%1 and %2 are runs of one card (GPU-5f2a6b1c-0000-4000-8000-000000000000): a "
                              "fleet takes one run per card");
        QTest::newRow("another GPU")
            << other
            << QStringLiteral(
                   "%2 is not comparable with %1: first material mismatch: environment differs: "
                   "\"NVIDIA H200 · CUDA 13.0 · sha256:f3163b041f93…\" vs \"NVIDIA H100 80GB HBM3 · "
                   "CUDA 13.0 · sha256:a7e80fa4d0e5…\" (spec.hardware.product: \"NVIDIA H200\" -> "
                   "\"NVIDIA H100 80GB HBM3\")");
    }
    void refusesWhatIsNoFleet() {
        QFETCH(QList<FleetCardSpec>, cards);
        QFETCH(QString, error);
        QTemporaryDir dir;
        QStringList files;
        RunStore store;
        // Two runs of one card go to two folders (index 0 twice): number the folders by position.
        QStringList folders;
        for (int i = 0; i < cards.size(); ++i) {
            folders << QStringLiteral("%1/run%2").arg(dir.path()).arg(i);
            files << kixtest::writeFleetCard(cards[i], folders.last());
        }
        store.add(RunStore::loadBlocking(folders));
        QList<ManifestPtr> runs;
        for (const QString& f : files)
            runs << store.at(store.indexOfFile(f));
        const FleetReport r = buildFleetReport(runs);
        QString expected = error;
        expected.replace(QStringLiteral("%1"), files.value(0)).replace(QStringLiteral("%2"), files.value(1));
        QCOMPARE(r.error, expected);
        QVERIFY(r.cards.isEmpty());
    }

    // A run that records no GPU identity names no card.
    void refusesARunWithoutIdentity() {
        QTemporaryDir dir;
        RunStore store;
        kix::runner::LocalRunFacts f = kixtest::fleetCardRun(FleetCardSpec(1));
        f.gpu = {};
        f.gpu.unavailable = QStringLiteral("libnvidia-ml.so.1 not found");
        const kix::runner::LocalRunSet set = kix::runner::buildLocalRunSet(f);
        const QString folder = dir.path() + QStringLiteral("/none");
        QVERIFY(QDir().mkpath(folder) && writeManifestSet(folder, set.files, false).ok());
        const QString good = kixtest::writeFleetCard(FleetCardSpec(0), dir.path() + QStringLiteral("/gpu0"));
        store.add(RunStore::loadBlocking({dir.path() + QStringLiteral("/gpu0"), folder}));
        const QString bad = QDir(folder).filePath(set.suiteRunFile);
        const FleetReport r =
            buildFleetReport({store.at(store.indexOfFile(good)), store.at(store.indexOfFile(bad))});
        QCOMPARE(r.error,
                 QStringLiteral("%1 records no GPU identity (NVML was not read: libnvidia-ml.so.1 not "
                                "found): a fleet names its cards by UUID or PCI bus id")
                     .arg(bad));
    }

    // The median's distribution-free interval: the order statistics at ranks ⌊n/2 − 1.96√n/2⌋ and
    // ⌈1 + n/2 + 1.96√n/2⌉ of the sorted launches.
    void medianIntervalRanks_data() {
        QTest::addColumn<int>("n");
        QTest::addColumn<int>("lo"); // 1-based ranks
        QTest::addColumn<int>("hi");
        QTest::newRow("5: too few") << 5 << 0 << 0;
        QTest::newRow("6: the extremes") << 6 << 1 << 6;
        QTest::newRow("40") << 40 << 13 << 28;
        QTest::newRow("100") << 100 << 40 << 61;
    }
    void medianIntervalRanks() {
        QFETCH(int, n);
        QFETCH(int, lo);
        QFETCH(int, hi);
        std::vector<double> samples;
        for (int i = n; i >= 1; --i) // descending: the interval sorts them
            samples.push_back(1000.0 + i);
        const auto interval = medianInterval(samples);
        QCOMPARE(bool(interval), lo > 0);
        if (!interval)
            return;
        QCOMPARE(interval->lo, 1000.0 + lo);
        QCOMPARE(interval->hi, 1000.0 + hi);
        QCOMPARE(interval->level, 0.95);
    }
};

KIX_TEST_GUILESS_MAIN(TestFleetReport)
#include "tst_fleet_report.moc"
