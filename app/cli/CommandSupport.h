// Shared pieces of the subcommands: argument parsing, loading files, printing problems and JSON.
#pragma once

#include "Commands.h"
#include "Manifest.h"
#include "Verification.h"

#include <QCommandLineParser>
#include <optional>

namespace kix::cli {

// Sets up a parser for one subcommand; returns false (after printing) on --help or an error,
// with `exitCode` set to what the process should return.
bool parseSubcommand(QCommandLineParser& parser, const QString& name, const QStringList& args, Io io,
                     int minPositional, int maxPositional, int& exitCode);

// Loads files (not folders) and prints each problem; the resource index covers all of them.
struct Loaded {
    QList<ManifestPtr> manifests;
    ResourceIndex resources;
    bool anyErrors = false;
};
Loaded loadFiles(const QStringList& files, Io io);

void printProblems(const Manifest& m, Io io);
void writeJson(const Json& value, Io io);
Json problemsJson(const Problems& problems);
Json checksJson(const QList<DigestCheck>& checks);

} // namespace kix::cli
