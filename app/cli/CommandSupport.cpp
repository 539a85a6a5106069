#include "CommandSupport.h"

#include "ManifestParser.h"
#include "RunStore.h"

namespace kix::cli {

bool parseSubcommand(QCommandLineParser& parser, const QString& name, const QStringList& args, Io io,
                     int minPositional, int maxPositional, int& exitCode) {
    parser.addHelpOption();
    QStringList full = args;
    full.prepend(QStringLiteral("kix ") + name);
    if (!parser.parse(full)) {
        io.err << "kix " << name << ": " << parser.errorText() << "\n";
        exitCode = ExitUsage;
        return false;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        // Qt names the program by its path; say "kix <command>" as the user typed it.
        QString help = parser.helpText();
        const qsizetype options = help.indexOf(QStringLiteral(" [options]"));
        if (help.startsWith(QStringLiteral("Usage: ")) && options > 0)
            help.replace(7, options - 7, QStringLiteral("kix ") + name);
        io.out << help;
        exitCode = ExitOk;
        return false;
    }
    const auto count = parser.positionalArguments().size();
    if (count < minPositional || (maxPositional >= 0 && count > maxPositional)) {
        io.err << "kix " << name << ": expected "
               << (minPositional == maxPositional ? QString::number(minPositional)
                   : maxPositional < 0            ? QStringLiteral("at least %1").arg(minPositional)
                                       : QStringLiteral("%1 to %2").arg(minPositional).arg(maxPositional))
               << " file argument(s), got " << count << " (see kix " << name << " --help)\n";
        exitCode = ExitUsage;
        return false;
    }
    return true;
}

void printProblems(const Manifest& m, Io io) {
    for (const auto& p : m.problems)
        io.err << p.toString() << "\n";
}

Loaded loadFiles(const QStringList& files, Io io) {
    Loaded l;
    l.manifests = RunStore::loadBlocking(files);
    for (const auto& m : l.manifests) {
        printProblems(*m, io);
        l.anyErrors = l.anyErrors || m->hasErrors();
        l.resources.add(*m);
    }
    return l;
}

void writeJson(const Json& value, Io io) {
    io.out << QString::fromStdString(value.dump(2)) << "\n";
}

Json problemsJson(const Problems& problems) {
    Json a = Json::array();
    for (const auto& p : problems)
        a.push_back({{"severity", p.isError() ? "error" : "warning"},
                     {"file", p.file.toStdString()},
                     {"path", p.path.toStdString()},
                     {"message", p.message.toStdString()}});
    return a;
}

Json checksJson(const QList<DigestCheck>& checks) {
    Json a = Json::array();
    for (const auto& c : checks)
        a.push_back({{"field", c.field.toStdString()},
                     {"kind", c.kind.toStdString()},
                     {"state", stateName(c.state).toStdString()},
                     {"expected", c.expected.toStdString()},
                     {"computed", c.computed.isEmpty() ? Json(nullptr) : Json(c.computed.toStdString())},
                     {"reason", c.reason.toStdString()}});
    return a;
}

} // namespace kix::cli
