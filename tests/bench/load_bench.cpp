// kix-load-bench: how long the explorer's path takes, off the UI thread, from paths to a filled,
// sortable table — and how long the UI thread is ever blocked meanwhile. Not a test: it prints medians
// for BENCHMARKS.md.
//
//   kix-load-bench files COUNT [REPEATS]   generates COUNT seed-like manifests in 10 folders and loads them
//   kix-load-bench catalog PATH [REPEATS]  loads a catalog export (.jsonl or .jsonl.zst)
//   kix-load-bench sort COUNT [REPEATS]    sorts and filters COUNT rows
// KIX_BENCH_DIR=DIR keeps the generated files there (made on the first call, reused after).
//
// A load is timed from loadAsync() to the table being filled, its rows recomputed and sorted by latency.
// The rows go to the explorer's run list (RunListPane: the tree view, its columns sized to the contents),
// shown offscreen at 1280×800, as in the explorer; KIX_BENCH_VIEW=0 loads into the models alone.
// "UI stall" is the longest gap between two ticks of a 1 ms timer on the UI thread over the same span and
// a settling time after it (the view's last layout and paint); "UI CPU" the UI thread's own CPU time
// over that span (the work done on it, robust to a loaded machine).
#include "BenchSupport.h"
#include "InteractiveProcess.h"
#include "KixResources.h"
#include "RunFilterProxy.h"
#include "RunListPane.h"
#include "RunStore.h"
#include "RunTableModel.h"
#include "Settings.h"
#include "Sha256.h"
#include "WorkPool.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QTemporaryDir>
#include <QThreadPool>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <exception>
#include <memory>
#include <vector>

using namespace kix;
using namespace kix::ui;
using namespace kix::bench;

