// The typed fields of a BenchmarkRun that kix uses: status, timing or measurements, the digests it
// names, where it came from, and kix's per-case extension (docs/manifest-format.md).
#pragma once

#include "GpuState.h"
#include <QList>
#include <QPair>
#include <QString>
#include <optional>
#include <vector>

namespace kix {

// Latency statistics in nanoseconds. KernelIndex names them median, mean, minimum, maximum, p05, p95,
// mad and confidence95; kix's own files also use min, max and stddev, read into the same members.
struct LatencyStats {
    std::optional<double> mean, median, min, max, stddev, p05, p95, mad;
    std::optional<double> ciLow, ciHigh; // confidence95
    std::optional<qint64> samples;
    // Where the spread was published, as JSON paths, so that a verdict can say which one it used: the
    // stddev's ("spec.timing.latencyNs.stddev", or "spec.measurements[0]" for a run whose latency std is
    // one of its measurements, as GPU MODE's are) and confidence95's. Empty: not published.
    QString stddevPath, confidencePath;
    bool isEmpty() const;
    // The named statistic ("minimum" and "min" alike) when present, else the mean, else the median.
    std::optional<double> value(const QString& statistic) const;
    // KernelIndex's central latency: for "mean" the mean (else the median), for any other statistic the
    // median (else the mean). Its primary value of a run with timing.
    std::optional<double> central(const QString& primaryStatistic) const;
};

struct OutputError {
    QString output;
    std::optional<double> maxAbsError, maxRelError, atol, rtol;
    std::optional<bool> passed;
    std::optional<bool> hasNan,
        hasInf; // the output held NaN / infinite values (its errors then mean nothing)
};

// kix extension: one result per workload case (docs/manifest-format.md, "Per-case results").
struct CaseResult {
    QString id;
    QList<QPair<QString, double>> axes;
    QString status;
    LatencyStats latencyNs;
    LatencyStats referenceLatencyNs;
    std::optional<double> speedup;
    std::optional<double> bytes, bandwidthGBps, copyBandwidthFraction;
    QList<OutputError> errors;
    // Every timed launch, in nanoseconds, where the raw-samples evidence carries them (kix's own runs):
    // samplesNs by the case's `timer` (kix: CUDA events), cuptiSamplesNs by CUPTI ("cupti.samplesNs").
    // The verdict engine prefers them to the statistics (CaseEvidence.h).
    std::vector<double> samplesNs, cuptiSamplesNs;
    QString timer; // how samplesNs and latencyNs were timed ("cuda_events"); empty: the protocol's timer
    std::optional<CaseGpuState> gpuState;     // the GPU's state over the timed window (kix runs with NVML)
    std::optional<CaseNoiseFloor> noiseFloor; // its own A/A floor (kix run --repeat N)
    QString axesLabel() const;                // "batch_size=4 seq_len=1973"
    // "NaN and Inf in output" when any output is flagged, else empty: what views print beside the errors.
    QString nonFiniteLabel() const;
    // The latency statistic a view prints for this case and its name, preferring `statistic` (the
    // run's primary one): {"median", 152880} for a SOL-ExecBench case, whose latency is a median.
    std::optional<QPair<QString, double>> namedLatency(const QString& statistic) const;
    std::optional<double> effectiveSpeedup() const; // speedup, or reference/latency when both are known
};

// One entry of spec.measurements: any metric in any unit (GPU MODE scores in seconds, for example).
struct Measurement {
    QString metric, unit, statistic;
    double value = 0;
    std::optional<qint64> sampleCount;
};

// The run's primary measurement as KernelIndex derives it: latency in ns from timing when it has a
// central latency, else the first entry of measurements.
struct PrimaryMeasurement {
    QString metric, statistic, unit;
    double value = 0;
    std::optional<qint64> sampleCount;
    // "latency:median:ns": the metric part of the comparison key.
    QString key() const;
    // The value in nanoseconds when the unit is a time unit (ns, us, µs, ms, s).
    std::optional<double> nanoseconds() const;
};

struct RunSpec {
    QString status;
    QString observedAt;
    bool hasTiming = false;
    QString primaryStatistic; // timing.primaryStatistic ("mean" when timing omits it), else the measurement's
    QString aggregation;      // timing.aggregation (kix extension): how the suite value was formed
    LatencyStats latencyNs;
    QList<Measurement> measurements;
    QString protocolDigest, workloadDigest, environmentDigest, implementationDigest;
    QString correctnessComparator;         // spec.correctness.comparator
    QString source, benchmark, externalId; // sourceNative
    QList<QPair<QString, double>> metrics; // sourceNative.metrics
    QString implementationName;            // spec.implementation.name (kix extension)
    QString implementationRevision;
    QList<CaseResult> cases;        // the legacy extension's, or those of the raw-samples evidence
    QString rawSamplesUri;          // spec.evidence.rawSamples.uri, when named
    std::optional<GpuRunState> gpu; // evidence's "gpu": identity, lock, calibration, A/A floor

    std::optional<double> metric(const QString& name) const;
    // The declared statistic of the timing, in ns (what the tables show as the latency).
    std::optional<double> primaryLatencyNs() const;
    std::optional<PrimaryMeasurement> primary() const;
    bool passed() const { return status == QLatin1String("passed"); }
};

// Nanoseconds per unit for the time units KernelIndex's duration strings and measurements use.
std::optional<double> nanosecondsPerUnit(const QString& unit);

} // namespace kix
