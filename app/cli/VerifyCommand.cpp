#include "CommandSupport.h"
#include "Digest.h"
#include "TrustSupport.h"

#include <QMap>

namespace kix::cli {

namespace {

struct Totals {
    int runs = 0, resources = 0, verified = 0, mismatch = 0, notVerifiable = 0;
    int suspicious = 0, atRoofline = 0; // runs with such a roofline flag (the run or one of its cases)
    QMap<QString, int> signatures;      // envelope states, by name
    void count(const QList<DigestCheck>& checks) {
        const DigestSummary s = summarize(checks);
        verified += s.verified;
        mismatch += s.mismatch;
        notVerifiable += s.notVerifiable;
    }
};

void printChecks(const QList<DigestCheck>& checks, Io io) {
    for (const auto& c : checks) {
        io.out << "  " << column(c.field, 22) << stateName(c.state)
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
        "and keys against what kix recomputes. Every signed envelope beside a manifest is checked too "
        "(docs/trust.md), each run gets its evidence level, and the speed-of-light check warns about a run "
        "faster than its memory roofline (a warning, never a failure). Exit status, the worst that applies: "
        "9 a signed file was edited after signing (subject digest does not match), 8 a signature is invalid, "
        "10 an envelope is malformed, 3 an input is unreadable or invalid, 1 a digest mismatches, 7 signed "
        "only by unknown keys, 0 otherwise (unsigned runs included)."));
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
    TrustReport trust(l.index);
    int worst = ExitOk;
    bool anySignature = false;
    Json report = {{"runs", Json::array()}, {"resources", Json::array()}, {"documents", Json::array()}};
    for (int i = 0; i < l.index.runCount(); ++i) {
        const RunEntry& e = l.index.run(i);
        const QList<DigestCheck> checks = verifyRun(l.index, e);
        ++totals.runs;
        totals.count(checks);
        const Problems problems = e.problems();
        const RunTrustFacts facts = trust.factsOf(i, checks);
        worst = worseExit(worst, signatureExit(facts.trust.signatures, ExitOk));
        anySignature |= !facts.trust.signatures.isEmpty();
        for (const SignatureCheck& c : facts.trust.signatures)
            ++totals.signatures[signatureStateName(c.state)];
        totals.suspicious += facts.roofline.suspiciousCount() > 0 ? 1 : 0;
        totals.atRoofline += facts.roofline.atRooflineCount() > 0 ? 1 : 0;
        if (json) {
            Json run = runJson(l.index, i);
            addTrustJson(run, facts);
            report["runs"].push_back(run);
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
        printTrust(facts, io);
    }
    if (anySignature && !trust.trustStoreProblem().isEmpty()) {
        io.err << "kix verify: " << trust.trustStoreProblem() << "\n";
        worst = worseExit(worst, ExitInput);
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
        report["summary"] = {
            {"runs", totals.runs},
            {"resources", totals.resources},
            {"verified", totals.verified},
            {"mismatch", totals.mismatch},
            {"notVerifiable", totals.notVerifiable},
            {"signatures", Json::object()},
            {"roofline", {{"suspicious", totals.suspicious}, {"atRoofline", totals.atRoofline}}},
            {"problems", problemsJson(l.problems)}};
        for (auto it = totals.signatures.constBegin(); it != totals.signatures.constEnd(); ++it)
            report["summary"]["signatures"][it.key().toStdString()] = it.value();
        writeJson(report, io);
    } else {
        io.out << "\n"
               << totals.runs << " run(s), " << totals.resources << " other resource(s): " << totals.verified
               << " verified, " << totals.mismatch << " mismatch, " << totals.notVerifiable
               << " not verifiable; " << errorCount(l.problems) << " error(s) in the inputs\n";
        if (!totals.signatures.isEmpty()) {
            QStringList states;
            for (auto it = totals.signatures.constBegin(); it != totals.signatures.constEnd(); ++it)
                states << QStringLiteral("%1 %2").arg(it.value()).arg(it.key());
            io.out << "envelopes: " << states.join(QStringLiteral(", ")) << "\n";
        }
        if (totals.suspicious + totals.atRoofline > 0)
            io.out << "roofline: " << totals.suspicious
                   << " run(s) faster than the memory roofline (suspicious), " << totals.atRoofline
                   << " at the roofline; warnings, not digest failures\n";
    }
    if (l.anyErrors())
        worst = worseExit(worst, ExitInput);
    if (totals.mismatch > 0)
        worst = worseExit(worst, ExitMismatch);
    return worst;
}

} // namespace kix::cli
