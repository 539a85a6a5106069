// Error handling shared by the .cu files: every CUDA call is checked and turned into a message.
#pragma once

#include <cuda_runtime.h>
#include <string>

namespace kix::kernels {

inline std::string cudaMessage(cudaError_t e, const char* what) {
    return std::string(what) + ": " + cudaGetErrorName(e) + " (" + cudaGetErrorString(e) + ")";
}

} // namespace kix::kernels

#define KIX_CUDA_TRY(call)                                                                                   \
    do {                                                                                                     \
        const cudaError_t kix_err_ = (call);                                                                 \
        if (kix_err_ != cudaSuccess)                                                                         \
            return ::kix::kernels::cudaMessage(kix_err_, #call);                                             \
    } while (0)
