#include "CommandSupport.h"
#include "ManifestSet.h"
#include "BundledProblem.h"
#include "TraceDefinition.h"
#include "TraceImport.h"

#include <list>

namespace kix::cli {

namespace {

// "1G", "512M", "4096": bytes, with a binary K/M/G suffix.
std::optional<qint64> parseBytes(const QString& text) {
    static const QList<QPair<QChar, qint64>> suffixes = {
        {u'K', qint64(1) << 10}, {u'M', qint64(1) << 20}, {u'G', qint64(1) << 30}};
    QString digits = text.trimmed().toUpper();
    qint64 unit = 1;
    for (const auto& [suffix, factor] : suffixes)
        if (digits.endsWith(suffix)) {
            digits.chop(1);
            unit = factor;
        }
    bool ok = false;
    const qint64 n = digits.toLongLong(&ok);
    if (!ok || n <= 0 || n > (qint64(1) << 50) / unit)
        return std::nullopt;
    return n * unit;
}

// Prints the import's problems, then writes the set unless an error (3) or, with --strict-upstream, an
// argument KernelIndex's parser rejects (14) stops it.
int reportAndWrite(const TraceImportResult& result, const QCommandLineParser& parser, Io io) {
    for (const auto& p : result.problems)
        io.err << terminalLine(p.toString()) << "\n";
    if (hasErrors(result.problems)) {
        io.err << "kix import-trace: nothing was written\n";
        return ExitInput;
    }
    // An argument without a dtype and shape: KernelIndex's parser rejects the set (trace.argument).
    const QString rejected =
        QStringLiteral("%1 OperationSpec argument(s) with neither a tensor nor a scalar, "
                       "which KernelIndex's parser rejects (trace.argument above)")
            .arg(result.rejectedArguments);
    if (result.rejectedArguments > 0 && parser.isSet(QStringLiteral("strict-upstream"))) {
        io.err << "kix import-trace: KernelIndex would reject the set: " << rejected
               << "; with --strict-upstream nothing was written\n";
        return ExitUpstream;
    }
    const SetWriteResult written = writeManifestSet(parser.value(QStringLiteral("output")), result.files,
                                                    parser.isSet(QStringLiteral("force")));
    for (const auto& e : written.errors)
        io.err << "kix import-trace: " << terminalLine(e) << "\n";
    if (!written.ok())
        return ExitInput;
    for (const auto& file : written.written)
        io.out << terminalLine(file) << "\n";
    io.err << "kix import-trace: " << result.traces << " trace(s) of " << result.solutions.size()
           << " solution(s) into " << written.written.size() << " file(s)";
    if (result.rejectedArguments > 0)
        io.err << "; not KernelIndex-valid: " << rejected;
    io.err << "\n";
    return ExitOk;
}

} // namespace

int importTraceCommand(const QStringList& args, Io io) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Turn SOL-ExecBench's traces JSONL (sol-execbench ... -o traces.jsonl) into a set of KernelIndex "
        "manifests per solution: a run per case and the suite run, the workloads, protocol, environment and "
        "implementation, and the raw-samples evidence. Writes all of them or none. The trace gives no dtype "
        "or shape: kix's problem file of the definition gives them (013 is bundled), or --definition with "
        "SOL-ExecBench's definition.json; without either KernelIndex would reject the set, and kix says so "
        "(--strict-upstream: writes nothing, exit 14)."));
    addExitStatuses(parser, protocol::UsedByImportTrace);
    parser.addPositionalArgument(QStringLiteral("trace"),
                                 QStringLiteral("traces.jsonl written by SOL-ExecBench."));
    parser.addOption({{QStringLiteral("o"), QStringLiteral("output")},
                      QStringLiteral("Folder for the files (default: current folder)."),
                      QStringLiteral("dir"),
                      QStringLiteral(".")});
    parser.addOption({QStringLiteral("force"), QStringLiteral("Replace files that already exist.")});
    parser.addOption({QStringLiteral("sol-execbench-version"),
                      QStringLiteral("The SOL-ExecBench version that wrote the trace (else the trace's, else "
                                     "unknown)."),
                      QStringLiteral("version")});
    parser.addOption(
        {QStringLiteral("architecture"),
         QStringLiteral("The GPU's architecture, e.g. sm_90, when kix cannot tell it from its name."),
         QStringLiteral("arch")});
    parser.addOption({QStringLiteral("utc-offset"),
                      QStringLiteral("The zone of the trace's naive local timestamps, e.g. +02:00."),
                      QStringLiteral("offset")});
    parser.addOption({QStringLiteral("strict-upstream"),
                      QStringLiteral("Write nothing and exit 14 when KernelIndex would reject the set (an "
                                     "OperationSpec argument without a dtype and shape).")});
    parser.addOption(
        {QStringLiteral("definition"),
         QStringLiteral("SOL-ExecBench's definition.json of a definition kix has no problem file for (your "
                        "own copy): its dtypes and shapes make the OperationSpec KernelIndex-valid "
                        "(repeatable)."),
         QStringLiteral("file")});
    parser.addOption({QStringLiteral("max-bytes"),
                      QStringLiteral("The largest trace file read, in bytes or with K/M/G (default 1G)."),
                      QStringLiteral("size"), QStringLiteral("1G")});
    int code = ExitOk;
    if (!parseSubcommand(parser, QStringLiteral("import-trace"), args, io, 1, 1, code))
        return code;
    TraceImportOptions options;
    const auto usage = [&](const QString& option, const QString& why) {
        io.err << "kix import-trace: --" << option << ": " << terminalLine(why) << "\n";
        return ExitUsage;
    };
    if (const auto bytes = parseBytes(parser.value(QStringLiteral("max-bytes"))))
        options.maxFileBytes = *bytes;
    else
        return usage(QStringLiteral("max-bytes"),
                     QStringLiteral("expected a size such as 1G, 512M or 4096, got \"%1\"")
                         .arg(parser.value(QStringLiteral("max-bytes"))));
    if (parser.isSet(QStringLiteral("sol-execbench-version"))) {
        options.harnessVersion = parser.value(QStringLiteral("sol-execbench-version"));
        if (const QString why = checkHarnessVersion(options.harnessVersion); !why.isEmpty())
            return usage(QStringLiteral("sol-execbench-version"), why);
    }
    if (parser.isSet(QStringLiteral("architecture"))) {
        options.architecture = parser.value(QStringLiteral("architecture"));
        if (const QString why = checkArchitecture(options.architecture); !why.isEmpty())
            return usage(QStringLiteral("architecture"), why);
    }
    if (parser.isSet(QStringLiteral("utc-offset"))) {
        options.utcOffset = parser.value(QStringLiteral("utc-offset"));
        if (const QString why = checkUtcOffset(options.utcOffset); !why.isEmpty())
            return usage(QStringLiteral("utc-offset"), why);
    }

    // kix's bundled problem gives the dtypes and shapes of its definition's arguments; a --definition file
    // those of another definition (the bundled one stays first: it carries KernelIndex's published facts).
    if (const ProblemDefinition* bundled = bundledProblemDefinition())
        options.definitions << bundled;
    std::list<ProblemDefinition> given; // stable addresses for options.definitions
    for (const QString& file : parser.values(QStringLiteral("definition"))) {
        Problems problems;
        const auto definition = trace::readSolExecBenchDefinition(file, problems);
        if (!definition) {
            for (const Problem& p : problems)
                io.err << terminalLine(p.toString()) << "\n";
            io.err << "kix import-trace: --definition " << terminalLine(file)
                   << ": not a usable definition.json; nothing was written\n";
            return ExitInput;
        }
        options.definitions << &given.emplace_back(*definition);
    }

    const QString path = parser.positionalArguments().constFirst();
    const TraceImportResult result = importTraceFile(path, options);
    return reportAndWrite(result, parser, io);
}

} // namespace kix::cli
