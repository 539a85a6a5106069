// `kix diff`: KernelIndex's comparability (text and --json), per-case and suite verdicts with their
// intervals, --min-effect and --fail-if with their exit statuses, and the same file given twice, by a link
// or by another spelling.
#include "CliFixtures.h"
#include "Commands.h"
#include "Format.h"
#include "InputLimits.h"
#include "KixResources.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <functional>
#include <sys/resource.h>
#include <unistd.h>

using namespace kixcli;

namespace {

// The suite verdict of the two bundled kix runs, as printed and as --json's token (fixed by the seed).
constexpr char kBundledSuiteVerdict[] = "can't tell";
constexpr char kBundledSuiteToken[] = "cant-tell";

QStringList bundledKixRuns() {
    const QString dir = kixtest::repoPath(QStringLiteral("resources/samples/kix/"));
    return {dir + QStringLiteral("kix-run-20261204T053602Z-nvidia-h200.manifest.json"),
            dir + QStringLiteral("kix-run-20261204T053608Z-nvidia-h200.manifest.json")};
}

// A run of the fixture world with one case per row: {tokens, A's mean, B's mean, stddev, samples}, this
// side's mean in column `side` (the median the same).
Json casesBundle(const Files& f, const std::string& name, const double (&rows)[3][5], int side) {
    Json b = f.c.runBundle(name, f.c.w1, 8120);
    Json cases = Json::array();
    for (const auto& r : rows)
        cases.push_back(
            {{"id", "c" + std::to_string(int(r[0]))},
             {"axes", {{"tokens", int(r[0])}}},
             {"latencyNs",
              {{"median", r[side]}, {"mean", r[side]}, {"stddev", r[3]}, {"samples", int(r[4])}}}});
    b["run"]["spec"]["cases"] = cases;
    return b;
}

// Bundled run A, its manifest and samples file copied into `dir` as `name` (name.manifest.json and
// name.samples.json), its samples file changed by `edit` and the manifest's digest of it updated: a
// candidate as a submitter could hand it in. The manifest's path.
QString editedKixRun(const QString& dir, const QString& name, const std::function<void(Json&)>& edit) {
    const QString source = bundledKixRuns().first();
    Json manifest = Json::parse(kixtest::readAll(source).toStdString());
    QString samplesName = source;
    samplesName.replace(QStringLiteral(".manifest.json"), QStringLiteral(".samples.json"));
    Json samples = Json::parse(kixtest::readAll(samplesName).toStdString());
    edit(samples);
    const QByteArray bytes = QByteArray::fromStdString(samples.dump());
    const QString samplesPath = dir + u'/' + name + QStringLiteral(".samples.json");
    if (!kixfix::writeFile(samplesPath, bytes))
        qFatal("cannot write %s", qPrintable(samplesPath));
    auto& ref = manifest["run"]["spec"]["evidence"]["rawSamples"];
    ref["uri"] = QString(name + QStringLiteral(".samples.json")).toStdString();
    ref["digest"] =
        "sha256:" + QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex().toStdString();
    QString manifestPath = dir + u'/' + name + QStringLiteral(".manifest.json");
    if (!kixfix::writeJson(manifestPath, manifest))
        qFatal("cannot write %s", qPrintable(manifestPath));
    return manifestPath;
}

// Every launch of every case times `factor`, rounded to whole nanoseconds as kix writes them.
void slowDown(Json& samples, double factor) {
    for (Json& c : samples["cases"]) {
        for (Json& v : c["samplesNs"])
            v = std::round(v.get<double>() * factor);
        for (const char* stat : {"mean", "median", "min", "max", "stddev"})
            if (c["latencyNs"].contains(stat))
                c["latencyNs"][stat] = c["latencyNs"][stat].get<double>() * factor;
    }
}

void setNoiseFloor(Json& samples, double relative) {
    samples["gpu"] = {{"noiseFloor", {{"relative", relative}}}};
}

} // namespace

class TestDiffCommand : public QObject {
    Q_OBJECT
    SuiteConfig m_config; // resources and this suite's own XDG_CONFIG_HOME

private slots:
    void initTestCase() { QVERIFY(m_config.setUp()); }

    // KernelIndex's policy in kix diff: the first material mismatch with the differing values.
    void diffNotComparable_data() {
        QTest::addColumn<QString>("which");
        QTest::addColumn<QString>("part");
        QTest::addColumn<QString>("reason");
        QTest::newRow("workload cases")
            << "w2"
            << "workload"
            << "  - first material mismatch: workload differs: \"hidden=4096 tokens=2048 · ";
        QTest::newRow("environments") << "env"
                                      << "environment"
                                      << "  - first material mismatch: environment differs: \"NVIDIA B200 · "
                                         "driver 580.00 · CUDA 13.1 · pytorch 2.9 · ";
        QTest::newRow("failed run") << "failed"
                                    << "metric"
                                    << "  - B is not eligible: its status is compile_error, not passed; it "
                                       "has no primary measurement";
    }

