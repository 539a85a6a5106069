// What one case's raw samples look like, for the plot's distributions and the histogram: quartiles, the
// Tukey fences and the outliers beyond them (kept: a slow launch is a measurement, not an error), and the
// histogram bins by the Freedman–Diaconis rule. Distributions.h holds the reference distributions (normal,
// Student's t) of the tests; this is the samples' own.
#pragma once

#include <QString>
#include <optional>
#include <span>
#include <vector>

namespace kix {

// The p-quantile (0 <= p <= 1) of ascending values by linear interpolation between order statistics
// (Hyndman & Fan's type 7: R's and NumPy's default, and what Bootstrap.h's percentiles use). NaN when
// empty.
double sortedQuantile(std::span<const double> sorted, double p);

// A box plot's numbers (Tukey, Exploratory Data Analysis, 1977): the quartiles, the fences 1.5 IQR beyond
// them, the whiskers at the most extreme samples inside the fences, and every sample beyond a fence.
struct BoxSummary {
    qsizetype count = 0;
    double minimum = 0, q1 = 0, median = 0, q3 = 0, maximum = 0;
    double lowerFence = 0, upperFence = 0;  // q1 - 1.5 IQR, q3 + 1.5 IQR
    double whiskerLow = 0, whiskerHigh = 0; // the smallest and largest samples inside the fences
    std::vector<double> outliers;           // beyond a fence, ascending; never dropped
    double iqr() const { return q3 - q1; }
    bool isOutlier(double v) const { return v < lowerFence || v > upperFence; }
};

// The summary of `samples` (any order); nullopt when empty or when a value is not finite.
std::optional<BoxSummary> boxSummary(std::span<const double> samples);

// Equal-width bins over [start, start + width * counts.size()]; the last bin includes its upper edge.
struct Histogram {
    enum class Rule { FreedmanDiaconis, Sturges, Single };
    Rule rule = Rule::FreedmanDiaconis;
    bool widened = false; // the rule's width gave more than kMostBins bins: the range is cut into kMostBins
    double start = 0, width = 0;
    std::vector<qsizetype> counts;
    double edge(qsizetype k) const { return start + width * double(k); }
    QString ruleName() const; // "Freedman–Diaconis", said on the histogram
};
inline constexpr qsizetype kMostBins = 200;

// The Freedman–Diaconis bin width 2 IQR n^(-1/3) (Freedman & Diaconis, 1981); 0 when fewer than two
// samples or no spread between the quartiles.
double freedmanDiaconisWidth(std::span<const double> samples);

// The histogram of `samples` with Freedman–Diaconis bins starting at the minimum; Sturges' rule
// (range / (log2 n + 1)) when the IQR is 0 but the range is not (most samples equal, a few not); one bin
// when every sample is equal. nullopt as boxSummary.
std::optional<Histogram> histogramOf(std::span<const double> samples);

} // namespace kix
