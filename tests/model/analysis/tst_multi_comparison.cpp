// Two to eight runs against a baseline: each run's verdict, the first material mismatch, cases matched
// with Compare's rule with ratios, field rows split into those that decide comparability and context, the
// filter, the limits with their exact messages, and the comparison as `kix diff --json` writes it.
#include "BundleView.h"
#include "CatalogFixture.h"
#include "DiffReport.h"
#include "ManifestParser.h"
#include "MultiComparison.h"
#include "RecordIndexFixtures.h"
#include "SourceReader.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QTest>
#include <cmath>

using namespace kix;
using kixfix::Json;
using kixfix::runsOf;

namespace {

ManifestPtr withCases(const char* cases, const char* file) {
    auto doc = kixtest::seedJson();
    doc["run"]["spec"]["cases"] = Json::parse(cases);
    return parseManifest(QByteArray::fromStdString(doc.dump()), QString::fromLatin1(file));
}

} // namespace

class TestMultiComparison : public QObject {
    Q_OBJECT
private slots:
    void verdictsAndFirstMismatch() {
        const Json op = kixfix::operation();
        const Json w1 = kixfix::workloadCase(op, 2048);
        const Json w2 = kixfix::workloadCase(op, 8192);
        const Json impl = kixfix::implementation(op);
        const Json proto = kixfix::protocol();
        const Json env = kixfix::environment();
        auto bundle = [&](const std::string& name, const Json& w, double median) {
            return kixfix::bundle(kixfix::run(name, w, impl, proto, env, median), proto, env);
        };
        const auto runs =
            runsOf({op, w1, w2, impl, bundle("a", w1, 8000), bundle("b", w1, 9000), bundle("c", w2, 7000)});
        const MultiComparison m = compareRuns(runs, 0);
        QVERIFY(m.error.isEmpty());
        QCOMPARE(m.verdicts.size(), 3);
        QVERIFY(m.verdicts[0].comparable && m.verdicts[0].sameRun);
        QVERIFY(m.verdicts[1].comparable);
        QVERIFY(!m.verdicts[2].comparable);
        QVERIFY(!m.allComparable);
        QCOMPARE(m.firstMismatchRun, 2);
        QCOMPARE(m.firstMismatch->part, QStringLiteral("workload"));
        QCOMPARE(m.verdictText,
                 QStringLiteral("1 of 2 runs are not comparable with the baseline (run 1); first: run 3, ") +
                     m.verdicts[2].reasons.first() + u'.');
        // The deciding rows come first: the workload digest decides, the name and timing are context.
        QVERIFY(!m.fields.isEmpty());
        QCOMPARE(m.fields.first().path, QStringLiteral("run.spec.workloadDigest"));
        QVERIFY(m.fields.first().decides);
        QCOMPARE(m.fields.first().values[0], m.fields.first().values[1]); // b keeps a's workload
        QVERIFY(m.fields.first().values[2] != m.fields.first().values[0]);
        const auto context = std::find_if(m.fields.begin(), m.fields.end(), [](const MultiFieldRow& r) {
            return r.path == QLatin1String("run.spec.timing.latencyNs.median");
        });
        QVERIFY(context != m.fields.end());
        QVERIFY(!context->decides);
        QCOMPARE(context->values, (QStringList{"8000", "9000", "7000"}));
        QCOMPARE(filterFields(m.fields, QStringLiteral("LATENCYNS")).size(), 1);
        QCOMPARE(filterFields(m.fields, QStringLiteral("9000")).size(), 1);
        QCOMPARE(filterFields(m.fields, {}, true).size(),
                 std::count_if(m.fields.begin(), m.fields.end(),
                               [](const MultiFieldRow& r) { return r.decides; }));

        // All comparable.
        const MultiComparison same = compareRuns(runs.mid(0, 2), 1);
        QVERIFY(same.allComparable);
        QCOMPARE(same.verdictText, QStringLiteral("All 2 runs are comparable by KernelIndex's policy: one "
                                                  "comparison cohort, every run eligible."));
    }

