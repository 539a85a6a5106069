// The two reference distributions the verdict engine needs: the standard normal (Mann–Whitney's large-
// sample approximation) and Student's t at any degrees of freedom and level (Welch's interval). The 99%
// table in Statistics.h stays for the diff's conservative test; this is the exact quantile.
#pragma once

namespace kix {

// P(Z <= z) for a standard normal Z.
double standardNormalCdf(double z);

// P(T <= t) for Student's t with `df` > 0 degrees of freedom (fractional df allowed, as Welch's are).
double studentTCdf(double t, double df);

// The t with P(T <= t) = p, for 0 < p < 1 and df > 0; accurate to about 1e-10.
double studentTQuantile(double p, double df);

} // namespace kix
