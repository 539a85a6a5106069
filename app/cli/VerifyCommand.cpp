#include "CommandSupport.h"
#include "Digest.h"

namespace kix::cli {

namespace {

struct Totals {
    int runs = 0, resources = 0, verified = 0, mismatch = 0, notVerifiable = 0;
    void count(const QList<DigestCheck>& checks) {
        const DigestSummary s = summarize(checks);
        verified += s.verified;
        mismatch += s.mismatch;
        notVerifiable += s.notVerifiable;
    }
};

void printChecks(const QList<DigestCheck>& checks, Io io) {
    for (const auto& c : checks) {
        io.out << "  " << c.field.leftJustified(22) << stateName(c.state)
               << (c.afterNormalization ? QStringLiteral(" (after normalization)") : QString()) << "\n";
        io.out << "      expected " << untrusted(c.expected) << "\n";
        if (c.state == DigestCheck::State::Mismatch)
            io.out << "      computed " << c.computed << "\n";
        io.out << "      " << untrusted(c.reason) << "\n";
    }
}

QString upstreamText(const Problems& problems) {
    if (std::none_of(problems.begin(), problems.end(),
                     [](const Problem& p) { return p.isError() || isUpstreamFinding(p); }))
        return QStringLiteral("accepted by KernelIndex: yes");
    const int findings = int(std::count_if(problems.begin(), problems.end(), isUpstreamFinding));
    return QStringLiteral("accepted by KernelIndex: no (%1 finding(s), %2 error(s))")
        .arg(findings)
        .arg(errorCount(problems));
}

} // namespace

int verifyCommand(const QStringList& args, Io io) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Recompute every digest the inputs allow. Inputs are read as one set (manifests, folders, catalog "
        "exports): a run's workload or implementation digest is verified against a WorkloadSuite, "
        "WorkloadCase or ImplementationRevision loaded from any of them, and a catalog's published digests "
        "and keys against what kix recomputes. Exit status 1 when any digest mismatches, 3 when an input is "
        "unreadable or invalid."));
    parser.addPositionalArgument(QStringLiteral("inputs"),
                                 QStringLiteral("Files, folders or catalog exports."),
                                 QStringLiteral("INPUT..."));
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print JSON for scripts.")});
    int code = ExitOk;
    if (!parseSubcommand(parser, QStringLiteral("verify"), args, io, 1, -1, code))
        return code;
    const Loaded l = loadInputs(parser.positionalArguments());
    printProblems(l.problems, io);
    const bool json = parser.isSet(QStringLiteral("json"));
    Totals totals;
    Json report = {{"runs", Json::array()}, {"resources", Json::array()}, {"documents", Json::array()}};
    for (int i = 0; i < l.index.runCount(); ++i) {
        const RunEntry& e = l.index.run(i);
        const QList<DigestCheck> checks = verifyRun(l.index, e);
        ++totals.runs;
        totals.count(checks);
        const Problems problems = e.problems();
        if (json) {
            report["runs"].push_back(runJson(l.index, i));
            continue;
        }
        io.out << untrusted(e.occurrences.first().origin.toString()) << ": run "
               << untrusted(e.run->resource->name) << " " << e.run->digest() << "\n";
        for (const auto& o : e.occurrences.mid(1))
            io.out << "  also read from " << untrusted(o.origin.toString()) << "\n";
        io.out << "  " << upstreamText(problems) << "\n";
        if (const int errors = errorCount(problems))
            io.out << "  " << errors
                   << " error(s) in this manifest (listed on stderr); the digests it names:\n";
        printChecks(checks, io);
    }
    QList<const ResourceEntry*> resources;
    for (const auto& entry : l.index.resources())
        if (entry.resource->kind != ResourceKind::BenchmarkRun)
            resources << &entry;
    std::sort(resources.begin(), resources.end(), [](const ResourceEntry* a, const ResourceEntry* b) {
        const Origin& x = a->resource->origin;
        const Origin& y = b->resource->origin;
        return std::tie(x.file, x.line, x.pointer) < std::tie(y.file, y.line, y.pointer);
    });
    for (const ResourceEntry* entry : resources) {
        const ResourceRecord& r = *entry->resource;
        const QList<DigestCheck> checks = verifyResource(l.index, *entry);
        ++totals.resources;
        totals.count(checks);
        if (json) {
            report["resources"].push_back(resourceJson(l.index, *entry));
            continue;
        }
        io.out << untrusted(r.origin.toString()) << ": " << kindName(r.kind) << " " << untrusted(r.name)
               << " " << r.digest
               << (r.normalized() ? QStringLiteral(" (as written %1)").arg(r.writtenDigest) : QString())
               << "\n";
        printChecks(checks, io);
    }
    for (const ProblemRow& p : l.index.problemRows()) {
        if (json) {
            report["documents"].push_back({{"file", p.origin.file.toStdString()},
                                           {"line", p.origin.line},
                                           {"problems", problemsJson(p.problems)}});
            continue;
        }
        for (const Problem& problem : p.problems)
            if (problem.isError())
                io.out << untrusted(problem.location()) << ": not read: "
                       << untrusted(problem.path.isEmpty()
                                        ? problem.message
                                        : problem.path + QStringLiteral(": ") + problem.message)
                       << "\n";
    }
    if (json) {
        report["summary"] = {{"runs", totals.runs},
                             {"resources", totals.resources},
                             {"verified", totals.verified},
                             {"mismatch", totals.mismatch},
                             {"notVerifiable", totals.notVerifiable},
                             {"problems", problemsJson(l.problems)}};
        writeJson(report, io);
    } else {
        io.out << "\n"
               << totals.runs << " run(s), " << totals.resources << " other resource(s): " << totals.verified
               << " verified, " << totals.mismatch << " mismatch, " << totals.notVerifiable
               << " not verifiable; " << errorCount(l.problems) << " error(s) in the inputs\n";
    }
    if (l.anyErrors())
        return ExitInput;
    return totals.mismatch > 0 ? ExitMismatch : ExitOk;
}

} // namespace kix::cli
