// Digest verification against everything loaded: each digest a run declares is recomputed from content
// kix holds (the bundle it came in, or a resource loaded from any source), and the catalog's published
// digests and keys are checked against what kix recomputes. A digest is never called verified unless it
// was recomputed here and found equal; a resource that is present but hashes differently is a mismatch
// with both values.
#pragma once

#include "RecordIndex.h"

#include <QList>
#include <QString>

namespace kix {

struct DigestCheck {
    enum class State { Verified, Mismatch, NotVerifiable };
    QString field;    // protocolDigest, environmentDigest, workloadDigest, implementationDigest; for catalog
                      // rows also runDigest, protocolKey, environmentKey, correctnessKey, comparisonKey
    QString kind;     // the kind of resource it names ("" for keys)
    QString expected; // as declared by the run, or as published by the catalog
    QString computed; // as recomputed by kix (empty when not verifiable)
    State state = State::NotVerifiable;
    bool afterNormalization = false; // verified only once KernelIndex's normalization was applied
    QString reason;                  // where the content came from, or why it could not be checked
    bool published() const;          // a check of a catalog's published value
};

QString stateName(DigestCheck::State state); // "verified", "mismatch", "not verifiable"

QList<DigestCheck> verifyRun(const RecordIndex& index, const RunEntry& entry);

// The published keys a catalog row's line alone cannot settle (correctnessKey and comparisonKey need the
// workload row) that differ from what kix recomputes across everything loaded, as located problems
// (file:line, row.correctnessKey) with code catalog.key_mismatch.
Problems publishedKeyProblems(const RecordIndex& index, const RunEntry& entry);

// The check of one resource's own published digest (catalog rows) and of the digests it names
// (a workload's operationSpecDigest, an implementation's operation.specDigest).
QList<DigestCheck> verifyResource(const RecordIndex& index, const ResourceEntry& entry);

struct DigestSummary {
    int verified = 0, mismatch = 0, notVerifiable = 0;
    QString text() const; // "2 verified · 2 not verifiable", "1 mismatch · …"
};
DigestSummary summarize(const QList<DigestCheck>& checks);

} // namespace kix
