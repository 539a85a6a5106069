// kix-ui-bench: does the explorer stay responsive on the inputs that once froze it (issue 13: a run of
// 10,000 cases, a 15 MiB title)? Drives the real window (offscreen unless QT_QPA_PLATFORM says
// otherwise) through what a user does — load, select, every tab, compare, resize — and prints, per
// step, the longest gap between two ticks of a 1 ms timer on the UI thread. Not a test: its figures go
// to BENCHMARKS.md, where the goal is no block over 100 ms.
//
//   kix-ui-bench [CASES] [TITLE_MIB] [REPEATS]     defaults: 10000 15 3
//
// Inputs are written to a temporary folder from the bundled seed: run A with CASES cases, run B with the
// same cases in reverse order and 5% slower (so that Compare matches all of them), and run T, the seed
// with a title of TITLE_MIB MiB.
#include "BenchSupport.h"
#include "InteractiveProcess.h"
#include "KixResources.h"
#include "MainWindow.h"
#include "Manifest.h"
#include "RecordIndex.h"
#include "RunDetailsWidget.h"
#include "RunFilterProxy.h"
#include "RunStore.h"
#include "RunTableModel.h"
#include "Sha256.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QTreeView>
#include <cstdio>
#include <exception>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

using namespace kix;
using namespace kix::ui;
using namespace kix::bench;

namespace {

using Json = nlohmann::json;

Json seed() {
    QFile file(QStringLiteral(":/kix/samples/kernelindex/sol-submission-14917.manifest.json"));
    if (!file.open(QIODevice::ReadOnly))
        throw std::runtime_error("the bundled seed is missing from the resources");
    return Json::parse(file.readAll().toStdString());
}

// The seed with `count` cases (ids c00000…), in reverse order and scaled when asked.
Json manyCases(int count, bool reversed, double scale, const std::string& title) {
    Json doc = seed();
    Json cases = Json::array();
    for (int k = 0; k < count; ++k) {
        const int i = reversed ? count - 1 - k : k;
        const double mean = (1000.0 + i) * scale;
        cases.push_back({{"id", QStringLiteral("c%1").arg(i, 5, 10, QLatin1Char('0')).toStdString()},
                         {"axes", {{"batch_size", i % 64 + 1}, {"seq_len", i}}},
                         {"latencyNs", {{"mean", mean}, {"stddev", mean / 100}, {"samples", 50}}}});
    }
    doc["run"]["spec"]["cases"] = cases;
    doc["run"]["metadata"]["title"] = title;
    return doc;
}

QString write(const QDir& dir, const QString& name, const Json& doc) {
    QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(QByteArray::fromStdString(doc.dump())) < 0)
        throw std::runtime_error("cannot write " + path.toStdString());
    return path;
}

// The run index (RecordIndex) of the run whose title starts with `prefix`.
int runTitled(const MainWindow& window, const QString& prefix) {
    const RecordIndex& index = window.store()->index();
    for (int run = 0; run < index.runCount(); ++run)
        if (const auto m = window.store()->at(index.rowOfRun(run)); m && m->title().startsWith(prefix))
            return run;
    throw std::runtime_error("no loaded run is titled " + prefix.toStdString() + "…");
}

struct Cost {
    qint64 stallMs = 0; // the longest gap between two ticks of a 1 ms timer: what a user feels
    double cpuMs = 0;   // UI-thread CPU over the step: the work itself, robust to a loaded machine
};

// Runs `act` from the event loop and keeps the loop running `settleMs` after it (long enough for the
// work it starts off the UI thread to come back and be drawn).
Cost costOf(const std::function<void()>& act, int settleMs) {
    StallMeter stalls;
    QElapsedTimer clock;
    const double cpu = threadCpuMs();
    stalls.start();
    clock.start();
    QTimer::singleShot(0, act);
    waitUntil([&] { return clock.elapsed() >= settleMs; });
    return {stalls.stop(), threadCpuMs() - cpu};
}

// KIX_BENCH_TRACE: after each step, the window's size and every widget whose minimum is larger than
// the window (how a label holding a 1,024-character title was found to widen the window to 9,986 px).
void traceOversized(const MainWindow& window, const QString& step) {
    std::fprintf(stderr, "after %s: window %dx%d\n", qPrintable(step), window.width(), window.height());
    for (const QWidget* w : window.findChildren<QWidget*>()) {
        const QSize min = w->minimumSizeHint();
        if (min.width() > window.width() || min.height() > window.height())
            std::fprintf(stderr, "  %s (in %s) asks for at least %dx%d\n", w->metaObject()->className(),
                         w->parentWidget() ? w->parentWidget()->metaObject()->className() : "no parent",
                         min.width(), min.height());
    }
}

struct Step {
    QString what;
    std::function<void()> act;
};

