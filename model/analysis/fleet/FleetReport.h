// One cohort timed on every card of a host (issue 39): is a card slow, or the kernel? Per case and per card
// the median with its interval, the spread between the cards, and each card judged against the fleet's
// reference card by the one verdict engine (compareCases: Verdict.h, its A/A floors where the runs recorded
// them with --repeat, block medians otherwise), with the card's GPU state beside it. docs/fleet.md explains
// the reference card, the spread and the refusals.
#pragma once

#include "CaseComparison.h"
#include "Manifest.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace kix {

inline constexpr int kMinFleetCards = 2;

// A card as its run records it (the raw-samples evidence's "gpu": NVML's identity).
struct FleetCardIdentity {
    QString uuid, pciBusId, name; // name: the environment's GPU ("NVIDIA H200")
    std::optional<int> index;     // NVML's on the host, where the run recorded it
    QString serial;
    // The card's key: its UUID, else its PCI bus id; two runs with one key are runs of one card.
    QString key() const;
    // "GPU-5f2a6b1c-0000-4000-8000-000000000001 at 00000000:19:00.0": what tables print.
    QString label() const;
};

// One case of one card.
struct FleetCell {
    // The case's center: the median of its launches where the run carries them, else its published central
    // value (ns); unset where the card lacks the case.
    std::optional<double> centerNs;
    // The median's distribution-free 95% interval (order statistics of the launches, medianInterval);
    // unset below kMinMedianIntervalSamples launches or without launches.
    std::optional<RatioInterval> intervalNs;
    qint64 launches = 0;
    // The card against the reference on this case (ratio card / reference); unset for the reference itself.
    std::optional<CaseVerdict> verdict;
    QStringList state; // the case's GPU-state flags (caseGpuFlags): throttled, clock below typical, others
};

struct FleetCase {
    QString id, axes;       // of the reference card's case
    QList<FleetCell> cards; // one per card, in the report's card order
    std::optional<double> spread,
        variation; // max/min of the cards' centers and their coefficient of variation
};

struct FleetCard {
    ManifestPtr run;
    FleetCardIdentity identity;
    QString source; // where the run was read (its first origin)
    // The geometric mean of its case centers over the cases every card has (ns).
    std::optional<double> geomeanNs;
    std::optional<CaseComparison> judged; // against the reference card; unset for the reference itself
    bool slower = false, faster = false;  // its suite verdict against the reference
    QStringList state; // its GPU state over the run, in words (fleetCardState); empty: nothing to name
};

struct FleetReport {
    QList<FleetCard> cards; // in the order given
    int reference = -1;     // the median card by geomean (the lower median for an even count)
    QString comparisonKey;  // the cohort's key, when every part is loaded
    QList<FleetCase> cases; // the reference card's cases, in its order
    std::optional<double> spread, variation; // of the cards' geomeans
    QList<int> slower, faster;               // cards named, in card order
    VerdictOptions options;                  // the minimum effect every verdict was asked for
    QString error; // set when the runs are no fleet (too few, no identity, one card twice, not comparable)
};

// "GPU 1" by card k's NVML index where its run recorded one (as kix run --gpus and nvidia-smi number the
// cards), else "card 2" by its place in the report: what the text, the view and the reasons call it.
QString fleetCardName(const FleetReport& report, int k);

// How the text and the view print a fleet's numbers: a spread (max/min) "1.050", a coefficient of variation
// "2.5%", "—" when unset; a case's mark against the reference: "+" slower, "-" faster, "?" can't tell, ""
// same or the reference itself.
QString fleetSpreadLabel(std::optional<double> spread);
QString fleetVariationLabel(std::optional<double> variation);
QString fleetVerdictMark(const std::optional<CaseVerdict>& verdict);

// `runs`: one run of one cohort per card (bundle views, so that the comparability check sees every
// resource). Refused (error set, nothing else) with fewer than kMinFleetCards runs, a run that records no
// GPU identity, two runs of one card, or a run not comparable with the first (its first material mismatch).
FleetReport buildFleetReport(const QList<ManifestPtr>& runs, const VerdictOptions& options = {});

// Launches below this give no interval of the median: fewer than 6 cannot cover 95% by order statistics.
inline constexpr qint64 kMinMedianIntervalSamples = 6;
// The distribution-free interval of the median of `samples` at `level` (the order statistics whose ranks the
// binomial's normal approximation gives, Conover, "Practical Nonparametric Statistics", §3.2); nullopt
// below kMinMedianIntervalSamples.
std::optional<RatioInterval> medianInterval(std::vector<double> samples,
                                            double level = kDefaultConfidenceLevel);

// What a card's run says about its GPU beside the fleet's: other processes on it, throttling, an SM clock
// below the fleet's typical one beyond kClockDifference, a calibration or lock the run flagged, or that NVML
// was not read. `fleetSmClockMHz`: the median over the cards of their typical SM clock.
QStringList fleetCardState(const RunSpec& run, std::optional<double> fleetSmClockMHz);

} // namespace kix
