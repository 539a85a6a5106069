// The 16 workloads of SOL-ExecBench L1 013_fused_residual_rms_norm_backward, as published in the
// dataset's workload.jsonl (tst_kernel_cpu checks this table against that file where ../shared has it,
// tst_bundled_problem against kix's problem file, resources/problems/). hidden_size is the definition's
// constant 2560.
#pragma once

#include <array>
#include <cstdint>

namespace kix::kernels {

struct Workload {
    const char* uuid;
    int batchSize;
    int seqLen;
    double maxAtol;
    double maxRtol;
    std::int64_t rows() const { return std::int64_t(batchSize) * seqLen; }
};

inline constexpr int kHiddenSize = 2560;
inline constexpr const char* kDefinitionName = "013_fused_residual_rms_norm_backward";

inline constexpr std::array<Workload, 16> kWorkloads = {{
    {"b8dc0795-0c2f-5860-921c-254ae9a52e51", 4, 1973, 4.7000000000000004e-05, 0.05},
    {"ea1263c4-b63d-5fa4-a641-fc4f16d3462a", 64, 8192, 0.0007, 0.05},
    {"8b4d264e-fd0e-56db-8887-8a80869787d1", 2, 773, 1.2e-05, 0.05},
    {"83b0b6a9-12c9-5547-857f-d3dc01c7136c", 2, 256, 1e-05, 0.05},
    {"ecc6e7c9-61f2-50d7-8f4a-aefa1c115471", 1, 1249, 1.4e-05, 0.05},
    {"01f15dd5-f25d-54f7-af6d-bac4fc2e9c4a", 4, 853, 2.1000000000000002e-05, 0.05},
    {"37f96822-f033-50b2-8be6-323c22ee8671", 16, 997, 6.400000000000001e-05, 0.05},
    {"9620d288-a2e5-590b-b51c-4d3bf5ff13bb", 2, 211, 1e-05, 0.05},
    {"cf9bd8ed-f80a-54eb-9fc2-9f3d5970f8c1", 1, 128, 1e-05, 0.05},
    {"37a311d7-df0b-585a-a657-248f3c47f83c", 32, 1087, 8.900000000000001e-05, 0.05},
    {"4cc86279-4b4f-55c9-9a5e-472250aa1edb", 32, 1657, 0.00015000000000000001, 0.05},
    {"403bf40e-3f98-59b2-b19c-30f9c38cd7f8", 64, 1721, 0.00015000000000000001, 0.05},
    {"aeadbd73-81ce-5578-8839-127d7bb3546a", 8, 1024, 4.7000000000000004e-05, 0.05},
    {"99d73442-d6e9-58dc-afe0-2c2eb13ebea8", 32, 4096, 0.00022000000000000003, 0.05},
    {"9598ae96-8593-51be-ad0d-28f0b4a9897b", 1, 1801, 1.2e-05, 0.05},
    {"4794834d-accf-5681-a5c3-e1a88a1bef59", 1, 131, 1e-05, 0.05},
}};

} // namespace kix::kernels