int run(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    std::setvbuf(stdout, nullptr, _IOLBF, 0); // lines survive a crash
    const QApplication app(argc, argv);
    const kix::CryptoRuntime crypto; // as the programs: OpenSSL shuts down after the pool threads
    QCoreApplication::setOrganizationName(QStringLiteral("kix-ui-bench")); // not the user's settings
    kixInitResources();
    kix::configureInteractiveProcess(); // as the explorer
    const QStringList args = QCoreApplication::arguments();
    const int cases = args.value(1, QStringLiteral("10000")).toInt();
    const int titleMiB = args.value(2, QStringLiteral("15")).toInt();
    const int repeats = std::max(1, args.value(3, QStringLiteral("3")).toInt());
    if (cases < 1 || titleMiB < 1) {
        std::fprintf(stderr, "usage: kix-ui-bench [CASES ≥ 1] [TITLE_MIB ≥ 1] [REPEATS]\n");
        return 2;
    }

    QTemporaryDir temporary;
    const QDir dir(temporary.path());
    const std::string bigTitle = "T " + std::string(std::size_t(titleMiB) << 20, 'x');
    const QStringList paths = {
        write(dir, QStringLiteral("a.json"), manyCases(cases, false, 1.0, "A many cases")),
        write(dir, QStringLiteral("b.json"), manyCases(cases, true, 1.05, "B many cases")),
        write(dir, QStringLiteral("t.json"), manyCases(16, false, 1.0, bigTitle))};

    MainWindow window;
    window.resize(1280, 800);
    window.show();
    bool loaded = false;
    QObject::connect(&window, &MainWindow::loadFinished, [&] { loaded = true; });
    StallMeter loadStalls;
    QElapsedTimer loadClock;
    const double loadCpu = threadCpuMs();
    loadStalls.start();
    loadClock.start();
    window.openPaths(paths);
    waitUntil([&] { return loaded; });
    const qint64 loadMs = loadClock.elapsed();
    std::printf(
        "load 3 runs (%d + %d cases, a %d MiB title): %lld ms, longest UI stall %lld ms, UI CPU %.0f ms\n",
        cases, cases, titleMiB, loadMs, loadStalls.stop(), threadCpuMs() - loadCpu);

    const int a = runTitled(window, QStringLiteral("A many"));
    const int b = runTitled(window, QStringLiteral("B many"));
    const int t = runTitled(window, QStringLiteral("T x"));
    std::vector<Step> steps;
    // Selecting a run as a click on its row does (compareRuns would also switch to Compare).
    const auto select = [&window](int run) {
        return [&window, run] {
            const int storeRow = window.store()->index().rowOfRun(run);
            const int row = window.runModel()->rowOfStoreIndex(storeRow);
            window.selectRows({window.proxy()->mapFromSource(window.runModel()->index(row, 0)).row()});
        };
    };
    const auto tabsOf = [&](const QString& run) {
        for (int i = 0; i < window.tabs()->count(); ++i)
            steps.push_back({QStringLiteral("%1: %2 tab").arg(run, window.tabs()->tabText(i)),
                             [&window, i] { window.tabs()->setCurrentIndex(i); }});
    };
    // The details' costly inner tabs are filled when shown; the Cases tab stays shown for the steps after.
    const auto detailsTab = [&window](RunDetailsWidget::Tab tab) {
        return [&window, tab] {
            window.tabs()->setCurrentWidget(window.details());
            window.details()->tabs()->setCurrentIndex(tab);
        };
    };
    steps.push_back({QStringLiteral("select A (%1 cases)").arg(cases), select(a)});
    tabsOf(QStringLiteral("A"));
    steps.push_back({QStringLiteral("A: Details ▸ Raw JSON tab"), detailsTab(RunDetailsWidget::RawTab)});
    steps.push_back({QStringLiteral("A: Details ▸ Cases tab"), detailsTab(RunDetailsWidget::CasesTab)});
    steps.push_back({QStringLiteral("compare A with B"), [&window, a, b] { window.compareRuns({a, b}); }});
    tabsOf(QStringLiteral("A vs B"));
    steps.push_back({QStringLiteral("select T (%1 MiB title)").arg(titleMiB), select(t)});
    tabsOf(QStringLiteral("T"));
    steps.push_back({QStringLiteral("T: resize the window"), [&window] { window.resize(1024, 640); }});
    steps.push_back({QStringLiteral("compare T with A"), [&window, t, a] { window.compareRuns({t, a}); }});
    steps.push_back({QStringLiteral("clear the selection"), [&window] {
                         window.runTable()->clearSelection();
                         window.resize(1280, 800);
                     }});
    steps.push_back({QStringLiteral("select A again (Cases tab current)"), select(a)});

    std::map<int, std::vector<qint64>> stalls;
    std::map<int, std::vector<double>> cpu;
    const bool trace = qEnvironmentVariableIsSet("KIX_BENCH_TRACE");
    for (int r = 0; r < repeats; ++r)
        for (std::size_t s = 0; s < steps.size(); ++s) {
            const Cost cost = costOf(steps[s].act, 400);
            stalls[int(s)].push_back(cost.stallMs);
            cpu[int(s)].push_back(cost.cpuMs);
            if (trace)
                traceOversized(window, steps[s].what);
        }
    qint64 worst = 0;
    std::printf("%-36s %18s %18s %18s\n", "step", "stall median (ms)", "stall max (ms)",
                "UI CPU median (ms)");
    for (auto& [s, ms] : stalls) {
        std::sort(ms.begin(), ms.end());
        std::vector<double>& work = cpu[s];
        std::sort(work.begin(), work.end());
        worst = std::max(worst, ms.back());
        std::printf("%-36s %18lld %18lld %18.0f\n", qPrintable(steps[std::size_t(s)].what), ms[ms.size() / 2],
                    ms.back(), work[work.size() / 2]);
    }
    std::printf("window %dx%d at the end (1280x800 asked)\n", window.width(), window.height());
    const auto [peak, now] = residentMiB();
    std::printf("longest UI stall over %d repeats of %zu steps: %lld ms (goal: none over 100 ms); resident "
                "peak %.0f MiB, now %.0f MiB\n",
                repeats, steps.size(), worst, peak, now);
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    // Allocation and JSON access can throw; a benchmark reports that and fails rather than aborts.
    try {
        return run(argc, argv);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "kix-ui-bench: %s\n", e.what());
        return 1;
    }
}
