#include "CpuRunner.h"

#include "CpuRunManifest.h"
#include "Statistics.h"
#include "kix/rmsnorm_backward_cpu.h"

#include <chrono>
#include <cmath>
#include <numbers>

namespace kix::runner {

namespace {

using protocol::EventKind;
using protocol::RunnerEvent;

// The harness's counter-based generator (kernels/harness.cu), on the CPU: element i of stream s is a
// function of (seed, s, i) alone.
std::uint64_t mix(std::uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}
float uniform01(std::uint64_t h) {
    return (float((h >> 40) & 0xFFFFFF) + 0.5f) * (1.0f / 16777216.0f); // (0, 1)
}
float normalAt(std::uint64_t seed, std::uint64_t i) {
    const std::uint64_t h = mix(seed ^ mix(i));
    const float u1 = uniform01(h), u2 = uniform01(mix(h));
    return std::sqrt(-2.f * std::log(u1)) * std::cos(2.f * std::numbers::pi_v<float> * u2);
}

struct Inputs {
    std::vector<std::uint16_t> gradOutput;
    std::vector<float> normalized, rstd, weight;
};

Inputs makeInputs(std::int64_t rows, int hidden, std::uint64_t seed) {
    const std::size_t n = std::size_t(rows) * std::size_t(hidden);
    Inputs in;
    in.gradOutput.resize(n);
    in.normalized.resize(n);
    in.rstd.resize(std::size_t(rows));
    in.weight.resize(std::size_t(hidden));
    for (std::size_t i = 0; i < n; ++i) {
        in.gradOutput[i] = kernels::floatToBf16(normalAt(seed * 4 + 0, i));
        in.normalized[i] = normalAt(seed * 4 + 1, i);
    }
    for (std::size_t r = 0; r < in.rstd.size(); ++r)
        in.rstd[r] = 0.5f + 1.5f * uniform01(mix((seed * 4 + 2) ^ mix(r)));
    for (std::size_t j = 0; j < in.weight.size(); ++j)
        in.weight[j] = 1.f + 0.1f * normalAt(seed * 4 + 3, j);
    return in;
}

// The candidate: fp32 accumulation, grad_x rounded to bf16 for both outputs, as the kernel writes them.
struct Candidate {
    std::vector<float> gradX, gradWeight;
    std::vector<std::uint16_t> gradHidden, gradResidual;
};

void evaluateCandidate(const Inputs& in, std::int64_t rows, int hidden, Candidate& c) {
    kernels::rmsnormBackwardReference<float>(in.gradOutput.data(), in.normalized.data(), in.rstd.data(),
                                             in.weight.data(), rows, hidden, c.gradX.data(),
                                             c.gradWeight.data());
    for (std::size_t i = 0; i < c.gradX.size(); ++i)
        c.gradHidden[i] = c.gradResidual[i] = kernels::floatToBf16(c.gradX[i]);
}

kernels::OutputCheck check(const char* name, const std::vector<std::uint16_t>& got,
                           const std::vector<double>& ref, const kernels::Workload& w) {
    kernels::ErrorStats s;
    for (std::size_t i = 0; i < got.size(); ++i)
        kernels::accumulateError(s, double(kernels::bf16ToFloat(got[i])), ref[i], w.maxAtol, w.maxRtol);
    return {name, s.maxAbs, s.maxRel, w.maxAtol, w.maxRtol, s.failures, s.count};
}

double nanosecondsOf(const std::function<void()>& f) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    return double(
        std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - t0).count());
}

// Timed evaluations until both the minimum count and the time budget are reached (or the maximum).
bool timeAdaptively(const std::function<void()>& f, const kernels::HarnessOptions& o,
                    const std::function<bool()>& cancelled, std::vector<double>& samples) {
    for (int i = 0; i < o.warmup; ++i) {
        if (cancelled())
            return false;
        f();
    }
    double spentNs = 0;
    while (int(samples.size()) < o.maxIterations &&
           (int(samples.size()) < o.minIterations || spentNs < o.targetMillisecondsPerCase * 1e6)) {
        if (cancelled())
            return false;
        samples.push_back(nanosecondsOf(f));
        spentNs += samples.back();
    }
    return true;
}

} // namespace

QList<int> cpuModeCases() {
    QList<int> cases;
    for (int i = 0; i < int(kernels::kWorkloads.size()); ++i)
        if (kernels::kWorkloads[std::size_t(i)].rows() <= kCpuMaxRows)
            cases << i;
    return cases;
}

QString cpuCaseRefusal(int index) {
    const auto& w = kernels::kWorkloads.at(std::size_t(index));
    if (w.rows() <= kCpuMaxRows)
        return {};
    QStringList allowed;
    for (int i : cpuModeCases())
        allowed << QString::number(i);
    return QStringLiteral("workload %1 has %2 rows; CPU mode runs only workloads of at most %3 rows (%4)")
        .arg(index)
        .arg(w.rows())
        .arg(kCpuMaxRows)
        .arg(allowed.join(QStringLiteral(", ")));
}