    void casesAgainstTheBaseline() {
        const auto a = withCases(R"([{"id": "x", "axes": {"n": 1}, "latencyNs": {"mean": 100}},
                                     {"id": "y", "axes": {"n": 2}, "latencyNs": {"mean": 200}}])",
                                 "a.json");
        const auto b = withCases(R"([{"id": "y", "axes": {"n": 2}, "latencyNs": {"mean": 100}}])", "b.json");
        const auto c = withCases(R"([{"id": "p", "axes": {"n": 1}, "latencyNs": {"mean": 300}},
                                     {"id": "q", "axes": {"n": 2}, "latencyNs": {"mean": 800}}])",
                                 "c.json");
        const MultiComparison m = compareRuns({a, b, c}, 0);
        QCOMPARE(m.cases.size(), 2);
        QCOMPARE(m.cases[0].id, QStringLiteral("x"));
        QCOMPARE(*m.cases[0].ratio[0], 1.0);
        QVERIFY(!m.cases[0].ratio[1]);       // b has no x
        QCOMPARE(*m.cases[0].ratio[2], 3.0); // c by axes
        QCOMPARE(*m.cases[1].ratio[1], 0.5);
        QCOMPARE(*m.cases[1].ratio[2], 4.0);
        QCOMPARE(*m.cases[1].latencyNs[2], 800.0);
        QCOMPARE(*m.geomeanRatio[1], 0.5);
        QCOMPARE(*m.geomeanRatio[2], std::sqrt(3.0 * 4.0));
    }

    // Each run is judged against the baseline by the verdict engine, as `kix diff` would: samples give a
    // block-medians interval and a verdict per case and for the suite; the minimum effect is the caller's.
    void verdictsPerRun() {
        const auto samples = [](double centre) {
            Json out = Json::array();
            for (int i = 0; i < 60; ++i)
                out.push_back(centre + (i % 7 - 3) * centre / 300); // ±1%, deterministic
            return out.dump();
        };
        const auto run = [&](double x, double y, const char* file) {
            const std::string cases = R"([{"id": "x", "latencyNs": {"median": )" + std::to_string(x) +
                                      R"(}, "samplesNs": )" + samples(x) +
                                      R"(}, {"id": "y", "latencyNs": {"median": )" + std::to_string(y) +
                                      R"(}, "samplesNs": )" + samples(y) + "}]";
            return withCases(cases.c_str(), file);
        };
        const auto base = run(1000, 2000, "base.json");
        const auto same = run(1002, 1998, "same.json");
        const auto slow = run(1050, 2100, "slow.json");
        const MultiComparison m = compareRuns({base, same, slow}, 0);
        QCOMPARE(m.judged.size(), 3);
        QVERIFY(m.judged[0].rows.isEmpty()); // the baseline is not judged against itself
        QVERIFY(!m.cases[0].verdict[0]);
        QCOMPARE(m.cases[0].verdict[1]->verdict, Verdict::Same);
        QCOMPARE(m.cases[0].verdict[1]->method, VerdictMethod::BlockMedians);
        QCOMPARE(m.cases[1].verdict[2]->verdict, Verdict::Slower);
        QCOMPARE(m.judged[1].suite.verdict, Verdict::Same);
        QCOMPARE(m.judged[2].suite.verdict, Verdict::Slower);
        QCOMPARE(*m.cases[1].ratio[2], *m.cases[1].verdict[2]->ratio);
        QCOMPARE(*m.geomeanRatio[2], *m.judged[2].suite.ratio);
        // What two-run Compare and `kix diff` show for that pair, the same numbers.
        const CaseComparison direct = compareCases(*base, *slow);
        QCOMPARE(verdictLine(m.judged[2].suite), verdictLine(direct.suite));

        // The baseline's column is the centre its verdicts use: declared 990, samples centred on 1000.
        const std::string offCases =
            R"([{"id": "x", "latencyNs": {"median": 990}, "samplesNs": )" + samples(1000) + "}]";
        const auto declaredOff = withCases(offCases.c_str(), "declared-off.json");
        const auto other = run(1050, 2100, "other.json");
        const MultiComparison centred = compareRuns({declaredOff, other}, 0);
        QCOMPARE(*centred.cases[0].latencyNs[0], *centred.judged[1].rows[0].latencyA);
        QCOMPARE(*centred.cases[0].latencyNs[0], 1000.0);
        QCOMPARE(*centred.cases[0].latencyNs[1] / *centred.cases[0].latencyNs[0], *centred.cases[0].ratio[1]);

        // A minimum effect of 10%: the 5% slower run is now "same".
        VerdictOptions wide;
        wide.minimumEffect = 0.10;
        const MultiComparison loose = compareRuns({base, same, slow}, 0, wide);
        QCOMPARE(loose.judged[2].suite.verdict, Verdict::Same);
        QCOMPARE(loose.cases[1].verdict[2]->threshold, 0.10);
        const Json j = multiComparisonJson(loose);
        QCOMPARE(j["comparisons"][1]["verdictOptions"]["minimumEffect"].get<double>(), 0.10);
        QCOMPARE(j["comparisons"][1]["suite"]["verdict"].get<std::string>(), std::string("same"));
    }

    void limits_data() {
        QTest::addColumn<int>("count");
        QTest::addColumn<int>("baseline");
        QTest::addColumn<QString>("error");
        QTest::newRow("one") << 1 << 0 << "compare takes 2 to 8 runs, not 1";
        QTest::newRow("nine") << 9 << 0 << "compare takes 2 to 8 runs, not 9";
        QTest::newRow("baseline") << 3 << 3 << "baseline 4 is not one of the 3 runs";
    }
    void limits() {
        QFETCH(int, count);
        QFETCH(int, baseline);
        QFETCH(QString, error);
        const ManifestPtr seed = loadManifestFile(kixtest::seedPath());
        QCOMPARE(compareRuns(QList<ManifestPtr>(count, seed), baseline).error, error);
        QCOMPARE(compareRuns({seed, nullptr}).error, QStringLiteral("item 2 holds no readable run"));
        QCOMPARE(QString::fromStdString(multiComparisonJson(compareRuns({seed})).dump()),
                 QStringLiteral(R"({"error":"compare takes 2 to 8 runs, not 1"})"));
    }

    void jsonIsTheDiffJson() {
        const auto a = withCases(R"([{"id": "x", "latencyNs": {"mean": 100}}])", "a.json");
        const auto b = withCases(R"([{"id": "x", "latencyNs": {"mean": 150}}])", "b.json");
        const Json two = multiComparisonJson(compareRuns({a, b}));
        QVERIFY(two == diffReportJson(*a, *b));
        QCOMPARE(two["cases"][0]["ratio"].get<double>(), 1.5);
        QCOMPARE(QString::fromStdString(two["a"]["file"].get<std::string>()), QStringLiteral("a.json"));
        QVERIFY(two.contains("comparable") && two.contains("fields") && two.contains("summary"));
        const Json three = multiComparisonJson(compareRuns({a, b, a}, 1));
        QCOMPARE(three["baseline"].get<int>(), 1);
        QCOMPARE(three["runs"].size(), std::size_t(3));
        QCOMPARE(three["comparisons"].size(), std::size_t(2));
        QVERIFY(three["comparisons"][0] == diffReportJson(*b, *a));
    }

    void decidingPaths_data() {
        QTest::addColumn<QString>("path");
        QTest::addColumn<bool>("decides");
        QTest::newRow("protocol spec") << "protocol.spec.harness.version" << true;
        QTest::newRow("protocol name") << "protocol.metadata.name" << false;
        QTest::newRow("environment") << "environment.spec.software.driver" << true;
        QTest::newRow("workload") << "run.spec.workloadDigest" << true;
        QTest::newRow("status") << "run.spec.status" << true;
        QTest::newRow("statistic") << "run.spec.timing.primaryStatistic" << true;
        QTest::newRow("latency") << "run.spec.timing.latencyNs.mean" << false;
        QTest::newRow("measurement unit") << "run.spec.measurements[0].unit" << true;
        QTest::newRow("second measurement") << "run.spec.measurements[1].unit" << false;
        QTest::newRow("observed") << "run.spec.observedAt" << false;
        QTest::newRow("prefix only") << "protocol.specx" << false;
    }
    void decidingPaths() {
        QFETCH(QString, path);
        QFETCH(bool, decides);
        QCOMPARE(decidesComparability(path), decides);
    }
};

KIX_TEST_MAIN(TestMultiComparison)
#include "tst_multi_comparison.moc"
