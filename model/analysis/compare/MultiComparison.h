// Two to eight runs side by side against one chosen baseline: for each run the comparability verdict
// against the baseline (KernelIndex's policy, model/analysis/compare/Comparability.h), the first material
// mismatch among them all, the cases matched with Compare's rule (matchCases) with each run's ratio to the
// baseline and the verdict engine's judgement of it (Verdict.h: the same engine as two-run Compare and
// `kix diff`, one minimum effect for all), and the field differences split into those that decide
// comparability (the comparison key's parts and eligibility) and context (everything else).
#pragma once

#include "CaseComparison.h"
#include "Comparability.h"
#include "Manifest.h"

#include <QList>
#include <QString>
#include <optional>

namespace kix {

inline constexpr int kMinCompareRuns = 2;
inline constexpr int kMaxCompareRuns = 8;

struct MultiCaseRow {
    QString id, axes;                       // of the baseline's case
    QList<std::optional<double>> latencyNs; // per run, primary statistic
    QList<std::optional<double>> ratio;     // per run: run / baseline (the baseline's own is 1)
    // per run: the verdict on that run against the baseline (faster, slower, same, can't tell, with its
    // interval and reason); unset for the baseline itself and where the run lacks the case
    QList<std::optional<CaseVerdict>> verdict;
};

struct MultiFieldRow {
    QString path;
    bool decides = false; // a part of the comparison key or of eligibility
    QStringList values;   // per run, compact JSON; empty where the run lacks the field
};

struct MultiComparison {
    QList<ManifestPtr> runs;
    int baseline = 0;
    QList<ComparabilityVerdict> verdicts; // per run, against the baseline (the baseline's own: sameRun)
    bool allComparable = false;
    int firstMismatchRun = -1;                 // the first run (in order) not comparable with the baseline
    std::optional<Mismatch> firstMismatch;     // its first material mismatch, when a key part differs
    QString verdictText;                       // one sentence for the banner
    QList<MultiCaseRow> cases;                 // the baseline's cases, in its order
    QList<std::optional<double>> geomeanRatio; // per run, over the cases it shares with the baseline
    // per run against the baseline, judged case by case (the baseline's own is empty): its suite verdict
    // (geometric mean, CaseComparison::suite) and counts; what two-run Compare shows for that pair
    QList<CaseComparison> judged;
    VerdictOptions options;      // what every verdict was judged with
    QList<MultiFieldRow> fields; // by path, the deciding ones first
    QString error;               // set when the runs cannot be compared at all (count, no run)
};

// `baseline` indexes `runs`. Needs 2–8 runs that each hold a readable run; otherwise `error` says why.
MultiComparison compareRuns(const QList<ManifestPtr>& runs, int baseline = 0,
                            const VerdictOptions& options = {});

// Whether a field (a JSON path of the bundle) feeds the comparison key or eligibility.
bool decidesComparability(const QString& path);

// The field rows whose path or any value contains `text` (case-insensitive); all rows for "".
QList<MultiFieldRow> filterFields(const QList<MultiFieldRow>& rows, const QString& text,
                                  bool decidingOnly = false);

} // namespace kix
