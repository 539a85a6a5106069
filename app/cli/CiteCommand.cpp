#include "BundleView.h"
#include "Citation.h"
#include "CommandSupport.h"
#include "TextSanitizer.h"

namespace kix::cli {

int citeCommand(const QStringList& args, Io io) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Citation text for a run, with permalink, digest and access date."));
    addExitStatuses(parser, protocol::UsedByCite);
    parser.addPositionalArgument(QStringLiteral("file"),
                                 QStringLiteral("Manifest (or catalog export) holding the run."));
    parser.addOption({QStringLiteral("run"),
                      QStringLiteral("Which run, when the input holds several: digest, name or catalog id."),
                      QStringLiteral("run")});
    parser.addOption({QStringLiteral("format"), QStringLiteral("bibtex, cff or text (default bibtex)."),
                      QStringLiteral("format"), QStringLiteral("bibtex")});
    parser.addOption({QStringLiteral("url"),
                      QStringLiteral("Permalink to cite (default: the manifest's own, if any)."),
                      QStringLiteral("url")});
    parser.addOption({QStringLiteral("accessed"), QStringLiteral("Access date, YYYY-MM-DD (default: today)."),
                      QStringLiteral("date")});
    int code = ExitOk;
    if (!parseSubcommand(parser, QStringLiteral("cite"), args, io, 1, 1, code))
        return code;
    const auto format = citationFormatFromName(parser.value(QStringLiteral("format")));
    if (!format) {
        io.err << "kix cite: unknown format \"" << terminalLine(parser.value(QStringLiteral("format")))
               << "\": expected bibtex, cff or text\n";
        return ExitUsage;
    }
    CitationOptions options;
    options.url = parser.value(QStringLiteral("url"));
    if (parser.isSet(QStringLiteral("accessed"))) {
        options.accessed = QDate::fromString(parser.value(QStringLiteral("accessed")), Qt::ISODate);
        if (!options.accessed.isValid()) {
            io.err << "kix cite: --accessed expects a date as YYYY-MM-DD, got \""
                   << terminalLine(parser.value(QStringLiteral("accessed"))) << "\"\n";
            return ExitUsage;
        }
    }
    const Loaded l = loadInputs(parser.positionalArguments());
    printProblems(l.problems, io);
    if (l.anyErrors())
        return ExitInput;
    const QList<int> runs = selectRuns(l.index, parser.value(QStringLiteral("run")));
    if (runs.size() != 1) {
        if (runs.isEmpty())
            io.err << "kix cite: " << terminalLine(parser.positionalArguments().first())
                   << " holds no BenchmarkRun to cite\n";
        else
            io.err << "kix cite: " << terminalLine(parser.positionalArguments().first()) << " holds "
                   << runs.size() << " runs: choose one with --run NAME|DIGEST\n";
        return ExitInput;
    }
    const ManifestPtr run = bundleView(l.index, l.index.rowOfRun(runs.first()));
    const Manifest& m = *run;
    // Each format escapes manifest text for its own parser and emits no control character, escape
    // sequence or bidi control, so the citation is safe on a terminal as it is.
    io.out << cite(m, *format, options);
    return ExitOk;
}

} // namespace kix::cli
