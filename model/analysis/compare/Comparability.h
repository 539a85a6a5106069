// Whether two runs may be compared, by KernelIndex's policy: they must share one comparison key —
// operation, workload, protocol, environment, correctness and metric, compared in that order — and both
// must be eligible (passed, a primary value, not retracted or superseded). The first material mismatch is
// named with the differing values. kix adds reasons of its own (an invalid manifest, a bundle member that
// does not match its digest) but never calls comparable what the policy does not.
#pragma once

#include "Manifest.h"
#include "Policy.h"

#include <QStringList>
#include <optional>

namespace kix {

struct Mismatch {
    QString part;   // operation, workload, protocol, environment, correctness, metric
    QString a, b;   // the differing values, labelled
    QString detail; // the first fields that differ, when both resources are loaded
};

struct ComparabilityVerdict {
    bool comparable = false;
    bool sameRun = false; // both sides are one run (the same run digest)
    std::optional<Mismatch> firstMismatch;
    QList<Mismatch> mismatches;           // every differing part, in the policy's order
    QStringList unknown;                  // parts that could not be compared, and why
    QStringList ineligibleA, ineligibleB; // reason codes
    QString comparisonKey;                // the shared key, when comparable
    QStringList reasons; // one sentence each, the first mismatch first; empty when comparable
};

// The order in which KernelIndex names the first material mismatch.
QStringList policyPartOrder();

ComparabilityVerdict assessComparability(const PolicyFacts& a, const PolicyFacts& b);
// The same, with the first differing fields of the resources named (their JSON is in the manifests).
ComparabilityVerdict assessComparability(const Manifest& a, const Manifest& b);

} // namespace kix
