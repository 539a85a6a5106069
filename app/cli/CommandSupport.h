// Shared pieces of the subcommands: argument parsing, loading inputs as one set, choosing runs, printing
// problems and JSON. Untrusted text (manifest, trace and catalog fields, file names, typed arguments, runner
// and Slurm output) passes through TextSanitizer.h before it is printed: terminalLine for a one-line
// field, terminalBlock for a multi-line text.
#pragma once

#include "Commands.h"
#include "Manifest.h"
#include "RecordIndex.h"
#include "TextSanitizer.h"
#include "Verification.h"

#include <QCommandLineParser>
#include <optional>

namespace kix::cli {

// Sets up a parser for one subcommand; returns false (after printing) on --help or an error,
// with `exitCode` set to what the process should return.
bool parseSubcommand(QCommandLineParser& parser, const QString& name, const QStringList& args, Io io,
                     int minPositional, int maxPositional, int& exitCode);
// Ends a subcommand's --help description with the exit statuses `command` (ExitCommand bits) uses, from
// the one table (ExitStatus.h), so no help text types a status out by hand. `lead` ends the heading.
void addExitStatuses(QCommandLineParser& parser, unsigned command, const QString& lead = {});

// Every input read into one set: files, folders (recursively), catalog exports. A file given twice, by a
// link or by another spelling, is read once.
struct Loaded {
    RecordIndex index;
    Problems problems;    // every problem of every source, in load order
    qint64 notListed = 0; // bad catalog lines counted but not kept (LoadBatch::notListed)
    bool anyErrors() const { return hasErrors(problems); }
    qint64 errors() const { return errorCount(problems) + notListed; }
};
// `printAsRead`: each problem is printed there (stderr) as its source is read, so that a long load shows
// its first problems at once; the caller then prints none of l.problems again. Memory stays flat in the
// number of bad catalog lines (LoadJob.h).
Loaded loadInputs(const QStringList& paths, const Io* printAsRead = nullptr);

// Runs chosen by a selector: a run digest or a prefix of one ("sha256:486a75", "486a75"), a
// metadata.name, or a catalog row id. Empty selector: every run. `underPath`: only runs read from that
// file (or folder), compared by identity.
QList<int> selectRuns(const RecordIndex& index, const QString& selector, const QString& underPath = {});

// A percentage argument above 0 ("2", "0.5", "2%") as a fraction (0.02, 0.005, 0.02); nullopt for anything
// else (not a number, not finite, 0 or below). --min-effect of kix diff and kix history.
std::optional<double> parsePercentArgument(QString text);
// The value of --min-effect as a fraction, or nullopt after printing "kix COMMAND: --min-effect expects a
// percentage …" to stderr (kix diff, kix fleet: the caller returns ExitUsage).
std::optional<double> readMinEffect(const QCommandLineParser& parser, const QString& command, Io io);

// `text` left-justified to `width` and always followed by at least one space, so that a long label never
// runs into the value after it ("published environmentKey verified", not "…environmentKeyverified").
QString column(const QString& text, int width);

void printProblems(const Problems& problems, Io io); // one sanitized line each, on stderr
// Pure-ASCII JSON: every control, C1, bidi control and non-ASCII character is a \u escape, so even
// `--json` on a terminal cannot act on it.
void writeJson(const Json& value, Io io);
// One JSON Lines record (the --progress jsonl stream), escaped to ASCII like writeJson: C1 controls,
// bidi controls and U+2028 are \u escapes, never raw on a terminal.
void writeJsonLine(const Json& value, Io io);
Json problemsJson(const Problems& problems);
Json checksJson(const QList<DigestCheck>& checks);
Json originsJson(const QList<Origin>& origins);
Json runJson(const RecordIndex& index, int runIndex); // a run's fields, digests, policy facts and problems
Json resourceJson(const RecordIndex& index, const ResourceEntry& entry);

} // namespace kix::cli
