// The History tab (issue 23): built off the UI thread (busy until then, updated() after), one cohort per
// entry of its box, the record staircase and the series with its change point drawn and listed, with the
// shared catalog's largest cohort too. KIX_SCREENSHOT_DIR, when set, receives history-{catalog,series}-
// {light,dark}.png (README.md's screenshots).
#include "CatalogFixture.h"
#include "HistoryWidget.h"
#include "LoadIndexBlocking.h"
#include "OffUiThread.h"
#include "Palette.h"
#include "QCustomPlotInclude.h"
#include "RecordFixtures.h"
#include "RecordIndex.h"
#include "RunStore.h"
#include "SharedData.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QByteArray>
#include <QComboBox>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QLabel>
#include <QList>
#include <QObject>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QString>
#include <QStringLiteral>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeWidget>
#include <QTreeWidgetItem>
#include <random>

using namespace kix;
using namespace kix::ui;
using kixfix::Json;


namespace {

// 30 runs of one cohort a day apart, 100 µs ± 1%, 6% slower from the 16th on (another implementation),
// and two record events naming the first two runs.
QByteArray historyCatalog() {
    using namespace kixfix;
    Catalog c;
    Json impl2 = implementation(c.op, "meridian-rmsnorm-v2");
    impl2["spec"]["projectRevision"]["version"] = "1.1"; // another revision: another digest
    const std::string key = c.keyOf(c.w1);
    const std::string correctness = handCorrectnessKey("elementwise_close");
    QList<Json> lines = {c.lines[1], c.lines[2], c.lines[4]};
    lines << Json{{"table", "implementations"},
                  {"row", resourceRow("impl-2", impl2, "implementationDigest")}};
    std::mt19937_64 random(5);
    std::normal_distribution<double> normal(0.0, 0.01);
    std::vector<double> values;
    for (int i = 0; i < 30; ++i) {
        const bool after = i >= 15;
        const double median = std::round(100000.0 * (1.0 + normal(random)) * (after ? 1.06 : 1.0));
        values.push_back(median);
        Json r =
            run("nightly-" + std::to_string(i + 1), c.w1, after ? impl2 : c.impl, c.proto, c.env, median);
        char day[32];
        std::snprintf(day, sizeof day, "2026-09-%02dT03:00:00Z", i + 1);
        r["spec"]["observedAt"] = std::string(day);
        lines << Json{{"table", "benchmark_runs"},
                      {"row", runRow("s-" + std::to_string(i + 1), bundle(r, c.proto, c.env), "wl-1",
                                     after ? "impl-2" : "impl-1", key, correctness)}};
    }
    // Records: run 1, then the first faster one.
    int second = 1;
    while (values[std::size_t(second)] >= values[0])
        ++second;
    const auto event = [&](const std::string& id, int runIndex, const Json& previous) {
        char day[32];
        std::snprintf(day, sizeof day, "2026-09-%02dT03:00:00Z", runIndex + 1);
        return Json{{"table", "record_events"},
                    {"row",
                     {{"id", id},
                      {"comparisonKey", key},
                      {"runId", "s-" + std::to_string(runIndex + 1)},
                      {"previousRunId", previous},
                      {"policyVersion", "ranking-v1"},
                      {"cause", "new_run"},
                      {"at", std::string(day)},
                      {"createdAt", "2026-10-01T00:00:00Z"}}}};
    };
    lines << event("ev-1", 0, nullptr) << event("ev-2", second, "s-1");
    QByteArray out;
    for (const Json& l : lines)
        out += QByteArray::fromStdString(l.dump()) + '\n';
    return out;
}

// The catalog above and a second cohort (workload w2) of two runs, "t-1" and "t-2".
QByteArray twoCohortCatalog() {
    using namespace kixfix;
    Catalog c;
    QByteArray out = historyCatalog() + QByteArray::fromStdString(c.lines[3].dump()) + '\n';
    for (int i = 1; i <= 2; ++i) {
        const Json r = run("w2-" + std::to_string(i), c.w2, c.impl, c.proto, c.env, 30000.0 + i * 100);
        out += QByteArray::fromStdString(
                   Json{{"table", "benchmark_runs"},
                        {"row", runRow("t-" + std::to_string(i), bundle(r, c.proto, c.env), "wl-2", "impl-1",
                                       c.keyOf(c.w2), handCorrectnessKey("elementwise_close"))}}
                       .dump()) +
               '\n';
    }
    return out;
}

void saveHistoryShots(HistoryWidget& w, const QString& name) {
    const QString dir = qEnvironmentVariable("KIX_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    for (const bool dark : {false, true}) {
        w.setPalette(dark ? darkPalette() : lightPalette());
        QCoreApplication::processEvents();
        w.plot()->replot();
        QVERIFY(
            w.grab().save(QStringLiteral("%1/history-%2-%3.png").arg(dir, name, dark ? "dark" : "light")));
    }
}

} // namespace

