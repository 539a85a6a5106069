// in-toto Statement v1 (https://github.com/in-toto/attestation, spec/v1/statement.md):
// {_type, subject[{name, digest{sha256}}], predicateType, predicate}. kix's statements name every
// resource a rerun wrote (by file name, beside the envelope) and carry the rerun's facts as predicate.
#pragma once

#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>
#include <nlohmann/json.hpp>
#include <optional>

namespace kix {

inline constexpr char kStatementType[] = "https://in-toto.io/Statement/v1";
// kix's own predicate: the facts of a local rerun (docs/trust.md, "The rerun predicate").
inline constexpr char kRerunPredicateType[] = "urn:kix:predicate:local-rerun:v1";

struct Subject {
    QString name;   // a file name, resolved beside the envelope
    QString sha256; // lowercase hex of the file's bytes
};

struct Statement {
    QList<Subject> subjects;
    QString predicateType;
    nlohmann::json predicate = nlohmann::json::object();
};

nlohmann::json statementJson(const Statement& statement);

struct StatementRead {
    std::optional<Statement> statement;
    QString path; // JSON path of the problem
    QString error;
};
// Requires _type = Statement/v1, a non-empty subject list whose entries have a name and a 64-hex
// sha256 digest (other algorithms are allowed and ignored), a string predicateType, and an object
// predicate when present. Subject names must be plain file names: no folders, no "." or "..". At most
// kMaxSubjectsPerStatement subjects (EnvelopeLimits.h).
StatementRead readStatement(const nlohmann::json& value);

// What a rerun signs about itself (issue 10): kix version and source digest, kernel source digest,
// GPU, driver, clocks, command line, start and end time. Empty fields are left out. kix's build records no
// digest of its own sources, so `kix run` leaves kixSourceDigest out and signs the digest of the executable
// that ran (kixExecutableDigest, "sha256:<hex>") instead: that names exactly what ran.
struct RerunFacts {
    QString kixVersion, kixSourceDigest, kixExecutableDigest, kernelSourceDigest;
    QString gpu, driver;
    nlohmann::json clocks = nlohmann::json::object(); // as the environment records them
    QStringList commandLine;
    QDateTime startedAt, finishedAt;
};
nlohmann::json rerunPredicate(const RerunFacts& facts);

} // namespace kix
