// The `kix` subcommands. Each takes its arguments (after the subcommand name) and returns the
// process exit status; text goes to the given streams so tests can capture it.
#pragma once

#include "ExitStatus.h"

#include <QStringList>
#include <QTextStream>

namespace kix::cli {

// Names for the rows of the one exit-status table (ExitStatus.h), which says what each means and who
// returns it. key verify and verify report the worst that applies (worseExit, TrustSupport.h).
enum Exit {
    ExitOk = protocol::code(protocol::ExitStatus::Ok),
    ExitMismatch = protocol::code(protocol::ExitStatus::Mismatch),
    ExitUsage = protocol::code(protocol::ExitStatus::Usage),
    ExitInput = protocol::code(protocol::ExitStatus::Input),
    ExitUnknownKey = protocol::code(protocol::ExitStatus::UnknownKey),
    ExitSignatureInvalid = protocol::code(protocol::ExitStatus::SignatureInvalid),
    ExitSubjectMismatch = protocol::code(protocol::ExitStatus::SubjectMismatch),
    ExitEnvelopeMalformed = protocol::code(protocol::ExitStatus::EnvelopeMalformed),
    ExitNotSigned = protocol::code(protocol::ExitStatus::NotSigned),
    ExitSlower = protocol::code(protocol::ExitStatus::Slower),
    ExitCantTell = protocol::code(protocol::ExitStatus::CantTell),
    ExitUpstream = protocol::code(protocol::ExitStatus::UpstreamRejected),
    ExitRegression = protocol::code(protocol::ExitStatus::Regression),
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
int historyCommand(const QStringList& args, Io io);
int servingCommand(const QStringList& args, Io io);
int calibrateCommand(const QStringList& args, Io io);
int profileCommand(const QStringList& args, Io io);
int fleetCommand(const QStringList& args, Io io);

} // namespace kix::cli
