// The harness's device-side pieces (internal to kernels/): buffers, the inputs of a case drawn on
// the GPU, and the fp64 check of the fused kernel's outputs.
#pragma once

#include "cuda_check.h"
#include "kix/harness.h"

#include <algorithm>
#include <cuda_bf16.h>
#include <vector>

namespace kix::kernels {

template <typename T> struct DeviceBuffer {
    T* ptr = nullptr;
    std::size_t count = 0;
    std::string allocate(std::size_t n) {
        release();
        count = n;
        const cudaError_t e = cudaMalloc(&ptr, std::max<std::size_t>(n, 1) * sizeof(T));
        if (e != cudaSuccess) {
            ptr = nullptr;
            return cudaMessage(e, "cudaMalloc") + " for " + std::to_string(n * sizeof(T)) + " bytes";
        }
        return {};
    }
    void release() {
        if (ptr)
            cudaFree(ptr);
        ptr = nullptr;
    }
    DeviceBuffer() = default;
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;
    ~DeviceBuffer() { release(); }
};

// One case's inputs and outputs on the device.
struct CaseData {
    std::int64_t rows = 0;
    int hidden = 0;
    DeviceBuffer<__nv_bfloat16> gradOutput, gradHidden, gradResidual;
    DeviceBuffer<float> normalized, rstd, weight, gradWeight;

    std::string allocate(std::int64_t rows, int hidden);
    // grad_output, normalized ~ N(0, 1), rstd ~ U(0.5, 2), weight ~ N(1, 0.1), from `seed`.
    void fill(std::uint64_t seed, cudaStream_t stream);
    // All-ones bits are NaN in bf16 and fp32: an element the kernel does not write fails the check.
    std::string poison(cudaStream_t stream);
    BackwardArgs args() const;
};

// Fills n bytes with random bits (the copy floor's source: never time copies of zeros).
void fillRandomBytes(void* data, std::size_t n, std::uint64_t seed, cudaStream_t stream);

// Compares the three outputs with an fp64 evaluation of the same inputs on the GPU. Appends one
// OutputCheck per output; gradWeightHost receives the kernel's grad_weight.
std::string checkOutputs(const CaseData& d, double atol, double rtol, cudaStream_t stream,
                         std::vector<OutputCheck>& checks, std::vector<float>& gradWeightHost);

} // namespace kix::kernels
