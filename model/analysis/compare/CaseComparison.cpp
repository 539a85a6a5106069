#include "CaseComparison.h"

#include "CaseEvidence.h"
#include "GpuStateDifference.h"
#include "PublishedSpread.h"

#include <QSet>
#include <algorithm>

namespace kix {

CaseIndex::CaseIndex(const QList<CaseResult>& cases) {
    m_lastById.reserve(cases.size());
    m_byAxes.reserve(cases.size());
    for (qsizetype i = 0; i < cases.size(); ++i) {
        m_lastById.insert(cases[i].id, i);
        m_byAxes[cases[i].axesLabel()].append(i);
    }
}

qsizetype CaseIndex::lastWithId(const QString& id) const {
    return m_lastById.value(id, -1);
}

qsizetype CaseIndex::lastWithAxes(const QString& axesLabel) const {
    const auto it = m_byAxes.constFind(axesLabel);
    return it == m_byAxes.constEnd() ? -1 : it->last();
}

QList<qsizetype> CaseIndex::allWithAxes(const QString& axesLabel) const {
    return m_byAxes.value(axesLabel);
}

qsizetype CaseIndex::match(const CaseResult& c) const {
    const qsizetype byId = lastWithId(c.id);
    const qsizetype byAxes = c.axes.isEmpty() ? -1 : lastWithAxes(c.axesLabel());
    return std::max(byId, byAxes);
}

namespace {

// Cases are matched by id; kix runs and SOL-ExecBench traces use the workload uuid.
// Runs from different sources can still line up by their axis values.
QString matchKey(const CaseResult& c, bool byAxes) {
    return byAxes ? c.axesLabel() : c.id;
}

bool idsOverlap(const QList<CaseResult>& a, const QList<CaseResult>& b) {
    QSet<QString> ids;
    for (const auto& c : a)
        ids.insert(c.id);
    return std::any_of(b.begin(), b.end(), [&](const CaseResult& c) { return ids.contains(c.id); });
}

// The suite value of a run without per-case results: its timing statistics, else its primary
// measurement when that is a time.
TimingEvidence suiteEvidence(const Manifest& m) {
    const RunTiming run = runTimingOf(m);
    if (m.runSpec.hasTiming && !m.runSpec.latencyNs.isEmpty())
        return publishedEvidence(m.runSpec.latencyNs, run.primaryStatistic, run.timer);
    TimingEvidence e;
    e.timer = run.timer;
    if (const auto primary = m.runSpec.primary())
        e.central = primary->nanoseconds();
    return e;
}

void countVerdict(CaseComparison& out, Verdict v) {
    switch (v) {
    case Verdict::Faster:
        ++out.faster;
        break;
    case Verdict::Slower:
        ++out.slower;
        break;
    case Verdict::Same:
        ++out.same;
        break;
    case Verdict::CantTell:
        ++out.cantTell;
        break;
    }
}

constexpr int kRatioLabelDecimals = 3;

} // namespace

CaseMatch matchCases(const QList<CaseResult>& a, const QList<CaseResult>& b) {
    CaseMatch out;
    out.byAxes = !idsOverlap(a, b);
    QHash<QString, qsizetype> inB;
    inB.reserve(b.size());
    for (qsizetype j = 0; j < b.size(); ++j)
        inB.insert(matchKey(b[j], out.byAxes), j);
    QSet<QString> matched;
    for (qsizetype i = 0; i < a.size(); ++i) {
        const QString key = matchKey(a[i], out.byAxes);
        const qsizetype j = inB.value(key, -1);
        if (j < 0) {
            out.onlyInA << i;
            continue;
        }
        matched.insert(key);
        out.pairs.append({i, j});
    }
    for (qsizetype j = 0; j < b.size(); ++j)
        if (!matched.contains(matchKey(b[j], out.byAxes)))
            out.onlyInB << j;
    return out;
}

namespace {
// "…; but the GPU's state differed: SM clock: A at …": a faster or slower verdict keeps its reason and names
// what else changed between the runs.
void noteGpuState(CaseVerdict& v, const QStringList& differences) {
    if (differences.isEmpty() || (v.verdict != Verdict::Faster && v.verdict != Verdict::Slower))
        return;
    v.reason +=
        QStringLiteral("; but the GPU's state differed: %1").arg(differences.join(QStringLiteral("; ")));
}
} // namespace

CaseComparison compareCases(const Manifest& a, const Manifest& b, const VerdictOptions& options) {
    CaseComparison out;
    VerdictOptions effective = options;
    // Given no floor, the runs' own: per case where they record one per case (the suite its own).
    const bool caseFloors = !options.noiseFloor && runsHaveCaseFloors(a.runSpec, b.runSpec);
    if (!effective.noiseFloor)
        effective.noiseFloor = runsNoiseFloor(a.runSpec, b.runSpec);
    if (caseFloors)
        effective.noiseFloorSource = QStringLiteral("the suite's A/A spread");
    out.options = effective;
    out.gpuStateDifferences = gpuStateDifferences(a.runSpec, b.runSpec);
    const auto& ca = a.runSpec.cases;
    const auto& cb = b.runSpec.cases;
    if (ca.isEmpty() || cb.isEmpty()) {
        out.suiteOnly = true;
        const TimingEvidence ea = suiteEvidence(a);
        const TimingEvidence eb = suiteEvidence(b);
        out.suite = judgeCase(ea, eb, effective);
        out.suite.reason +=
            spreadNote(out.suite, spreadUsed(ea, a.runSpec.latencyNs, a.runSpec.primaryStatistic),
                       spreadUsed(eb, b.runSpec.latencyNs, b.runSpec.primaryStatistic));
        noteGpuState(out.suite, out.gpuStateDifferences);
        return out;
    }
    const RunTiming runA = runTimingOf(a);
    const RunTiming runB = runTimingOf(b);
    const CaseMatch match = matchCases(ca, cb);
    QList<EvidencePair> evidence;
    evidence.reserve(match.pairs.size());
    QList<CaseAaFloor> floors;
    for (const auto& [i, j] : match.pairs) {
        evidence.append(caseEvidencePair(ca[i], runA, cb[j], runB));
        if (caseFloors)
            floors.append({casesNoiseFloor(a.runSpec, ca[i], b.runSpec, cb[j], evidence.last().a.timer),
                           QStringLiteral("this case's A/A spread")});
    }
    SuiteVerdict judged = judgeSuite(evidence, effective, floors);
    out.suite = std::move(judged.geomean);
    noteGpuState(out.suite, out.gpuStateDifferences);
    out.rows.reserve(match.pairs.size());
    for (qsizetype k = 0; k < match.pairs.size(); ++k) {
        const CaseResult& x = ca[match.pairs[k].first];
        const CaseResult& y = cb[match.pairs[k].second];
        CaseDelta d;
        d.id = x.id;
        d.axes = x.axesLabel();
        d.indexA = match.pairs[k].first;
        d.indexB = match.pairs[k].second;
        d.verdict = std::move(judged.cases[k]);
        d.verdict.reason +=
            spreadNote(d.verdict, spreadUsed(evidence[k].a, x.latencyNs, runA.primaryStatistic),
                       spreadUsed(evidence[k].b, y.latencyNs, runB.primaryStatistic));
        noteGpuState(d.verdict, caseGpuStateDifferences(x, y));
        d.latencyA = d.verdict.centerA ? d.verdict.centerA : x.latencyNs.value(runA.primaryStatistic);
        d.latencyB = d.verdict.centerB ? d.verdict.centerB : y.latencyNs.value(runB.primaryStatistic);
        countVerdict(out, d.verdict.verdict);
        out.rows.append(std::move(d));
    }
    for (const qsizetype i : match.onlyInA)
        out.onlyInA << ca[i].id;
    for (const qsizetype j : match.onlyInB)
        out.onlyInB << cb[j].id;
    return out;
}

QString CaseComparison::summary() const {
    if (suiteOnly)
        return QStringLiteral("suite values only (no per-case results)");
    QString s = QStringLiteral("%1 cases matched: %2 faster, %3 slower, %4 same, %5 can't tell")
                    .arg(rows.size())
                    .arg(faster)
                    .arg(slower)
                    .arg(same)
                    .arg(cantTell);
    if (!onlyInA.isEmpty())
        s += QStringLiteral("; %1 only in A").arg(onlyInA.size());
    if (!onlyInB.isEmpty())
        s += QStringLiteral("; %1 only in B").arg(onlyInB.size());
    return s;
}

QString verdictLine(const CaseVerdict& v) {
    QString head = verdictName(v.verdict);
    if (!v.interval && v.ratio)
        head += QStringLiteral(" (B/A %1)").arg(*v.ratio, 0, 'f', kRatioLabelDecimals);
    return head + QStringLiteral(" — ") + v.reason;
}

QString evidenceLabel(const CaseVerdict& v) {
    if (v.method == VerdictMethod::None)
        return verdictMethodName(v.method);
    const QString method =
        v.method == VerdictMethod::Welch ? QStringLiteral("Welch") : verdictMethodName(v.method);
    if (v.countA == v.countB)
        return QStringLiteral("%1, n = %2").arg(method).arg(v.countA);
    return QStringLiteral("%1, n = %2 / %3").arg(method).arg(v.countA).arg(v.countB);
}

QString ratioLabel(const CaseVerdict& v) {
    if (!v.ratio)
        return QStringLiteral("—");
    return QString::number(*v.ratio, 'f', kRatioLabelDecimals);
}

QString intervalLabel(const CaseVerdict& v) {
    if (!v.interval)
        return QStringLiteral("—");
    return QStringLiteral("[%1, %2]")
        .arg(v.interval->lo, 0, 'f', kRatioLabelDecimals)
        .arg(v.interval->hi, 0, 'f', kRatioLabelDecimals);
}

QString verdictToken(Verdict v) {
    return v == Verdict::CantTell ? QStringLiteral("cant-tell") : verdictName(v);
}

} // namespace kix
