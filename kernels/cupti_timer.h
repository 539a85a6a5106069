// CUPTI activity records as a timer (internal to kernels/): the span of the GPU work of each call.
// The records are process-wide, so one session runs at a time.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace kix::kernels::cupti {

// Starts recording kernels, memcpys and memsets. Empty string, or why CUPTI cannot be used (kix
// built without it, the library failed to initialise, another tool holds it).
std::string begin();

// CUPTI's clock (ns), the one its activity records use: take one before issuing a call and one
// after synchronizing on it.
std::uint64_t timestamp();

// Stops recording. For each window [first, second]: the time from the start of the first activity
// that starts inside it to the end of the last such activity. Errors if a window holds none, or if
// CUPTI dropped records.
std::string end(const std::vector<std::pair<std::uint64_t, std::uint64_t>>& windows,
                std::vector<double>& spansNs);

} // namespace kix::kernels::cupti
