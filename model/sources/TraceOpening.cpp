#include "TraceOpening.h"

namespace kix {

namespace {
TraceReader& installed() {
    static TraceReader reader;
    return reader;
}
} // namespace

void setTraceReader(TraceReader reader) {
    installed() = std::move(reader);
}

const TraceReader& traceReader() {
    return installed();
}

} // namespace kix
