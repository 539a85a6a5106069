#include "FleetReport.h"

#include "CaseEvidence.h"
#include "Comparability.h"
#include "Statistics.h"

#include <QHash>
#include <QSet>
#include <algorithm>
#include <cmath>
#include <numeric>

namespace kix {

namespace {

constexpr double kPercent = 100;

// The two-sided normal quantile of `level`: 1.96 for 95% (the ranks of medianInterval).
double normalQuantile(double level) {
    // Bisection on erfc: exact to far below a rank's width, and no table of coefficients.
    const double tail = (1 - level) / 2;
    double lo = 0, hi = 10;
    for (int i = 0; i < 100; ++i) {
        const double mid = (lo + hi) / 2;
        (0.5 * std::erfc(mid / std::sqrt(2.0)) > tail ? lo : hi) = mid;
    }
    return (lo + hi) / 2;
}

FleetCardIdentity identityOf(const Manifest& m) {
    FleetCardIdentity id;
    if (m.runSpec.gpu) {
        id.uuid = m.runSpec.gpu->uuid;
        id.pciBusId = m.runSpec.gpu->pciBusId;
        id.index = m.runSpec.gpu->index;
        id.serial = m.runSpec.gpu->serial;
    }
    id.name = m.gpuLabel();
    return id;
}

QString sourceOf(const Manifest& m) {
    return m.origins.isEmpty() ? m.file : m.origins.first().file;
}

// The center of one case and, with launches, the median's interval.
FleetCell cellOf(const CaseResult& c, const RunTiming& timing) {
    FleetCell cell;
    const TimingEvidence e = caseTimingEvidence(c, timing);
    if (!e.samples.empty()) {
        cell.centerNs = sampleMedian(e.samples);
        cell.launches = qint64(e.samples.size());
        cell.intervalNs = medianInterval(e.samples);
    } else if (e.summary) {
        cell.centerNs = e.summary->mean;
        cell.launches = e.summary->count;
    } else {
        cell.centerNs = e.central;
    }
    return cell;
}

struct Spread {
    std::optional<double> ratio, variation;
};

// max/min and the coefficient of variation (sample standard deviation over the mean) of positive values.
Spread spreadOf(const std::vector<double>& values) {
    Spread s;
    if (values.size() < 2)
        return s;
    const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
    if (*lo <= 0)
        return s;
    s.ratio = *hi / *lo;
    const double mean = std::accumulate(values.begin(), values.end(), 0.0) / double(values.size());
    double sq = 0;
    for (const double v : values)
        sq += (v - mean) * (v - mean);
    s.variation = std::sqrt(sq / double(values.size() - 1)) / mean;
    return s;
}

QList<std::optional<CaseGpuState>> caseStates(const RunSpec& run) {
    QList<std::optional<CaseGpuState>> states;
    for (const CaseResult& c : run.cases)
        states << c.gpuState;
    return states;
}

// Why the runs are no fleet, or "".
QString refusal(const QList<ManifestPtr>& runs, QList<FleetCardIdentity>& identities) {
    if (runs.size() < kMinFleetCards)
        return QStringLiteral("a fleet needs runs of at least %1 cards, got %2 run%3")
            .arg(kMinFleetCards)
            .arg(runs.size())
            .arg(runs.size() == 1 ? QString() : QStringLiteral("s"));
    QHash<QString, int> byKey;
    for (int i = 0; i < runs.size(); ++i) {
        const Manifest& m = *runs[i];
        identities << identityOf(m);
        const QString key = identities.last().key();
        if (key.isEmpty()) {
            const QString why =
                m.runSpec.gpu && !m.runSpec.gpu->unavailable.isEmpty()
                    ? QStringLiteral(" (NVML was not read: %1)").arg(m.runSpec.gpu->unavailable)
                    : QString();
            return QStringLiteral(
                       "%1 records no GPU identity%2: a fleet names its cards by UUID or PCI bus id")
                .arg(sourceOf(m), why);
        }
        if (const auto it = byKey.constFind(key); it != byKey.constEnd())
            return QStringLiteral("%1 and %2 are runs of one card (%3): a fleet takes one run per card")
                .arg(sourceOf(*runs[*it]), sourceOf(m), key);
        byKey.insert(key, i);
        if (i == 0)
            continue;
        const ComparabilityVerdict v = assessComparability(*runs.first(), m);
        if (!v.comparable)
            return QStringLiteral("%1 is not comparable with %2: %3")
                .arg(sourceOf(m), sourceOf(*runs.first()),
                     v.reasons.isEmpty() ? QStringLiteral("not comparable") : v.reasons.first());
    }
    return {};
}

// Each card's cells, matched to the reference card's cases by Compare's rule (CaseIndex::match).
void fillCases(FleetReport& r) {
    const RunSpec& ref = r.cards[r.reference].run->runSpec;
    QList<CaseIndex> indexes;
    QList<RunTiming> timings;
    QList<std::optional<double>> typical;
    for (const FleetCard& card : r.cards) {
        indexes << CaseIndex(card.run->runSpec.cases);
        timings << runTimingOf(*card.run);
        typical << typicalSmClockOf(caseStates(card.run->runSpec));
    }
    for (const CaseResult& c : ref.cases) {
        FleetCase fc;
        fc.id = c.id;
        fc.axes = c.axesLabel();
        std::vector<double> centers;
        for (int k = 0; k < r.cards.size(); ++k) {
            const RunSpec& spec = r.cards[k].run->runSpec;
            const qsizetype at = indexes[k].match(c);
            FleetCell cell;
            if (at >= 0) {
                cell = cellOf(spec.cases[at], timings[k]);
                if (spec.cases[at].gpuState)
                    cell.state = caseGpuFlags(*spec.cases[at].gpuState, typical[k]);
            }
            if (cell.centerNs)
                centers.push_back(*cell.centerNs);
            fc.cards << cell;
        }
        const Spread s = spreadOf(centers);
        fc.spread = s.ratio;
        fc.variation = s.variation;
        r.cases << fc;
    }
}

// Each card's geometric mean over the cases every card has.
void fillGeomeans(FleetReport& r, const QList<std::vector<double>>& perCard) {
    for (int k = 0; k < r.cards.size(); ++k)
        r.cards[k].geomeanNs = geometricMean(perCard[k]);
}

// The verdicts of every card but the reference against it, onto the cells and the cards.
void judgeCards(FleetReport& r) {
    const Manifest& ref = *r.cards[r.reference].run;
    for (int k = 0; k < r.cards.size(); ++k) {
        if (k == r.reference)
            continue;
        FleetCard& card = r.cards[k];
        CaseComparison judged = compareCases(ref, *card.run, r.options);
        QHash<QString, int> caseAt;
        for (int i = 0; i < r.cases.size(); ++i)
            caseAt.insert(r.cases[i].id, i);
        for (const CaseDelta& d : judged.rows)
            if (const auto it = caseAt.constFind(d.id); it != caseAt.constEnd())
                r.cases[*it].cards[k].verdict = d.verdict;
        card.slower = judged.suite.verdict == Verdict::Slower;
        card.faster = judged.suite.verdict == Verdict::Faster;
        if (card.slower)
            r.slower << k;
        if (card.faster)
            r.faster << k;
        card.judged = std::move(judged);
    }
}

} // namespace

QString fleetSpreadLabel(std::optional<double> spread) {
    return spread ? QString::number(*spread, 'f', 3) : QStringLiteral("—");
}

QString fleetVariationLabel(std::optional<double> variation) {
    return variation ? QString::number(*variation * kPercent, 'f', 1) + u'%' : QStringLiteral("—");
}

QString fleetVerdictMark(const std::optional<CaseVerdict>& verdict) {
    if (!verdict)
        return {};
    switch (verdict->verdict) {
    case Verdict::Slower:
        return QStringLiteral("+");
    case Verdict::Faster:
        return QStringLiteral("-");
    case Verdict::CantTell:
        return QStringLiteral("?");
    case Verdict::Same:
        break;
    }
    return {};
}

QString fleetCardName(const FleetReport& report, int k) {
    const auto index = report.cards.value(k).identity.index;
    return index ? QStringLiteral("GPU %1").arg(*index) : QStringLiteral("card %1").arg(k + 1);
}

QString FleetCardIdentity::key() const {
    return uuid.isEmpty() ? pciBusId : uuid;
}

QString FleetCardIdentity::label() const {
    if (uuid.isEmpty())
        return pciBusId;
    return pciBusId.isEmpty() ? uuid : QStringLiteral("%1 at %2").arg(uuid, pciBusId);
}

std::optional<RatioInterval> medianInterval(std::vector<double> samples, double level) {
    const auto n = qint64(samples.size());
    if (n < kMinMedianIntervalSamples || !(level > 0 && level < 1))
        return std::nullopt;
    std::sort(samples.begin(), samples.end());
    const double half = normalQuantile(level) * std::sqrt(double(n)) / 2;
    // 1-based ranks j = ⌊n/2 − z√n/2⌋ and k = ⌈1 + n/2 + z√n/2⌉, kept inside 1..n.
    const auto lo = std::clamp<qint64>(qint64(std::floor(double(n) / 2 - half)), 1, n);
    const auto hi = std::clamp<qint64>(qint64(std::ceil(1 + double(n) / 2 + half)), 1, n);
    return RatioInterval{samples[std::size_t(lo - 1)], samples[std::size_t(hi - 1)], level};
}

QStringList fleetCardState(const RunSpec& run, std::optional<double> fleetSmClockMHz) {
    QStringList out;
    if (!run.gpu || !run.gpu->unavailable.isEmpty()) {
        out << (run.gpu ? QStringLiteral("GPU state not recorded: %1").arg(run.gpu->unavailable)
                        : QStringLiteral("GPU state not recorded"));
        return out;
    }
    int withOthers = 0, most = 0, throttled = 0;
    QStringList reasons;
    for (const CaseResult& c : run.cases) {
        if (!c.gpuState)
            continue;
        withOthers += c.gpuState->otherProcessesMax > 0 ? 1 : 0;
        most = std::max(most, c.gpuState->otherProcessesMax);
        if (c.gpuState->throttledSamples > 0) {
            ++throttled;
            for (const QString& reason : c.gpuState->clocksEventReasons)
                if (reason != QLatin1String("gpu_idle") && !reasons.contains(reason))
                    reasons << reason;
        }
    }
    const auto cases = run.cases.size();
    if (withOthers > 0)
        out << QStringLiteral("other processes on the GPU in %1 of %2 cases (up to %3)")
                   .arg(withOthers)
                   .arg(cases)
                   .arg(most);
    if (throttled > 0)
        out << QStringLiteral("throttled in %1 of %2 cases%3")
                   .arg(throttled)
                   .arg(cases)
                   .arg(reasons.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(reasons.join(u", ")));
    const auto clock = typicalSmClockOf(caseStates(run));
    if (clock && fleetSmClockMHz && *fleetSmClockMHz > 0 && *clock / *fleetSmClockMHz - 1 < -kClockDifference)
        out << QStringLiteral("SM clock a median %1 MHz, %2% below the fleet's %3 MHz")
                   .arg(*clock, 0, 'f', 0)
                   .arg((1 - *clock / *fleetSmClockMHz) * kPercent, 0, 'f', 1)
                   .arg(*fleetSmClockMHz, 0, 'f', 0);
    out << runGpuFlags(*run.gpu);
    return out;
}

FleetReport buildFleetReport(const QList<ManifestPtr>& runs, const VerdictOptions& options) {
    FleetReport r;
    r.options = options;
    QList<FleetCardIdentity> identities;
    r.error = refusal(runs, identities);
    if (!r.error.isEmpty())
        return r;
    r.comparisonKey = assessComparability(*runs.first(), *runs.last()).comparisonKey;
    for (int k = 0; k < runs.size(); ++k)
        r.cards << FleetCard{runs[k], identities[k], sourceOf(*runs[k]), {}, {}, false, false, {}};
    // The geomeans over the cases every card has, by Compare's matching against the first card.
    r.reference = 0;
    fillCases(r);
    QList<std::vector<double>> perCard(r.cards.size());
    for (const FleetCase& fc : std::as_const(r.cases)) {
        const bool everyCard = std::all_of(fc.cards.cbegin(), fc.cards.cend(),
                                           [](const FleetCell& c) { return c.centerNs && *c.centerNs > 0; });
        for (int k = 0; everyCard && k < fc.cards.size(); ++k)
            perCard[k].push_back(*fc.cards[k].centerNs);
    }
    fillGeomeans(r, perCard);
    // The reference: the median card by geomean (a card without one sorts last), the lower median for an
    // even count, so that one slow card of three or more can never be the card the others are judged by.
    QList<int> order(r.cards.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int x, int y) {
        const auto gx = r.cards[x].geomeanNs, gy = r.cards[y].geomeanNs;
        return gx && (!gy || *gx < *gy);
    });
    r.reference = order[(order.size() - 1) / 2];
    if (r.reference != 0) {
        r.cases.clear();
        fillCases(r);
    }
    std::vector<double> geomeans;
    for (const FleetCard& card : std::as_const(r.cards))
        if (card.geomeanNs)
            geomeans.push_back(*card.geomeanNs);
    const Spread s = spreadOf(geomeans);
    r.spread = s.ratio;
    r.variation = s.variation;
    judgeCards(r);
    std::vector<double> clocks;
    for (const FleetCard& card : std::as_const(r.cards))
        if (const auto c = typicalSmClockOf(caseStates(card.run->runSpec)))
            clocks.push_back(*c);
    const std::optional<double> fleetClock =
        clocks.empty() ? std::nullopt : std::optional<double>(sampleMedian(clocks));
    for (FleetCard& card : r.cards)
        card.state = fleetCardState(card.run->runSpec, fleetClock);
    return r;
}

} // namespace kix
