// The runs the latency plot draws beside the selected one: leaders of the same benchmark in the
// SOL-ExecBench leaderboard family, fastest first, at most four, without errors, and a second selection
// in front unless it is a leader already.
#include "PlotCompanions.h"
#include "RecordFixtures.h"
#include "SourceReader.h"
#include "TestMain.h"

#include <QTest>

using namespace kix;
using kixfix::Json;

namespace {

// One run to load: its name, benchmark, whether its protocol is in the leaderboard family, its median
// (negative: none) and status.
struct RunSpecRow {
    std::string name, benchmark;
    bool leaderboard = true;
    double median = 8000;
    const char* status = "passed";
};

struct World {
    Json op = kixfix::operation();
    Json w = kixfix::workloadCase(op, 2048);
    Json impl = kixfix::implementation(op);
    Json env = kixfix::environment();
    Json leaderboardProtocol = [] {
        Json p = kixfix::protocol("2.0");
        p["spec"]["comparability"]["family"] = kLeaderboardFamily;
        return p;
    }();
    Json otherProtocol = kixfix::protocol();

    RecordIndex load(const QList<RunSpecRow>& runs) const {
        RecordIndex index;
        QList<Json> documents{op, w, impl};
        for (const RunSpecRow& r : runs) {
            const Json& proto = r.leaderboard ? leaderboardProtocol : otherProtocol;
            Json run = kixfix::run(r.name, w, impl, proto, env, r.median, r.status);
            run["spec"]["sourceNative"] = {{"source", "sol-execbench"}, {"benchmark", r.benchmark}};
            documents << kixfix::bundle(run, proto, env);
        }
        int n = 0;
        for (const Json& d : documents)
            index.add(readDocumentBytes(QByteArray::fromStdString(d.dump()),
                                        QStringLiteral("doc%1.json").arg(n++), SourceFormat::Json));
        return index;
    }
};

int runNamed(const RecordIndex& index, const QString& name) {
    for (int i = 0; i < index.runCount(); ++i)
        if (index.run(i).run->resource->name == name)
            return i;
    return -1;
}

} // namespace

using Runs = QList<RunSpecRow>;
Q_DECLARE_METATYPE(Runs)

class TestPlotCompanions : public QObject {
    Q_OBJECT
private slots:
    void chosen_data() {
        QTest::addColumn<Runs>("runs");
        QTest::addColumn<QString>("selected");
        QTest::addColumn<QString>("second"); // "" for none
        QTest::addColumn<QStringList>("expected");

        const Runs five{{"sel", "013", true, 9000}, {"a", "013", true, 7000}, {"b", "013", true, 5000},
                        {"c", "013", true, 6000},   {"d", "013", true, 8000}, {"e", "013", true, 4000}};
        QTest::newRow("fastest first")
            << Runs{{"sel", "013", true, 9000}, {"a", "013", true, 7000}, {"b", "013", true, 5000}} << "sel"
            << "" << QStringList{"b", "a"};
        QTest::newRow("at most four") << five << "sel"
                                      << "" << QStringList{"e", "b", "c", "a"};
        QTest::newRow("the selected run is no companion") << five << "e"
                                                          << "" << QStringList{"b", "c", "a", "d"};
        QTest::newRow("another benchmark excluded")
            << Runs{{"sel", "013", true, 9000}, {"a", "014", true, 1000}, {"b", "013", true, 5000}} << "sel"
            << "" << QStringList{"b"};
        QTest::newRow("another family excluded")
            << Runs{{"sel", "013", true, 9000}, {"a", "013", false, 1000}, {"b", "013", true, 5000}} << "sel"
            << "" << QStringList{"b"};
        QTest::newRow("runs with errors excluded")
            << Runs{{"sel", "013", true, 9000}, {"a", "013", true, 1000, "passed"}, {"b", "013", true, -1}}
            << "sel"
            << "" << QStringList{"a"};
        QTest::newRow("no latency last") << Runs{{"sel", "013", true, 9000},
                                                 {"a", "013", true, -1, "compile_error"},
                                                 {"b", "013", true, 5000}}
                                         << "sel"
                                         << "" << QStringList{"b", "a"};
        QTest::newRow("second selection first")
            << Runs{{"sel", "013", true, 9000}, {"x", "014", false, 1000}, {"b", "013", true, 5000}} << "sel"
            << "x" << QStringList{"x", "b"};
        QTest::newRow("second selection a leader: once, in its place")
            << five << "sel"
            << "b" << QStringList{"e", "b", "c", "a"};
        QTest::newRow("second selection beyond the four: in front")
            << five << "sel"
            << "d" << QStringList{"d", "e", "b", "c", "a"};
        QTest::newRow("no selected run: the second alone") << five << ""
                                                           << "a" << QStringList{"a"};
        QTest::newRow("nothing selected") << five << ""
                                          << "" << QStringList{};
    }
    void chosen() {
        QFETCH(Runs, runs);
        QFETCH(QString, selected);
        QFETCH(QString, second);
        QFETCH(QStringList, expected);
        const RecordIndex index = World().load(runs);
        QCOMPARE(index.runCount(), runs.size());
        const int run = selected.isEmpty() ? -1 : runNamed(index, selected);
        const int secondRun = second.isEmpty() ? -1 : runNamed(index, second);
        QStringList names;
        for (const int i : plotCompanions(index, run, secondRun))
            names << index.run(i).run->resource->name;
        QCOMPARE(names, expected);
    }

    void outOfRangeIsNone() {
        const RecordIndex index = World().load({{"sel", "013"}, {"a", "013"}});
        QVERIFY(plotCompanions(index, 7, 9).isEmpty());
        QVERIFY(plotCompanions(RecordIndex(), 0).isEmpty());
    }
};

KIX_TEST_GUILESS_MAIN(TestPlotCompanions)
#include "tst_plot_companions.moc"
