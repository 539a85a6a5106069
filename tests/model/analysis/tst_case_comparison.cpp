// Case-by-case comparison by the verdict engine: the evidence of each case, its verdict, the suite's.
#include "CaseComparison.h"
#include "CaseEvidence.h"
#include "Comparability.h"
#include "Diff.h"
#include "ManifestParser.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QTest>

namespace {
kix::ManifestPtr withCases(const QByteArray& cases, const char* version = "v1.0") {
    auto doc = kixtest::seedJson();
    doc["run"]["spec"]["cases"] = kix::Json::parse(cases.toStdString());
    doc["protocol"]["spec"]["harness"]["version"] = version;
    return kix::parseManifest(QByteArray::fromStdString(doc.dump()), QStringLiteral("t.json"));
}

// The two bundled kix runs: one kernel on one H200, 6 s apart.
std::pair<kix::ManifestPtr, kix::ManifestPtr> bundledPair() {
    const QString dir = kixtest::repoPath(QStringLiteral("resources/samples/kix/"));
    return {
        kix::loadManifestFile(dir + QStringLiteral("kix-run-20261204T053602Z-nvidia-h200.manifest.json")),
        kix::loadManifestFile(dir + QStringLiteral("kix-run-20261204T053608Z-nvidia-h200.manifest.json"))};
}

// The loops CaseIndex replaced (ui/LatencyPlot), kept as the reference its results must equal.
qsizetype scanMatch(const QList<kix::CaseResult>& source, const kix::CaseResult& x) {
    qsizetype found = -1;
    for (qsizetype j = 0; j < source.size(); ++j)
        if (source[j].id == x.id || (!source[j].axes.isEmpty() && source[j].axesLabel() == x.axesLabel()))
            found = j;
    return found;
}
QList<qsizetype> scanAllWithAxes(const QList<kix::CaseResult>& source, const kix::CaseResult& x) {
    QList<qsizetype> found;
    for (qsizetype j = 0; j < source.size(); ++j)
        if (source[j].axesLabel() == x.axesLabel())
            found << j;
    return found;
}

// Cases drawn from small pools, so ids and axes repeat, collide and go missing.
QList<kix::CaseResult> randomCases(QRandomGenerator& rng) {
    QList<kix::CaseResult> cases(rng.bounded(0, 12));
    for (auto& c : cases) {
        c.id = QStringLiteral("c%1").arg(rng.bounded(6));
        const int axes = rng.bounded(3);
        for (int k = 0; k < axes; ++k)
            c.axes.append(
                {k == 0 ? QStringLiteral("batch_size") : QStringLiteral("seq_len"), double(rng.bounded(3))});
    }
    return cases;
}

// A run of n cases; `order` reverses them (a scan's worst case) and `scale` slows every case.
kix::ManifestPtr manyCases(int n, bool reversed, double scale) {
    auto doc = kixtest::seedJson();
    kix::Json cases = kix::Json::array();
    for (int k = 0; k < n; ++k) {
        const int i = reversed ? n - 1 - k : k;
        const double mean = (1000.0 + i) * scale;
        cases.push_back({{"id", QStringLiteral("c%1").arg(i, 5, 10, QLatin1Char('0')).toStdString()},
                         {"axes", {{"batch_size", i % 64 + 1}, {"seq_len", i}}},
                         {"latencyNs", {{"mean", mean}, {"stddev", mean / 100}, {"samples", 50}}}});
    }
    doc["run"]["spec"]["cases"] = cases;
    return kix::parseManifest(QByteArray::fromStdString(doc.dump()), QStringLiteral("many.json"));
}
// A case with what the tests below vary: CUPTI samples, event samples, its own timer, statistics.
kix::CaseResult evidenceCase(std::vector<double> cupti, std::vector<double> events, const char* timer,
                             bool summary) {
    kix::CaseResult c;
    c.id = QStringLiteral("c");
    c.cuptiSamplesNs = std::move(cupti);
    c.samplesNs = std::move(events);
    c.timer = QString::fromLatin1(timer);
    c.latencyNs.median = 90;
    if (summary) {
        c.latencyNs.mean = 100;
        c.latencyNs.stddev = 5;
        c.latencyNs.samples = 30;
    }
    return c;
}

// "samples 1 2 3 by cupti", "summary 100 5 30 by cuda_events", "central 90 by …": what a TimingEvidence is.
QString describe(const kix::TimingEvidence& e) {
    QString what;
    if (!e.samples.empty()) {
        what = QStringLiteral("samples");
        for (const double v : e.samples)
            what += u' ' + QString::number(v);
    } else if (e.summary) {
        what = QStringLiteral("summary %1 %2 %3")
                   .arg(e.summary->mean)
                   .arg(e.summary->stddev)
                   .arg(e.summary->count);
    } else if (e.central) {
        what = QStringLiteral("central %1").arg(*e.central);
    }
    return what + QStringLiteral(" by ") + e.timer;
}
} // namespace

