// A C interface to the fused kernel for the side-by-side benchmark (kernels/bench/bench_vs_torch.py),
// which passes PyTorch tensors' device pointers through ctypes.
#include "kix/rmsnorm_backward.h"

#include <cstring>

namespace {
thread_local char lastError[512];

int report(const std::string& err) {
    std::strncpy(lastError, err.c_str(), sizeof lastError - 1);
    return err.empty() ? 0 : 1;
}
} // namespace

extern "C" {

// Workspace bytes for the launch that kix_rmsnorm_bwd will use for this shape.
unsigned long long kix_rmsnorm_bwd_workspace_bytes(long long rows, int hidden, int rowsPerIteration) {
    return kix::kernels::planFusedBackward(rows, hidden, rowsPerIteration).workspaceBytes;
}

int kix_rmsnorm_bwd(const void* gradOutput, const float* normalized, const float* rstd, const float* weight,
                    void* gradHidden, void* gradResidual, float* gradWeight, long long rows, int hidden,
                    void* workspace, int rowsPerIteration, void* stream) {
    const kix::kernels::BackwardArgs args{gradOutput,   normalized, rstd, weight, gradHidden,
                                          gradResidual, gradWeight, rows, hidden};
    const auto plan = kix::kernels::planFusedBackward(rows, hidden, rowsPerIteration);
    return report(kix::kernels::launchFusedBackward(args, plan, workspace, stream));
}

const char* kix_last_error() {
    return lastError;
}
}