kernels::HarnessOptions cpuHarnessOptions(bool quick) {
    kernels::HarnessOptions o;
    o.warmup = 1;
    o.minIterations = quick ? 2 : 3;
    o.maxIterations = quick ? 3 : 50;
    o.targetMillisecondsPerCase = quick ? 1 : 200;
    o.referenceIterations = quick ? 2 : 3;
    return o;
}

kernels::CaseReport runCpuCase(int caseIndex, const kernels::HarnessOptions& o,
                               const std::function<bool()>& cancelled, const kernels::Workload* workload) {
    kernels::CaseReport rep;
    rep.workload = workload ? *workload : kernels::kWorkloads.at(std::size_t(caseIndex));
    rep.rows = rep.workload.rows();
    rep.hidden = kernels::kHiddenSize;
    rep.seed = o.seed + std::uint64_t(caseIndex);
    const double n = double(rep.rows) * rep.hidden;
    rep.bytes =
        n * (2 + 4 + 2 + 2) + double(rep.rows) * 4 + double(rep.hidden) * 4 * 2; // as the harness counts
    if (const QString why = cpuCaseRefusal(caseIndex); !why.isEmpty()) {
        rep.error = why.toStdString();
        return rep;
    }
    const Inputs in = makeInputs(rep.rows, rep.hidden, rep.seed);
    const std::size_t elements = std::size_t(rep.rows) * std::size_t(rep.hidden);
    std::vector<double> refX(elements), refW(std::size_t(rep.hidden));
    const auto reference = [&] {
        kernels::rmsnormBackwardReference<double>(in.gradOutput.data(), in.normalized.data(), in.rstd.data(),
                                                  in.weight.data(), rep.rows, rep.hidden, refX.data(),
                                                  refW.data());
    };
    Candidate c{std::vector<float>(elements), std::vector<float>(std::size_t(rep.hidden)),
                std::vector<std::uint16_t>(elements), std::vector<std::uint16_t>(elements)};
    const auto candidate = [&] { evaluateCandidate(in, rep.rows, rep.hidden, c); };
    reference();
    candidate();
    rep.checks.push_back(check("grad_hidden_states", c.gradHidden, refX, rep.workload));
    rep.checks.push_back(check("grad_residual", c.gradResidual, refX, rep.workload));
    kernels::ErrorStats w;
    for (std::size_t j = 0; j < refW.size(); ++j)
        kernels::accumulateError(w, double(c.gradWeight[j]), refW[j], rep.workload.maxAtol,
                                 rep.workload.maxRtol);
    rep.checks.push_back(
        {"grad_weight", w.maxAbs, w.maxRel, rep.workload.maxAtol, rep.workload.maxRtol, w.failures, w.count});

    if (!timeAdaptively(candidate, o, cancelled, rep.fusedNs)) {
        rep.error = "cancelled";
        return rep;
    }
    if (o.timeReference) {
        for (int i = 0; i < o.referenceIterations; ++i) {
            if (cancelled()) {
                rep.error = "cancelled";
                return rep;
            }
            rep.referenceNs.push_back(nanosecondsOf(reference));
        }
    }
    return rep;
}

RunOutcome runOnCpu(const RunOptions& options, const ProgressSink& progress,
                    const std::function<bool()>& cancelled) {
    RunOutcome out;
    CpuRunFacts facts;
    facts.cpu = queryCpu();
    facts.options = options.harness;
    facts.workloadDigest = bundledSuiteDigest();
    facts.fileTag = options.fileTag;
    RunnerEvent device;
    device.kind = EventKind::Device;
    device.deviceName = QStringLiteral("CPU: %1").arg(facts.cpu.model);
    device.deviceDetail = QStringLiteral("CPU mode: the kernel's math on one CPU thread, not a GPU result");
    progress(device);

    const QList<int> chosen = options.cases.isEmpty() ? cpuModeCases() : options.cases;
    for (int k = 0; k < chosen.size(); ++k) {
        const int index = chosen[k];
        const auto& w = kernels::kWorkloads.at(std::size_t(index));
        RunnerEvent started;
        started.kind = EventKind::CaseStarted;
        started.position = k + 1;
        started.total = int(chosen.size());
        started.caseIndex = index;
        started.batchSize = w.batchSize;
        started.seqLen = w.seqLen;
        progress(started);
        const kernels::Workload toRun = workloadToRun(options, index);
        kernels::CaseReport report = runCpuCase(index, options.harness, cancelled, &toRun);
        if (report.error == "cancelled" || cancelled()) {
            out.exitCode = protocol::RunCancelled;
            out.message = QStringLiteral("cancelled; no manifest was written");
            return out;
        }
        if (!report.error.empty()) {
            out.exitCode = protocol::RunFailed;
            out.message = QStringLiteral("case %1 could not run: %2; no manifest was written")
                              .arg(index)
                              .arg(QString::fromStdString(report.error));
            return out;
        }
        RunnerEvent done = started;
        done.kind = EventKind::CaseFinished;
        done.correct = casePassed(report);
        done.medianNs = summarizeSamples(report.fusedNs).median;
        progress(done);
        facts.cases.push_back(std::move(report));
    }
    return writeRunFiles(options.outputDir, cpuRunFileName(facts), buildCpuRunBundle(facts),
                         cpuImplementationResource(), int(chosen.size()), progress);
}

} // namespace kix::runner
