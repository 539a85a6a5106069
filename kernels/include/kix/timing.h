// How kix times a GPU call, and the statistics it reports. No CUDA or Qt types here.
//
// Two methods, each number labelled with its method:
//  * CUPTI (the method SOL-ExecBench ranks by): per call, from the start of the first GPU activity
//    (kernel, memcpy or memset) to the end of the last one, as CUPTI's activity records give them.
//    The stream is idle when the call is issued (the L2 flush before it has finished), so launch
//    latency and host dispatch are not counted, gaps between a call's kernels are.
//  * CUDA events: an event recorded on the stream before and after the call, calls enqueued back
//    to back (flush, event, call, event, …), so host dispatch is hidden when the host keeps ahead of
//    the GPU, and counted when it cannot (many small launches from Python, say).
// In both, the L2 is flushed before every call by writing a buffer of twice its size. The primary
// statistic is the median of the timed calls (after warm-up calls that are not recorded).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace kix::kernels {

enum class TimingMethod { Cupti, CudaEvents };

inline const char* methodName(TimingMethod m) {
    return m == TimingMethod::Cupti ? "cupti" : "cuda_events";
}

struct SampleStats {
    std::size_t count = 0;
    double median = 0, mean = 0, min = 0, max = 0; // nanoseconds; all 0 when count is 0
};

SampleStats summarize(const std::vector<double>& samplesNs);

// One implementation's timed calls in one case, by both methods.
struct Timing {
    std::vector<double> cuptiNs; // one sample per timed call
    std::vector<double> eventNs; // one sample per timed call
    std::string cuptiError;      // set when cuptiNs is empty: why CUPTI could not time the call
    const std::vector<double>& samples(TimingMethod m) const {
        return m == TimingMethod::Cupti ? cuptiNs : eventNs;
    }
    SampleStats stats(TimingMethod m) const { return summarize(samples(m)); }
};

} // namespace kix::kernels
