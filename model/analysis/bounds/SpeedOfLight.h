// Speed of light per case: how close a measured time T comes to the published speed-of-light time T_sol
// of its workload, scored against the published baseline time T_b, as SOL-ExecBench scores submissions:
//
//   S = 1 / (1 + (T − T_sol) / (T_b − T_sol))        1 at T_sol, 0.5 at T_b, towards 0 when slower
//
// The published times exist per GPU (B200 for problem 013, in resources/problems/, read through
// ProblemDefinition); a case on another GPU has no score. Separately, for any GPU, the "% of the bandwidth
// floor" (the copy floor in the code): the time the case's bytes take at the GPU's *measured copy*
// bandwidth, over the measured time — 100 % means the kernel moved its bytes as fast as a device-to-device
// copy does. Roofline.h's floor is another one, at the *published peak* bandwidth.
#pragma once

#include "ProblemDefinition.h"
#include "RunSpec.h"

#include <QList>
#include <QString>
#include <nlohmann/json.hpp>
#include <optional>

namespace kix {

// S for T, T_sol, T_b in one unit; nullopt when T_b ≤ T_sol, T ≤ 0, or T so far below T_sol that
// 1 + (T − T_sol)/(T_b − T_sol) ≤ 0 (the formula has no meaning there).
std::optional<double> solScore(double t, double tSol, double tBaseline);
// The copy floor over T as a percentage, the floor = bytes / bandwidth; nullopt without positive inputs.
std::optional<double> copyFloorPercent(double bytes, double bandwidthGBps, double tNs);

struct CaseSpeedOfLight {
    QString caseId;
    int workload = -1;                 // index into the problem's workloads; -1 when the case is not one
    std::optional<double> tNs;         // the run's primary statistic for the case
    std::optional<double> solNs;       // published T_sol on the run's GPU
    std::optional<double> baselineNs;  // published T_b on the run's GPU
    std::optional<double> score;       // S
    std::optional<double> copyFloorNs; // bytes / measured copy bandwidth
    std::optional<double> copyFloorPercent;
};

struct RunSpeedOfLight {
    QString gpu;                   // whose published times were used
    QList<CaseSpeedOfLight> cases; // in the run's case order
    int scored = 0;                // cases with a score
    // The arithmetic mean of the per-case scores, only when every case has one (a mean over some cases
    // would not be the suite's score).
    std::optional<double> suiteScore;
    QString why; // when no case has a score: the reason, in words
};

// `gpu` is the product the published times are for (usually the run's own); `copyBandwidthGBps` the
// environment's measured copy bandwidth, when it recorded one. Cases are found among the problem's
// workloads by uuid (the case id kix and SOL-ExecBench use).
RunSpeedOfLight speedOfLight(const RunSpec& run, const QString& gpu, const ProblemDefinition& problem,
                             std::optional<double> copyBandwidthGBps);

// The environment's spec.hardware.measuredCopyBandwidthGBps (a kix extension), when positive.
std::optional<double> measuredCopyBandwidth(const nlohmann::json& environment);

} // namespace kix
