#include "LocalRunTiming.h"

#include "ManifestWriter.h"
#include "Statistics.h"

#include <cmath>

namespace kix::runner {

using kernels::TimingMethod;

const char kTimingMethodsNote[] =
    "timing.latencyNs (primary: mean), referenceLatencyNs and the suite value (geomean over cases of "
    "the means) are CUDA events around each launch. measurements *_cupti: CUPTI activity records, "
    "first GPU activity start to last end per launch (SOL-ExecBench's method); *_cuda_events: CUDA "
    "events; medians. copy_floor_latency_*: a device-to-device copy that reads and writes the case's "
    "bytes, same run, same method; copy_floor_ratio_*: kix's median over that copy's median; the "
    "suite's: geomeans over cases.";

namespace {

// The samples of one method: the kernel's CUDA-event samples are CaseReport::fusedNs (what the
// report has always carried), the rest come from the Timing records.
const std::vector<double>& kernelSamples(const kernels::CaseReport& r, TimingMethod m) {
    return m == TimingMethod::Cupti ? r.fused.cuptiNs : r.fusedNs;
}

std::optional<double> median(const std::vector<double>& samples) {
    return summarizeSamples(samples).median;
}

Json measurement(const char* metric, const char* unit, const char* statistic, double value,
                 std::optional<std::size_t> count = std::nullopt) {
    Json m = {{"metric", metric}, {"unit", unit}, {"statistic", statistic}, {"value", value}};
    if (count && *count > 0)
        m["sampleCount"] = *count;
    return m;
}

// "nanoseconds" as KernelIndex's measurements take them: whole numbers, like timing.latencyNs.
double wholeNs(double ns) {
    return double(std::llround(ns));
}

Json cuptiUnavailable(const std::string& why) {
    return {{"unavailable", why.empty() ? std::string("CUPTI recorded no samples") : why}};
}

} // namespace

std::optional<double> floorRatio(const kernels::CaseReport& r, TimingMethod m) {
    const auto own = median(kernelSamples(r, m));
    const auto floor = median(r.copyFloor.samples(m));
    if (!own || !floor || !(*own > 0) || !(*floor > 0))
        return std::nullopt;
    return *own / *floor;
}

void addTimingEvidence(const kernels::CaseReport& r, Json& evidenceCase) {
    evidenceCase["timer"] = kernels::methodName(TimingMethod::CudaEvents);
    if (!r.fused.cuptiNs.empty())
        evidenceCase["cupti"] = {{"latencyNs", latencyJson(summarizeSamples(r.fused.cuptiNs))},
                                 {"samplesNs", r.fused.cuptiNs}};
    else if (!r.fusedNs.empty())
        evidenceCase["cupti"] = cuptiUnavailable(r.fused.cuptiError);
    if (r.copyFloor.eventNs.empty() && r.copyFloor.cuptiNs.empty())
        return;
    Json floor = {{"copiedBytes", r.copyBytes}, {"ratioStatistic", "median"}};
    for (const TimingMethod m : {TimingMethod::CudaEvents, TimingMethod::Cupti}) {
        const std::vector<double>& samples = r.copyFloor.samples(m);
        if (samples.empty()) {
            if (m == TimingMethod::Cupti)
                floor["cupti"] = cuptiUnavailable(r.copyFloor.cuptiError);
            continue;
        }
        Json one = {{"latencyNs", latencyJson(summarizeSamples(samples))}, {"samplesNs", samples}};
        if (const auto ratio = floorRatio(r, m))
            one["kixRatio"] = *ratio;
        floor[kernels::methodName(m)] = std::move(one);
    }
    evidenceCase["copyFloor"] = std::move(floor);
}

Json caseMeasurements(const kernels::CaseReport& r) {
    Json out = Json::array();
    if (const auto own = median(r.fused.cuptiNs))
        out.push_back(measurement("latency_cupti", "ns", "median", wholeNs(*own), r.fused.cuptiNs.size()));
    if (const auto floor = median(r.copyFloor.cuptiNs))
        out.push_back(measurement("copy_floor_latency_cupti", "ns", "median", wholeNs(*floor),
                                  r.copyFloor.cuptiNs.size()));
    if (const auto floor = median(r.copyFloor.eventNs))
        out.push_back(measurement("copy_floor_latency_cuda_events", "ns", "median", wholeNs(*floor),
                                  r.copyFloor.eventNs.size()));
    if (const auto ratio = floorRatio(r, TimingMethod::Cupti))
        out.push_back(measurement("copy_floor_ratio_cupti", "ratio", "median", *ratio));
    if (const auto ratio = floorRatio(r, TimingMethod::CudaEvents))
        out.push_back(measurement("copy_floor_ratio_cuda_events", "ratio", "median", *ratio));
    return out;
}

void addSuiteMeasurements(const std::vector<kernels::CaseReport>& cases, Json& measurements) {
    std::vector<double> cupti, ratioCupti, ratioEvents;
    for (const auto& r : cases) {
        if (const auto own = median(r.fused.cuptiNs))
            cupti.push_back(*own);
        if (const auto ratio = floorRatio(r, TimingMethod::Cupti))
            ratioCupti.push_back(*ratio);
        if (const auto ratio = floorRatio(r, TimingMethod::CudaEvents))
            ratioEvents.push_back(*ratio);
    }
    const auto add = [&](const std::vector<double>& values, const char* metric, const char* unit,
                         bool whole) {
        const auto g = geometricMean(values);
        if (g && values.size() == cases.size())
            measurements.push_back(
                measurement(metric, unit, "geomean", whole ? wholeNs(*g) : *g, values.size()));
    };
    add(cupti, "latency_cupti", "ns", true);
    add(ratioCupti, "copy_floor_ratio_cupti", "ratio", false);
    add(ratioEvents, "copy_floor_ratio_cuda_events", "ratio", false);
}

std::string cuptiUnavailableReason(const std::vector<kernels::CaseReport>& cases) {
    for (const auto& r : cases)
        if (r.fused.cuptiNs.empty() && !r.fusedNs.empty())
            return r.fused.cuptiError.empty() ? std::string("CUPTI recorded no samples") : r.fused.cuptiError;
    return {};
}

} // namespace kix::runner
