// Case-by-case comparison of two runs: ratio B/A per case, the geometric mean of the ratios,
// and whether each difference is beyond the measurement noise.
#pragma once

#include "Manifest.h"

#include <QHash>
#include <QStringList>
#include <optional>

namespace kix {

struct CaseDelta {
    enum class Direction { Faster, Slower, Same, Unknown }; // of B relative to A
    enum class Noise { BeyondNoise, WithinNoise, NoStatistics };
    QString id;
    QString axes;
    std::optional<double> latencyA, latencyB; // ns, primary statistic
    std::optional<double> ratio;              // B / A: below 1 means B is faster
    Direction direction = Direction::Unknown;
    Noise noise = Noise::NoStatistics;
    std::optional<double> t; // Welch's t where both sides carry statistics
};

// A case counts as faster or slower only when Welch's t is beyond its 99% critical value and the
// ratio differs from 1 by at least this much.
inline constexpr double kMinimumEffect = 0.01;

struct CaseComparison {
    QList<CaseDelta> rows;
    std::optional<double> geomeanRatio; // over the cases present in both
    int faster = 0, slower = 0, withinNoise = 0, withoutStatistics = 0;
    QStringList onlyInA, onlyInB;
    // When neither run has per-case results, the suite values are compared instead.
    bool suiteOnly = false;
    std::optional<double> suiteRatio;
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

QString directionName(CaseDelta::Direction d);
QString noiseName(CaseDelta::Noise n);

CaseComparison compareCases(const Manifest& a, const Manifest& b);

} // namespace kix
