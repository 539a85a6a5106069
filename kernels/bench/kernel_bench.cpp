// kix-kernel-bench: the fused kernel over the 16 workloads on the local GPU, correctness checked
// first, timed by CUPTI and by CUDA events, each case beside the same-run copy of its bytes (the
// floor) and the unfused reference. Prints one table; `--json FILE` writes every sample too.
// Other modes: --list-workloads (JSON table), --check (shapes × variants vs the fp64 CPU reference),
// --sweep (launch variants per case, for tuning).
#include "bench_modes.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <sstream>

using namespace kix::kernels;

namespace {

const char* kUsage =
    "usage: %s [--cases 0,3,5] [--json FILE] [--no-reference] [--no-copy-floor] [--no-cupti]\n"
    "          [--rows-per-iteration 1|2] [--prefetch 0|1] [--row-lanes K] [--plan TEXT] [--iterations N]\n"
    "          [--settle-ms MS]\n"
    "       %s --list-workloads | --check [--launches N]\n"
    "       %s --sweep [--cases LIST] [--plans 'TEXT;TEXT;...'] [--json FILE] [--settle-ms MS]\n"
    "TEXT: a plan as tokens (r1 r2 pf0 pf1 k<N> cs0 cs1 s<N> fin=kernel|launch|cols|none cols<N> hv0 hv1\n"
    "      trig0 trig1 rq<N> cpf<N> rpf<N> cmix0 cmix1 bps<N> default), see kix/rmsnorm_backward.h\n";

std::vector<std::string> splitPlans(const char* text) {
    std::vector<std::string> out;
    std::stringstream ss(text);
    std::string item;
    while (std::getline(ss, item, ';'))
        if (item.find_first_not_of(' ') != std::string::npos)
            out.push_back(item);
    return out;
}

std::vector<int> parseCases(const char* text) {
    std::vector<int> out;
    std::stringstream ss(text);
    std::string item;
    while (std::getline(ss, item, ','))
        out.push_back(std::atoi(item.c_str()));
    return out;
}

void writeTiming(std::FILE* f, const char* name, const Timing& t) {
    std::fprintf(f, ",\"%s\":{\"cuptiNs\":", name);
    kixbench::writeSamples(f, t.cuptiNs);
    std::fprintf(f, ",\"eventNs\":");
    kixbench::writeSamples(f, t.eventNs);
    std::fprintf(f, ",\"cuptiError\":\"%s\"}", kixbench::jsonEscape(t.cuptiError).c_str());
}

double geomean(const std::vector<double>& v) {
    if (v.empty())
        return 0;
    double s = 0;
    for (double x : v)
        s += std::log(x);
    return std::exp(s / double(v.size()));
}

enum class Mode { Table, Check, Sweep, List };

struct Arguments {
    Mode mode = Mode::Table;
    HarnessOptions options;
    std::vector<int> cases;
    std::string jsonPath;
    int launches = 100;
    std::vector<std::string> plans;
};

// An option that takes a value (the next argument). Returns false when `flag` is not one of them.
bool parseValueOption(const char* flag, const char* value, Arguments& a, std::string& error) {
    const std::string f = flag;
    if (f == "--launches")
        a.launches = std::atoi(value);
    else if (f == "--cases")
        a.cases = parseCases(value);
    else if (f == "--json")
        a.jsonPath = value;
    else if (f == "--rows-per-iteration")
        a.options.launch.rowsPerIteration = std::atoi(value);
    else if (f == "--prefetch")
        a.options.launch.prefetch = std::atoi(value);
    else if (f == "--row-lanes")
        a.options.launch.rowLanes = std::atoi(value);
    else if (f == "--plans")
        a.plans = splitPlans(value);
    else if (f == "--plan")
        error = parseLaunchOverrides(value, a.options.launch);
    else if (f == "--iterations")
        a.options.minIterations = a.options.maxIterations = std::atoi(value);
    else if (f == "--settle-ms")
        a.options.settleMilliseconds = std::atof(value);
    else
        return false;
    return true;
}

// Fills `a`; returns -1 to go on, else the exit code (after printing why).
int parseArguments(int argc, char** argv, Arguments& a) {
    a.cases.resize(kWorkloads.size());
    std::iota(a.cases.begin(), a.cases.end(), 0);
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        std::string error;
        if (arg == "--list-workloads")
            a.mode = Mode::List;
        else if (arg == "--check")
            a.mode = Mode::Check;
        else if (arg == "--sweep")
            a.mode = Mode::Sweep;
        else if (arg == "--no-reference")
            a.options.timeReference = false;
        else if (arg == "--no-copy-floor")
            a.options.timeCopyFloor = false;
        else if (arg == "--no-cupti")
            a.options.useCupti = false;
        else if (!(i + 1 < argc && parseValueOption(argv[i], argv[i + 1], a, error))) {
            std::fprintf(stderr, kUsage, argv[0], argv[0], argv[0]);
            return 2;
        } else if (++i; !error.empty()) {
            std::fprintf(stderr, "kix-kernel-bench: %s\n", error.c_str());
            return 2;
        }
    }
    for (const int c : a.cases)
        if (c < 0 || c >= int(kWorkloads.size())) {
            std::fprintf(stderr, "kix-kernel-bench: case %d is not in 0..%zu\n", c, kWorkloads.size() - 1);
            return 2;
        }
    return -1;
}

int runCheck(int launches) {
    const DeviceInfo d = queryDevice();
    if (!d.available) {
        std::fprintf(stderr, "kix-kernel-bench: %s\n", d.unavailableReason.c_str());
        return 3;
    }
    std::printf("device: %s\n", d.name.c_str());
    return kixbench::runChecks(launches) ? 1 : 0;
}

