// KernelIndex's comparability policy for one run (its policy/comparison.ts and ranking.ts; facts in
// docs/manifest-format.md): the parts of the comparison key, recomputed from what is loaded, and the
// eligibility rules. Runs are comparable only inside one comparison cohort (same key) and when both are
// eligible; groupCohorts() is the grouping leaderboards build on.
#pragma once

#include "ComparisonKey.h"
#include "RecordIndex.h"

#include <QStringList>

namespace kix {

// One part of the key with a human label for messages; `value` is empty when it could not be derived
// (then `missing` says why).
struct KeyPart {
    QString value;
    QString label;
    QString missing;
    bool known() const { return !value.isEmpty(); }
};

struct PolicyFacts {
    KeyPart operation, workload, protocol, environment, correctness, metric;
    QString comparisonKey;          // recomputed; empty when a part is unknown
    QString publishedComparisonKey; // the catalog's, when read from one
    std::optional<PrimaryMeasurement> primary;
    // Why the run may not be ranked, as KernelIndex's reason codes (STATUS_COMPILE_ERROR,
    // MISSING_PRIMARY_METRIC, RETRACTED, SUPERSEDED) plus kix's INVALID_MANIFEST and DIGEST_MISMATCH.
    QStringList ineligible;
    bool eligible() const { return ineligible.isEmpty(); }
    // The key the run is grouped by: the recomputed one, else the published one.
    QString cohortKey() const { return comparisonKey.isEmpty() ? publishedComparisonKey : comparisonKey; }
};

PolicyFacts policyFacts(const RecordIndex& index, const RunEntry& entry);
QString eligibilityReasonText(const QString& code); // "status is compile_error", "no primary measurement"

struct Cohort {
    QString comparisonKey;
    QList<int> runs;     // run indices into the index, load order
    QList<int> eligible; // those that may be ranked
};
// Runs grouped by comparison key (runs whose key cannot be derived are left out), largest cohort first.
QList<Cohort> groupCohorts(const RecordIndex& index);

} // namespace kix
