// kix-history-bench: how long the History tab's model work takes on a catalog export (issue 23, item 5):
// the record_events read again from the export, the record timelines checked against the runs, and the
// run series with their change points, each timed on its own. Not a test: it prints medians for
// BENCHMARKS.md.
//
//   kix-history-bench CATALOG [REPEATS]   loads CATALOG (.jsonl or .jsonl.zst) once, then times each step
//                                         REPEATS times (default 5) and prints the median, min and max
#include "LoadJob.h"
#include "RecordIndex.h"
#include "RecordTimeline.h"
#include "RunSeries.h"
#include "Sha256.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <algorithm>
#include <cstdio>
#include <functional>
#include <vector>

using namespace kix;

namespace {

RecordIndex loadCatalog(const QString& path) {
    RecordIndex index;
    LoadJob job({path}, JsonLimits{}, [&index](LoadBatch&& batch) {
        for (ParsedDocument& doc : batch.documents)
            index.add(std::move(doc));
    });
    job.run();
    return index;
}

// Runs `step` `repeats` times and prints its median, min and max in ms with `detail` from the last run.
void timeStep(const char* what, int repeats, const std::function<QString()>& step) {
    std::vector<double> ms;
    QString detail;
    for (int i = 0; i < repeats; ++i) {
        QElapsedTimer timer;
        timer.start();
        detail = step();
        ms.push_back(double(timer.nsecsElapsed()) / 1e6);
    }
    std::sort(ms.begin(), ms.end());
    std::printf("%-34s median %8.1f ms (min %8.1f, max %8.1f) over %d; %s\n", what, ms[ms.size() / 2],
                ms.front(), ms.back(), repeats, qPrintable(detail));
    std::fflush(stdout);
}

} // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const kix::CryptoRuntime crypto; // as the programs: OpenSSL shuts down after the pool threads
    const QStringList args = QCoreApplication::arguments();
    if (args.size() < 2 || !QFileInfo(args[1]).isFile()) {
        std::fprintf(stderr, "usage: kix-history-bench CATALOG [REPEATS]\n");
        return 2;
    }
    const int repeats = std::max(1, args.value(2, QStringLiteral("5")).toInt());
    QElapsedTimer timer;
    timer.start();
    const RecordIndex index = loadCatalog(args[1]);
    std::printf("loaded %d runs in %lld ms (once, not part of the steps)\n", index.runCount(),
                timer.elapsed());

    QList<CatalogRecordEvent> events;
    timeStep("record_events read again", repeats, [&] {
        events = loadedRecordEvents(index).events;
        return QStringLiteral("%1 events").arg(events.size());
    });
    timeStep("timelines (buildRecordTimelines)", repeats, [&] {
        const RecordTimelines t = buildRecordTimelines(index, events);
        return QStringLiteral("%1 cohorts, %2 problems").arg(t.cohorts.size()).arg(t.problems.size());
    });
    const auto series = [&](bool stopEarly) {
        ChangePointOptions options;
        options.stopEarly = stopEarly;
        const QList<RunSeries> s = buildRunSeries(index, {}, options);
        qsizetype points = 0, changes = 0, longest = 0;
        for (const RunSeries& one : s) {
            points += one.points.size();
            changes += one.changes.size();
            longest = std::max(longest, one.points.size());
        }
        return QStringLiteral("%1 series, %2 points (longest %3), %4 change points")
            .arg(s.size())
            .arg(points)
            .arg(longest)
            .arg(changes);
    };
    // Every permutation of every test (before the early stop), then as the tab builds them.
    timeStep("series, every permutation", repeats, [&] { return series(false); });
    timeStep("series (buildRunSeries)", repeats, [&] { return series(true); });
    timeStep("both, as the tab builds them", repeats, [&] {
        const RecordTimelines t = buildRecordTimelines(index);
        const QList<RunSeries> s = buildRunSeries(index);
        return QStringLiteral("%1 cohorts, %2 series").arg(t.cohorts.size()).arg(s.size());
    });
    return 0;
}