namespace {

struct Sample {
    double ms = 0;
    qint64 stall = 0;
    int rows = 0;
    double cpuMs = 0; // UI thread
};

bool withView() {
    return qEnvironmentVariable("KIX_BENCH_VIEW", QStringLiteral("1")) != QLatin1String("0");
}

// Top-level rows and their children: every row the tree holds.
int allRows(const RunFilterProxy& proxy) {
    int n = proxy.rowCount();
    for (int r = 0; r < proxy.rowCount(); ++r)
        n += proxy.rowCount(proxy.index(r, 0));
    return n;
}

// Loads the paths as the explorer does and waits for the filled, sorted table.
Sample loadOnce(const QStringList& paths) {
    RunStore store;
    RunTableModel model(&store);
    RunFilterProxy proxy;
    proxy.setSourceModel(&model);
    proxy.sort(RunTableModel::Latency);
    Settings settings;
    std::unique_ptr<RunListPane> pane;
    if (withView()) {
        pane = std::make_unique<RunListPane>(&proxy, &settings);
        pane->resize(1280, 800);
        pane->show();
        waitUntil([] { return true; });
    }
    bool finished = false, refreshed = false;
    double finishedAt = 0, refreshedAt = 0;
    QElapsedTimer timer;
    QObject::connect(&store, &RunStore::loadFinished, [&] {
        finished = true;
        finishedAt = double(timer.nsecsElapsed()) / 1e6;
    });
    QObject::connect(&model, &RunTableModel::refreshed, [&] {
        refreshed = true;
        refreshedAt = double(timer.nsecsElapsed()) / 1e6;
    });
    StallMeter stalls;
    const double cpu = threadCpuMs();
    stalls.start();
    timer.start();
    const double startedAt = double(monotonicNs()) / 1e9;
    store.loadAsync(paths);
    waitUntil([&] { return finished && refreshed; });
    waitUntil([&] { return !proxy.isBusy(); }); // the sort of the refreshed rows
    Sample s;
    s.ms = double(timer.nsecsElapsed()) / 1e6;
    if (qEnvironmentVariableIsSet("KIX_BENCH_STALLS")) // the phases, with the stall log
        std::fprintf(
            stderr,
            "load started at %.6f s; finished at %.0f ms, rows refreshed at %.0f ms, sorted at %.0f ms\n",
            startedAt, finishedAt, refreshedAt, s.ms);
    QElapsedTimer settle; // the view's last layout, column fit (RunListPane: at most 0.5 s after) and paint
    settle.start();
    waitUntil([&] { return settle.elapsed() >= 800; });
    s.stall = stalls.stop();
    s.cpuMs = threadCpuMs() - cpu;
    s.rows = allRows(proxy);
    return s;
}

int report(const char* what, std::vector<Sample> samples) {
    const Sample first = samples.front(); // the process's first load: a fresh heap, as a user's first open
    std::sort(samples.begin(), samples.end(), [](const Sample& a, const Sample& b) { return a.ms < b.ms; });
    std::vector<qint64> stalls;
    stalls.reserve(samples.size());
    for (const Sample& s : samples)
        stalls.push_back(s.stall);
    std::sort(stalls.begin(), stalls.end());
    std::vector<double> cpu;
    cpu.reserve(samples.size());
    for (const Sample& s : samples)
        cpu.push_back(s.cpuMs);
    std::sort(cpu.begin(), cpu.end());
    const auto [peak, now] = residentMiB();
    std::printf(
        "%s%s: %d rows, %d pool threads: median %.0f ms (min %.0f, max %.0f) over %zu; longest UI stall "
        "median %lld ms (max %lld); UI CPU median %.0f ms (max %.0f); first load %.0f ms (stall %lld ms); "
        "resident peak %.0f MiB, now %.0f MiB\n",
        what, withView() ? " (run list shown)" : " (models only)", samples.front().rows,
        kix::workPool()->maxThreadCount(), samples[samples.size() / 2].ms, samples.front().ms,
        samples.back().ms, samples.size(), stalls[stalls.size() / 2], stalls.back(), cpu[cpu.size() / 2],
        cpu.back(), first.ms, first.stall, peak, now);
    return 0;
}

int files(int count, int repeats) {
    QFile seedFile(QStringLiteral(":/kix/samples/kernelindex/sol-submission-14917.manifest.json"));
    if (!seedFile.open(QIODevice::ReadOnly))
        return 1;
    auto doc = nlohmann::json::parse(seedFile.readAll().toStdString());
    // KIX_BENCH_DIR keeps the generated files between calls (for profiling the load alone).
    QTemporaryDir temporary;
    const QString base = qEnvironmentVariable("KIX_BENCH_DIR", temporary.path());
    const QDir dir(base);
    const bool reuse = QFileInfo::exists(dir.filePath(QStringLiteral("sub0/run-0.json")));
    for (int i = 0; i < count && !reuse; ++i) {
        doc["run"]["spec"]["timing"]["latencyNs"]["mean"] = 40000 + i;
        doc["run"]["metadata"]["title"] = "impl-" + std::to_string(i % 7) + " · 013 · B200";
        const QString sub = dir.filePath(QStringLiteral("sub%1").arg(i % 10));
        QDir().mkpath(sub);
        QFile f(QStringLiteral("%1/run-%2.json").arg(sub).arg(i));
        if (!f.open(QIODevice::WriteOnly))
            return 1;
        f.write(QByteArray::fromStdString(doc.dump(2)));
    }
    std::vector<Sample> samples;
    for (int r = 0; r < repeats; ++r) {
        samples.push_back(loadOnce({base}));
        if (samples.back().rows != count) {
            std::fprintf(stderr, "loaded %d of %d\n", samples.back().rows, count);
            return 1;
        }
    }
    return report(qPrintable(QStringLiteral("%1 files").arg(count)), samples);
}

int catalog(const QString& path, int repeats) {
    std::vector<Sample> samples;
    samples.reserve(std::size_t(std::max(repeats, 0)));
    for (int r = 0; r < repeats; ++r)
        samples.push_back(loadOnce({path}));
    return report(qPrintable(QFileInfo(path).fileName()), samples);
}

// Sorting and filtering rows the table already holds: the time to the new order, and the UI stall.
int sorting(int count, int repeats) {
    RunStore store;
    QList<ParsedDocument> docs;
    for (int i = 0; i < count; ++i) {
        auto resource = std::make_shared<ResourceRecord>();
        resource->name = QStringLiteral("bulk-%1").arg(i);
        resource->title = QStringLiteral("impl-%1 · bench · GPU").arg(i % 97);
        resource->digest = QStringLiteral("sha256:%1").arg(i, 64, 10, QLatin1Char('0'));
        auto run = std::make_shared<RunRecord>();
        run->resource = resource;
        run->spec.status = QStringLiteral("passed");
        run->spec.hasTiming = true;
        run->spec.primaryStatistic = QStringLiteral("median");
        run->spec.latencyNs.median = 10000 + (qint64(i) * 7919) % count;
        run->spec.benchmark = QStringLiteral("bench-%1").arg(i % 31);
        ParsedDocument doc;
        doc.origin = Origin{QStringLiteral("bulk.jsonl"), i + 1, QString()};
        doc.run = run;
        docs << doc;
    }
    RunTableModel model(&store);
    RunFilterProxy proxy;
    proxy.setSourceModel(&model);
    store.add(docs);
    const struct {
        const char* what;
        std::function<void()> act;
    } passes[] = {
        {"sort by latency", [&] { proxy.sort(RunTableModel::Latency, Qt::AscendingOrder); }},
        {"sort by latency, descending", [&] { proxy.sort(RunTableModel::Latency, Qt::DescendingOrder); }},
        {"sort by implementation", [&] { proxy.sort(RunTableModel::Implementation, Qt::AscendingOrder); }},
        {"filter \"impl-4\"", [&] { proxy.setFilterFixedString(QStringLiteral("impl-4")); }},
        {"clear the filter", [&] { proxy.setFilterFixedString(QString()); }},
    };
    for (const auto& pass : passes) {
        std::vector<Sample> samples;
        for (int r = 0; r < repeats; ++r) {
            if (std::string(pass.what).find("filter") != std::string::npos && r > 0) {
                proxy.setFilterFixedString(QStringLiteral("x")); // so that the pass below changes something
                waitUntil([&] { return !proxy.isBusy(); });
            }
            StallMeter stalls;
            QElapsedTimer timer;
            stalls.start();
            timer.start();
            pass.act();
            waitUntil([&] { return !proxy.isBusy(); });
            samples.push_back({double(timer.nsecsElapsed()) / 1e6, stalls.stop(), proxy.rowCount(), 0});
        }
        report(pass.what, samples);
    }
    return 0;
}

int run(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    if (qEnvironmentVariableIsEmpty("KIX_SETTINGS_FILE"))
        qputenv("KIX_SETTINGS_ISOLATED", "1"); // no saved column widths from the user's configuration
    const QApplication app(argc, argv);
    const kix::CryptoRuntime crypto; // as the programs: OpenSSL shuts down after the pool threads
    kixInitResources();
    kix::configureInteractiveProcess(); // as the explorer
    const QStringList args = QCoreApplication::arguments();
    const QString mode = args.value(1, QStringLiteral("files"));
    const int repeats = args.value(3, QStringLiteral("5")).toInt();
    if (mode == QLatin1String("files"))
        return files(args.value(2, QStringLiteral("1000")).toInt(), repeats);
    if (mode == QLatin1String("catalog") && args.size() > 2)
        return catalog(args.at(2), repeats);
    if (mode == QLatin1String("sort"))
        return sorting(args.value(2, QStringLiteral("50000")).toInt(), repeats);
    std::fprintf(
        stderr,
        "usage: kix-load-bench files COUNT [REPEATS] | catalog PATH [REPEATS] | sort COUNT [REPEATS]\n");
    return 2;
}

} // namespace

int main(int argc, char** argv) {
    // Allocation and JSON access can throw; a benchmark reports that and fails rather than aborts.
    try {
        return run(argc, argv);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "kix-load-bench: %s\n", e.what());
        return 1;
    }
}
