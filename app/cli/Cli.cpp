#include "Commands.h"
#include "ResourceKind.h"
#include "TextSanitizer.h"
#include "kix_config.h"

#include <functional>
#include <map>

namespace kix::cli {

namespace {

const std::map<QString, std::pair<std::function<int(const QStringList&, Io)>, const char*>>& commands() {
    static const std::map<QString, std::pair<std::function<int(const QStringList&, Io)>, const char*>> table =
        {
            {QStringLiteral("show"),
             {showCommand, "show FILE                 one run: fields, cases, digests"}},
            {QStringLiteral("verify"),
             {verifyCommand, "verify FILE...            recompute digests (exit 1 on mismatch)"}},
            {QStringLiteral("diff"),
             {diffCommand, "diff A B                  comparability, per-case ratios, field diff"}},
            {QStringLiteral("cite"),
             {citeCommand, "cite FILE --format F      BibTeX, CITATION.cff or plain text"}},
            {QStringLiteral("import-trace"),
             {importTraceCommand, "import-trace TRACE.jsonl  SOL-ExecBench traces to manifests"}},
            {QStringLiteral("fleet"),
             {fleetCommand, "fleet RUNS...             one cohort on every card: spread, slow cards named"}},
            {QStringLiteral("history"),
             {historyCommand, "history PATH...           record timelines and change points per cohort"}},
            {QStringLiteral("serving"),
             {servingCommand,
              "serving PATH...           serving runs by serving cohort, never ranked with kernels"}},
            {QStringLiteral("key"),
             {keyCommand, "key SUBCOMMAND            signing key, trusted keys, signed reruns"}},
            {QStringLiteral("profile"),
             {profileCommand, "profile import REPORT      attach an Nsight Compute report to a run"}},
            {QStringLiteral("run"),
             {runCommand, "run [--output DIR]        rerun the bundled kernel on this GPU"}},
            {QStringLiteral("calibrate"),
             {calibrateCommand, "calibrate [--pairs N]     A/A pairs here: how often verdicts are wrong"}},
        };
    return table;
}

void usage(QTextStream& s) {
    s << "Usage: kix COMMAND [options]   (kix COMMAND --help for each)\n\n"
         "kix reads "
      << kApiVersion << " benchmark-run manifests.\n\nCommands:\n";
    for (const auto& [name, entry] : commands())
        s << "  " << entry.second << "\n";
    s << "\nOptions:\n  -h, --help     this text\n  -v, --version  version\n";
    s << "\n" << protocol::exitStatusHelp(protocol::UsedByAll);
}

} // namespace

int runCli(const QStringList& arguments, Io io) {
    if (arguments.size() < 2) {
        usage(io.err);
        return ExitUsage;
    }
    const QString& command = arguments.at(1);
    if (command == QLatin1String("-h") || command == QLatin1String("--help") ||
        command == QLatin1String("help")) {
        usage(io.out);
        return ExitOk;
    }
    if (command == QLatin1String("-v") || command == QLatin1String("--version")) {
        io.out << "kix " << KIX_VERSION << " (Qt " << qVersion() << ", CUDA "
               << (KIX_HAVE_CUDA ? QStringLiteral(KIX_CUDA_VERSION) : QStringLiteral("not built")) << ")\n";
        return ExitOk;
    }
    const auto it = commands().find(command);
    if (it == commands().end()) {
        io.err << "kix: unknown command \"" << terminalLine(command) << "\"\n\n";
        usage(io.err);
        return ExitUsage;
    }
    return it->second.first(arguments.mid(2), io);
}

} // namespace kix::cli
