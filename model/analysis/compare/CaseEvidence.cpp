#include "CaseEvidence.h"

#include "PublishedSpread.h"

namespace kix {

namespace {

// The case's own timer: its samples and statistics are timed by it, else by the protocol's.
TimingEvidence ownTimerEvidence(const CaseResult& c, const RunTiming& run) {
    const QString timer = c.timer.isEmpty() ? run.timer : c.timer;
    if (!c.samplesNs.empty())
        return TimingEvidence::ofSamples(c.samplesNs, timer);
    return publishedEvidence(c.latencyNs, run.primaryStatistic, timer);
}

} // namespace

RunTiming runTimingOf(const Manifest& m) {
    return {m.runSpec.primaryStatistic, m.protocolSpec.timer};
}

TimingEvidence caseTimingEvidence(const CaseResult& c, const RunTiming& run) {
    if (!c.cuptiSamplesNs.empty())
        return TimingEvidence::ofSamples(c.cuptiSamplesNs, QString::fromLatin1(kCuptiTimer));
    return ownTimerEvidence(c, run);
}

EvidencePair caseEvidencePair(const CaseResult& a, const RunTiming& runA, const CaseResult& b,
                              const RunTiming& runB) {
    if (!a.cuptiSamplesNs.empty() && !b.cuptiSamplesNs.empty())
        return {caseTimingEvidence(a, runA), caseTimingEvidence(b, runB)};
    return {ownTimerEvidence(a, runA), ownTimerEvidence(b, runB)};
}

} // namespace kix
