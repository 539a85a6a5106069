// The roofline check: a run's latency against the time its bytes take at the GPU's *published peak*
// memory bandwidth (docs/trust.md, "Faster than light"; the help texts call it the speed-of-light check).
// Not SpeedOfLight.h: there "speed of light" is SOL-ExecBench's published T_sol, and its "bandwidth
// floor" is at the *measured copy* bandwidth.
//
//   floor        = bytes that must move / peak bandwidth (the HBM floor; "× floor" = latency / floor)
//   cache floor  = what still has to come from memory when the cache serves all it can:
//                  protocol flushes L2 → inputs come from memory; outputs may stay in the cache (write-back)
//                  otherwise           → up to the cache's capacity of the bytes may be served by it
//   verdicts     latency < cache floor           "faster than the memory roofline: suspicious"
//                cache floor ≤ latency < floor   faster than the HBM floor, which the cache can explain
//                floor ≤ latency ≤ 1.05 × floor  "at the roofline"
//                otherwise                       "N× floor"
// A suite value (one number for many cases) is compared with the same aggregate of the case floors: the
// arithmetic or geometric mean when the run says which, else the smallest case floor, which bounds any
// mean of the cases from below.
#pragma once

#include "GpuBandwidth.h"
#include "RooflineBytes.h"

#include <QString>
#include <nlohmann/json.hpp>
#include <optional>

namespace kix {

struct ProtocolFacts {
    enum class L2 { Flushed, NotFlushed, NotStated };
    L2 l2 = L2::NotStated;
    QString evidence; // the protocol text it was read from
};
// From a BenchmarkProtocol resource: spec.measurement.l2 (a kix extension; kix's local runs write
// "flushed before every timed launch …"). KernelIndex's protocol schema has no such field, so catalog
// protocols are NotStated.
// KernelIndex-shaped protocols kix writes say it in spec.comparability.notes with kKixL2FlushedPhrase
// (LocalRunManifest.cpp), harness "kix local rerun".
ProtocolFacts protocolFactsFrom(const nlohmann::json& protocol);
inline constexpr char kKixL2FlushedPhrase[] = "the L2 flushed before every timed launch";

enum class SuiteAggregation { ArithmeticMean, GeometricMean, NotStated };
// "geomean", "geometric mean over cases …" → GeometricMean; "arithmetic mean …" → ArithmeticMean.
// A bare "mean" is a statistic of samples, not of cases, and says nothing about how cases were combined.
SuiteAggregation suiteAggregationFrom(const QString& text);

struct RooflineVerdict {
    enum class Kind { Suspicious, CacheCanExplain, AtRoofline, AboveFloor };
    Kind kind = Kind::AboveFloor;
    double measuredNs = 0;
    double floorNs = 0;      // the HBM floor: bytes at the published peak bandwidth
    double cacheFloorNs = 0; // with the cache serving what it can
    double ratio = 0;        // measured / floor
    double bytes = 0;        // for one case; for a suite, the aggregate in the same way as the floor
    double bandwidthGBps = 0;
    std::optional<double> cacheBytes;
    QString cacheName, gpu;
    ProtocolFacts::L2 l2 = ProtocolFacts::L2::NotStated;
    int cases = 1;
    QString aggregation; // how a suite's case floors were combined ("" for one case)

    QString ratioText() const; // "0.031×", "1.02×", "3.4×", "1200×"
    QString
    label() const; // short, for a table cell: "suspicious 0.031×", "cache 0.62×", "at roofline 1.02×", "3.4×"
    QString text() const; // the sentence with the numbers
};

struct RooflineOutcome {
    std::optional<RooflineVerdict> verdict;
    QString noFloorReason; // why there is no floor, when there is none
};

// One workload case (its axes and, when known, spec.tensors) measured at `measuredNs`.
RooflineOutcome rooflineForCase(const nlohmann::json& operation, const nlohmann::json& axes,
                                const nlohmann::json& tensors, double measuredNs, const GpuMemorySpec& gpu,
                                const ProtocolFacts& protocol);

// A WorkloadCase or WorkloadSuite resource; a suite's value is combined as `aggregation` says.
RooflineOutcome rooflineFor(const nlohmann::json& operation, const nlohmann::json& workload,
                            double measuredNs, SuiteAggregation aggregation, const GpuMemorySpec& gpu,
                            const ProtocolFacts& protocol);

QString formatBytes(double bytes);    // "95.4 MB", "4.30 GB" (decimal units, as bandwidth is quoted)
QString formatBandwidth(double gbps); // "8.00 TB/s", "300 GB/s"

} // namespace kix