class TestHistoryWidget : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void seriesAndStaircase() {
        const QString path = m_dir.filePath(QStringLiteral("history.jsonl"));
        QVERIFY(kixfix::writeFile(path, historyCatalog()));
        const RecordIndex index = kixtest::loadIndexBlocking({path});
        HistoryWidget w;
        w.resize(1200, 760);
        w.show();
        QAbstractItemModelTester tester(w.steps()->model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy updated(&w, &HistoryWidget::updated);
        w.refresh(index);
        QVERIFY(w.isBusy()); // applied later, from the event loop
        QVERIFY(updated.wait(20000));
        QVERIFY(!w.isBusy());
        QCOMPARE(w.cohortBox()->count(), 1);
        QVERIFY2(w.cohortBox()->itemText(0).startsWith(QStringLiteral("2 records · 30 runs · ")),
                 qPrintable(w.cohortBox()->itemText(0)));
        // Graphs: the runs, then the staircase; one change point line, at run 16.
        QCOMPARE(w.plot()->graphCount(), 2);
        QCOMPARE(w.plot()->graph(0)->name(), QStringLiteral("runs (30)"));
        QCOMPARE(w.plot()->graph(0)->dataCount(), 30);
        QCOMPARE(w.plot()->graph(1)->name(), QStringLiteral("record (2 steps)"));
        QCOMPARE(w.plot()->graph(1)->lineStyle(), QCPGraph::lsStepLeft);
        QCOMPARE(w.plot()->itemCount(), 1);
        // One unit for the axis and the table, chosen for the data (issue 37): about 100 µs, not 10⁵ ns.
        QCOMPARE(w.plot()->yAxis->label(), QStringLiteral("primary value (µs)"));
        QVERIFY2(w.plot()->yAxis->range().upper < 200 && w.plot()->yAxis->range().lower > 50,
                 qPrintable(QStringLiteral("%1–%2")
                                .arg(w.plot()->yAxis->range().lower)
                                .arg(w.plot()->yAxis->range().upper)));
        QCOMPARE(w.steps()->topLevelItemCount(), 3); // the change point and the two record steps
        const QTreeWidgetItem* cp = w.steps()->topLevelItem(0);
        QCOMPARE(cp->text(2), QStringLiteral("change point at run 16 of 30"));
        QCOMPARE(cp->text(0), QStringLiteral("2026-09-16T03:00:00Z"));
        QVERIFY2(QRegularExpression(QStringLiteral("^\\d+(\\.\\d)? µs → \\d+(\\.\\d)? µs$"))
                     .match(cp->text(1))
                     .hasMatch(),
                 qPrintable(cp->text(1)));
        QVERIFY2(
            cp->text(5).startsWith(QStringLiteral("implementation: meridian-rmsnorm → meridian-rmsnorm-v2; "
                                                  "implementation digest: ")),
            qPrintable(cp->text(5)));
        QCOMPARE(w.steps()->topLevelItem(1)->text(4), QStringLiteral("first record"));
        QVERIFY(w.steps()->topLevelItem(2)->text(4).endsWith(QStringLiteral("% faster")));
        QCOMPARE(w.steps()->topLevelItem(2)->text(5), QStringLiteral("no spread published"));
        QVERIFY2(w.summary()->text().contains(QStringLiteral("REGRESSION: the latest segment is ")),
                 qPrintable(w.summary()->text()));
        saveHistoryShots(w, QStringLiteral("series"));
        w.clear();
        QCOMPARE(w.cohortBox()->count(), 0);
        QCOMPARE(w.plot()->graphCount(), 0);
        QCOMPARE(w.summary()->text(), QStringLiteral("No cohort has record events or two runs over time."));
    }

