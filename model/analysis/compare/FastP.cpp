#include "FastP.h"

#include <algorithm>
#include <cmath>

namespace kix {

double FastPCurve::at(double p) const {
    double f = 0;
    for (const FastPStep& s : steps) {
        if (s.p > p)
            break;
        f = s.fraction;
    }
    return f;
}

FastPCurve fastPCurve(const QList<FastPCase>& cases) {
    FastPCurve curve;
    curve.cases = cases.size();
    std::vector<double> fast;
    for (const FastPCase& c : cases)
        if (c.correct && c.speedup && std::isfinite(*c.speedup) && *c.speedup > 0)
            fast.push_back(*c.speedup);
    std::sort(fast.begin(), fast.end());
    curve.counted = qsizetype(fast.size());
    if (curve.cases == 0)
        return curve;
    const double n = double(curve.cases);
    curve.steps.append({0, double(fast.size()) / n});
    // At p = v the cases with speedup exactly v stop counting ("more than p"): one step per distinct value.
    for (auto it = fast.begin(); it != fast.end();) {
        const double v = *it;
        it = std::upper_bound(it, fast.end(), v);
        curve.steps.append({v, double(fast.end() - it) / n});
    }
    curve.maxSpeedup = fast.empty() ? 0 : fast.back();
    return curve;
}

QList<FastPCase> fastPCasesOf(const Manifest& run) {
    QList<FastPCase> out;
    for (const CaseResult& c : run.runSpec.cases) {
        const bool correct = c.status.isEmpty() || c.status == QLatin1String("passed");
        out.append({correct, c.effectiveSpeedup()});
    }
    return out;
}

} // namespace kix
