#include "CommandSupport.h"

#include "BundleView.h"
#include "InputLimits.h"
#include "LoadJob.h"
#include "Policy.h"
#include "RunStore.h"
#include "SourceReader.h"

#include <QDir>
#include <QFileInfo>
#include <algorithm>
#include <cmath>

namespace kix::cli {

namespace {
std::string s(const QString& text) {
    return text.toStdString();
}
Json orNull(const QString& text) {
    return text.isEmpty() ? Json(nullptr) : Json(text.toStdString());
}
Json orNull(const std::optional<double>& v) {
    return v ? Json(*v) : Json(nullptr);
}
} // namespace

void addExitStatuses(QCommandLineParser& parser, unsigned command, const QString& lead) {
    parser.setApplicationDescription(parser.applicationDescription() + QStringLiteral("\n\n") +
                                     protocol::exitStatusHelp(command, lead));
}

bool parseSubcommand(QCommandLineParser& parser, const QString& name, const QStringList& args, Io io,
                     int minPositional, int maxPositional, int& exitCode) {
    parser.addHelpOption();
    QStringList full = args;
    full.prepend(QStringLiteral("kix ") + name);
    if (!parser.parse(full)) {
        io.err << "kix " << name << ": " << terminalLine(parser.errorText()) << "\n"; // echoes the option
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

Loaded loadInputs(const QStringList& paths, const Io* printAsRead) {
    Loaded l;
    LoadJob job(paths, JsonLimits{}, [&l, printAsRead](LoadBatch&& batch) {
        l.notListed += batch.notListed;
        for (ParsedDocument& doc : batch.documents) {
            if (printAsRead) {
                printProblems(doc.problems, *printAsRead);
                printAsRead->err.flush();
            }
            l.problems += doc.problems;
            l.index.add(std::move(doc));
        }
    });
    job.run();
    Problems keys;
    for (const RunEntry& e : l.index.runs())
        if (e.published())
            keys += publishedKeyProblems(l.index, e);
    if (printAsRead)
        printProblems(keys, *printAsRead);
    l.problems += keys;
    return l;
}

std::optional<double> parsePercentArgument(QString text) {
    if (text.endsWith(u'%'))
        text.chop(1);
    bool ok = false;
    const double pct = text.toDouble(&ok);
    // 1e308, a denormal or 1e-9 parse, but no minimum effect is that large or small (InputLimits.h).
    const double fraction = pct / 100.0;
    if (!ok || !std::isfinite(pct) || !(fraction >= limits::kMinMinimumEffect) ||
        !(fraction <= limits::kMaxMinimumEffect))
        return std::nullopt;
    return fraction;
}

std::optional<double> readMinEffect(const QCommandLineParser& parser, const QString& command, Io io) {
    const QString text = parser.value(QStringLiteral("min-effect"));
    const auto effect = parsePercentArgument(text);
    if (!effect)
        io.err << "kix " << command
               << ": --min-effect expects a percentage from 0.1 to 50, such as 2 or 0.5, got \""
               << terminalLine(text) << "\"\n";
    return effect;
}

QString column(const QString& text, int width) {
    return text.leftJustified(width - 1) + u' ';
}

namespace {
// Whether a run was read from under a --path: anywhere below `folder` when that is set, else from the file
// whose identity is `identity` (so another spelling of the same file's path matches too).
bool readFrom(const RunEntry& e, const QString& folder, const QString& identity) {
    return std::ranges::any_of(e.occurrences, [&](const auto& o) {
        return !folder.isEmpty() ? QFileInfo(o.origin.file).canonicalFilePath().startsWith(folder)
                                 : fileIdentity(o.origin.file) == identity;
    });
}

// Whether a run answers to a selector: its resource name, a digest prefix of at least 6 hex digits
// (`hex`, the selector less any "sha256:"), or the id of a published record that carries it.
bool matchesSelector(const RunEntry& e, const QString& selector, const QString& hex) {
    const ResourceRecord& r = *e.run->resource;
    if (r.name == selector || (hex.size() >= 6 && r.digest.mid(7).startsWith(hex)))
        return true;
    return std::ranges::any_of(e.occurrences,
                               [&](const auto& o) { return o.published && o.published->id == selector; });
}
} // namespace

QList<int> selectRuns(const RecordIndex& index, const QString& selector, const QString& underPath) {
    QString folder;
    QString identity;
    if (!underPath.isEmpty()) {
        const QFileInfo info(underPath);
        if (info.isDir())
            folder = info.canonicalFilePath() + u'/';
        else
            identity = fileIdentity(underPath);
    }
    const QString hex = selector.startsWith(QLatin1String("sha256:")) ? selector.mid(7) : selector;
    QList<int> out;
    for (int i = 0; i < index.runCount(); ++i) {
        const RunEntry& e = index.run(i);
        if ((underPath.isEmpty() || readFrom(e, folder, identity)) &&
            (selector.isEmpty() || matchesSelector(e, selector, hex)))
            out << i;
    }
    return out;
}

void printProblems(const Problems& problems, Io io) {
    for (const auto& p : problems)
        io.err << terminalLine(p.toString()) << "\n";
}

void writeJson(const Json& value, Io io) {
    io.out << QString::fromStdString(value.dump(2, ' ', true, Json::error_handler_t::replace)) << "\n";
}

void writeJsonLine(const Json& value, Io io) {
    io.out << QString::fromStdString(value.dump(-1, ' ', true, Json::error_handler_t::replace)) << "\n";
}

Json problemsJson(const Problems& problems) {
    Json a = Json::array();
    for (const auto& p : problems) {
        Json j = {{"severity", p.isError() ? "error" : "warning"},
                  {"code", orNull(p.code)},
                  {"file", s(p.file)},
                  {"path", s(p.path)},
                  {"message", s(p.message)}};
        if (p.line > 0)
            j["line"] = p.line;
        a.push_back(j);
    }
    return a;
}

Json checksJson(const QList<DigestCheck>& checks) {
    Json a = Json::array();
    for (const auto& c : checks)
        a.push_back({{"field", s(c.field)},
                     {"kind", orNull(c.kind)},
                     {"state", s(stateName(c.state))},
                     {"expected", s(c.expected)},
                     {"computed", orNull(c.computed)},
                     {"afterNormalization", c.afterNormalization},
                     {"reason", s(c.reason)}});
    return a;
}

Json originsJson(const QList<Origin>& origins) {
    Json a = Json::array();
    for (const auto& o : origins) {
        Json j = {{"file", s(o.file)}, {"pointer", s(o.pointer)}};
        if (o.line > 0)
            j["line"] = o.line;
        a.push_back(j);
    }
    return a;
}

Json runJson(const RecordIndex& index, int runIndex) {
    const RunEntry& e = index.run(runIndex);
    const ManifestPtr m = bundleView(index, index.rowOfRun(runIndex));
    const RunSpec& r = m->runSpec;
    const PolicyFacts& f = m->policy;
    QList<Origin> origins;
    for (const auto& o : e.occurrences)
        origins << o.origin;
    Json policy = {{"comparisonKey", orNull(f.comparisonKey)},
                   {"eligible", f.eligible()},
                   {"ineligible", Json::array()}};
    for (const QString& c : f.ineligible)
        policy["ineligible"].push_back(s(c));
    const std::pair<const char*, const KeyPart*> parts[] = {
        {"operation", &f.operation},     {"workload", &f.workload},       {"protocol", &f.protocol},
        {"environment", &f.environment}, {"correctness", &f.correctness}, {"metric", &f.metric}};
    for (const auto& [name, part] : parts)
        policy["parts"][name] = {
            {"value", orNull(part->value)}, {"label", s(part->label)}, {"missing", orNull(part->missing)}};
    Json j = {{"name", s(m->run->name)},
              {"title", s(m->title())},
              {"digest", s(m->run->digest)},
              {"writtenDigest", s(m->run->writtenDigest)},
              {"file", s(m->file)},
              {"origins", originsJson(origins)},
              {"status", s(r.status)},
              {"observedAt", s(r.observedAt)},
              {"benchmark", s(r.benchmark)},
              {"implementation", s(m->implementationLabel())},
              {"gpu", s(m->gpuLabel())},
              {"latencyNs", orNull(r.primaryLatencyNs())},
              {"cases", r.cases.size()},
              {"acceptedUpstream", m->acceptedUpstream()},
              {"digests", checksJson(m->checks)},
              {"policy", policy},
              {"problems", problemsJson(m->problems)}};
    if (f.primary)
        j["primary"] = {{"metric", s(f.primary->metric)},
                        {"statistic", s(f.primary->statistic)},
                        {"unit", s(f.primary->unit)},
                        {"value", f.primary->value}};
    else
        j["primary"] = nullptr;
    if (m->published) {
        const CatalogRunFacts& p = *m->published;
        j["published"] = {{"id", s(p.id)},
                          {"runDigest", orNull(p.runDigest)},
                          {"comparisonKey", orNull(p.comparisonKey)},
                          {"status", orNull(p.status)},
                          {"primaryMetric", orNull(p.primaryMetric)},
                          {"primaryValue", orNull(p.primaryValue)},
                          {"retractedAt", orNull(p.retractedAt)},
                          {"supersedesId", orNull(p.supersedesId)},
                          {"measurements", m->publishedMeasurements.size()}};
    }
    return j;
}

Json resourceJson(const RecordIndex& index, const ResourceEntry& entry) {
    const ResourceRecord& r = *entry.resource;
    Json normalization = Json::array();
    for (const QString& c : r.normalization)
        normalization.push_back(s(c));
    Json j = {{"kind", s(kindName(r.kind))},
              {"name", s(r.name)},
              {"digest", s(r.digest)},
              {"writtenDigest", s(r.writtenDigest)},
              {"normalization", normalization},
              {"origins", originsJson(entry.origins)},
              {"acceptedUpstream", r.acceptedUpstream()},
              {"checks", checksJson(verifyResource(index, entry))},
              {"problems", problemsJson(r.problems)}};
    return j;
}

} // namespace kix::cli