    void diffNotComparable() {
        QFETCH(QString, which);
        QFETCH(QString, part);
        QFETCH(QString, reason);
        const Files f;
        Json b = which == QLatin1String("w2") ? f.c.runBundle("run-b", f.c.w2, 30100)
                 : which == QLatin1String("env")
                     ? kixfix::bundle(kixfix::run("run-b", f.c.w1, f.c.impl, f.c.proto,
                                                  kixfix::environment("NVIDIA B200", "2.10")),
                                      f.c.proto, kixfix::environment("NVIDIA B200", "2.10"))
                     : f.c.runBundle("run-b", f.c.w1, -1, "compile_error");
        const QString pathB = f.write("b.json", b);
        const Result r = run({QStringLiteral("diff"), f.a, pathB, QStringLiteral("--with"), f.support});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("NOT COMPARABLE:\n")), qPrintable(r.out));
        QVERIFY2(r.out.contains(reason), qPrintable(r.out));
        // Issue 26, item 4: no ratio of runs that are not comparable unless asked, and then labelled.
        QVERIFY2(!r.out.contains(QStringLiteral("B/A")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("\nCases: latencies only; no ratio of runs that are not "
                                               "comparable (--ratios-anyway shows them, labelled)\n")),
                 qPrintable(r.out));
        const Result anyway = run({QStringLiteral("diff"), QStringLiteral("--ratios-anyway"), f.a, pathB,
                                   QStringLiteral("--with"), f.support});
        QCOMPARE(anyway.code, 0);
        QVERIFY2(
            anyway.out.contains(QStringLiteral("\nRatios of runs that are NOT COMPARABLE, shown as asked "
                                               "(--ratios-anyway): no verdict follows from them\nCases: ")),
            qPrintable(anyway.out));
        QVERIFY2(anyway.out.contains(QStringLiteral(" (not comparable)\n")), qPrintable(anyway.out));
        const Result j = run({QStringLiteral("diff"), QStringLiteral("--json"), f.a, pathB,
                              QStringLiteral("--with"), f.support});
        QCOMPARE(j.code, 0);
        const Json v = Json::parse(j.out.toStdString());
        QCOMPARE(v["comparable"].get<bool>(), false);
        QCOMPARE(QString::fromStdString(v["firstMismatch"]["part"].get<std::string>()), part);
        QVERIFY(!v["reasons"].empty());
        // Issue 37, item 5: as in the text, no ratio of runs that are not comparable (suite.ratio was set).
        QVERIFY2(v["suite"]["ratio"].is_null(), v["suite"].dump().c_str());
        QVERIFY(v["suite"]["interval"].is_null());
        QCOMPARE(v["suite"]["ratioWithheld"].get<std::string>(), std::string("the runs are not comparable"));
        for (const Json& c : v["cases"]) {
            QVERIFY2(c["ratio"].is_null(), c.dump().c_str());
            QCOMPARE(c["ratioWithheld"].get<std::string>(), std::string("the runs are not comparable"));
        }
    }

    void diffComparable() {
        const Files f;
        const QString pathB = f.write("b.json", f.c.runBundle("run-b", f.c.w1, 9050));
        const Result r = run({QStringLiteral("diff"), f.a, pathB, QStringLiteral("--with"), f.support});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("COMPARABLE: one comparison cohort ") +
                                QString::fromStdString(f.c.keyOf(f.c.w1))),
                 qPrintable(r.out));
        QVERIFY2(
            r.out.contains(QStringLiteral(
                "Cases: suite values only (no per-case results)\nSuite: can't tell (B/A 1.115) — no spread "
                "published: central values only on both sides\n")),
            qPrintable(r.out));
        QVERIFY(r.out.contains(QStringLiteral("  ~ run.spec.timing.latencyNs.median: 8120 -> 9050\n")));
    }

    // A comparable pair with per-case results: per case the values compared, B/A, its 95% interval, the
    // verdict and its reason; the suite's verdict; --json member for member.
    void diffComparableCases() {
        const Files f;
        // {tokens, A's mean, B's mean, stddev, samples}: a case slower, one that cannot tell, one faster.
        const double rows[][5] = {
            {2048, 1000, 1500, 10, 100}, {4096, 2000, 2020, 200, 10}, {8192, 4000, 2000, 10, 100}};
        const QString pathA = f.write("ca.json", casesBundle(f, "run-a", rows, 1));
        const QString pathB = f.write("cb.json", casesBundle(f, "run-b", rows, 2));
        const QStringList args{pathA, pathB, QStringLiteral("--with"), f.support};
        const Result r = run(QStringList{QStringLiteral("diff")} + args);
        QCOMPARE(r.code, int(kix::cli::ExitOk));
        const auto line = [](const char* axes, const char* a, const char* b, const char* ratio,
                             const char* interval, const char* verdict, const char* reason) -> QString {
            return QStringLiteral("\n  ") + QString::fromLatin1(axes).leftJustified(36) +
                   QString::fromUtf8(a).rightJustified(10) + QStringLiteral(" -> ") +
                   QString::fromUtf8(b).rightJustified(10) + QStringLiteral("  B/A ") +
                   QString::fromLatin1(ratio).rightJustified(6) + QStringLiteral("  ") +
                   QString::fromLatin1(interval).leftJustified(14) + QStringLiteral("  ") +
                   QString::fromLatin1(verdict) + QStringLiteral("\n      ") + QString::fromUtf8(reason) +
                   u'\n';
        };
        QVERIFY2(r.out.contains(
                     line("tokens=2048", "1.00 µs", "1.50 µs", "1.500", "[1.496, 1.504]", "slower",
                          "mean B/A 1.500, 95% CI [1.496, 1.504], entirely beyond the 2% minimum "
                          "effect; Welch on summaries, n = 100 per side"
                          "; spread of A: std at run.spec.cases[0].latencyNs.stddev, n = 100; of B: std at "
                          "run.spec.cases[0].latencyNs.stddev, n = 100")),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains(
                     line("tokens=4096", "2.00 µs", "2.02 µs", "1.010", "[0.920, 1.109]", "can't tell",
                          "mean B/A 1.010, 95% CI [0.920, 1.109], straddles the 2% minimum effect; "
                          "Welch on summaries, n = 10 per side; about 892 samples per side would "
                          "narrow the interval to ±1%"
                          "; spread of A: std at run.spec.cases[1].latencyNs.stddev, n = 10; of B: std at "
                          "run.spec.cases[1].latencyNs.stddev, n = 10")),
                 qPrintable(r.out));
        QVERIFY(r.out.contains(
            line("tokens=8192", "4.00 µs", "2.00 µs", "0.500", "[0.499, 0.501]", "faster",
                 "mean B/A 0.500, 95% CI [0.499, 0.501], entirely beyond the 2% minimum "
                 "effect; Welch on summaries, n = 100 per side"
                 "; spread of A: std at run.spec.cases[2].latencyNs.stddev, n = 100; of B: std at "
                 "run.spec.cases[2].latencyNs.stddev, n = 100")));
        QVERIFY(r.out.contains(
            QStringLiteral("\nCases: 3 cases matched: 1 faster, 1 slower, 0 same, 1 can't tell\n")));
        QVERIFY(r.out.contains(QStringLiteral(
            "\nSuite: faster — geometric mean of mean ratios B/A 0.912, 95% CI [0.884, 0.940], ")));

        const Result j = run(QStringList{QStringLiteral("diff"), QStringLiteral("--json")} + args);
        QCOMPARE(j.code, int(kix::cli::ExitOk));
        const Json v = Json::parse(j.out.toStdString());
        QCOMPARE(v["comparable"].get<bool>(), true);
        QCOMPARE(v["comparisonKey"].get<std::string>(), f.c.keyOf(f.c.w1));
        QVERIFY(v["reasons"].empty());
        QCOMPARE(v["cases"].size(), std::size_t(3));
        const char* verdicts[] = {"slower", "cant-tell", "faster"};
        for (int i = 0; i < 3; ++i) {
            const Json& c = v["cases"][i];
            QCOMPARE(c["id"].get<std::string>(), "c" + std::to_string(int(rows[i][0])));
            QCOMPARE(c["axes"].get<std::string>(), "tokens=" + std::to_string(int(rows[i][0])));
            QCOMPARE(c["latencyA"].get<double>(), rows[i][1]);
            QCOMPARE(c["latencyB"].get<double>(), rows[i][2]);
            QCOMPARE(c["ratio"].get<double>(), rows[i][2] / rows[i][1]);
            QVERIFY(c["interval"]["lo"].get<double>() < c["ratio"].get<double>());
            QVERIFY(c["interval"]["hi"].get<double>() > c["ratio"].get<double>());
            QCOMPARE(c["interval"]["level"].get<double>(), 0.95);
            QCOMPARE(c["method"].get<std::string>(), std::string("welch"));
            QVERIFY(c["p"].is_null()); // Mann–Whitney needs raw samples
            QCOMPARE(c["countA"].get<int>(), int(rows[i][4]));
            QCOMPARE(c["countB"].get<int>(), int(rows[i][4]));
            QCOMPARE(c["verdict"].get<std::string>(), std::string(verdicts[i]));
            QCOMPARE(c["threshold"].get<double>(), 0.02);
            QVERIFY(c["reason"].get<std::string>().starts_with("mean B/A "));
        }
        QCOMPARE(v["cases"][1]["samplesToResolve"].get<int>(), 892);
        const Json& suite = v["suite"];
        QCOMPARE(suite["method"].get<std::string>(), std::string("welch"));
        QCOMPARE(suite["verdict"].get<std::string>(), std::string("faster"));
        QCOMPARE(suite["suiteOnly"].get<bool>(), false);
        QVERIFY(qAbs(suite["ratio"].get<double>() - std::cbrt(1.5 * 1.01 * 0.5)) < 1e-12);
        QCOMPARE(suite["countA"].get<int>(), 10); // the fewest of any case
        QCOMPARE(v["counts"].dump(),
                 std::string(R"({"cantTell":1,"faster":1,"onlyInA":0,"onlyInB":0,"same":0,"slower":1})"));
        QCOMPARE(v["verdictOptions"]["minimumEffect"].get<double>(), 0.02);
        QCOMPARE(v["verdictOptions"]["resamples"].get<int>(), 2000);
        QVERIFY(!v.contains("failIf"));
        QStringList fields;
        for (const Json& c : v["fields"])
            fields << QString::fromStdString(
                c["kind"].get<std::string>() + ' ' + c["path"].get<std::string>() + ' ' +
                c["before"].get<std::string>() + ' ' + c["after"].get<std::string>());
        QCOMPARE(fields, (QStringList{
                             QStringLiteral("changed run.metadata.name \"run-a\" \"run-b\""),
                             QStringLiteral("changed run.metadata.title \"run-a\" \"run-b\""),
                             QStringLiteral("changed run.spec.cases[id=c2048].latencyNs.mean 1000 1500"),
                             QStringLiteral("changed run.spec.cases[id=c2048].latencyNs.median 1000 1500"),
                             QStringLiteral("changed run.spec.cases[id=c4096].latencyNs.mean 2000 2020"),
                             QStringLiteral("changed run.spec.cases[id=c4096].latencyNs.median 2000 2020"),
                             QStringLiteral("changed run.spec.cases[id=c8192].latencyNs.mean 4000 2000"),
                             QStringLiteral("changed run.spec.cases[id=c8192].latencyNs.median 4000 2000"),
                         }));
    }

    // The two bundled kix runs carry every launch: each of the 16 cases has a block-medians interval, a
    // verdict and its reason, and the suite is judged over all of them.
    void diffBundledKixRuns() {
        const QStringList runs = bundledKixRuns();
        const Result r = run(QStringList{QStringLiteral("diff")} + runs);
        QCOMPARE(r.code, int(kix::cli::ExitOk));
        QVERIFY2(r.out.contains(QStringLiteral("\nCOMPARABLE: one comparison cohort")), qPrintable(r.out));
        static const QRegularExpression caseLine(
            QStringLiteral(
                R"(^  batch_size=\d+ hidden_size=2560 seq_len=\d+ +[0-9.]+ [µm]s -> +[0-9.]+ [µm]s  B/A )"
                R"( *[0-9.]+  \[[0-9.]+, [0-9.]+\] +(faster|slower|same|can't tell)\n      median )"
                R"(B/A [0-9.]+, 95% CI \[[0-9.]+, [0-9.]+\], [a-z ]+ the 2% minimum effect; )"
                R"(block medians, n = \d+)"),
            QRegularExpression::MultilineOption);
        qsizetype cases = 0;
        for (auto it = caseLine.globalMatch(r.out); it.hasNext(); it.next())
            ++cases;
        QCOMPARE(cases, 16);
        QVERIFY2(r.out.contains(QStringLiteral("\nSuite: %1 — geometric mean of median ratios B/A ")
                                    .arg(QString::fromLatin1(kBundledSuiteVerdict))),
                 qPrintable(r.out));
        QVERIFY(r.out.contains(QStringLiteral("; block medians over 16 cases, n >= ")));

        const Result j = run(QStringList{QStringLiteral("diff"), QStringLiteral("--json")} + runs);
        const Json v = Json::parse(j.out.toStdString());
        QCOMPARE(v["cases"].size(), std::size_t(16));
        for (const Json& c : v["cases"]) {
            QCOMPARE(c["method"].get<std::string>(), std::string("blocks"));
            QVERIFY(c["interval"].is_object() && c["p"].is_number());
            QVERIFY(c["countA"].get<int>() >= 50 && c["countB"].get<int>() >= 50);
        }
        QCOMPARE(v["suite"]["method"].get<std::string>(), std::string("blocks"));
        QCOMPARE(v["suite"]["verdict"].get<std::string>(), std::string(kBundledSuiteToken));
    }

    // Two catalog runs that publish a median each: no spread, so no verdict but "can't tell", and with
    // --fail-if the cant-tell status.
    void diffCatalogRunsWithoutSpread() {
        const Files f;
        const QString catalog = f.path("catalog.jsonl");
        QVERIFY(kixfix::writeFile(catalog, f.c.text()));
        const QStringList args{catalog,
                               catalog,
                               QStringLiteral("--a-run"),
                               QStringLiteral("run-1"),
                               QStringLiteral("--b-run"),
                               QStringLiteral("run-2")};
        const Result r = run(QStringList{QStringLiteral("diff")} + args);
        QCOMPARE(r.code, int(kix::cli::ExitOk));
        QVERIFY2(
            r.out.contains(QStringLiteral("\nSuite: can't tell (B/A 1.115) — no spread published: central "
                                          "values only on both sides\n")),
            qPrintable(r.out));
        const Result gate =
            run(QStringList{QStringLiteral("diff"), QStringLiteral("--fail-if"), QStringLiteral("slower")} +
                args);
        QCOMPARE(gate.code, int(kix::cli::ExitCantTell));
        QVERIFY2(gate.out.endsWith(QStringLiteral(
                     "\n--fail-if slower:2%: exit 13 (cant-tell): the suite verdict at 2% is can't tell\n")),
                 qPrintable(gate.out));
    }

    // Two catalog runs that publish mean, std and n the way GPU MODE does (the std among measurements, issue
    // 37): Welch on summaries tells them apart, and the reason says which spread each side used.
    void diffCatalogRunsWithPublishedStd() {
        Files f;
        f.c.lines[5] = f.c.meanWithStdLine("run-1", "run-a", 77415, 1104.5866663301451, 100);
        f.c.lines[6] = f.c.meanWithStdLine("run-2", "run-b", 3159009, 56993.4013837505, 100);
        const QString catalog = f.path("catalog.jsonl");
        QVERIFY(kixfix::writeFile(catalog, f.c.text()));
        const QStringList args{QStringLiteral("diff"),
                               catalog,
                               catalog,
                               QStringLiteral("--a-run"),
                               QStringLiteral("run-1"),
                               QStringLiteral("--b-run"),
                               QStringLiteral("run-2")};
        const Result r = run(args);
        QCOMPARE(r.code, int(kix::cli::ExitOk));
        QVERIFY2(r.out.contains(QStringLiteral("\nSuite: slower — mean B/A 40.806, 95% CI [")),
                 qPrintable(r.out));
        QVERIFY2(
            r.out.contains(QStringLiteral("entirely beyond the 2% minimum effect; Welch on summaries, n = "
                                          "100 per side; spread of A: std "
                                          "at row.manifest.run.spec.measurements[0], n = 100; of B: std at "
                                          "row.manifest.run.spec.measurements[0], n = 100\n")),
            qPrintable(r.out));
        const Result gate = run(args + QStringList{QStringLiteral("--fail-if"), QStringLiteral("slower:2")});
        QCOMPARE(gate.code, int(kix::cli::ExitSlower));
    }

    // --fail-if slower[:PCT]: slower at PCT exits slower; not comparable, or can't tell with an interval
    // reaching above 1 + PCT, exits cant-tell; same, faster and can't tell below 1 + PCT exit 0; without
    // --fail-if every comparison exits 0.
    void failIfStatuses_data() {
        QTest::addColumn<QList<double>>("means"); // B's mean per case; A's are 1000 (stddev 10, n 100)
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("gate"); // the last line; empty: none
        const auto slower = QStringLiteral("--fail-if");
        QTest::newRow("slower") << QList<double>{1100, 1100} << QStringList{slower, QStringLiteral("slower")}
                                << int(kix::cli::ExitSlower)
                                << QStringLiteral(
                                       "--fail-if slower:2%: exit 12 (slower): the suite verdict at "
                                       "2% is slower");
        QTest::newRow("slower, but within PCT")
            << QList<double>{1100, 1100} << QStringList{slower, QStringLiteral("slower:20")}
            << int(kix::cli::ExitOk)
            << QStringLiteral("--fail-if slower:20%: exit 0 (ok): the suite verdict at 20% is same");
        QTest::newRow("PCT from --min-effect")
            << QList<double>{1100, 1100}
            << QStringList{QStringLiteral("--min-effect"), QStringLiteral("15%"), slower,
                           QStringLiteral("slower")}
            << int(kix::cli::ExitOk)
            << QStringLiteral("--fail-if slower:15%: exit 0 (ok): the suite verdict at 15% is same");
        QTest::newRow("same") << QList<double>{1005, 1000} << QStringList{slower, QStringLiteral("slower")}
                              << int(kix::cli::ExitOk)
                              << QStringLiteral(
                                     "--fail-if slower:2%: exit 0 (ok): the suite verdict at 2% is "
                                     "same");
        QTest::newRow("faster") << QList<double>{500, 800} << QStringList{slower, QStringLiteral("slower:1")}
                                << int(kix::cli::ExitOk)
                                << QStringLiteral(
                                       "--fail-if slower:1%: exit 0 (ok): the suite verdict at 1% is "
                                       "faster");
        QTest::newRow("can't tell") // the suite is 2% slower: its interval straddles 1.02
            << QList<double>{1020, 1020} << QStringList{slower, QStringLiteral("slower")}
            << int(kix::cli::ExitCantTell)
            << QStringLiteral(
                   "--fail-if slower:2%: exit 13 (cant-tell): the suite verdict at 2% is can't tell");
        QTest::newRow("can't tell, but not slower") // about 2% faster: straddles 1/1.02, far below 1.02
            << QList<double>{980, 980} << QStringList{slower, QStringLiteral("slower")}
            << int(kix::cli::ExitOk)
            << QStringLiteral(
                   "--fail-if slower:2%: exit 0 (ok): the suite verdict at 2% is can't tell, but its "
                   "interval stays below 1 + 2% (upper end 0.982): not slower beyond 2%");
        QTest::newRow("not comparable")
            << QList<double>{1000, 1000} << QStringList{slower, QStringLiteral("slower")}
            << int(kix::cli::ExitCantTell)
            << QStringLiteral("--fail-if slower:2%: exit 13 (cant-tell): the runs are not comparable");
        QTest::newRow("no --fail-if")
            << QList<double>{1100, 1100} << QStringList{} << int(kix::cli::ExitOk) << QString();
    }
    void failIfStatuses() {
        QFETCH(QList<double>, means);
        QFETCH(QStringList, options);
        QFETCH(int, code);
        QFETCH(QString, gate);
        const Files f;
        const bool comparable =
            QString::fromLatin1(QTest::currentDataTag()) != QLatin1String("not comparable");
        const auto bundle = [&](const std::string& name, const QList<double>& values, const Json& workload) {
            Json b = f.c.runBundle(name, workload, 8120);
            Json cases = Json::array();
            for (qsizetype i = 0; i < values.size(); ++i)
                cases.push_back({{"id", "c" + std::to_string(i)},
                                 {"latencyNs", {{"mean", values[i]}, {"stddev", 10}, {"samples", 100}}}});
            b["run"]["spec"]["cases"] = cases;
            return b;
        };
        const QString pathA = f.write("fa.json", bundle("run-a", {1000, 1000}, f.c.w1));
        const QString pathB = f.write("fb.json", bundle("run-b", means, comparable ? f.c.w1 : f.c.w2));
        const QStringList args =
            QStringList{QStringLiteral("diff"), pathA, pathB, QStringLiteral("--with"), f.support} + options;
        const Result r = run(args);
        QCOMPARE(r.code, code);
        if (gate.isEmpty())
            QVERIFY(!r.out.contains(QStringLiteral("--fail-if")));
        else
            QCOMPARE(r.out.section(u'\n', -2, -2), gate); // the last line (QTest cuts long messages)
        const Result j = run(args + QStringList{QStringLiteral("--json")});
        QCOMPARE(j.code, code);
        const Json v = Json::parse(j.out.toStdString());
        QCOMPARE(v.contains("failIf"), !gate.isEmpty());
        if (!gate.isEmpty()) {
            QCOMPARE(v["failIf"]["exit"].get<int>(), code);
            QCOMPARE(QString::fromStdString(v["failIf"]["status"].get<std::string>()),
                     QString::fromLatin1(kix::protocol::exitStatusInfo(code)->name));
            QCOMPARE(v["failIf"]["comparable"].get<bool>(), comparable);
        }
    }

    // Issue 40 item 4: the candidate's own noise floor never sets the gate's tolerance. B is A 1.48x slower
    // on every case; on main, B's floor (1e300 then, refused now; 0.49 here) made every case "same" and
    // --fail-if slower:2% exited 0. The gate judges at PCT, or at A's floor where that is larger.
    void failIfJudgesAtTheBaselinesFloor_data() {
        QTest::addColumn<double>("floorA"); // 0: none
        QTest::addColumn<double>("floorB");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("gate");
        QTest::newRow("B's floor is not used")
            << 0.0 << 0.49 << int(kix::cli::ExitSlower)
            << QStringLiteral(
                   "--fail-if slower:2%: exit 12 (slower): the suite verdict at 2% is slower; B's own "
                   "49% noise floor is not used: the run under test does not set the gate's tolerance");
        QTest::newRow("A's floor is")
            << 0.5 << 0.0 << int(kix::cli::ExitOk)
            << QStringLiteral("--fail-if slower:2%: exit 0 (ok): the suite verdict at 50% "
                              "(A's noise floor, above 2%) is same");
        QTest::newRow("A's floor below PCT")
            << 0.01 << 0.49 << int(kix::cli::ExitSlower)
            << QStringLiteral("--fail-if slower:2%: exit 12 (slower): the suite verdict at "
                              "2% is slower; B's own 49% noise floor is not used: the run "
                              "under test does not set the gate's tolerance");
    }
    void failIfJudgesAtTheBaselinesFloor() {
        QFETCH(double, floorA);
        QFETCH(double, floorB);
        QFETCH(int, code);
        QFETCH(QString, gate);
        QTemporaryDir dir;
        const QString a = editedKixRun(dir.path(), QStringLiteral("a"), [&](Json& s) {
            if (floorA > 0)
                setNoiseFloor(s, floorA);
        });
        const QString b = editedKixRun(dir.path(), QStringLiteral("b"), [&](Json& s) {
            slowDown(s, 1.48);
            if (floorB > 0)
                setNoiseFloor(s, floorB);
        });
        const Result r =
            run({QStringLiteral("diff"), QStringLiteral("--fail-if"), QStringLiteral("slower"), a, b});
        QCOMPARE(r.code, code);
        QCOMPARE(r.out.section(u'\n', -2, -2), gate);
        const Result j = run({QStringLiteral("diff"), QStringLiteral("--json"), QStringLiteral("--fail-if"),
                              QStringLiteral("slower"), a, b});
        QCOMPARE(j.code, code);
        const Json v = Json::parse(j.out.toStdString());
        QCOMPARE(v["failIf"]["threshold"].get<double>(), std::max(0.02, floorA));
    }

    // Issue 40 items 4 and 6: a samples file that makes no sense is refused with the file and field, never a
    // verdict (main printed verdicts for each: "16 same … inside the 1e+302% noise floor").
    void refusesSamplesThatMakeNoSense_data() {
        QTest::addColumn<QString>("what");  // which edit
        QTest::addColumn<QString>("error"); // after "<samples file>: "
        QTest::newRow("noise floor 1e300")
            << QStringLiteral("floor")
            << QStringLiteral(
                   "gpu.noiseFloor.relative: a relative A/A noise floor of 1e+300; kix accepts at most "
                   "0.5 (50%): a wider floor would call any difference the same");
        QTest::newRow("a sample of 1e300 ns")
            << QStringLiteral("sample")
            << QStringLiteral(
                   "cases[0].samplesNs[3]: expected at most 1e+12 ns (1,000 s) for one launch, got 1e+300");
        QTest::newRow("counts disagree") // the suite run states 16 cases; the file holds 15
            << QStringLiteral("count") << QString();
        QTest::newRow("1e308 MHz")
            << QStringLiteral("clock")
            << QStringLiteral("cases[0].gpuState.smClockMHz.median: expected 0 to 10000 MHz, got 1e+308");
        QTest::newRow("-500 W") << QStringLiteral("power")
                                << QStringLiteral(
                                       "cases[0].gpuState.powerW.median: expected 0 to 10000 W, got -500");
        QTest::newRow("-300 °C")
            << QStringLiteral("temperature")
            << QStringLiteral("cases[0].gpuState.temperatureC.median: expected -50 to 200 °C, got -300");
        QTest::newRow("more throttled samples than samples")
            << QStringLiteral("throttled")
            << QStringLiteral(
                   "cases[0].gpuState.throttledSamples: 12 throttled samples of 10 samples: expected at "
                   "most the samples");
    }
    void refusesSamplesThatMakeNoSense() {
        QFETCH(QString, what);
        QFETCH(QString, error);
        QTemporaryDir dir;
        const QString a = editedKixRun(dir.path(), QStringLiteral("a"), [](Json&) {});
        const QString b = editedKixRun(dir.path(), QStringLiteral("b"), [&](Json& s) {
            Json& c = s["cases"][0];
            if (what == QLatin1String("floor"))
                setNoiseFloor(s, 1e300);
            else if (what == QLatin1String("sample"))
                c["samplesNs"][3] = 1e300;
            else if (what == QLatin1String("count"))
                s["cases"].erase(s["cases"].size() - 1);
            else if (what == QLatin1String("clock"))
                c["gpuState"] = {{"samples", 10}, {"smClockMHz", {{"median", 1e308}}}};
            else if (what == QLatin1String("power"))
                c["gpuState"] = {{"samples", 10}, {"powerW", {{"median", -500}}}};
            else if (what == QLatin1String("temperature"))
                c["gpuState"] = {{"samples", 10}, {"temperatureC", {{"median", -300}}}};
            else
                c["gpuState"] = {{"samples", 10}, {"throttledSamples", 12}};
        });
        const Result r =
            run({QStringLiteral("diff"), QStringLiteral("--fail-if"), QStringLiteral("slower"), a, b});
        QCOMPARE(r.code, int(kix::cli::ExitInput));
        if (error.isEmpty()) // the manifest's count against the file's: located in the manifest
            QCOMPARE(r.err,
                     b + QStringLiteral(": run.spec.measurements[0].sampleCount: the run states 16 cases, "
                                        "but b.samples.json holds 15\n"));
        else
            QCOMPARE(r.err,
                     dir.filePath(QStringLiteral("b.samples.json")) + QStringLiteral(": ") + error + u'\n');
        QCOMPARE(r.out, QString());
    }

    // Issue 40 item 4: arithmetic that overflows (a ratio of 1e300 over 1e-300 ns) or gives NaN (a variance
    // of 1e300 squared) is refused with the files and the case, never turned into a verdict.
    void refusesNonFiniteArithmetic_data() {
        QTest::addColumn<double>("meanA");
        QTest::addColumn<double>("meanB");
        QTest::addColumn<double>("stddev");
        QTest::addColumn<QString>("what");
        QTest::newRow("overflowing ratio")
            << 1e-300 << 1e300 << 1e-300 << QStringLiteral("ratio inf, interval [nan, nan]");
        QTest::newRow("NaN from huge values")
            << 1e300 << 1e300 << 1e300 << QStringLiteral("ratio 1, interval [nan, nan]");
    }
    void refusesNonFiniteArithmetic() {
        QFETCH(double, meanA);
        QFETCH(double, meanB);
        QFETCH(double, stddev);
        QFETCH(QString, what);
        const Files f;
        const auto bundle = [&](const std::string& name, double mean) {
            Json b = f.c.runBundle(name, f.c.w1, 8120);
            b["run"]["spec"]["cases"] = Json::array(
                {{{"id", "c0"}, {"latencyNs", {{"mean", mean}, {"stddev", stddev}, {"samples", 100}}}}});
            return b;
        };
        const QString pathA = f.write("fa.json", bundle("run-a", meanA));
        const QString pathB = f.write("fb.json", bundle("run-b", meanB));
        const Result r = run({QStringLiteral("diff"), pathA, pathB, QStringLiteral("--with"), f.support,
                              QStringLiteral("--fail-if"), QStringLiteral("slower")});
        QCOMPARE(r.code, int(kix::cli::ExitInput));
        const QString refused =
            QStringLiteral("refused: non-finite arithmetic (%1): the timings are too large or "
                           "too far apart to compare in double precision; no verdict")
                .arg(what);
        QStringList refusals; // after the runs' warnings (KernelIndex has no spec.cases)
        for (const QString& line : r.err.split(u'\n', Qt::SkipEmptyParts))
            if (line.startsWith(QLatin1String("kix diff: ")))
                refusals << line;
        QCOMPARE(refusals.value(0),
                 QStringLiteral("kix diff: %1 vs %2, case c0: %3").arg(pathA, pathB, refused));
        QCOMPARE(refusals.size(), 2);
        QVERIFY2(refusals.value(1).startsWith(
                     QStringLiteral("kix diff: %1 vs %2, suite: refused: ").arg(pathA, pathB)),
                 qPrintable(refusals.value(1)));
        QCOMPARE(r.out, QString());
    }

    // Issue 40 item 5: one case of 2 million launches a side, kix's limit (InputLimits.h), is judged in
    // seconds (block medians are one pass over the launches, docs/verdicts.md, "Limits") and, as a process
    // of its own, under 300 MB: the launch times are parsed beside the DOM (PackedNumberArrays). On main,
    // 8 million a side peaked at 566 MB (2026-12-07); one more launch than the limit is refused, named.
    static std::function<void(Json&)> oneHugeCase(double ns, int launches) {
        return [ns, launches](Json& s) {
            Json& c = s["cases"][0];
            c["samplesNs"] = Json(std::vector<int>(std::size_t(launches), int(ns)));
            c["latencyNs"] = {{"median", ns}, {"mean", ns},  {"min", ns},
                              {"max", ns},    {"stddev", 0}, {"samples", launches}};
            c.erase("cupti");
        };
    }
    void manySamplesAreJudgedInSecondsAndBoundedMemory() {
        QTemporaryDir dir;
        const int n = int(kix::limits::kMaxRawSamples) - 5000; // the other 15 cases bring 2,832
        const QString a = editedKixRun(dir.path(), QStringLiteral("a"), oneHugeCase(1, n));
        const QString b = editedKixRun(dir.path(), QStringLiteral("b"), oneHugeCase(2, n));
        QElapsedTimer clock;
        clock.start();
        const Result r = run({QStringLiteral("diff"), a, b});
        const qint64 ms = clock.elapsed();
        QCOMPARE(r.code, int(kix::cli::ExitOk));
        QVERIFY2(
            r.out.contains(QStringLiteral("1.00 ns ->    2.00 ns  B/A  2.000  [2.000, 2.000]  slower\n      "
                                          "median B/A 2.000, 95% CI [2.000, 2.000], entirely beyond the 2% "
                                          "minimum effect; block medians, n = %1 per side in 10 "
                                          "blocks, a rerun taken to stray as one block does (no A/A "
                                          "floor)\n")
                               .arg(n)),
            qPrintable(r.out.left(2000)));
        qInfo("kix diff of %d samples a side: %lld ms", n, ms);
        QVERIFY2(ms < 60000, qPrintable(QString::number(ms)));

        // The same diff as a process of its own, for its peak memory (the suite's own is not kix's).
        QProcess kix;
        kix.start(QStringLiteral(KIX_CLI_PATH), {QStringLiteral("diff"), a, b});
        QVERIFY(kix.waitForFinished(240000));
        QCOMPARE(kix.exitCode(), int(kix::cli::ExitOk));
        rusage usage{};
        QCOMPARE(getrusage(RUSAGE_CHILDREN, &usage), 0);
        const long peakMB = usage.ru_maxrss / 1024; // kilobytes on Linux
        qInfo("kix diff of %d samples a side, as a process: peak %ld MB", n, peakMB);
#ifdef KIX_SANITIZED
        QSKIP("peak memory is not bounded here: AddressSanitizer's shadow and quarantine are in it");
#else
        QVERIFY2(peakMB < 300, qPrintable(QString::number(peakMB)));
#endif
    }
    void samplesPastTheLimitAreRefusedNamed() {
        QTemporaryDir dir;
        const int n = int(kix::limits::kMaxRawSamples); // with the other cases' 2,832, past the limit
        const QString a = editedKixRun(dir.path(), QStringLiteral("a"), oneHugeCase(1, 100));
        const QString b = editedKixRun(dir.path(), QStringLiteral("b"), oneHugeCase(2, n));
        const Result r = run({QStringLiteral("diff"), a, b});
        QVERIFY2(r.err.contains(
                     QStringLiteral(
                         "%1: run.spec.evidence.rawSamples.uri: b.samples.json holds %2 launch times, above "
                         "kix's limit of %3 a run (docs/reading.md); its cases are not read")
                         .arg(b)
                         .arg(n + 2832)
                         .arg(kix::limits::kMaxRawSamples)),
                 qPrintable(r.err.left(3000)));
        QCOMPARE(r.code, int(kix::cli::ExitInput));
    }

    // A bad --min-effect or --fail-if is a usage error with the exact reason, before any file is read.
    void badVerdictOptions_data() {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QString>("error");
        const auto minEffect = [](const char* got) {
            return QStringLiteral(
                       "kix diff: --min-effect expects a percentage from 0.1 to 50, such as 2 or 0.5, got "
                       "\"%1\"\n")
                .arg(QString::fromUtf8(got));
        };
        const auto failIf = [](const char* got) {
            return QStringLiteral("kix diff: --fail-if expects slower or slower:PCT with PCT a percentage "
                                  "from 0.1 to 50, got "
                                  "\"%1\"\n")
                .arg(QString::fromUtf8(got));
        };
        QTest::newRow("--min-effect abc")
            << QStringList{QStringLiteral("--min-effect"), QStringLiteral("abc")} << minEffect("abc");
        QTest::newRow("--min-effect 0")
            << QStringList{QStringLiteral("--min-effect"), QStringLiteral("0")} << minEffect("0");
        QTest::newRow("--min-effect -1") << QStringList{QStringLiteral("--min-effect=-1")} << minEffect("-1");
        QTest::newRow("--min-effect inf")
            << QStringList{QStringLiteral("--min-effect"), QStringLiteral("inf")} << minEffect("inf");
        // Values that parse but make no sense as a minimum effect (issue 40 item 6): 0.1% to 50% only.
        QTest::newRow("--min-effect 1e308")
            << QStringList{QStringLiteral("--min-effect"), QStringLiteral("1e308")} << minEffect("1e308");
        QTest::newRow("--min-effect denormal")
            << QStringList{QStringLiteral("--min-effect"), QStringLiteral("4.9e-324")}
            << minEffect("4.9e-324");
        QTest::newRow("--min-effect tiny")
            << QStringList{QStringLiteral("--min-effect"), QStringLiteral("1e-9")} << minEffect("1e-9");
        QTest::newRow("--min-effect 51%")
            << QStringList{QStringLiteral("--min-effect"), QStringLiteral("51%")} << minEffect("51%");
        QTest::newRow("--fail-if slower:1e308")
            << QStringList{QStringLiteral("--fail-if"), QStringLiteral("slower:1e308")}
            << failIf("slower:1e308");
        QTest::newRow("--min-effect empty") << QStringList{QStringLiteral("--min-effect=")} << minEffect("");
        QTest::newRow("--fail-if faster")
            << QStringList{QStringLiteral("--fail-if"), QStringLiteral("faster")} << failIf("faster");
        QTest::newRow("--fail-if slower:0")
            << QStringList{QStringLiteral("--fail-if"), QStringLiteral("slower:0")} << failIf("slower:0");
        QTest::newRow("--fail-if slower:abc")
            << QStringList{QStringLiteral("--fail-if"), QStringLiteral("slower:abc")} << failIf("slower:abc");
        QTest::newRow("--fail-if slower:")
            << QStringList{QStringLiteral("--fail-if"), QStringLiteral("slower:")} << failIf("slower:");
        QTest::newRow("--fail-if escape")
            << QStringList{QStringLiteral("--fail-if"), QStringLiteral("slow\x1b[2J")}
            << failIf("slow\\x1b[2J");
    }
    void badVerdictOptions() {
        QFETCH(QStringList, options);
        QFETCH(QString, error);
        const Result r = run(QStringList{QStringLiteral("diff"), QStringLiteral("no-such-a.json"),
                                         QStringLiteral("no-such-b.json")} +
                             options);
        QCOMPARE(r.code, int(kix::cli::ExitUsage));
        QCOMPARE(r.err, error);
        QCOMPARE(r.out, QString());
    }

    // kix diff A A: one file given twice, through a link or spelled another way, is the same run.
    void diffOneFileTwice_data() {
        QTest::addColumn<QString>("how");
        QTest::newRow("same path") << "same";
        QTest::newRow("symbolic link") << "link";
        QTest::newRow("hard link") << "hard link";
        QTest::newRow("another spelling") << "spelling";
    }

    void diffOneFileTwice() {
        QFETCH(QString, how);
        const Files f;
        QString b = f.a;
        if (how == QLatin1String("link")) {
            b = f.path("link.json");
            QVERIFY(QFile::link(f.a, b));
        } else if (how == QLatin1String("hard link")) {
            b = f.path("hard.json");
            QCOMPARE(::link(QFile::encodeName(f.a).constData(), QFile::encodeName(b).constData()), 0);
        } else if (how == QLatin1String("spelling")) {
            b = f.dir.path() + QStringLiteral("/support/.././/a.json");
        }
        const Result r = run({QStringLiteral("diff"), f.a, b, QStringLiteral("--with"), f.support});
        QCOMPARE(r.code, int(kix::cli::ExitOk));
        QVERIFY2(r.out.contains(QStringLiteral("A and B are the same run (")), qPrintable(r.out + r.err));
        // The verdict line itself (the workload loaded, so that the comparison key is known).
        QVERIFY2(r.out.contains(QStringLiteral("\nCOMPARABLE: one comparison cohort %1 (same operation, "
                                               "workload, protocol, environment, correctness and metric), "
                                               "both eligible\n")
                                    .arg(QString::fromStdString(f.c.keyOf(f.c.w1)))),
                 qPrintable(r.out));
        QVERIFY(!r.out.contains(QStringLiteral("NOT COMPARABLE")));
        QVERIFY(r.out.contains(QStringLiteral("Fields: 0 differences\n")));
    }

    // Without the workload loaded the key cannot be computed, but one workload digest settles it: the
    // verdict says so without an empty key.
    void diffOneFileTwiceWithoutItsWorkload() {
        const Files f;
        const Result r = run({QStringLiteral("diff"), f.a, f.a});
        QCOMPARE(r.code, int(kix::cli::ExitOk));
        QVERIFY2(
            r.out.contains(QStringLiteral("\nCOMPARABLE: one comparison cohort (same operation, workload, "
                                          "protocol, environment, correctness and metric), both eligible\n")),
            qPrintable(r.out));
    }

    void diffRunsOfOneCatalog() {
        const Files f;
        const QString catalog = f.path("catalog.jsonl");
        QVERIFY(kixfix::writeFile(catalog, f.c.text()));
        const Result many = run({QStringLiteral("diff"), catalog, catalog});
        QCOMPARE(many.code, 3);
        QVERIFY(many.err.startsWith(QStringLiteral("kix diff: ") + catalog +
                                    QStringLiteral(" holds 4 runs: choose one with --a-run NAME|DIGEST\n")));
        const Result r = run({QStringLiteral("diff"), catalog, catalog, QStringLiteral("--a-run"),
                              QStringLiteral("run-1"), QStringLiteral("--b-run"), QStringLiteral("run-c")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("  - first material mismatch: workload differs:")),
                 qPrintable(r.out));
    }

    // Issue 37, item 5: a name two catalog runs share (325 names in the 2026-08-16 catalog) names the
    // candidates, each by its digest, catalog id and line, not just "holds 2 runs".
    void sharedNameNamesTheCandidates() {
        Files f;
        f.c.lines << Json{
            {"table", "benchmark_runs"},
            {"row", kixfix::runRow("run-5", f.c.runBundle("run-a", f.c.w1, 8300), "wl-1", "impl-1",
                                   f.c.keyOf(f.c.w1), kixfix::handCorrectnessKey("elementwise_close"))}};
        const QString catalog = f.path("shared.jsonl");
        QVERIFY(kixfix::writeFile(catalog, f.c.text()));
        const Result r = run({QStringLiteral("diff"), catalog, catalog, QStringLiteral("--a-run"),
                              QStringLiteral("run-a"), QStringLiteral("--b-run"), QStringLiteral("run-b")});
        QCOMPARE(r.code, 3);
        const QString digest1 = QString::fromStdString(
            kixfix::digest(f.c.lines[f.c.lineOf("benchmark_runs") - 1]["row"]["manifest"]["run"]));
        const QString digest5 =
            QString::fromStdString(kixfix::digest(f.c.lines[f.c.lines.size() - 1]["row"]["manifest"]["run"]));
        QCOMPARE(r.err,
                 QStringLiteral("kix diff: 2 runs of %1 match --a-run \"run-a\"; choose one by its digest "
                                "or catalog id:\n"
                                "  %2  catalog id run-1  %1:%3\n"
                                "  %4  catalog id run-5  %1:%5\n")
                     .arg(catalog, digest1)
                     .arg(f.c.lineOf("benchmark_runs"))
                     .arg(digest5)
                     .arg(f.c.lines.size()));
        // Either candidate's catalog id picks it.
        QCOMPARE(run({QStringLiteral("diff"), catalog, catalog, QStringLiteral("--a-run"),
                      QStringLiteral("run-5"), QStringLiteral("--b-run"), QStringLiteral("run-b")})
                     .code,
                 0);
    }
};

KIX_TEST_GUILESS_MAIN(TestDiffCommand)
#include "tst_diff_command.moc"
