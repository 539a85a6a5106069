#include "Leaderboard.h"

#include "CaseComparison.h"
#include "Manifest.h"
#include "PublishedSpread.h"
#include "SpeedOfLight.h"
#include "Verification.h"

#include <QHash>
#include <algorithm>

namespace kix {

QString leaderboardFacetName(LeaderboardFacet facet) {
    switch (facet) {
    case LeaderboardFacet::Operation:
        return QStringLiteral("operation");
    case LeaderboardFacet::Gpu:
        return QStringLiteral("GPU");
    case LeaderboardFacet::Source:
        return QStringLiteral("source");
    case LeaderboardFacet::Status:
        return QStringLiteral("status");
    case LeaderboardFacet::Digests:
        return QStringLiteral("digests");
    }
    return {};
}

namespace {

const QString kUnknown = QStringLiteral("(unknown)");

QString digestState(const RecordIndex& index, const RunEntry& e, bool withDigests) {
    if (!withDigests)
        return QStringLiteral("not checked");
    const DigestSummary d = summarize(verifyRun(index, e));
    if (d.mismatch > 0)
        return QStringLiteral("mismatch");
    if (d.verified > 0 && d.notVerifiable == 0)
        return QStringLiteral("all verified");
    if (d.verified > 0)
        return QStringLiteral("partly verified");
    return QStringLiteral("not verifiable");
}

QString cohortLabel(const PolicyFacts& f, const QString& gpu) {
    QStringList parts;
    for (const KeyPart* p : {&f.operation, &f.workload})
        if (!p->label.isEmpty())
            parts << p->label;
    parts << (gpu.isEmpty() ? kUnknown : gpu);
    parts << (f.metric.value.isEmpty() ? QStringLiteral("no metric") : f.metric.value);
    return parts.join(QStringLiteral(" · "));
}

LeaderboardEntry entryOf(const RecordIndex& index, int run, const PolicyFacts& f,
                         const ProblemDefinition* problem, bool withDigests) {
    const RunEntry& e = index.run(run);
    const RunSpec& s = e.run->spec;
    LeaderboardEntry out;
    out.run = run;
    out.name = implementationLabel(*e.run);
    out.runDigest = e.run->digest();
    if (f.primary) {
        out.metric = f.primary->key();
        out.timeNs = f.primary->nanoseconds();
    }
    const ResourceEntry* protocol = index.protocolOf(e);
    const QString timer = protocol ? protocol->resource->protocol.timer : QString();
    // The run's published latency statistics when they are what it is ranked by; else its primary time.
    if (s.hasTiming && !s.latencyNs.isEmpty() && out.metric.startsWith(QLatin1String("latency:")))
        out.timing = publishedEvidence(s.latencyNs, s.primaryStatistic, timer);
    else if (out.timeNs)
        out.timing = TimingEvidence::ofCentral(*out.timeNs, timer);
    for (const QString& code : f.ineligible)
        out.ineligible << eligibilityReasonText(code);
    if (f.eligible() && !out.timeNs)
        out.ineligible << QStringLiteral("its primary measurement is not a time");
    const ResourceEntry* env = index.environmentOf(e);
    const QString gpu = env ? env->resource->environment.product : QString();
    if (problem && !s.cases.isEmpty() && !gpu.isEmpty()) {
        const RunSpeedOfLight sol = speedOfLight(s, gpu, *problem, std::nullopt);
        out.solScore = sol.suiteScore;
    }
    out.publishedSolScore = s.metric(QStringLiteral("sol_score"));
    const ResourceEntry* op = index.operationOf(e);
    out.facets[std::size_t(LeaderboardFacet::Operation)] =
        op ? op->resource->label() : (f.operation.label.isEmpty() ? kUnknown : f.operation.label);
    out.facets[std::size_t(LeaderboardFacet::Gpu)] = gpu.isEmpty() ? kUnknown : gpu;
    out.facets[std::size_t(LeaderboardFacet::Source)] =
        s.source.isEmpty() ? QStringLiteral("(not stated)") : s.source;
    out.facets[std::size_t(LeaderboardFacet::Status)] =
        e.hasErrors() ? QStringLiteral("invalid") : (s.status.isEmpty() ? kUnknown : s.status);
    out.facets[std::size_t(LeaderboardFacet::Digests)] = digestState(index, e, withDigests);
    return out;
}

// Competition ranks over the entries that may be ranked, fastest first; the others after them in load order.
void rank(LeaderboardCohort& c) {
    auto rankable = [](const LeaderboardEntry& e) { return e.ineligible.isEmpty() && e.timeNs.has_value(); };
    std::stable_partition(c.entries.begin(), c.entries.end(), rankable);
    const auto firstUnranked = std::find_if_not(c.entries.begin(), c.entries.end(), rankable);
    std::stable_sort(
        c.entries.begin(), firstUnranked,
        [](const LeaderboardEntry& a, const LeaderboardEntry& b) { return *a.timeNs < *b.timeNs; });
    c.ranked = int(firstUnranked - c.entries.begin());
    int groupFirst = 0; // the fastest run of the current rank group: every tie is judged against it
    for (int i = 0; i < c.ranked; ++i) {
        LeaderboardEntry& e = c.entries[i];
        bool tied = false;
        if (i > 0) {
            const LeaderboardEntry& first = c.entries[groupFirst];
            const CaseVerdict v = judgeCase(first.timing, e.timing);
            // Tied where the engine says same, or can't tell them apart from the evidence they publish
            // (issue 36); without a spread on a side nothing was tested, and the times alone decide.
            const bool tested = v.method != VerdictMethod::None;
            tied = *first.timeNs == *e.timeNs ||
                   (tested && (v.verdict == Verdict::Same || v.verdict == Verdict::CantTell));
            if (tested && tied)
                e.rankNote =
                    QStringLiteral("against #%1 (%2): ").arg(*first.rank).arg(first.name) + verdictLine(v);
        }
        if (tied) {
            e.rank = c.entries[groupFirst].rank;
            e.tied = true;
            c.entries[groupFirst].tied = true;
        } else {
            e.rank = i + 1;
            groupFirst = i;
        }
    }
}

} // namespace

QString LeaderboardCohort::rankText(const LeaderboardEntry& e) const {
    if (e.rank)
        return QStringLiteral("#%1 of %2").arg(*e.rank).arg(ranked) +
               (e.tied ? QStringLiteral(" (tied)") : QString());
    if (key.isEmpty())
        return QStringLiteral("not ranked: no comparison key");
    return QStringLiteral("not ranked: ") + e.ineligible.join(QStringLiteral("; "));
}

QPair<int, int> Leaderboard::find(int run) const {
    for (int c = 0; c < cohorts.size(); ++c)
        for (int i = 0; i < cohorts[c].entries.size(); ++i)
            if (cohorts[c].entries[i].run == run)
                return {c, i};
    return {-1, -1};
}

int Leaderboard::runCount() const {
    int n = 0;
    for (const auto& c : cohorts)
        n += int(c.entries.size());
    return n;
}

Leaderboard buildLeaderboard(const RecordIndex& index, const ProblemDefinition* problem, bool withDigests) {
    Leaderboard board;
    QHash<QString, int> byKey;
    LeaderboardCohort keyless;
    keyless.label =
        QStringLiteral("runs without a comparison key (their workload or environment is not loaded)");
    for (int i = 0; i < index.runCount(); ++i) {
        const PolicyFacts f = policyFacts(index, index.run(i));
        LeaderboardEntry e = entryOf(index, i, f, problem, withDigests);
        const QString key = f.cohortKey();
        if (key.isEmpty()) {
            e.ineligible.prepend(QStringLiteral("no comparison key"));
            keyless.entries.append(std::move(e));
            continue;
        }
        auto it = byKey.find(key);
        if (it == byKey.end()) {
            it = byKey.insert(key, int(board.cohorts.size()));
            LeaderboardCohort c;
            c.key = key;
            c.label = cohortLabel(f, e.facet(LeaderboardFacet::Gpu));
            board.cohorts.append(std::move(c));
        }
        board.cohorts[*it].entries.append(std::move(e));
    }
    for (auto& c : board.cohorts)
        rank(c);
    std::stable_sort(board.cohorts.begin(), board.cohorts.end(),
                     [](const LeaderboardCohort& a, const LeaderboardCohort& b) {
                         return a.ranked != b.ranked ? a.ranked > b.ranked
                                                     : a.entries.size() > b.entries.size();
                     });
    if (!keyless.entries.isEmpty())
        board.cohorts.append(std::move(keyless));
    return board;
}

bool LeaderboardFilter::acceptsExcept(const LeaderboardEntry& e, LeaderboardFacet ignored) const {
    for (int f = 0; f < kLeaderboardFacetCount; ++f)
        if (f != int(ignored) && !selected[std::size_t(f)].isEmpty() &&
            !selected[std::size_t(f)].contains(e.facets[std::size_t(f)]))
            return false;
    return true;
}

bool LeaderboardFilter::accepts(const LeaderboardEntry& e) const {
    for (int f = 0; f < kLeaderboardFacetCount; ++f)
        if (!selected[std::size_t(f)].isEmpty() &&
            !selected[std::size_t(f)].contains(e.facets[std::size_t(f)]))
            return false;
    return true;
}

QList<QPair<QString, int>> facetCounts(const Leaderboard& board, const LeaderboardFilter& filter,
                                       LeaderboardFacet facet) {
    QHash<QString, int> counts;
    for (const auto& c : board.cohorts)
        for (const auto& e : c.entries) {
            counts[e.facet(facet)] += filter.acceptsExcept(e, facet) ? 1 : 0;
        }
    QList<QPair<QString, int>> out;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        out.append({it.key(), it.value()});
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
        return a.second != b.second ? a.second > b.second : a.first < b.first;
    });
    return out;
}

} // namespace kix
