// What two runs' GPU states (GpuState.h) say about their comparison (issue 24): a clock, power-cap,
// lock or throttling difference named as a reason beside the verdict, since "B is 8% slower" is most often
// the GPU's state and not the kernel; and the A/A noise floor either run measured.
#pragma once

#include "RunSpec.h"

#include <QStringList>
#include <optional>

namespace kix {

// Each difference in words, A first: "SM clock: A at a median 1980 MHz, B at 1755 MHz (B -11.4%)",
// "power limit: A 700 W, B 500 W", "clocks locked in A (1410 MHz), not in B", "B throttled in 5 of 16
// cases, A in none", "other processes on the GPU during B". Empty when neither run recorded its state or
// nothing differs beyond kClockDifference.
QStringList gpuStateDifferences(const RunSpec& a, const RunSpec& b);

// One matched case's: its SM clock medians when they differ beyond kClockDifference, a throttled side.
QStringList caseGpuStateDifferences(const CaseResult& a, const CaseResult& b);

// The larger A/A noise floor of the two runs (kix run --repeat N), when either measured one: the suite's
// where the runs record one per case.
std::optional<double> runsNoiseFloor(const RunSpec& a, const RunSpec& b);
// Whether either run records its floors per case (issue 36), its run floor being the suite's only.
bool runsHaveCaseFloors(const RunSpec& a, const RunSpec& b);
// The floor of two matched cases for a verdict that compares samples of `timer`: the larger of their own
// (CaseNoiseFloor::forTimer), else of the runs' floors where those are for every case (manifests before
// issue 36); nullopt when neither measured one.
std::optional<double> casesNoiseFloor(const RunSpec& runA, const CaseResult& a, const RunSpec& runB,
                                      const CaseResult& b, const QString& timer);
// The larger of the two cases' own floors for `timer`; nullopt when neither has one.
std::optional<double> ownNoiseFloor(const CaseResult& a, const CaseResult& b, const QString& timer);

} // namespace kix
