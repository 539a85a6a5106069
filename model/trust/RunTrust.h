// Evidence levels (Evidence.h) of loaded runs: the envelopes beside the files each run was read from
// (EnvelopeIndex), its digest checks, and the other trusted reruns of the same comparison among the loaded
// runs. `kix verify`, `kix show` and the explorer's Digests tab ask here, so they say the same.
//
// Only a run read from a whole file (a manifest, not a line of a catalog export) can be signed: an envelope
// beside a catalog export names the export, not any one run in it.
// "The same comparison" (Evidence.h leaves it to the caller): the same workload, implementation and
// protocol digests and the same GPU model (the environment's product, ignoring case), so that two
// machines' reruns of one kernel on one GPU model can replicate each other.
#pragma once

#include "Evidence.h"
#include "RecordIndex.h"
#include "Signing.h"

#include <QHash>
#include <QList>

namespace kix {

struct RunTrust {
    QList<SignatureCheck> signatures; // every envelope beside the file(s) the run was read from
    Evidence evidence;
};

class RunTrustChecker {
public:
    RunTrustChecker(const RecordIndex& index, TrustStore trust);

    // The envelopes that concern run `runIndex` (empty for runs read from catalog lines).
    QList<SignatureCheck> signaturesOf(int runIndex);
    // Its evidence level, given its digest checks (verifyRun()).
    RunTrust trustOf(int runIndex, const QList<DigestCheck>& digests);

private:
    // The run's latencies as a rerun, when it is one a trusted key signed and its digests verify;
    // otherwise nullopt (it cannot help replicate anything).
    std::optional<RerunLatencies> trustedRerun(int runIndex);
    QString comparisonOf(int runIndex) const;
    // The trusted reruns of the same comparison as run `runIndex`, other than itself.
    QList<RerunLatencies> othersLike(int runIndex);

    const RecordIndex& m_index;
    EnvelopeIndex m_envelopes;
    QHash<int, QList<SignatureCheck>> m_signatures;
    QHash<int, std::optional<RerunLatencies>> m_reruns;
    QHash<QString, QList<int>> m_byComparison; // built on first need
    bool m_grouped = false;
};

// What a rerun reports, per case (samples where it has them, else statistics) and overall, with how it
// was timed (`timer`: its protocol's measurement.timer), for the agreement test.
RerunLatencies rerunLatencies(const RunRecord& run, const QString& signer, const QString& timer = {});

} // namespace kix
