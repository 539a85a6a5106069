// kix's fixed Nsight Compute metric set (docs/profiles.md): what each profiled launch is reduced to, in
// base units (ns, bytes, bytes per second, percent), from a raw-page CSV row (NcuCsv.h). The metrics are
// those the "why" beside a verdict needs: how many bytes reached DRAM and how close to its peak, how busy
// the SMs were, how much the L2 caught, how full the SMs were, what the kernel's launch cost in registers
// and shared memory, and where its warps waited.
#pragma once

#include "NcuCsv.h"

#include <QList>
#include <QString>
#include <array>
#include <optional>

namespace kix::profile {

enum class MetricUnit { Nanoseconds, Bytes, BytesPerSecond, Percent, Count };

struct MetricSpec {
    const char* key;     // kix's name, in artifacts and --json: "dramThroughputPct"
    const char* ncuName; // ncu's metric
    MetricUnit unit;
    const char* label; // "DRAM throughput"
    bool ofPeak;       // a percentage of the unit's peak (shown "91% of peak")
};

// --metrics and --section arguments that collect every metric of the set (kix run --profile uses them).
inline constexpr std::array<const char*, 5> kNcuSections = {"SpeedOfLight", "MemoryWorkloadAnalysis",
                                                            "Occupancy", "LaunchStats", "WarpStateStats"};
inline constexpr char kNcuExtraMetrics[] = "dram__bytes_read.sum,dram__bytes_write.sum";

inline constexpr std::array<MetricSpec, 12> kMetricSet = {{
    {"durationNs", "gpu__time_duration.sum", MetricUnit::Nanoseconds, "kernel duration", false},
    {"dramReadBytes", "dram__bytes_read.sum", MetricUnit::Bytes, "DRAM bytes read", false},
    {"dramWriteBytes", "dram__bytes_write.sum", MetricUnit::Bytes, "DRAM bytes written", false},
    {"dramThroughputPct", "gpu__dram_throughput.avg.pct_of_peak_sustained_elapsed", MetricUnit::Percent,
     "DRAM throughput", true},
    {"dramBandwidth", "dram__bytes.sum.per_second", MetricUnit::BytesPerSecond, "achieved DRAM bandwidth",
     false},
    {"smThroughputPct", "sm__throughput.avg.pct_of_peak_sustained_elapsed", MetricUnit::Percent,
     "SM throughput", true},
    {"l2HitRatePct", "lts__t_sector_hit_rate.pct", MetricUnit::Percent, "L2 hit rate", false},
    {"achievedOccupancyPct", "sm__warps_active.avg.pct_of_peak_sustained_active", MetricUnit::Percent,
     "achieved occupancy", true},
    {"theoreticalOccupancyPct", "sm__maximum_warps_per_active_cycle_pct", MetricUnit::Percent,
     "theoretical occupancy", true},
    {"registersPerThread", "launch__registers_per_thread", MetricUnit::Count, "registers per thread", false},
    {"staticSharedBytes", "launch__shared_mem_per_block_static", MetricUnit::Bytes,
     "static shared memory per block", false},
    {"dynamicSharedBytes", "launch__shared_mem_per_block_dynamic", MetricUnit::Bytes,
     "dynamic shared memory per block", false},
}};

// Warp-stall metrics: smsp__average_warps_issue_stalled_<reason>_per_issue_active.ratio, warps waiting
// for that reason per issued instruction. "selected" (the warp that issued) is not a stall.
inline constexpr char kStallPrefix[] = "smsp__average_warps_issue_stalled_";
inline constexpr char kStallSuffix[] = "_per_issue_active.ratio";
inline constexpr int kTopStalls = 3;

const MetricSpec* metricSpec(const QString& key); // nullptr when the key is not in the set

struct Stall {
    QString reason; // "long_scoreboard"
    double ratio = 0;
};

struct KernelProfile {
    QString function;   // "fusedBackwardKernel"
    QString kernelName; // as ncu printed it
    QString gridSize, blockSize;
    std::array<std::optional<double>, kMetricSet.size()> metrics; // by kMetricSet's order, in base units
    QList<Stall> stalls;                                          // the kTopStalls largest, largest first

    std::optional<double> value(const char* key) const;
    // DRAM bytes read + written, when both were collected; else the achieved bandwidth times the
    // duration (an estimate: `estimated` is set).
    std::optional<double> dramBytes(bool* estimated = nullptr) const;
};

struct KernelProfileResult {
    KernelProfile profile;
    Problems problems; // a cell that is not a number of its unit (error), metrics not collected (warning)
};

// The factor that turns a value in ncu's `unit` into the base unit of `want`; nullopt when the unit is
// not one of that kind ("Gbyte/s" for Bytes). ncu's prefixes are decimal (1 Kbyte = 1000 bytes).
std::optional<double> unitFactor(const QString& unit, MetricUnit want);

KernelProfileResult kernelProfile(const NcuLaunch& launch, const NcuTable& table, const QString& file);

} // namespace kix::profile