Q_DECLARE_METATYPE(kix::CaseResult)
Q_DECLARE_METATYPE(kix::Verdict)

class TestCaseComparison : public QObject {
    Q_OBJECT
private slots:
    // One case's evidence: CUPTI samples first, then samples by the case's timer (else the protocol's),
    // then its statistics.
    void caseTimingEvidence_data() {
        QTest::addColumn<kix::CaseResult>("result");
        QTest::addColumn<QString>("evidence");
        QTest::newRow("CUPTI preferred")
            << evidenceCase({1, 2}, {3, 4}, "cuda_events", true) << QStringLiteral("samples 1 2 by cupti");
        QTest::newRow("event samples, the case's timer") << evidenceCase({}, {3, 4}, "device_events", true)
                                                         << QStringLiteral("samples 3 4 by device_events");
        QTest::newRow("event samples, the protocol's timer")
            << evidenceCase({}, {3, 4}, "", true) << QStringLiteral("samples 3 4 by cuda_events");
        QTest::newRow("summary") << evidenceCase({}, {}, "", true)
                                 << QStringLiteral("summary 100 5 30 by cuda_events");
        QTest::newRow("central value")
            << evidenceCase({}, {}, "", false) << QStringLiteral("central 90 by cuda_events");
    }
    void caseTimingEvidence() {
        QFETCH(kix::CaseResult, result);
        QFETCH(QString, evidence);
        const kix::RunTiming run{QStringLiteral("median"), QStringLiteral("cuda_events")};
        QCOMPARE(describe(kix::caseTimingEvidence(result, run)), evidence);
    }

    // A pair is timed by one method where both sides allow it: CUPTI only when both have it.
    void caseEvidencePair_data() {
        QTest::addColumn<kix::CaseResult>("a");
        QTest::addColumn<kix::CaseResult>("b");
        QTest::addColumn<QString>("evidenceA");
        QTest::addColumn<QString>("evidenceB");
        QTest::newRow("both CUPTI") << evidenceCase({1, 2}, {3, 4}, "", true)
                                    << evidenceCase({5, 6}, {}, "", true)
                                    << QStringLiteral("samples 1 2 by cupti")
                                    << QStringLiteral("samples 5 6 by cupti");
        QTest::newRow("CUPTI on A only: events on both")
            << evidenceCase({1, 2}, {3, 4}, "", true) << evidenceCase({}, {7, 8}, "", true)
            << QStringLiteral("samples 3 4 by cuda_events") << QStringLiteral("samples 7 8 by cuda_events");
        QTest::newRow("CUPTI on B only, A's summary")
            << evidenceCase({}, {}, "", true) << evidenceCase({5, 6}, {7, 8}, "", true)
            << QStringLiteral("summary 100 5 30 by cuda_events")
            << QStringLiteral("samples 7 8 by cuda_events");
    }
    void caseEvidencePair() {
        QFETCH(kix::CaseResult, a);
        QFETCH(kix::CaseResult, b);
        QFETCH(QString, evidenceA);
        QFETCH(QString, evidenceB);
        const kix::RunTiming run{QStringLiteral("mean"), QStringLiteral("cuda_events")};
        const kix::EvidencePair pair = kix::caseEvidencePair(a, run, b, run);
        QCOMPARE(describe(pair.a), evidenceA);
        QCOMPARE(describe(pair.b), evidenceB);
    }