// "yes", or "NO" and what failed; CUPTI's absence is noted.
std::string verdictOf(const CaseReport& r) {
    std::string verdict = r.correct() ? "yes" : "NO";
    for (const auto& c : r.checks)
        if (!c.passed())
            verdict += " " + c.output + "(" + std::to_string(c.failures) + " fail)";
    if (!r.gradWeightStable)
        verdict += " grad_weight-changed";
    if (!r.fused.cuptiError.empty())
        verdict += " [cupti: " + r.fused.cuptiError + "]";
    return verdict;
}

void printCase(int i, const CaseReport& r) {
    const Workload& w = r.workload;
    const SampleStats fc = r.fused.stats(TimingMethod::Cupti), fe = r.fused.stats(TimingMethod::CudaEvents);
    const SampleStats cc = r.copyFloor.stats(TimingMethod::Cupti),
                      ce = r.copyFloor.stats(TimingMethod::CudaEvents);
    const double ownNs = fc.count ? fc.median : fe.median;
    std::printf("%-3d %4dx%-5d %-14s %5d %9.2f %9.2f %9.2f %9.2f %6.3f %6.3f %6.2f %9.2f %s\n", i,
                w.batchSize, w.seqLen, r.plan.name().c_str(), r.plan.blocks, fc.median / 1e3, fe.median / 1e3,
                cc.median / 1e3, ce.median / 1e3, r.floorRatio(TimingMethod::Cupti),
                r.floorRatio(TimingMethod::CudaEvents), r.bytes / ownNs / 1e3,
                r.reference.stats(TimingMethod::CudaEvents).median / 1e3, verdictOf(r).c_str());
}

void writeCase(std::FILE* json, int i, bool first, const CaseReport& r) {
    std::fprintf(json,
                 "%s{\"case\":%d,\"caseId\":\"%s\",\"rows\":%lld,\"bytes\":%.0f,\"copyBytes\":%.0f,"
                 "\"plan\":\"%s\",\"blocks\":%d,\"threads\":%d,\"correct\":%s,\"gradWeightStable\":%s",
                 first ? "" : ",", i, r.workload.caseId, (long long)r.rows, r.bytes, r.copyBytes,
                 r.plan.name().c_str(), r.plan.blocks, r.plan.threads, r.correct() ? "true" : "false",
                 r.gradWeightStable ? "true" : "false");
    writeTiming(json, "fused", r.fused);
    writeTiming(json, "copyFloor", r.copyFloor);
    writeTiming(json, "reference", r.reference);
    std::fprintf(json, "}");
}

int runTable(const Arguments& a) {
    Harness harness(a.options);
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
    std::printf("device-to-device copy of 1 GiB: %.0f GB/s (read + write, CUDA events)%s\n", copyGBps,
                copyError.c_str());
    std::printf(
        "medians in us; cupti = first GPU activity start to last end per call, events = CUDA events "
        "around the call; floor = same-run device copy of the case's bytes; warm-up >= %.0f ms each\n",
        a.options.settleMilliseconds);
    std::printf("%-3s %-10s %-14s %5s %9s %9s %9s %9s %6s %6s %6s %9s %s\n", "#", "B x S", "plan", "grid",
                "cupti", "events", "floorC", "floorE", "xFlrC", "xFlrE", "TB/s", "ref_ev", "correct");
    std::FILE* json = a.jsonPath.empty() ? nullptr : std::fopen(a.jsonPath.c_str(), "w");
    if (json)
        std::fprintf(json,
                     "{\"device\":\"%s\",\"sms\":%d,\"copyGBps\":%.1f,\"statistic\":\"median\","
                     "\"settleMs\":%.0f,\"cases\":[",
                     kixbench::jsonEscape(d.name).c_str(), d.multiprocessors, copyGBps,
                     a.options.settleMilliseconds);
    int failures = 0;
    std::vector<double> ratioCupti, ratioEvents;
    for (std::size_t k = 0; k < a.cases.size(); ++k) {
        const int i = a.cases[k];
        const Workload& w = kWorkloads.at(std::size_t(i));
        const CaseReport r = harness.runCase(w, i, {});
        if (!r.error.empty()) {
            std::printf("%-3d %4dx%-5d error: %s\n", i, w.batchSize, w.seqLen, r.error.c_str());
            ++failures;
            continue;
        }
        if (const double x = r.floorRatio(TimingMethod::Cupti); x > 0)
            ratioCupti.push_back(x);
        if (const double x = r.floorRatio(TimingMethod::CudaEvents); x > 0)
            ratioEvents.push_back(x);
        failures += r.correct() && r.gradWeightStable ? 0 : 1;
        printCase(i, r);
        if (json)
            writeCase(json, i, k == 0, r);
        std::fflush(stdout);
    }
    std::printf("geomean kix / copy floor over %zu cases: CUPTI %.3f, CUDA events %.3f (medians)\n",
                ratioCupti.size(), geomean(ratioCupti), geomean(ratioEvents));
    if (json) {
        std::fprintf(json, "],\"geomeanFloorRatio\":{\"cupti\":%.4f,\"cuda_events\":%.4f}}\n",
                     geomean(ratioCupti), geomean(ratioEvents));
        std::fclose(json);
    }
    return failures ? 1 : 0;
}

} // namespace

int main(int argc, char** argv) {
    Arguments a;
    if (const int code = parseArguments(argc, argv, a); code >= 0)
        return code;
    switch (a.mode) {
    case Mode::List:
        return kixbench::listWorkloads();
    case Mode::Check:
        return runCheck(a.launches);
    case Mode::Sweep:
        return kixbench::runSweep(a.cases, a.plans, a.jsonPath, a.options.settleMilliseconds) ? 1 : 0;
    case Mode::Table:
        break;
    }
    return runTable(a);
}
