// kix-kernel-bench's modes besides the default table (kernel_bench.cpp).
#pragma once

#include "kix/harness.h"

#include <string>
#include <vector>

namespace kixbench {

// The workload table as JSON on stdout (the Python benchmark reads it: one source of truth).
int listWorkloads();

// Every shape × launch variant of kix/kernel_check.h against the fp64 CPU reference, grad_weight
// compared bit for bit over `launches` launches. Returns the number of failures.
int runChecks(int launches);

// The plan's candidate variants on the chosen cases, CUPTI and events medians per variant, and the
// copy floor. Writes a JSON file when `jsonPath` is set.
int runSweep(const std::vector<int>& cases, const std::string& jsonPath);

std::string jsonEscape(const std::string& s);
void writeSamples(std::FILE* f, const std::vector<double>& v);

} // namespace kixbench
