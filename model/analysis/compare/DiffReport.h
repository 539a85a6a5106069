// The comparison of two runs as JSON: the comparability verdict, the cases and the field changes. This is
// what `kix diff --json` prints and what the explorer's Compare exports, built in one place so both say
// the same, member for member.
#pragma once

#include "CaseComparison.h"
#include "Comparability.h"
#include "Diff.h"
#include "Manifest.h"
#include "MultiComparison.h"

namespace kix {

// One verdict, member for member ({ratio, interval {lo, hi, level}, method, p, countA, countB, threshold,
// verdict, reason, samplesToResolve}; verdict and method as tokens: "cant-tell", "welch"): the one shape of
// a verdict in every JSON kix writes (kix diff, kix history).
Json caseVerdictJson(const CaseVerdict& v);

// Runs that are not comparable get no ratio: every case's and the suite's ratio, interval and p are null
// and "ratioWithheld" says why, as the text (without --ratios-anyway) shows latencies only.
Json diffReportJson(const Manifest& a, const Manifest& b, const ComparabilityVerdict& verdict,
                    const CaseComparison& cases, const QList<FieldChange>& fields);
Json diffReportJson(const Manifest& a, const Manifest& b); // computes the three parts

// Two runs: exactly diffReportJson(baseline, other). More: {"baseline": index, "runs": [{digest, file}],
// "comparisons": [diffReportJson(baseline, run) for every other run, in order]}.
Json multiComparisonJson(const MultiComparison& comparison);

} // namespace kix
