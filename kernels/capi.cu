// A C interface for the side-by-side benchmark (kernels/bench/bench_vs_torch.py), which passes
// PyTorch tensors' device pointers through ctypes: the fused kernel, the fp64 CPU reference (the
// script checks its own PyTorch formulation against it) and the harness's CUPTI timer (so that the
// script times every implementation exactly as the C++ harness does).
#include "cupti_timer.h"
#include "kix/rmsnorm_backward.h"
#include "kix/rmsnorm_backward_cpu.h"

#include <cstring>
#include <map>
#include <mutex>
#include <tuple>

namespace {
thread_local char lastError[512];

int report(const std::string& err) {
    std::strncpy(lastError, err.c_str(), sizeof lastError - 1);
    return err.empty() ? 0 : 1;
}

// Planning queries the device; a launch from Python should not pay for it every call.
const kix::kernels::LaunchConfig& planFor(long long rows, int hidden, int rowsPerIteration, int prefetch,
                                          int rowLanes) {
    static std::mutex mutex;
    static std::map<std::tuple<long long, int, int, int, int>, kix::kernels::LaunchConfig> plans;
    const std::lock_guard<std::mutex> lock(mutex);
    const auto key = std::make_tuple(rows, hidden, rowsPerIteration, prefetch, rowLanes);
    auto it = plans.find(key);
    if (it == plans.end())
        it = plans
                 .emplace(key, kix::kernels::planFusedBackward(rows, hidden,
                                                               {rowsPerIteration, prefetch, rowLanes}))
                 .first;
    return it->second;
}
} // namespace

extern "C" {

// Workspace bytes for the launch kix_rmsnorm_bwd makes for this shape (0, -1, 0: the plan's defaults).
unsigned long long kix_rmsnorm_bwd_workspace_bytes(long long rows, int hidden, int rowsPerIteration,
                                                   int prefetch, int rowLanes) {
    return planFor(rows, hidden, rowsPerIteration, prefetch, rowLanes).workspaceBytes;
}

// The plan's name ("r2 k1", …) for the report.
const char* kix_rmsnorm_bwd_plan_name(long long rows, int hidden, int rowsPerIteration, int prefetch,
                                      int rowLanes) {
    static thread_local std::string name;
    name = planFor(rows, hidden, rowsPerIteration, prefetch, rowLanes).name();
    return name.c_str();
}

// Zeroes the workspace's epoch and flags for the plan of this shape; once after allocating it.
int kix_prepare_workspace(long long rows, int hidden, int rowsPerIteration, int prefetch, int rowLanes,
                          void* workspace, void* stream) {
    return report(kix::kernels::prepareWorkspace(planFor(rows, hidden, rowsPerIteration, prefetch, rowLanes),
                                                 workspace, stream));
}

int kix_rmsnorm_bwd(const void* gradOutput, const float* normalized, const float* rstd, const float* weight,
                    void* gradHidden, void* gradResidual, float* gradWeight, long long rows, int hidden,
                    void* workspace, int rowsPerIteration, int prefetch, int rowLanes, void* stream) {
    const kix::kernels::BackwardArgs args{gradOutput,   normalized, rstd, weight, gradHidden,
                                          gradResidual, gradWeight, rows, hidden};
    return report(kix::kernels::launchFusedBackward(
        args, planFor(rows, hidden, rowsPerIteration, prefetch, rowLanes), workspace, stream));
}

// The fp64 CPU reference: grad_x (before bf16 rounding) and grad_weight.
void kix_reference_cpu(const unsigned short* gradOutputBits, const float* normalized, const float* rstd,
                       const float* weight, long long rows, int hidden, double* gradX, double* gradWeight) {
    kix::kernels::rmsnormBackwardReference<double>(gradOutputBits, normalized, rstd, weight, rows, hidden,
                                                   gradX, gradWeight);
}

int kix_cupti_begin() {
    return report(kix::kernels::cupti::begin());
}

unsigned long long kix_cupti_timestamp() {
    return kix::kernels::cupti::timestamp();
}

// For each window [starts[i], ends[i]]: first GPU activity start to last end, in ns, into spansNs.
int kix_cupti_end(const unsigned long long* starts, const unsigned long long* ends, int n, double* spansNs) {
    std::vector<std::pair<std::uint64_t, std::uint64_t>> windows;
    for (int i = 0; i < n; ++i)
        windows.emplace_back(starts[i], ends[i]);
    std::vector<double> spans;
    const std::string err = kix::kernels::cupti::end(windows, spans);
    for (std::size_t i = 0; i < spans.size(); ++i)
        spansNs[i] = spans[i];
    return report(err);
}

const char* kix_last_error() {
    return lastError;
}
}
