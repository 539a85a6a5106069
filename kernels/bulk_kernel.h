// The bulk-copy variant of the fused kernel (internal to kernels/; rmsnorm_backward.cu plans and
// launches it).
#pragma once

#include "backward_device.cuh"

#include <cuda_runtime.h>
#include <string>

namespace kix::kernels::detail {

// Dynamic shared memory of one block: `stages` rows of grad_output and normalized, their barriers
// and the row sums.
std::size_t bulkSharedBytes(int hidden, int stages, int threads);

// Resident blocks per SM for this block size and shared memory (at least 1).
int bulkResidentBlocks(int threads, std::size_t sharedBytes, bool streaming);

cudaError_t launchBulk(const Params& p, int blocks, int threads, std::size_t sharedBytes, bool streaming,
                       cudaStream_t stream);

} // namespace kix::kernels::detail