    // The unit of a cohort's values: for times the largest in which the largest value is at least 1.
    void historyUnitForTheData_data() {
        QTest::addColumn<QString>("unit");
        QTest::addColumn<QList<double>>("values");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("first"); // values.first() in it
        QTest::newRow("GPU MODE's score in s") << QStringLiteral("s") << QList<double>{8e-5, 1.03e-4}
                                               << QStringLiteral("µs") << QStringLiteral("80 µs");
        QTest::newRow("ns") << QStringLiteral("ns") << QList<double>{100000, 94000} << QStringLiteral("µs")
                            << QStringLiteral("100 µs");
        QTest::newRow("below 1 µs") << QStringLiteral("ns") << QList<double>{512, 640} << QStringLiteral("ns")
                                    << QStringLiteral("512 ns");
        QTest::newRow("ms into s") << QStringLiteral("ms") << QList<double>{250, 2500} << QStringLiteral("s")
                                   << QStringLiteral("0.25 s");
        QTest::newRow("not a time") << QStringLiteral("tokens_s") << QList<double>{8840.42}
                                    << QStringLiteral("tokens_s") << QStringLiteral("8.84e+03 tokens_s");
    }
    void historyUnitForTheData() {
        QFETCH(QString, unit);
        QFETCH(QList<double>, values);
        QFETCH(QString, name);
        QFETCH(QString, first);
        const HistoryUnit u = historyUnit(unit, values);
        QCOMPARE(u.name, name);
        QCOMPARE(u.format(values.first()), first);
    }

    // The History tab shows the cohort of the run selected in the run list (issue 37), and keeps it when
    // the data is built again; a run whose cohort has no history leaves the cohort shown as it is.
    void selectedRunsCohort() {
        const QString path = m_dir.filePath(QStringLiteral("two-cohorts.jsonl"));
        QVERIFY(kixfix::writeFile(path, twoCohortCatalog()));
        const RecordIndex index = kixtest::loadIndexBlocking({path});
        const int w2Run = index.runIndexOfCatalogId(QStringLiteral("t-2"));
        const int w1Run = index.runIndexOfCatalogId(QStringLiteral("s-3"));
        QVERIFY(w2Run >= 0 && w1Run >= 0);
        HistoryWidget w;
        QSignalSpy updated(&w, &HistoryWidget::updated);
        w.setSelectedRun(w2Run); // before the data: applied when it arrives
        w.refresh(index);
        QVERIFY(updated.wait(20000));
        QCOMPARE(w.cohortBox()->count(), 2);
        QVERIFY2(w.cohortBox()->currentText().startsWith(QStringLiteral("2 runs · ")),
                 qPrintable(w.cohortBox()->currentText()));
        QCOMPARE(w.plot()->graph(0)->dataCount(), 2);
        w.setSelectedRun(w1Run);
        QVERIFY2(w.cohortBox()->currentText().startsWith(QStringLiteral("2 records · 30 runs · ")),
                 qPrintable(w.cohortBox()->currentText()));
        w.setSelectedRun(w2Run);
        w.refresh(index);
        QVERIFY(updated.wait(20000));
        QVERIFY(w.cohortBox()->currentText().startsWith(QStringLiteral("2 runs · ")));
        w.setSelectedRun(-1);
        QVERIFY(w.cohortBox()->currentText().startsWith(QStringLiteral("2 runs · ")));
    }

    // The shared catalog: every cohort with record events is in the box, the longest first, built off the
    // UI thread; how long it took is printed (BENCHMARKS.md).
    void sharedCatalog() {
        KIX_REQUIRE_SHARED(path, QStringLiteral("kernelindex/catalog-2026-08-16-94af2ae7.jsonl.zst"));
        const RecordIndex index = kixtest::loadIndexBlocking({path});
        HistoryWidget w;
        w.resize(1200, 760);
        w.show();
        QSignalSpy updated(&w, &HistoryWidget::updated);
        // The UI thread's longest stall meanwhile: the longest gap between ticks of a 1 ms timer, up to
        // the updated() that follows the box's filling and the first cohort's plot.
        QElapsedTimer tick, timer;
        qint64 stall = 0;
        QTimer ticks;
        ticks.setInterval(1);
        connect(&ticks, &QTimer::timeout, [&] { stall = std::max(stall, tick.restart()); });
        connect(&w, &HistoryWidget::updated, [&] { stall = std::max(stall, tick.restart()); });
        tick.start();
        ticks.start();
        timer.start();
        w.refresh(index);
        QVERIFY(updated.wait(60000));
        ticks.stop();
        qInfo("History of the catalog built off the UI thread in %lld ms (build %lld ms); %lld cohorts; "
              "longest UI-thread stall %lld ms",
              timer.elapsed(), w.data().buildMs, qsizetype(w.cohortBox()->count()), stall);
        QVERIFY(w.cohortBox()->count() >= 1828);
        QVERIFY2(w.cohortBox()->itemText(0).startsWith(QStringLiteral("34 records · ")),
                 qPrintable(w.cohortBox()->itemText(0)));
        QCOMPARE(w.plot()->graph(w.plot()->graphCount() - 1)->dataCount(), 34);
        saveHistoryShots(w, QStringLiteral("catalog"));
    }
};

KIX_TEST_MAIN(TestHistoryWidget)
#include "tst_history_widget.moc"
