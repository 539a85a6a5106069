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

// Candidate plans (text, kix::kernels::parseLaunchOverrides; empty: the built-in list, which adds
// the previous two-launch design) on the chosen cases, CUPTI and events medians per candidate, and
// the copy floor. Writes a JSON file when `jsonPath` is set. A plan may repeat, to see the spread.
// Each candidate warms up for at least `settleMilliseconds` (HarnessOptions::settleMilliseconds).
int runSweep(const std::vector<int>& cases, const std::vector<std::string>& plans,
             const std::string& jsonPath, double settleMilliseconds);

std::string jsonEscape(const std::string& s);
void writeSamples(std::FILE* f, const std::vector<double>& v);

} // namespace kixbench
