// The evidence level of a run: what kix itself checked, never what the run claims.
//   reported         someone says so: kix recomputed nothing, or something failed to check
//   verified digests every digest the run declares was recomputed here from content and found equal
//   rerun here       verified digests, and the files are signed by a trusted key as a kix local rerun
//                    whose subjects all still match
//   replicated       rerun here, and at least one other trusted rerun (another run digest) agrees with it
//                    within noise: the verdict engine (model/analysis/compare/Verdict.h, 2% minimum
//                    effect) calls every case both have and could test "same"
// A signature never upgrades a digest that does not verify: a mismatch (or a digest that could not be
// checked) keeps the run at "reported" whatever its signatures say; a broken envelope does too.
#pragma once

#include "CaseEvidence.h"
#include "Manifest.h"
#include "Signing.h"
#include "Verification.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace kix {

enum class EvidenceLevel { Reported, VerifiedDigests, RerunHere, Replicated };
QString evidenceLevelName(EvidenceLevel level); // "reported", "verified digests", "rerun here", "replicated"

// Latencies of a trusted rerun, per case when it has them (kix runs do: raw samples, CUPTI's too), and
// overall.
struct RerunLatencies {
    QString runDigest;
    QString signer; // fingerprint of the trusted key
    RunTiming timing;
    LatencyStats overall;
    QList<CaseResult> cases;
};

struct Evidence {
    EvidenceLevel level = EvidenceLevel::Reported;
    QString summary;     // "verified digests", "rerun here: signed by sha256:… (trusted)", …
    QStringList reasons; // what kept it from the next level, or what supports it, in words
    int agreeingReruns = 0;
};

// `self` describes this run as a rerun (its digest, per-case latencies); `others` are the other trusted
// reruns of the same comparison (same operation, workload, implementation, protocol and GPU model: the
// caller decides). Runs with the same digest as `self` are not counted again.
Evidence evidenceFor(const QList<DigestCheck>& digests, const QList<SignatureCheck>& signatures,
                     const RerunLatencies& self, const QList<RerunLatencies>& others);

// Whether two reruns agree within noise: the verdict engine calls every case they share (matched as
// Compare matches them) "same" where it can test one (raw samples or published spreads on both sides),
// and tests at least one; without a testable shared case, their overall latencies must be "same". A
// "can't tell" is not agreement: replication is claimed only on evidence. Empty `why` when they agree.
bool rerunsAgree(const RerunLatencies& a, const RerunLatencies& b, QString& why);

} // namespace kix
