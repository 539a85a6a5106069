#include "Distributions.h"

#include <cmath>
#include <limits>

namespace kix {

namespace {

constexpr double kContinuedFractionEpsilon = 1e-15;
constexpr int kContinuedFractionIterations = 500;
constexpr double kTinyDenominator = 1e-300;
constexpr double kQuantileTolerance = 1e-12;
constexpr int kBisectionSteps = 200;

// The continued fraction of the regularized incomplete beta function, evaluated by the modified Lentz
// method (Press et al., Numerical Recipes, 3rd ed., §6.4).
double betaContinuedFraction(double a, double b, double x) {
    const double qab = a + b, qap = a + 1, qam = a - 1;
    double c = 1;
    double d = 1 - qab * x / qap;
    if (std::abs(d) < kTinyDenominator)
        d = kTinyDenominator;
    d = 1 / d;
    double h = d;
    for (int m = 1; m <= kContinuedFractionIterations; ++m) {
        const double m2 = 2.0 * m;
        double aa = m * (b - m) * x / ((qam + m2) * (a + m2));
        d = 1 + aa * d;
        d = std::abs(d) < kTinyDenominator ? kTinyDenominator : d;
        c = 1 + aa / c;
        c = std::abs(c) < kTinyDenominator ? kTinyDenominator : c;
        d = 1 / d;
        h *= d * c;
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
        d = 1 + aa * d;
        d = std::abs(d) < kTinyDenominator ? kTinyDenominator : d;
        c = 1 + aa / c;
        c = std::abs(c) < kTinyDenominator ? kTinyDenominator : c;
        d = 1 / d;
        const double step = d * c;
        h *= step;
        if (std::abs(step - 1) < kContinuedFractionEpsilon)
            break;
    }
    return h;
}

// I_x(a, b), the regularized incomplete beta function.
double regularizedBeta(double a, double b, double x) {
    if (x <= 0)
        return 0;
    if (x >= 1)
        return 1;
    const double front =
        std::exp(std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) + a * std::log(x) + b * std::log1p(-x));
    // The fraction converges fast only below the mean of the beta distribution; above, use the symmetry
    // I_x(a, b) = 1 - I_(1-x)(b, a).
    if (x < (a + 1) / (a + b + 2))
        return front * betaContinuedFraction(a, b, x) / a;
    return 1 - front * betaContinuedFraction(b, a, 1 - x) / b;
}

} // namespace

double standardNormalCdf(double z) {
    return 0.5 * std::erfc(-z / std::sqrt(2.0));
}

double studentTCdf(double t, double df) {
    if (std::isinf(t))
        return t > 0 ? 1 : 0;
    // P(|T| > |t|) = I_(df / (df + t²))(df / 2, 1 / 2).
    const double tail = 0.5 * regularizedBeta(df / 2, 0.5, df / (df + t * t));
    return t >= 0 ? 1 - tail : tail;
}

double studentTQuantile(double p, double df) {
    if (!(p > 0 && p < 1) || !(df > 0))
        return std::numeric_limits<double>::quiet_NaN();
    if (p == 0.5)
        return 0;
    if (p < 0.5)
        return -studentTQuantile(1 - p, df);
    // The CDF is monotone: bracket the quantile, then bisect (robust at every df, fractional included).
    double lo = 0, hi = 1;
    while (studentTCdf(hi, df) < p)
        lo = hi, hi *= 2;
    for (int i = 0; i < kBisectionSteps && hi - lo > kQuantileTolerance * hi; ++i) {
        const double mid = 0.5 * (lo + hi);
        (studentTCdf(mid, df) < p ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
}

} // namespace kix
