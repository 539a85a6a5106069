// Case-by-case comparison of two runs by the verdict engine (Verdict.h, docs/verdicts.md): per case the
// ratio B/A with its confidence interval, method, Mann–Whitney p, counts, verdict and reason, and the
// suite's verdict on the geometric mean of the ratios.
#pragma once

#include "Manifest.h"
#include "Verdict.h"

#include <QHash>
#include <QStringList>
#include <optional>

namespace kix {

struct CaseDelta {
    QString id;
    QString axes;
    qsizetype indexA = -1, indexB = -1; // the matched cases' places in their runs
    // ns: the values the ratio compares (medians of samples, means of summaries or central values); where
    // a side cannot be judged, its primary statistic.
    std::optional<double> latencyA, latencyB;
    CaseVerdict verdict; // ratio B/A (below 1: B is faster), interval, method, p, counts, verdict, reason
};

struct CaseComparison {
    QList<CaseDelta> rows;
    // The geometric mean over the matched cases; for suiteOnly, the two suite values.
    CaseVerdict suite;
    int faster = 0, slower = 0, same = 0, cantTell = 0; // cases by verdict
    QStringList onlyInA, onlyInB;
    // When either run has no per-case results, the suite values are compared instead.
    bool suiteOnly = false;
    VerdictOptions options; // what every verdict was judged with (noiseFloor: the runs' own, when given none)
    // How the two runs' GPU states differ (GpuStateDifference.h); also appended to the suite's reason, and a
    // case's own clock difference to its reason, where the verdict is faster or slower.
    QStringList gpuStateDifferences;
    // "16 cases matched: 0 faster, 1 slower, 12 same, 3 can't tell; 1 only in A"
    QString summary() const;
};

// The cases of one run indexed by id and by axes, built once, so that lining up the cases of two runs
// costs time linear in their number (the plot used to compare every case with every other: 10,000
// cases took minutes on the UI thread). Where a run repeats a key, the last case with it wins, as the
// loops it replaces did.
class CaseIndex {
public:
    explicit CaseIndex(const QList<CaseResult>& cases);
    qsizetype lastWithId(const QString& id) const;                // -1 when none
    qsizetype lastWithAxes(const QString& axesLabel) const;       // -1 when none
    QList<qsizetype> allWithAxes(const QString& axesLabel) const; // in order; empty when none
    // The plot's rule: the last case with the same id or, when `c` has axes, the same axes.
    qsizetype match(const CaseResult& c) const;

private:
    QHash<QString, qsizetype> m_lastById;
    QHash<QString, QList<qsizetype>> m_byAxes;
};

// How two runs' cases line up: by id when any id is shared (kix runs and SOL-ExecBench traces use the
// workload uuid), else by axis values (runs from different sources). Where B repeats a key, its last case
// wins. Built on hash lookups: linear in the cases. Compare, the plot and the multi-run comparison all
// use this one rule, so a case is never paired one way in a table and another way on a plot.
struct CaseMatch {
    bool byAxes = false;
    QList<QPair<qsizetype, qsizetype>> pairs; // (index in A, index in B), in A's order
    QList<qsizetype> onlyInA, onlyInB;        // in their run's order
};
CaseMatch matchCases(const QList<CaseResult>& a, const QList<CaseResult>& b);

CaseComparison compareCases(const Manifest& a, const Manifest& b, const VerdictOptions& options = {});

// One line for people: "same — median B/A 1.003, 95% CI […], …"; with no interval the ratio is named
// first: "can't tell (B/A 0.934) — no spread published: central values only on both sides".
QString verdictLine(const CaseVerdict& v);
// The evidence behind a verdict in a few words: "bootstrap, n = 200", "Welch, n = 30 / 50", "none".
QString evidenceLabel(const CaseVerdict& v);
// "0.997", as the reason and the interval print it (three decimals: 0.1%, finer than any minimum effect);
// "—" without a ratio.
QString ratioLabel(const CaseVerdict& v);
// "[0.998, 1.008]", "—" without an interval.
QString intervalLabel(const CaseVerdict& v);
// For scripts (kix diff --json, exit statuses): "faster", "slower", "same", "cant-tell".
QString verdictToken(Verdict v);

} // namespace kix
