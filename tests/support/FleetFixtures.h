// Simulated runs of one cohort on several cards of one host (issue 39): what `kix run --gpus all` or a
// Slurm array's tasks would write, one normal manifest set per card, with the card's NVML identity, its
// launches scaled (a planted slow card) and its GPU state (throttled, other processes), so that the fleet
// report and `kix fleet` are tested without a GPU.
#pragma once

#include "Digest.h"
#include "GpuStateFixtures.h"
#include "LocalRunManifest.h"
#include "ManifestSet.h"
#include "RunStore.h"

#include <QDir>

namespace kixtest {

struct FleetCardSpec {
    explicit FleetCardSpec(int index = 0, double scale = 1)
        : index(index)
        , scale(scale) {}
    int index = 0;          // the card's place on the host: its UUID, PCI bus id and launches' phase
    double scale = 1;       // every launch of every case times this
    int others = 0;         // other processes on the GPU in every sample
    bool throttled = false; // every case's window at 1500 MHz with sw_power_cap in 12 of 20 samples
    QString gpu = QStringLiteral("NVIDIA H200");
    QString fileTag; // "job42-task1": a Slurm array's file names, all in one folder
};

inline QString fleetUuid(int index) {
    return QStringLiteral("GPU-5f2a6b1c-0000-4000-8000-00000000000%1").arg(index);
}

inline QString fleetPciBusId(int index) {
    return QStringLiteral("00000000:%1:00.0").arg(0x19 + index, 2, 16, QLatin1Char('0')).toUpper();
}

// The run of one card: 3 cases of 40 launches each around 60 µs, in a pattern whose phase is the card's (so
// identical cards are not identical numbers), observed a minute apart per card as cards timed in turn are.
inline kix::runner::LocalRunFacts fleetCardRun(const FleetCardSpec& card) {
    constexpr int kCases = 3, kLaunches = 40, kPattern = 9;
    constexpr double kBaseNs = 60000, kStepNs = 25, kClockMHz = 1980, kThrottledMHz = 1500;
    kix::runner::LocalRunFacts f;
    f.device.available = true;
    f.device.name = card.gpu.toStdString();
    f.device.computeMajor = 9;
    f.device.multiprocessors = 132;
    f.device.memoryBytes = 150'000'000'000;
    f.device.runtimeVersion = 13000;
    f.device.driverVersion = 13000;
    f.device.pciBusId = fleetPciBusId(card.index).toStdString();
    f.copyBandwidthGBps = 4225;
    f.observedAt = QDateTime(QDate(2026, 12, 8), QTime(1, card.index, 0), Qt::UTC);
    f.fileTag = card.fileTag;
    f.workloadDigest = kix::resourceDigest(kix::runner::bundledWorkloads().suite);
    for (int i = 0; i < kCases; ++i) {
        kix::kernels::CaseReport r;
        r.workload = kix::kernels::kWorkloads[std::size_t(i)];
        r.rows = r.workload.rows();
        r.bytes = double(r.rows) * r.hidden * 10;
        for (int k = 0; k < kLaunches; ++k)
            r.fusedNs.push_back(card.scale * (kBaseNs + kStepNs * ((k + card.index) % kPattern)));
        r.fused.eventNs = r.fusedNs;
        r.checks = {{"grad_hidden_states", 1e-6, 2e-3, 1e-5, 0.05, 0, 100}};
        f.cases.push_back(r);
    }
    addGpuState(f, kClockMHz);
    f.gpu.identity.uuid = fleetUuid(card.index).toStdString();
    f.gpu.identity.pciBusId = fleetPciBusId(card.index).toStdString();
    f.gpu.identity.index = card.index;
    f.gpu.identity.serial = "165123000" + std::to_string(card.index);
    f.gpu.cases.clear();
    for (std::size_t i = 0; i < f.cases.size(); ++i)
        f.gpu.cases.push_back(kix::kernels::summarizeGpuState(
            gpuWindow(kClockMHz, 20, card.throttled ? 12 : 0, kThrottledMHz, card.others)));
    return f;
}

// Writes the card's manifest set into `dir` (created); the suite run's path, empty when it cannot be written.
inline QString writeFleetCard(const FleetCardSpec& card, const QString& dir) {
    const kix::runner::LocalRunSet set = kix::runner::buildLocalRunSet(fleetCardRun(card));
    if (!QDir().mkpath(dir) || !set.error.isEmpty() || !kix::writeManifestSet(dir, set.files, false).ok())
        return {};
    return QDir(dir).filePath(set.suiteRunFile);
}

// Each card written into its own folder gpu<index> under `dir` and read into `store` as one set; the suite
// runs in card order (null where one could not be written or read).
inline QList<kix::ManifestPtr> loadFleet(const QList<FleetCardSpec>& cards, const QString& dir,
                                         kix::RunStore& store) {
    QStringList files, folders;
    for (const FleetCardSpec& c : cards) {
        folders << QStringLiteral("%1/gpu%2").arg(dir).arg(c.index);
        files << writeFleetCard(c, folders.last());
    }
    store.add(kix::RunStore::loadBlocking(folders));
    QList<kix::ManifestPtr> runs;
    for (const QString& f : files) {
        const int i = store.indexOfFile(f);
        runs << (i < 0 ? kix::ManifestPtr() : store.at(i));
    }
    return runs;
}

} // namespace kixtest
