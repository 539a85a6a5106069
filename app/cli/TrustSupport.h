// What `kix verify` and `kix show` say about a run beyond its digests (issue 10): the signed envelopes
// beside the file it was read from, its evidence level, and the roofline check (Roofline.h). Both commands
// print and report them the same way, and combine exit statuses by one order (worseExit). A roofline verdict
// is a warning and never changes the exit status; a signature never upgrades a digest that does not verify.
#pragma once

#include "Commands.h"
#include "GpuBandwidth.h"
#include "RecordIndex.h"
#include "RooflineRun.h"
#include "RunTrust.h"

#include <QString>
#include <nlohmann/json.hpp>
#include <optional>

namespace kix::cli {

struct RunTrustFacts {
    bool signable = false; // read from a whole file (catalog lines cannot be signed one by one)
    RunTrust trust;
    RunRoofline roofline;
};

class TrustReport {
public:
    // Reads the user's trust store and kix's GPU table. A trust store that cannot be read leaves every
    // signature checked against no trusted key, and trustStoreProblem() says why (the caller reports it).
    explicit TrustReport(const RecordIndex& index);
    const QString& trustStoreProblem() const { return m_trustProblem; }

    // `digests`: the run's digest checks (verifyRun()), which the evidence level builds on.
    RunTrustFacts factsOf(int runIndex, const QList<DigestCheck>& digests);

private:
    const RecordIndex& m_index;
    QString m_trustProblem;
    std::optional<RunTrustChecker> m_checker;
    RunRooflines m_rooflines;
};

// The exit status a run's envelopes call for (Commands.h): an integrity failure in any envelope first
// (subject mismatch, signature invalid, malformed), else ExitOk when one is trusted, else ExitUnknownKey;
// with none, `unsigned` (ExitNotSigned for `kix key verify`, ExitOk for `kix verify`).
int signatureExit(const QList<SignatureCheck>& checks, int unsignedExit);
// The worse of two exit statuses, worst first: 9 subject mismatch, 8 signature invalid, 10 malformed
// envelope, 3 unreadable input, 1 digest mismatch, 7 unknown key, 11 not signed, 0.
int worseExit(int a, int b);

// Text: evidence, signatures and roofline lines, indented under a run (`kix verify`, `kix show`).
void printTrust(const RunTrustFacts& facts, Io io);
// One envelope's check: `lead` (indent and label), the summary and signer, then its file and line, and
// the detail, each on its own indented line.
void printSignatureCheck(const SignatureCheck& c, const QString& lead, Io io);
// JSON members added to a run's report: "signatures", "evidence", "roofline".
void addTrustJson(nlohmann::json& run, const RunTrustFacts& facts);

} // namespace kix::cli
