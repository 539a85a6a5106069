#include "bench_modes.h"

#include "baseline_two_launch.h"
#include "kix/kernel_check.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>

using namespace kix::kernels;

namespace kixbench {

std::string jsonEscape(const std::string& s) {
    std::string out;
    for (const char c : s) {
        if (c == '"' || c == '\\')
            out += '\\', out += c;
        else if (static_cast<unsigned char>(c) < 0x20)
            out += ' ';
        else
            out += c;
    }
    return out;
}

void writeSamples(std::FILE* f, const std::vector<double>& v) {
    std::fputc('[', f);
    for (std::size_t i = 0; i < v.size(); ++i)
        std::fprintf(f, "%s%.1f", i ? "," : "", v[i]);
    std::fputc(']', f);
}

int listWorkloads() {
    std::printf("{\"definition\":\"%s\",\"hidden_size\":%d,\"workloads\":[", kDefinitionName, kHiddenSize);
    for (std::size_t i = 0; i < kWorkloads.size(); ++i) {
        const Workload& w = kWorkloads[i];
        std::printf("%s{\"index\":%zu,\"caseId\":\"%s\",\"batch_size\":%d,\"seq_len\":%d,\"rows\":%lld,"
                    "\"max_atol\":%.17g,\"max_rtol\":%.17g}",
                    i ? "," : "", i, w.caseId, w.batchSize, w.seqLen, (long long)w.rows(), w.maxAtol,
                    w.maxRtol);
    }
    std::printf("]}\n");
    return 0;
}

int runChecks(int launches) {
    int failures = 0, total = 0;
    std::printf("%-7s %-6s %-10s %-16s %s\n", "hidden", "rows", "variant", "plan", "result");
    for (const int hidden : checkHiddenSizes())
        for (const int rows : checkRowCounts()) {
            const HostInputs in =
                randomHostInputs(rows, hidden, 7 * std::uint64_t(hidden) + std::uint64_t(rows));
            const std::size_t n = std::size_t(rows) * std::size_t(hidden);
            std::vector<double> gx(n), gw(static_cast<std::size_t>(hidden));
            rmsnormBackwardReference<double>(in.gradOutput.data(), in.normalized.data(), in.rstd.data(),
                                             in.weight.data(), rows, hidden, gx.data(), gw.data());
            const double atol = 1e-5 * std::max(1.0, std::sqrt(rows / 1024.0));
            for (const NamedVariant& v : checkVariants()) {
                const KernelCheck c =
                    checkFusedKernel(in, rows, hidden, v.overrides, launches, atol, 0.05, gx, gw);
                ++total;
                failures += c.passed() ? 0 : 1;
                std::printf("%-7d %-6d %-10s %-16s %s\n", hidden, rows, v.name.c_str(), c.plan.name().c_str(),
                            c.passed()
                                ? ("ok, " + std::to_string(c.launches) + " launches bit-identical").c_str()
                                : ("FAILED: " + c.summary()).c_str());
            }
            std::fflush(stdout);
        }
    std::printf("check: %d of %d passed\n", total - failures, total);
    return failures;
}

namespace {

// Built-in candidates: the finishes of grad_weight (column pass, second kernel as of 2026-12-02 and
// with column groups, in the launch), row lanes, prefetch, the two column mappings, and the
// previous two-launch design (added by candidatesFor), all on the same inputs.
const std::vector<std::string>& builtInPlans() {
    static const std::vector<std::string> plans = {"default",
                                                   "fin=cols cols4 k1",
                                                   "fin=cols cols2 k1",
                                                   "fin=kernel k1 rq0",
                                                   "fin=kernel k1",
                                                   "fin=kernel k1 pf0",
                                                   "fin=kernel k2",
                                                   "fin=kernel k1 hv1",
                                                   "fin=launch k1 bps1",
                                                   "fin=none k1",
                                                   "default"};
    return plans;
}

std::vector<SweepCandidate> candidatesFor(const Workload& w, const std::vector<std::string>& texts,
                                          const std::vector<LaunchOverrides>& variants, bool withTwoLaunch) {
    std::vector<SweepCandidate> candidates;
    for (std::size_t j = 0; j < variants.size(); ++j) {
        candidates.push_back(fusedCandidate(w.rows(), kHiddenSize, variants[j]));
        candidates.back().name = "[" + texts[j] + "] " + candidates.back().name;
    }
    for (int rows : {1, 2}) {
        if (!withTwoLaunch)
            break;
        SweepCandidate c;
        c.name = "two launches r" + std::to_string(rows);
        c.workspaceBytes = twoLaunchWorkspaceBytes(w.rows(), kHiddenSize, rows);
        c.launch = [rows](const BackwardArgs& a, void* ws, void* stream) {
            return launchTwoLaunch(a, rows, ws, stream);
        };
        candidates.push_back(c);
    }
    return candidates;
}

void writeTimingSamples(std::FILE* json, const Timing& t) {
    std::fprintf(json, "\"cuptiNs\":");
    writeSamples(json, t.cuptiNs);
    std::fprintf(json, ",\"eventNs\":");
    writeSamples(json, t.eventNs);
}

// One case of the sweep: a line on stdout, an object in `json` (when open). Returns the candidates
// whose outputs were wrong or that failed.
int reportSweepCase(const SweepReport& r, int caseIndex, bool first, std::FILE* json) {
    const Workload& w = r.workload;
    std::printf("case %d (%dx%d):", caseIndex, w.batchSize, w.seqLen);
    if (json) {
        std::fprintf(json, "%s{\"case\":%d,\"bytes\":%.0f,\"copyFloor\":{", first ? "" : ",", caseIndex,
                     r.bytes);
        writeTimingSamples(json, r.copyFloor);
        std::fprintf(json, "},\"variants\":[");
    }
    int failures = 0;
    for (std::size_t j = 0; j < r.variants.size(); ++j) {
        const VariantReport& v = r.variants[j];
        const bool ok = v.correct();
        failures += ok ? 0 : 1;
        std::printf(" | %s: %.2f (%.2f)%s", v.name.c_str(), v.timing.stats(TimingMethod::Cupti).median / 1e3,
                    v.timing.stats(TimingMethod::CudaEvents).median / 1e3,
                    ok ? "" : (" FAILED " + v.error).c_str());
        if (json) {
            std::fprintf(json, "%s{\"variant\":\"%s\",\"correct\":%s,", j ? "," : "",
                         jsonEscape(v.name).c_str(), ok ? "true" : "false");
            writeTimingSamples(json, v.timing);
            std::fprintf(json, ",\"cuptiError\":\"%s\"}", jsonEscape(v.timing.cuptiError).c_str());
        }
    }
    std::printf(" | copy: %.2f (%.2f)%s\n", r.copyFloor.stats(TimingMethod::Cupti).median / 1e3,
                r.copyFloor.stats(TimingMethod::CudaEvents).median / 1e3,
                r.error.empty() ? "" : (" error: " + r.error).c_str());
    if (json)
        std::fprintf(json, "]}");
    std::fflush(stdout);
    return failures;
}

} // namespace

int runSweep(const std::vector<int>& cases, const std::vector<std::string>& plans,
             const std::string& jsonPath, double settleMilliseconds) {
    const bool builtIn = plans.empty();
    const std::vector<std::string>& texts = builtIn ? builtInPlans() : plans;
    std::vector<LaunchOverrides> variants;
    for (const std::string& text : texts) {
        LaunchOverrides o;
        if (const std::string err = parseLaunchOverrides(text, o); !err.empty()) {
            std::fprintf(stderr, "kix-kernel-bench: %s\n", err.c_str());
            return 2;
        }
        variants.push_back(o);
    }
    HarnessOptions options;
    options.minIterations = 50; // as SOL-ExecBench: 50 timed calls per method
    options.settleMilliseconds = settleMilliseconds;
    Harness harness(options);
    if (const std::string err = harness.init(); !err.empty()) {
        std::fprintf(stderr, "kix-kernel-bench: %s\n", err.c_str());
        return 3;
    }
    std::FILE* json = jsonPath.empty() ? nullptr : std::fopen(jsonPath.c_str(), "w");
    if (json)
        std::fprintf(json, "{\"device\":\"%s\",\"cases\":[", jsonEscape(harness.device().name).c_str());
    std::printf("sweep on %s: CUPTI median us (events median us) per variant; copy floor last\n",
                harness.device().name.c_str());
    int failures = 0;
    for (std::size_t k = 0; k < cases.size(); ++k) {
        const Workload& w = kWorkloads.at(std::size_t(cases[k]));
        const SweepReport r = harness.sweepCase(w, cases[k], candidatesFor(w, texts, variants, builtIn));
        failures += reportSweepCase(r, cases[k], k == 0, json);
    }
    if (json) {
        std::fprintf(json, "]}\n");
        std::fclose(json);
    }
    return failures;
}

} // namespace kixbench
