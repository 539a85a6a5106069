// A case's raw samples against the statistics stated beside them (issue 40): a samples file whose
// samplesNs say one thing and whose latencyNs another would let a view draw one and a verdict use the
// other. Each stated statistic kix can recompute from samplesNs (the count, median, mean, minimum,
// maximum) must agree within kSampleStatisticTolerance (relative) or kSampleStatisticSlackNs (absolute),
// whichever is larger; a disagreement is an evidence.statistics error at the statistic's JSON path.
#pragma once

#include "FieldReader.h"
#include "RunSpec.h"

namespace kix {

// Stated statistics are rounded by whoever wrote them; recomputing them from the samples may differ in
// the last digits, never by more than this.
inline constexpr double kSampleStatisticTolerance = 1e-3; // 0.1%
inline constexpr double kSampleStatisticSlackNs = 1.0;

// `fr` is the case's reader (its path names the case); nothing is said when the case has no samplesNs.
void checkSampleStatistics(FieldReader& fr, const CaseResult& c);

} // namespace kix
