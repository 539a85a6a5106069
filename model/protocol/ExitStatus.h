// Every exit status of the `kix` command line, in one table: the CLI's enums, its --help texts, the
// explorer's words after a rerun, README.md and docs/trust.md all read (or are checked against) it.
#pragma once

#include <QString>
#include <QStringList>
#include <utility>

namespace kix::protocol {

enum class ExitStatus : int {
    Ok = 0,
    Mismatch = 1,
    Usage = 2,
    Input = 3,
    Unavailable = 4,
    Failed = 5,
    Cancelled = 6,
    UnknownKey = 7,
    SignatureInvalid = 8,
    SubjectMismatch = 9,
    EnvelopeMalformed = 10,
    NotSigned = 11,
    Slower = 12,
    CantTell = 13,
    UpstreamRejected = 14,
    Regression = 15,
};

constexpr int code(ExitStatus s) {
    return static_cast<int>(s);
}

// The commands (and `key verify`, which has statuses of its own) as bits, so a row says who uses it.
enum ExitCommand : unsigned {
    UsedByShow = 1u << 0,
    UsedByVerify = 1u << 1,
    UsedByDiff = 1u << 2,
    UsedByCite = 1u << 3,
    UsedByImportTrace = 1u << 4,
    UsedByRun = 1u << 5,
    UsedByKey = 1u << 6,       // key show, trust, list
    UsedByKeyVerify = 1u << 7, // key verify
    UsedByHistory = 1u << 8,
    UsedByServing = 1u << 9,
    UsedByProfile = 1u << 10, // profile import, profile launch
    UsedByFleet = 1u << 11,
    UsedByAll = (1u << 12) - 1,
};

struct ExitStatusInfo {
    ExitStatus status;
    const char* name;     // one word for tables and JSON: "mismatch"
    const char* meaning;  // one line, as --help, README.md and docs/trust.md say it
    unsigned commands;    // ExitCommand bits
    const char* afterRun; // what the explorer says when `kix run` ends with it; null if run never does
};

// Ordered by code.
inline constexpr ExitStatusInfo kExitStatuses[] = {
    {ExitStatus::Ok, "ok", "success; for run, every case passed", UsedByAll, "finished: every case passed"},
    {ExitStatus::Mismatch, "mismatch",
     "a digest (a raw-samples file's too), a catalog's published digest, key, status or primary value, or a "
     "case's stated statistics against its samples, does not match what kix recomputes",
     UsedByVerify, nullptr},
    {ExitStatus::Usage, "usage", "bad command line (for run also an --output that cannot be written)",
     UsedByAll, "the runner rejected its arguments"},
    {ExitStatus::Input, "input",
     "an input could not be read or held nothing to check (show, diff, cite, import-trace, run --solution: "
     "or is invalid), or the trust store cannot be read",
     UsedByAll, "the solution or its problem is invalid"},
    {ExitStatus::Unavailable, "unavailable",
     "no usable GPU (or built without CUDA; with --slurm, no sbatch; with --solution, no Python with torch, "
     "or a language this machine cannot build)",
     UsedByRun | UsedByProfile, "no GPU can be used on this machine"},
    {ExitStatus::Failed, "failed",
     "the run failed: a case failed its check (the manifest is written, status failed), or a case could not "
     "run, a file could not be written or Slurm rejected the job (no manifest is written)",
     UsedByRun | UsedByProfile, "the run failed"},
    {ExitStatus::Cancelled, "cancelled", "cancelled (SIGINT/SIGTERM, Cancel, scancel); nothing is written",
     UsedByRun, "cancelled; nothing was written"},
    {ExitStatus::UnknownKey, "unknown-key", "signed only by keys not in the trust store",
     UsedByVerify | UsedByKeyVerify, nullptr},
    {ExitStatus::SignatureInvalid, "signature-invalid", "a signature does not verify",
     UsedByVerify | UsedByKeyVerify, nullptr},
    {ExitStatus::SubjectMismatch, "subject-mismatch",
     "a signed file was edited after signing (subject digest does not match), or the envelope beside a file "
     "does not name it",
     UsedByVerify | UsedByKeyVerify, nullptr},
    {ExitStatus::EnvelopeMalformed, "envelope-malformed",
     "an envelope is not a readable DSSE in-toto envelope", UsedByVerify | UsedByKeyVerify, nullptr},
    {ExitStatus::NotSigned, "not-signed", "not signed: no envelope beside the manifest", UsedByKeyVerify,
     nullptr},
    {ExitStatus::Slower, "slower",
     "with --fail-if slower[:PCT], B is slower than A beyond PCT: the suite's 95% interval of B/A lies above "
     "1 + PCT",
     UsedByDiff, nullptr},
    {ExitStatus::CantTell, "cant-tell",
     "with --fail-if, the runs are not comparable, the suite has no interval, or its 95% interval of B/A "
     "reaches above 1 + PCT without lying wholly above it (a regression beyond PCT neither shown nor ruled "
     "out)",
     UsedByDiff, nullptr},
    {ExitStatus::UpstreamRejected, "upstream-rejected",
     "an input that verify read is invalid (an error in a record read, which KernelIndex rejects too); with "
     "--strict-upstream also anything KernelIndex would reject (its schemas or its parser), and for "
     "import-trace a manifest it would write (then nothing is written)",
     UsedByVerify | UsedByImportTrace, nullptr},
    {ExitStatus::Regression, "regression",
     "with --fail-on-regression, a cohort's latest segment of runs is slower than the segment before it "
     "beyond "
     "the minimum effect (a change point, docs/history.md)",
     UsedByHistory, nullptr},
};

// The row of `code`, or null for a code kix never returns.
const ExitStatusInfo* exitStatusInfo(int code);

// The rows one command uses, in code order.
QList<const ExitStatusInfo*> exitStatusesOf(unsigned command);

// The command names a row's bits stand for: "show", "verify", …, "key verify".
QStringList exitCommandNames(unsigned commands);

// The "Exit status:" block of a --help text: a heading line, then one "  CODE  NAME  MEANING" line per
// status `command` uses. `lead` ends the heading ("the worst that applies").
QString exitStatusHelp(unsigned command, const QString& lead = {});

} // namespace kix::protocol
