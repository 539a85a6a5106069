// Published peak memory bandwidth and last-level cache of GPU models, from kix's data file
// resources/data/gpu-memory-bandwidth.json (bundled as :/kix/data/gpu-memory-bandwidth.json; every
// number there names its source). Used for the memory-roofline floor (Roofline.h).
#pragma once

#include "Problem.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>
#include <nlohmann/json.hpp>
#include <optional>

namespace kix {

struct GpuMemorySpec {
    QString product;     // "NVIDIA B200"
    QStringList aliases; // other names the same model goes by ("NVIDIA H100 80GB HBM3")
    QString vendor, memory;
    double peakBandwidthGBps = 0;     // 10^9 bytes per second
    std::optional<double> cacheBytes; // last-level cache a warm run may be served from
    QString cacheName;                // "L2", "Infinity Cache"
    QStringList sources;
    QString note;
    QString cacheSource; // where cacheBytes came from when not from the table ("environment l2CacheBytes")
};

class GpuBandwidthTable {
public:
    // Parses the data file; every entry that is wrong becomes a located problem and is left out.
    static GpuBandwidthTable parse(const QByteArray& bytes, const QString& source, Problems& problems);
    // The bundled table (:/kix/data/gpu-memory-bandwidth.json); empty, with the reason in `error`, when the
    // program did not register kix's resources (kixInitResources()).
    static const GpuBandwidthTable& bundled(QString* error = nullptr);

    // By product name or alias, ignoring case and repeated spaces.
    const GpuMemorySpec* find(const QString& product) const;
    const QList<GpuMemorySpec>& gpus() const { return m_gpus; }

private:
    QList<GpuMemorySpec> m_gpus;
};

// The GPU of an ExecutionEnvironment resource (spec.hardware.product) with its table entry; the cache size
// the environment itself records (spec.hardware.l2CacheBytes, a kix extension) replaces the table's.
// nullopt with `why` when the environment names no product or the table does not know it.
std::optional<GpuMemorySpec> gpuFromEnvironment(const nlohmann::json& environment,
                                                const GpuBandwidthTable& table, QString& why);

} // namespace kix
