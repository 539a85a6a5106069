// What one case of a run offers the verdict engine (Verdict.h): its raw samples where the run carries
// them, else its published statistics, each with the timing method that produced it.
#pragma once

#include "Manifest.h"
#include "Verdict.h"

namespace kix {

// The timer token of CUPTI samples, as kix's protocols and SOL-ExecBench's name it.
inline constexpr char kCuptiTimer[] = "cupti";

// What a run says about how its cases were timed.
struct RunTiming {
    QString primaryStatistic; // the statistic a case's central value is (RunSpec::primaryStatistic)
    QString timer;            // the protocol's measurement.timer; a case's own timer overrides it
};
RunTiming runTimingOf(const Manifest& m);

// The richest evidence of one case: its CUPTI samples (SOL-ExecBench times by CUPTI: first GPU activity
// start to last end per launch), else its samples by the case's own timer, else its statistics
// (publishedEvidence: PublishedSpread.h).
TimingEvidence caseTimingEvidence(const CaseResult& c, const RunTiming& run);

// The evidence of two matched cases, by one timing method where both allow it: CUPTI samples when both
// sides have them, else each side's own timer (its samples, else its statistics). So a run with CUPTI is
// judged against one timed by CUDA events alone by events on both sides; a pair that differs even then is
// a material mismatch to the engine.
EvidencePair caseEvidencePair(const CaseResult& a, const RunTiming& runA, const CaseResult& b,
                              const RunTiming& runB);

} // namespace kix
