#include "SpeedOfLight.h"

#include <cmath>
#include <numeric>

namespace kix {

std::optional<double> solScore(double t, double tSol, double tBaseline) {
    const double span = tBaseline - tSol;
    if (!(span > 0) || !(t > 0) || !std::isfinite(t) || !std::isfinite(tSol))
        return std::nullopt;
    const double denominator = 1 + (t - tSol) / span;
    if (!(denominator > 0))
        return std::nullopt;
    return 1 / denominator;
}

std::optional<double> copyFloorPercent(double bytes, double bandwidthGBps, double tNs) {
    if (!(bytes > 0) || !(bandwidthGBps > 0) || !(tNs > 0) || !std::isfinite(tNs))
        return std::nullopt;
    // bytes / (GB/s) is nanoseconds: 10⁹ bytes per second is one byte per nanosecond.
    return bytes / bandwidthGBps / tNs * 100;
}

std::optional<double> measuredCopyBandwidth(const nlohmann::json& environment) {
    const nlohmann::json* spec = environment.contains("spec") ? &environment["spec"] : &environment;
    if (!spec->is_object() || !spec->contains("hardware") || !(*spec)["hardware"].is_object())
        return std::nullopt;
    const auto& hardware = (*spec)["hardware"];
    const auto it = hardware.find("measuredCopyBandwidthGBps");
    if (it == hardware.end() || !it->is_number())
        return std::nullopt;
    const double v = it->get<double>();
    return v > 0 && std::isfinite(v) ? std::optional<double>(v) : std::nullopt;
}

namespace {
// Why no case of the run has a score, in words.
QString noScoreReason(const RunSpec& run, const QString& gpu, const ProblemDefinition& problem,
                      int inProblem) {
    if (run.cases.isEmpty())
        return QStringLiteral("the run has no per-case results");
    if (inProblem == 0)
        return QStringLiteral("no case is a workload of %1").arg(problem.id);
    const QStringList gpus = problem.speedOfLightGpus();
    if (!gpus.contains(gpu))
        return QStringLiteral("%1 publishes speed-of-light times for %2, not for %3")
            .arg(problem.id, gpus.isEmpty() ? QStringLiteral("no GPU") : gpus.join(QStringLiteral(", ")),
                 gpu.isEmpty() ? QStringLiteral("an unnamed GPU") : gpu);
    return QStringLiteral("no case has a measured time within the scored range");
}
} // namespace

RunSpeedOfLight speedOfLight(const RunSpec& run, const QString& gpu, const ProblemDefinition& problem,
                             std::optional<double> copyBandwidthGBps) {
    RunSpeedOfLight out;
    out.gpu = gpu;
    std::vector<double> scores;
    int inProblem = 0;
    for (const CaseResult& c : run.cases) {
        CaseSpeedOfLight s;
        s.caseId = c.id;
        s.workload = problem.workloadIndex(c.id, c.axes);
        s.tNs = c.latencyNs.value(run.primaryStatistic);
        if (s.workload >= 0) {
            ++inProblem;
            if (const SpeedOfLightTimes* times = problem.speedOfLight(s.workload, gpu)) {
                s.solNs = times->solMs * 1e6;
                s.baselineNs = times->baselineMs * 1e6;
                if (s.tNs)
                    s.score = solScore(*s.tNs, *s.solNs, *s.baselineNs);
            }
        }
        if (s.score) {
            scores.push_back(*s.score);
            ++out.scored;
        }
        if (c.bytes && copyBandwidthGBps && *c.bytes > 0) {
            s.copyFloorNs = *c.bytes / *copyBandwidthGBps;
            if (s.tNs)
                s.copyFloorPercent = copyFloorPercent(*c.bytes, *copyBandwidthGBps, *s.tNs);
        }
        out.cases.append(s);
    }
    if (!run.cases.isEmpty() && out.scored == run.cases.size())
        out.suiteScore = std::accumulate(scores.begin(), scores.end(), 0.0) / double(scores.size());
    if (out.scored == 0)
        out.why = noScoreReason(run, gpu, problem, inProblem);
    return out;
}

} // namespace kix
