#include "CaseComparison.h"

#include "Statistics.h"

#include <QSet>
#include <algorithm>
#include <cmath>

namespace kix {

QString directionName(CaseDelta::Direction d) {
    switch (d) {
    case CaseDelta::Direction::Faster:
        return QStringLiteral("faster");
    case CaseDelta::Direction::Slower:
        return QStringLiteral("slower");
    case CaseDelta::Direction::Same:
        return QStringLiteral("same");
    case CaseDelta::Direction::Unknown:
        return QStringLiteral("unknown");
    }
    return {};
}

QString noiseName(CaseDelta::Noise n) {
    switch (n) {
    case CaseDelta::Noise::BeyondNoise:
        return QStringLiteral("beyond noise");
    case CaseDelta::Noise::WithinNoise:
        return QStringLiteral("within noise");
    case CaseDelta::Noise::NoStatistics:
        return QStringLiteral("no statistics");
    }
    return {};
}

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

// One matched case: ratio B/A, direction, and whether the difference is beyond the noise.
CaseDelta deltaOf(const CaseResult& c, const QString& statA, const CaseResult& other, const QString& statB) {
    CaseDelta d;
    d.id = c.id;
    d.axes = c.axesLabel();
    d.latencyA = c.latencyNs.value(statA);
    d.latencyB = other.latencyNs.value(statB);
    if (d.latencyA && d.latencyB && *d.latencyA > 0) {
        d.ratio = *d.latencyB / *d.latencyA;
        d.direction = *d.ratio < 1   ? CaseDelta::Direction::Faster
                      : *d.ratio > 1 ? CaseDelta::Direction::Slower
                                     : CaseDelta::Direction::Same;
    }
    if (const auto w = welchTest(c.latencyNs, other.latencyNs)) {
        d.t = w->t;
        // Hundreds of samples make sub-percent differences "significant" that the next run would
        // not repeat, so a difference must also be at least kMinimumEffect to count.
        const bool large = d.ratio && std::abs(*d.ratio - 1) >= kMinimumEffect;
        d.noise = w->beyondNoise && large ? CaseDelta::Noise::BeyondNoise : CaseDelta::Noise::WithinNoise;
    }
    return d;
}

void count(CaseComparison& out, const CaseDelta& d) {
    switch (d.noise) {
    case CaseDelta::Noise::BeyondNoise:
        if (d.direction == CaseDelta::Direction::Faster)
            ++out.faster;
        else if (d.direction == CaseDelta::Direction::Slower)
            ++out.slower;
        break;
    case CaseDelta::Noise::WithinNoise:
        ++out.withinNoise;
        break;
    case CaseDelta::Noise::NoStatistics:
        ++out.withoutStatistics;
        break;
    }
}

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

CaseComparison compareCases(const Manifest& a, const Manifest& b) {
    CaseComparison out;
    const auto& ca = a.runSpec.cases;
    const auto& cb = b.runSpec.cases;
    if (ca.isEmpty() || cb.isEmpty()) {
        out.suiteOnly = true;
        const auto la = a.runSpec.primaryLatencyNs();
        const auto lb = b.runSpec.primaryLatencyNs();
        if (la && lb && *la > 0)
            out.suiteRatio = *lb / *la;
        return out;
    }
    const CaseMatch match = matchCases(ca, cb);
    std::vector<double> ratios;
    for (const auto& [i, j] : match.pairs) {
        const CaseDelta d = deltaOf(ca[i], a.runSpec.primaryStatistic, cb[j], b.runSpec.primaryStatistic);
        if (d.ratio)
            ratios.push_back(*d.ratio);
        count(out, d);
        out.rows.append(d);
    }
    for (const qsizetype i : match.onlyInA)
        out.onlyInA << ca[i].id;
    for (const qsizetype j : match.onlyInB)
        out.onlyInB << cb[j].id;
    out.geomeanRatio = geometricMean(ratios);
    return out;
}

QString CaseComparison::summary() const {
    if (suiteOnly) {
        if (!suiteRatio)
            return QStringLiteral("no per-case results and no comparable suite values");
        return QStringLiteral("suite values only (no per-case results): B/A = %1")
            .arg(*suiteRatio, 0, 'f', 3);
    }
    QString s = QStringLiteral("%1 cases matched").arg(rows.size());
    if (geomeanRatio)
        s += QStringLiteral(", geometric mean B/A = %1").arg(*geomeanRatio, 0, 'f', 3);
    s += QStringLiteral("; beyond noise: %1 faster, %2 slower; %3 within noise; %4 without statistics")
             .arg(faster)
             .arg(slower)
             .arg(withinNoise)
             .arg(withoutStatistics);
    if (!onlyInA.isEmpty())
        s += QStringLiteral("; %1 only in A").arg(onlyInA.size());
    if (!onlyInB.isEmpty())
        s += QStringLiteral("; %1 only in B").arg(onlyInB.size());
    return s;
}

} // namespace kix
