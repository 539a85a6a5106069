// kix-kernel-bench: the fused kernel and the unfused reference over the 16 workloads on the local GPU,
// with correctness checked first. Prints one table; `--json FILE` writes every sample too.
// Usage: kix-kernel-bench [--rows-per-iteration 1|2|4] [--cases 0,3,5] [--json FILE] [--no-reference] [--no-pdl]
#include "kix/harness.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

using namespace kix::kernels;

namespace {
double median(std::vector<double> v) {
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
}

std::vector<int> parseCases(const char* text) {
    std::vector<int> out;
    std::stringstream ss(text);
    std::string item;
    while (std::getline(ss, item, ','))
        out.push_back(std::atoi(item.c_str()));
    return out;
}
} // namespace

int main(int argc, char** argv) {
    HarnessOptions options;
    std::vector<int> cases(kWorkloads.size());
    std::iota(cases.begin(), cases.end(), 0);
    const char* jsonPath = nullptr;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--rows-per-iteration") && i + 1 < argc)
            options.rowsPerIteration = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--cases") && i + 1 < argc)
            cases = parseCases(argv[++i]);
        else if (!std::strcmp(argv[i], "--json") && i + 1 < argc)
            jsonPath = argv[++i];
        else if (!std::strcmp(argv[i], "--no-reference"))
            options.timeReference = false;
        else if (!std::strcmp(argv[i], "--no-pdl"))
            options.programmaticLaunch = false;
        else {
            std::fprintf(
                stderr,
                "usage: %s [--rows-per-iteration 1|2|4] [--cases LIST] [--json FILE] [--no-reference] [--no-pdl]\n",
                argv[0]);
            return 2;
        }
    }
    Harness harness(options);
    if (const std::string err = harness.init(); !err.empty()) {
        std::fprintf(stderr, "kix-kernel-bench: %s\n", err.c_str());
        return 3;
    }
    const DeviceInfo& d = harness.device();
    std::string copyError;
    const double copyGBps = harness.measureCopyBandwidth(&copyError);
    std::printf("device: %s (sm_%d%d, %d SMs, L2 %zu MB), driver %d, runtime %d\n", d.name.c_str(),
                d.computeMajor, d.computeMinor, d.multiprocessors, d.l2Bytes >> 20, d.driverVersion,
                d.runtimeVersion);
    std::printf("device-to-device copy: %.0f GB/s (read + write)%s\n", copyGBps, copyError.c_str());
    std::printf("%-3s %-12s %8s %5s %10s %10s %8s %7s %10s %8s %s\n", "#", "B x S", "rows", "grid",
                "median_us", "mean_us", "GB/s", "ofCopy", "ref_us", "speedup", "correct");
    std::ofstream json;
    if (jsonPath) {
        json.open(jsonPath);
        json << "{\"device\":\"" << d.name << "\",\"copyGBps\":" << copyGBps << ",\"cases\":[";
    }
    int failures = 0;
    for (std::size_t k = 0; k < cases.size(); ++k) {
        const int i = cases[k];
        const Workload& w = kWorkloads.at(std::size_t(i));
        const CaseReport r = harness.runCase(w, i, {});
        if (!r.error.empty()) {
            std::printf("%-3d %4dx%-7d error: %s\n", i, w.batchSize, w.seqLen, r.error.c_str());
            ++failures;
            continue;
        }
        const double med = median(r.fusedNs);
        const double mean =
            std::accumulate(r.fusedNs.begin(), r.fusedNs.end(), 0.0) / double(r.fusedNs.size());
        const double gbps = r.bytes / med;
        const double ref = median(r.referenceNs);
        std::string verdict = r.correct() ? "yes" : "NO";
        for (const auto& c : r.checks)
            if (!c.passed())
                verdict += " " + c.output + "(" + std::to_string(c.failures) + " fail, maxAbs " +
                           std::to_string(c.maxAbsError) + ")";
        failures += r.correct() ? 0 : 1;
        std::printf("%-3d %4dx%-7d %8lld %5d %10.2f %10.2f %8.0f %6.1f%% %10.2f %7.2fx %s\n", i, w.batchSize,
                    w.seqLen, (long long)r.rows, r.plan.blocks, med / 1e3, mean / 1e3, gbps,
                    100 * gbps / copyGBps, ref / 1e3, ref > 0 ? ref / med : 0.0, verdict.c_str());
        if (json.is_open()) {
            json << (k ? "," : "") << "{\"case\":" << i << ",\"rows\":" << r.rows << ",\"bytes\":" << r.bytes
                 << ",\"fusedNs\":[";
            for (std::size_t s = 0; s < r.fusedNs.size(); ++s)
                json << (s ? "," : "") << r.fusedNs[s];
            json << "],\"referenceNs\":[";
            for (std::size_t s = 0; s < r.referenceNs.size(); ++s)
                json << (s ? "," : "") << r.referenceNs[s];
            json << "],\"correct\":" << (r.correct() ? "true" : "false") << "}";
        }
        std::fflush(stdout);
    }
    if (json.is_open())
        json << "]}\n";
    return failures ? 1 : 0;
}
