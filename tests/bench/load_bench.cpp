// kix-load-bench: how long the run store takes to load and index a folder of N generated manifests
// (default 1000), off the calling thread as the explorer does it. Not a test: it prints the
// median of several loads for BENCHMARKS.md.
// Usage: kix-load-bench [count] [repeats]
#include "KixResources.h"
#include "RunStore.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QTemporaryDir>
#include <QThreadPool>
#include <algorithm>
#include <cstdio>

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    kixInitResources();
    const int count = argc > 1 ? std::atoi(argv[1]) : 1000;
    const int repeats = argc > 2 ? std::atoi(argv[2]) : 5;
    QFile seedFile(QStringLiteral(":/kix/samples/kernelindex/sol-submission-14917.manifest.json"));
    if (!seedFile.open(QIODevice::ReadOnly))
        return 1;
    auto doc = nlohmann::json::parse(seedFile.readAll().toStdString());
    QTemporaryDir dir;
    for (int i = 0; i < count; ++i) {
        doc["run"]["spec"]["timing"]["latencyNs"]["mean"] = 40000 + i;
        doc["run"]["metadata"]["title"] = "impl-" + std::to_string(i % 7) + " · 013 · B200";
        const QString sub = dir.filePath(QStringLiteral("sub%1").arg(i % 10));
        QDir().mkpath(sub);
        QFile f(QStringLiteral("%1/run-%2.json").arg(sub).arg(i));
        if (!f.open(QIODevice::WriteOnly))
            return 1;
        f.write(QByteArray::fromStdString(doc.dump(2)));
    }
    std::vector<double> ms;
    for (int r = 0; r < repeats; ++r) {
        kix::RunStore store;
        QEventLoop loop;
        QObject::connect(&store, &kix::RunStore::loadFinished, &loop, &QEventLoop::quit);
        QElapsedTimer timer;
        timer.start();
        store.loadAsync({dir.path()});
        loop.exec();
        const auto facets = store.facetValues(kix::Facet::Implementation);
        ms.push_back(double(timer.nsecsElapsed()) / 1e6);
        if (store.size() != count || facets.size() != 7) {
            std::fprintf(stderr, "loaded %d of %d\n", store.size(), count);
            return 1;
        }
    }
    std::sort(ms.begin(), ms.end());
    std::printf("%d manifests, %d threads: median %.1f ms (min %.1f, max %.1f) over %d loads\n", count,
                QThreadPool::globalInstance()->maxThreadCount(), ms[ms.size() / 2], ms.front(), ms.back(),
                repeats);
    return 0;
}
