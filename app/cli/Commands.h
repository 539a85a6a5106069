// The `kix` subcommands. Each takes its arguments (after the subcommand name) and returns the
// process exit status; text goes to the given streams so tests can capture it.
#pragma once

#include <QStringList>
#include <QTextStream>

namespace kix::cli {

// Exit statuses shared by every subcommand (also listed in the README).
enum Exit {
    ExitOk = 0,
    ExitMismatch = 1, // verify: a digest did not match
    ExitUsage = 2,    // bad command line
    ExitInput = 3,    // a file could not be read or is not a valid manifest
    // 4, 5, 6: kix run (LocalRunner.h). key verify (docs/trust.md), worst first when several apply:
    ExitSubjectMismatch = 9,    // a signed file was edited after signing
    ExitSignatureInvalid = 8,   // a signature does not verify
    ExitEnvelopeMalformed = 10, // an envelope is not a readable DSSE in-toto envelope
    ExitUnknownKey = 7,         // signed, but by no key in the trust store
    ExitNotSigned = 11,         // no envelope beside the manifest
};

struct Io {
    QTextStream& out;
    QTextStream& err;
};

int runCli(const QStringList& arguments, Io io); // arguments[0] is the program name
int showCommand(const QStringList& args, Io io);
int verifyCommand(const QStringList& args, Io io);
int diffCommand(const QStringList& args, Io io);
int citeCommand(const QStringList& args, Io io);
int importTraceCommand(const QStringList& args, Io io);
int runCommand(const QStringList& args, Io io);
int keyCommand(const QStringList& args, Io io);

} // namespace kix::cli
