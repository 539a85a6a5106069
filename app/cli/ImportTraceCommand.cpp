#include "CommandSupport.h"
#include "ManifestWriter.h"
#include "TraceImport.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>

namespace kix::cli {

int importTraceCommand(const QStringList& args, Io io) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Turn SOL-ExecBench's traces JSONL (sol-execbench ... -o traces.jsonl) into kix manifests, one per "
        "solution, with per-case results."));
    parser.addPositionalArgument(QStringLiteral("trace"),
                                 QStringLiteral("traces.jsonl written by SOL-ExecBench."));
    parser.addOption({{QStringLiteral("o"), QStringLiteral("output")},
                      QStringLiteral("Folder for the manifests (default: current folder)."),
                      QStringLiteral("dir"),
                      QStringLiteral(".")});
    int code = ExitOk;
    if (!parseSubcommand(parser, QStringLiteral("import-trace"), args, io, 1, 1, code))
        return code;
    const QString path = parser.positionalArguments().first();
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        io.err << path << ": cannot be read: " << file.errorString() << "\n";
        return ExitInput;
    }
    const TraceImportResult result = importTraces(file.readAll(), path);
    for (const auto& p : result.problems)
        io.err << p.toString() << "\n";
    if (hasErrors(result.problems))
        return ExitInput;
    const QDir out(parser.value(QStringLiteral("output")));
    for (const Json& bundle : result.bundles) {
        QString name = QString::fromStdString(bundle["run"]["metadata"]["name"].get<std::string>());
        name.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9._-]+")), QStringLiteral("_"));
        const QString target = out.filePath(name + QStringLiteral(".manifest.json"));
        if (const QString err = writeJsonAtomically(target, bundle); !err.isEmpty()) {
            io.err << "kix import-trace: " << err << "\n";
            return ExitInput;
        }
        io.out << target << "\n";
    }
    return ExitOk;
}

} // namespace kix::cli
