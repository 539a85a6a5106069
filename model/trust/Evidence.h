// The evidence level of a run: what kix itself checked, never what the run claims.
//   reported         someone says so: kix recomputed nothing, or something failed to check
//   verified digests every digest the run declares was recomputed here from content and found equal
//   rerun here       verified digests, and the files are signed by a trusted key as a kix local rerun
//                    whose subjects all still match
//   replicated       rerun here, and at least one other trusted rerun (another run digest) agrees with it
//                    within noise (Welch's t-test, 99%: Statistics.h)
// A signature never upgrades a digest that does not verify: a mismatch (or a digest that could not be
// checked) keeps the run at "reported" whatever its signatures say; a broken envelope does too.
#pragma once

#include "Manifest.h"
#include "Signing.h"
#include "Verification.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace kix {

enum class EvidenceLevel { Reported, VerifiedDigests, RerunHere, Replicated };
QString evidenceLevelName(EvidenceLevel level); // "reported", "verified digests", "rerun here", "replicated"

// Latencies of a trusted rerun, per case when it has them (kix runs do), and overall.
struct RerunLatencies {
    QString runDigest;
    QString signer; // fingerprint of the trusted key
    LatencyStats overall;
    QList<QPair<QString, LatencyStats>> cases; // case id → latency
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

// Whether two reruns agree within noise: every case they share passes Welch's test (and at least one is
// tested); without shared cases, their overall latencies do. Empty `why` when they agree.
bool rerunsAgree(const RerunLatencies& a, const RerunLatencies& b, QString& why);

} // namespace kix
