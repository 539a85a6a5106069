#include "cupti_timer.h"

#if KIX_HAVE_CUPTI
#include <algorithm>
#include <cstdlib>
#include <cupti.h>
#include <mutex>

namespace kix::kernels::cupti {

namespace {

struct Span {
    std::uint64_t start, end;
};

std::mutex recordsMutex;
std::vector<Span> records;
bool registered = false;

constexpr std::size_t kBufferBytes = 8u << 20;
constexpr CUpti_ActivityKind kKinds[] = {CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL, CUPTI_ACTIVITY_KIND_MEMCPY,
                                         CUPTI_ACTIVITY_KIND_MEMSET};

void CUPTIAPI bufferRequested(uint8_t** buffer, size_t* size, size_t* maxNumRecords) {
    *buffer = static_cast<uint8_t*>(std::aligned_alloc(8, kBufferBytes));
    *size = *buffer ? kBufferBytes : 0;
    *maxNumRecords = 0;
}

void CUPTIAPI bufferCompleted(CUcontext /*context*/, uint32_t /*streamId*/, uint8_t* buffer, size_t /*size*/,
                              size_t validSize) {
    std::vector<Span> spans;
    CUpti_Activity* record = nullptr;
    while (cuptiActivityGetNextRecord(buffer, validSize, &record) == CUPTI_SUCCESS) {
        switch (record->kind) {
        case CUPTI_ACTIVITY_KIND_KERNEL:
        case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL: {
            const auto* k = reinterpret_cast<const CUpti_ActivityKernel10*>(record);
            spans.push_back({k->start, k->end});
            break;
        }
        case CUPTI_ACTIVITY_KIND_MEMCPY: {
            const auto* m = reinterpret_cast<const CUpti_ActivityMemcpy6*>(record);
            spans.push_back({m->start, m->end});
            break;
        }
        case CUPTI_ACTIVITY_KIND_MEMSET: {
            const auto* m = reinterpret_cast<const CUpti_ActivityMemset4*>(record);
            spans.push_back({m->start, m->end});
            break;
        }
        default:
            break;
        }
    }
    std::free(buffer);
    const std::lock_guard<std::mutex> lock(recordsMutex);
    records.insert(records.end(), spans.begin(), spans.end());
}

std::string message(CUptiResult r, const char* what) {
    const char* text = nullptr;
    cuptiGetResultString(r, &text);
    return std::string("CUPTI ") + what + ": " + (text ? text : "unknown error");
}

} // namespace

std::string begin() {
    if (!registered) {
        if (const CUptiResult r = cuptiActivityRegisterCallbacks(bufferRequested, bufferCompleted);
            r != CUPTI_SUCCESS)
            return message(r, "cuptiActivityRegisterCallbacks");
        registered = true;
    }
    {
        const std::lock_guard<std::mutex> lock(recordsMutex);
        records.clear();
    }
    for (const CUpti_ActivityKind kind : kKinds)
        if (const CUptiResult r = cuptiActivityEnable(kind); r != CUPTI_SUCCESS)
            return message(r, "cuptiActivityEnable");
    return {};
}

std::uint64_t timestamp() {
    std::uint64_t t = 0;
    cuptiGetTimestamp(&t);
    return t;
}

std::string end(const std::vector<std::pair<std::uint64_t, std::uint64_t>>& windows,
                std::vector<double>& spansNs) {
    const CUptiResult flushed = cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
    for (const CUpti_ActivityKind kind : kKinds)
        cuptiActivityDisable(kind);
    if (flushed != CUPTI_SUCCESS)
        return message(flushed, "cuptiActivityFlushAll");
    std::size_t dropped = 0;
    cuptiActivityGetNumDroppedRecords(nullptr, 0, &dropped);
    if (dropped)
        return "CUPTI dropped " + std::to_string(dropped) + " activity records";
    std::vector<Span> all;
    {
        const std::lock_guard<std::mutex> lock(recordsMutex);
        all.swap(records);
    }
    std::sort(all.begin(), all.end(), [](const Span& a, const Span& b) { return a.start < b.start; });
    for (std::size_t i = 0; i < windows.size(); ++i) {
        const auto [from, to] = windows[i];
        auto it = std::lower_bound(all.begin(), all.end(), from,
                                   [](const Span& s, std::uint64_t t) { return s.start < t; });
        std::uint64_t first = 0, last = 0;
        bool any = false;
        for (; it != all.end() && it->start <= to; ++it) {
            first = any ? std::min(first, it->start) : it->start;
            last = any ? std::max(last, it->end) : it->end;
            any = true;
        }
        if (!any)
            return "CUPTI recorded no GPU activity for timed call " + std::to_string(i);
        spansNs.push_back(double(last - first));
    }
    return {};
}

} // namespace kix::kernels::cupti

#else

namespace kix::kernels::cupti {
std::string begin() {
    return "kix was built without CUPTI (CUDA::cupti was not found at configure time)";
}
std::uint64_t timestamp() {
    return 0;
}
std::string end(const std::vector<std::pair<std::uint64_t, std::uint64_t>>&, std::vector<double>&) {
    return begin();
}
} // namespace kix::kernels::cupti

#endif
