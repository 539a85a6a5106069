// The fast_p curve of a run (KernelBench, Ouyang et al. 2025; FlashInfer-Bench plots it too): for each
// threshold p, the fraction of the run's cases that are correct and faster than the reference by more
// than p, speedup = reference time / time > p. fast_0 is the share of correct cases with a speedup,
// fast_1 the share faster than the reference. The denominator is every case, so a failed case or one
// without a reference time lowers the whole curve instead of vanishing from it.
#pragma once

#include "Manifest.h"

#include <QList>
#include <optional>

namespace kix {

// One case as fast_p counts it.
struct FastPCase {
    bool correct = true;
    std::optional<double> speedup; // reference / time; none: no reference time
};

// The curve is a right-continuous step function: fast_p(p) = fraction for p in [step.p, next step.p).
struct FastPStep {
    double p = 0;
    double fraction = 0;
};

struct FastPCurve {
    qsizetype cases = 0;       // the denominator
    qsizetype counted = 0;     // correct, with a positive speedup
    double maxSpeedup = 0;     // where the curve reaches 0 (0 when nothing is counted)
    QList<FastPStep> steps;    // from p = 0, ascending; the last step is {maxSpeedup, 0}
    double at(double p) const; // fast_p at threshold p >= 0
};

FastPCurve fastPCurve(const QList<FastPCase>& cases);

// A run's cases: correct unless their status says otherwise ("passed" or none recorded), speedup as
// CaseResult::effectiveSpeedup.
QList<FastPCase> fastPCasesOf(const Manifest& run);

} // namespace kix