    // Every matched case judged by the engine; the suite on the geometric mean; the counts by verdict.
    void ratiosAndVerdicts() {
        const auto a = withCases(R"([
            {"id": "c1", "axes": {"s": 1}, "latencyNs": {"mean": 100, "stddev": 1, "samples": 50}},
            {"id": "c2", "axes": {"s": 2}, "latencyNs": {"mean": 200, "stddev": 20, "samples": 50}},
            {"id": "c3", "axes": {"s": 3}, "latencyNs": {"mean": 400}},
            {"id": "only-a", "latencyNs": {"mean": 1}}])");
        const auto b = withCases(R"([
            {"id": "c1", "axes": {"s": 1}, "latencyNs": {"mean": 50, "stddev": 1, "samples": 50}},
            {"id": "c2", "axes": {"s": 2}, "latencyNs": {"mean": 202, "stddev": 20, "samples": 50}},
            {"id": "c3", "axes": {"s": 3}, "latencyNs": {"mean": 800}},
            {"id": "only-b", "latencyNs": {"mean": 1}}])");
        const auto cmp = kix::compareCases(*a, *b);
        QCOMPARE(cmp.rows.size(), 3);
        QCOMPARE(*cmp.rows[0].verdict.ratio, 0.5);
        QCOMPARE(cmp.rows[0].verdict.verdict, kix::Verdict::Faster);
        QCOMPARE(cmp.rows[0].verdict.method, kix::VerdictMethod::Welch);
        QCOMPARE(*cmp.rows[0].latencyA, 100.0);
        QCOMPARE(*cmp.rows[0].latencyB, 50.0);
        QCOMPARE(cmp.rows[1].verdict.verdict, kix::Verdict::CantTell);
        QVERIFY(cmp.rows[1].verdict.samplesToResolve);
        QCOMPARE(cmp.rows[2].verdict.verdict, kix::Verdict::CantTell);
        QCOMPARE(cmp.rows[2].verdict.reason,
                 QStringLiteral("no spread published: central values only on both sides"));
        QCOMPARE(*cmp.rows[2].verdict.ratio, 2.0);
        QCOMPARE(cmp.faster, 1);
        QCOMPARE(cmp.slower, 0);
        QCOMPARE(cmp.same, 0);
        QCOMPARE(cmp.cantTell, 2);
        QCOMPARE(cmp.onlyInA, QStringList{QStringLiteral("only-a")});
        QCOMPARE(cmp.onlyInB, QStringList{QStringLiteral("only-b")});
        QVERIFY(qAbs(*cmp.suite.ratio - std::cbrt(0.5 * 1.01 * 2.0)) < 1e-12);
        QCOMPARE(cmp.suite.verdict, kix::Verdict::CantTell);
        QCOMPARE(cmp.suite.reason,
                 QStringLiteral("no spread published: central values only in 1 of 3 cases"));
        QCOMPARE(cmp.summary(), QStringLiteral("3 cases matched: 1 faster, 0 slower, 0 same, 2 can't tell; 1 "
                                               "only in A; 1 only in B"));
        QCOMPARE(kix::verdictLine(cmp.suite),
                 QStringLiteral("can't tell (B/A 1.003) — no spread published: central values only in 1 of 3 "
                                "cases"));
    }

    // One case of each kind of evidence and verdict, from the manifest's own fields.
    void oneCase_data() {
        QTest::addColumn<QByteArray>("a");
        QTest::addColumn<QByteArray>("b");
        QTest::addColumn<kix::Verdict>("verdict");
        QTest::addColumn<QString>("evidence"); // evidenceLabel
        QTest::addColumn<QString>("reason");
        const auto stats = [](int mean, int stddev, int samples) -> QByteArray {
            return QByteArray(R"([{"id": "c", "latencyNs": {"mean": )") + QByteArray::number(mean) +
                   R"(, "stddev": )" + QByteArray::number(stddev) + R"(, "samples": )" +
                   QByteArray::number(samples) + "}}]";
        };
        // `mean`: the mean stated beside the samples, which must agree with them (evidence.statistics).
        const auto samples = [](const char* values, const char* timer = "",
                                const char* mean = "100") -> QByteArray {
            // Not a raw string: moc's lexer loses its place in R"(…")".
            return QByteArray("[{\"id\": \"c\", \"latencyNs\": {\"mean\": ") + mean + "}, \"timer\": \"" +
                   timer + "\", \"samplesNs\": [" + values + "]}]";
        };
        QTest::newRow("slower, Welch")
            << stats(1000, 10, 100) << stats(1500, 10, 100) << kix::Verdict::Slower
            << QStringLiteral("Welch, n = 100")
            << QStringLiteral("mean B/A 1.500, 95% CI [1.496, 1.504], entirely beyond the 2% minimum effect; "
                              "Welch on summaries, n = 100 per side");
        QTest::newRow("faster, Welch")
            << stats(1000, 10, 100) << stats(500, 10, 50) << kix::Verdict::Faster
            << QStringLiteral("Welch, n = 100 / 50")
            << QStringLiteral("mean B/A 0.500, 95% CI [0.497, 0.503], entirely "
                              "beyond the 2% minimum effect; Welch on summaries, n = "
                              "100 (A) and 50 (B)");
        // Welch's t is far beyond any critical value, but 0.5% is inside the band.
        QTest::newRow("significant but same")
            << stats(1000, 10, 100) << stats(1005, 10, 100) << kix::Verdict::Same
            << QStringLiteral("Welch, n = 100")
            << QStringLiteral("mean B/A 1.005, 95% CI [1.002, 1.008], entirely inside the 2% minimum effect; "
                              "Welch on summaries, n = 100 per side");
        QTest::newRow("can't tell, too few") // 50% slower, but the spread is wider than that
            << stats(1000, 2000, 5) << stats(1500, 2000, 5) << kix::Verdict::CantTell
            << QStringLiteral("Welch, n = 5") << QStringLiteral("mean B/A 1.500, 95% CI [");
        QTest::newRow("no spread") << QByteArray(R"([{"id": "c", "latencyNs": {"mean": 1000}}])")
                                   << QByteArray(R"([{"id": "c", "latencyNs": {"mean": 1500}}])")
                                   << kix::Verdict::CantTell << QStringLiteral("none")
                                   << QStringLiteral(
                                          "no spread published: central values only on both sides");
        // docs/verdicts.md's worked example, read from samplesNs.
        QTest::newRow("raw samples: bootstrap")
            << samples("102.904, 99.359, 100.716, 99.598, 100.676")
            << samples("97.752, 102.280, 100.714, 98.607, 100.559") << kix::Verdict::CantTell
            << QStringLiteral("bootstrap, n = 5")
            << QStringLiteral(
                   "median B/A 0.999, 95% CI [0.971, 1.016], straddles the 2% minimum effect; "
                   "bootstrap, n = 5 per side; about 337 samples per side would narrow the interval "
                   "to ±1%");
        QTest::newRow("timing methods differ")
            << samples("100, 101", "cuda_events") << samples("200, 201", "device_events", "200.5")
            << kix::Verdict::CantTell << QStringLiteral("none")
            << QStringLiteral("material mismatch: timing method differs: CUDA events vs device events");
        QTest::newRow("no timing on B")
            << stats(1000, 10, 100) << QByteArray(R"([{"id": "c", "status": "runtime_error"}])")
            << kix::Verdict::CantTell << QStringLiteral("none") << QStringLiteral("no timing on B");
    }
    void oneCase() {
        QFETCH(QByteArray, a);
        QFETCH(QByteArray, b);
        QFETCH(kix::Verdict, verdict);
        QFETCH(QString, evidence);
        QFETCH(QString, reason);
        const auto ma = withCases(a);
        const auto mb = withCases(b);
        QVERIFY2(!ma->hasErrors() && !mb->hasErrors(), qPrintable(mb->problems.value(0).toString()));
        const auto cmp = kix::compareCases(*ma, *mb);
        QCOMPARE(cmp.rows.size(), 1);
        const kix::CaseVerdict& v = cmp.rows[0].verdict;
        QCOMPARE(v.verdict, verdict);
        QCOMPARE(kix::evidenceLabel(v), evidence);
        QVERIFY2(v.reason.startsWith(reason), qPrintable(v.reason));
        QCOMPARE(cmp.suite.verdict, verdict); // one case: the suite says what it says
        QCOMPARE(cmp.faster + cmp.slower + cmp.same + cmp.cantTell, 1);
    }

    // The bootstrap's case: medians are the values compared, the Mann–Whitney p is carried (exact: 138/252).
    void rawSamplesCarryTheirTest() {
        const auto a = withCases(
            R"([{"id": "c", "latencyNs": {"mean": 100}, "samplesNs": [102.904, 99.359, 100.716, 99.598, 100.676]}])");
        const auto b = withCases(
            R"([{"id": "c", "latencyNs": {"mean": 100}, "samplesNs": [97.752, 102.280, 100.714, 98.607, 100.559]}])");
        const auto cmp = kix::compareCases(*a, *b);
        const kix::CaseDelta& d = cmp.rows[0];
        QCOMPARE(*d.latencyA, 100.676);
        QCOMPARE(*d.latencyB, 100.559);
        QVERIFY(qAbs(*d.verdict.mannWhitneyP - 138.0 / 252.0) < 1e-12);
        QCOMPARE(d.verdict.countA, 5);
        QCOMPARE(kix::intervalLabel(d.verdict), QStringLiteral("[0.971, 1.016]"));
        QCOMPARE(kix::intervalLabel(cmp.suite), QStringLiteral("[0.971, 1.016]"));
        // A larger minimum effect settles it: the whole interval is inside ±5%.
        kix::VerdictOptions wide;
        wide.minimumEffect = 0.05;
        const auto five = kix::compareCases(*a, *b, wide);
        QCOMPARE(five.rows[0].verdict.verdict, kix::Verdict::Same);
        QCOMPARE(five.options.minimumEffect, 0.05);
    }

    // The two bundled kix runs carry every launch: each case and the suite are judged by block medians
    // (drift within a run, a rerun straying as a block does), each with its interval, its counts and its
    // Mann–Whitney p; the verdicts repeat.
    void bundledKixRunsAreJudgedByBlocks() {
        const auto [a, b] = bundledPair();
        const auto cmp = kix::compareCases(*a, *b);
        QCOMPARE(cmp.rows.size(), 16);
        for (const kix::CaseDelta& d : cmp.rows) {
            QCOMPARE(d.verdict.method, kix::VerdictMethod::BlockMedians);
            QVERIFY(d.verdict.interval && d.verdict.mannWhitneyP);
            QVERIFY(d.verdict.interval->lo <= *d.verdict.ratio && *d.verdict.ratio <= d.verdict.interval->hi);
            QVERIFY(d.verdict.countA >= 50 && d.verdict.countB >= 50);
            QCOMPARE(*d.verdict.ratio, *d.latencyB / *d.latencyA);
        }
        QCOMPARE(cmp.suite.method, kix::VerdictMethod::BlockMedians);
        QVERIFY(cmp.suite.interval);
        const auto again = kix::compareCases(*a, *b);
        QCOMPARE(again.suite.reason, cmp.suite.reason);
        QCOMPARE(again.summary(), cmp.summary());
    }

    // Issue 36: the bundled pair is one kernel on one H200, run 6 s apart. The bootstrap of independent
    // launches called 1x128 and 1x131 faster one way (0.941 [0.882, 0.971]) and slower the other; judged
    // with the drift within each run, no case and not the suite is faster or slower, either way.
    void bundledAaPairIsNeverFasterOrSlower() {
        const auto [a, b] = bundledPair();
        for (const auto& [x, y] : {std::pair{a, b}, std::pair{b, a}}) {
            const auto cmp = kix::compareCases(*x, *y);
            QCOMPARE(cmp.faster + cmp.slower, 0);
            QCOMPARE(cmp.same + cmp.cantTell, 16);
            QVERIFY2(cmp.suite.verdict != kix::Verdict::Faster && cmp.suite.verdict != kix::Verdict::Slower,
                     qPrintable(cmp.suite.reason));
            for (const kix::CaseDelta& d : cmp.rows)
                if (d.axes.endsWith(QLatin1String("seq_len=128")))
                    QVERIFY2(d.verdict.verdict == kix::Verdict::CantTell &&
                                 d.verdict.reason.contains(QLatin1String("no A/A floor")),
                             qPrintable(d.verdict.reason));
        }
    }

    void matchByAxesWhenIdsDiffer() {
        const auto a = withCases(R"([{"id": "x1", "axes": {"s": 1}, "latencyNs": {"mean": 100}}])");
        const auto b = withCases(R"([{"id": "y1", "axes": {"s": 1}, "latencyNs": {"mean": 150}}])");
        const auto cmp = kix::compareCases(*a, *b);
        QCOMPARE(cmp.rows.size(), 1);
        QCOMPARE(*cmp.rows[0].verdict.ratio, 1.5);
    }

    void suiteOnly() {
        const auto a = kix::loadManifestFile(kixtest::seedPath());
        const auto b = kix::parseManifest(kixtest::suiteOnlyLeader(), QStringLiteral("leader.json"));
        const auto cmp = kix::compareCases(*a, *b);
        QVERIFY(cmp.suiteOnly);
        QCOMPARE(*cmp.suite.ratio, 42336.0 / 45344.0);
        QCOMPARE(cmp.summary(), QStringLiteral("suite values only (no per-case results)"));
        QCOMPARE(kix::verdictLine(cmp.suite),
                 QStringLiteral("can't tell (B/A 0.934) — no spread published: central values only on both "
                                "sides"));
    }
    // Whether two runs may be compared at all (KernelIndex's policy) is tested in tst_comparability.

    // CaseIndex gives what the plot's loops gave, repeated and missing keys included.
    void caseIndexMatchesTheScans() {
        QRandomGenerator rng(7);
        for (int round = 0; round < 2000; ++round) {
            const auto source = randomCases(rng);
            const auto cases = randomCases(rng);
            const kix::CaseIndex index(source);
            for (const auto& c : cases) {
                QCOMPARE(index.match(c), scanMatch(source, c));
                QCOMPARE(index.allWithAxes(c.axesLabel()), scanAllWithAxes(source, c));
            }
        }
        const kix::CaseIndex empty(QList<kix::CaseResult>{});
        QCOMPARE(empty.lastWithId(QStringLiteral("x")), -1);
        QCOMPARE(empty.lastWithAxes(QString()), -1);
    }

    // Arrays keyed by id are matched by id in the field diff, whatever their order.
    void fieldDiffMatchesById() {
        const auto a =
            kix::Json::parse(R"([{"id": "x", "v": 1}, {"id": "y", "v": 2}, {"id": "gone", "v": 3}])");
        const auto b =
            kix::Json::parse(R"([{"id": "new", "v": 4}, {"id": "y", "v": 5}, {"id": "x", "v": 1}])");
        QStringList changes;
        for (const auto& c : kix::diffJson(a, b, QStringLiteral("$.cases")))
            changes << kix::changeKindName(c.kind) + u' ' + c.path + u' ' + c.before + u' ' + c.after;
        QCOMPARE(changes, (QStringList{QStringLiteral("changed $.cases[id=y].v 2 5"),
                                       QStringLiteral("removed $.cases[id=gone] {\"id\":\"gone\",\"v\":3} "),
                                       QStringLiteral("added $.cases[id=new]  {\"id\":\"new\",\"v\":4}")}));
    }

    // Issue 13: matching was quadratic (10,000 cases: minutes in the plot, 20 s in `kix diff`). Linear
    // matching takes well under a second here; the limit is generous for sanitizer builds under load.
    void tenThousandCasesInLinearTime() {
        const int n = 10000;
        const auto a = manyCases(n, false, 1.0);
        const auto b = manyCases(n, true, 1.05);
        QVERIFY(!a->hasErrors() && !b->hasErrors());
        QElapsedTimer timer;
        timer.start();
        const auto cmp = kix::compareCases(*a, *b);
        const qint64 compareMs = timer.restart();
        const kix::CaseIndex index(b->runSpec.cases);
        qsizetype matched = 0;
        for (const auto& c : a->runSpec.cases)
            matched += index.match(c) >= 0 ? 1 : 0;
        const qint64 plotMs = timer.restart();
        const auto changes = kix::diffJson(a->run->json, b->run->json, QStringLiteral("$"));
        const qint64 diffMs = timer.elapsed();
        qInfo("10,000 cases: compareCases %lld ms, plot matching %lld ms, field diff %lld ms", compareMs,
              plotMs, diffMs);
        QCOMPARE(cmp.rows.size(), n);
        QVERIFY(cmp.onlyInA.isEmpty() && cmp.onlyInB.isEmpty());
        QCOMPARE(cmp.slower, n);
        QCOMPARE(cmp.suite.verdict, kix::Verdict::Slower);
        QVERIFY(qAbs(*cmp.suite.ratio - 1.05) < 1e-9);
        QCOMPARE(matched, n);
        QCOMPARE(changes.size(), 2 * n); // every case's mean and stddev
        QVERIFY2(compareMs + plotMs + diffMs < 10000,
                 "matching 10,000 cases took over 10 s: quadratic again?");
    }
};

KIX_TEST_GUILESS_MAIN(TestCaseComparison)
#include "tst_case_comparison.moc"
