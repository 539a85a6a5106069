#include "CommandSupport.h"
#include "Digest.h"
#include "RejectedLinks.h"
#include "TrustSupport.h"

#include <QMap>
#include <QSet>

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
        io.out << "  " << column(terminalLine(c.field), 22) << stateName(c.state)
               << (c.afterNormalization ? QStringLiteral(" (after normalization)") : QString()) << "\n";
        io.out << "      expected " << terminalLine(c.expected) << "\n";
        if (c.state == DigestCheck::State::Mismatch)
            io.out << "      computed " << c.computed << "\n";
        io.out << "      " << terminalLine(c.reason) << "\n";
    }
}

QString upstreamText(const Problems& problems, const QList<const ResourceRecord*>& rejected) {
    const bool own = std::any_of(problems.begin(), problems.end(),
                                 [](const Problem& p) { return p.isError() || isUpstreamFinding(p); });
    if (!own && rejected.isEmpty())
        return QStringLiteral("accepted by KernelIndex: yes");
    const int findings = int(std::count_if(problems.begin(), problems.end(), isUpstreamFinding));
    QString text = QStringLiteral("accepted by KernelIndex: no (%1 finding(s), %2 error(s)")
                       .arg(findings)
                       .arg(errorCount(problems));
    if (!rejected.isEmpty())
        text += QStringLiteral("; ") + rejectedLinksPhrase(rejectedLinkNames(rejected),
                                                           [](const QString& n) { return terminalLine(n); });
    return text + u')';
}

// Why a run is not accepted upstream though it has no problem of its own: the linked resources KernelIndex
// would reject, by name and as the text says it ("rejectedLinks", "upstreamReason"; issue 37).
void addRejectedLinksJson(Json& run, const QList<const ResourceRecord*>& rejected) {
    const QStringList names = rejectedLinkNames(rejected);
    run["rejectedLinks"] = Json::array();
    for (const QString& n : names)
        run["rejectedLinks"].push_back(n.toStdString());
    run["upstreamReason"] =
        names.isEmpty() ? Json(nullptr)
                        : Json(rejectedLinksPhrase(names, [](const QString& n) { return n; }).toStdString());
}

// One `kix verify`: every run, every other resource, every document that gave neither, then the summary;
// each step adds to the totals, the JSON report and the worst exit status.
class Verify {
public:
    Verify(const Loaded& loaded, bool json, bool strictUpstream, Io io)
        : m_l(loaded)
        , m_json(json)
        , m_strict(strictUpstream)
        , m_io(io)
        , m_trust(loaded.index) {}

    // The exit rule (docs/trust.md): 1 for any mismatch, 3 only for what could not be read or nothing to
    // check, 14 for an invalid record read (an error in it, which KernelIndex's parser rejects too): an
    // invalid input is never 0 (issue 37: a negative latency exited 0). --strict-upstream adds every
    // finding of KernelIndex's schemas or parser in what was read (kix's own CPU-mode files have some).
    int run() {
        noteReadOrigins();
        runs();
        resources();
        documents();
        summary();
        if (std::ranges::any_of(m_l.index.problemRows(), [this](const ProblemRow& p) { return !wasRead(p); }))
            m_worst = worseExit(m_worst, ExitInput);
        if (m_totals.runs + m_totals.resources == 0) {
            if (!m_json)
                m_io.err << "kix verify: nothing to check: the inputs hold no run and no other resource\n";
            m_worst = worseExit(m_worst, ExitInput);
        }
        if (m_totals.mismatch > 0 || std::ranges::any_of(m_l.problems, isMismatchProblem))
            m_worst = worseExit(m_worst, ExitMismatch);
        if (std::ranges::any_of(m_l.problems, [this](const Problem& p) {
                return p.isError() || (m_strict && isUpstreamFinding(p));
            }))
            m_worst = worseExit(m_worst, ExitUpstream);
        return m_worst;
    }

private:
    static QString originKey(const QString& file, qint64 line) {
        return file + QStringLiteral(":") + QString::number(line);
    }
    // Where a record was read from, so that a problem row of a record that was read (a catalog row whose
    // published digest differs) is never called "not read".
    void noteReadOrigins() {
        for (const RunEntry& e : m_l.index.runs())
            for (const auto& o : e.occurrences)
                m_readOrigins.insert(originKey(o.origin.file, o.origin.line));
        for (const auto& entry : m_l.index.resources())
            m_readOrigins.insert(originKey(entry.resource->origin.file, entry.resource->origin.line));
    }
    bool wasRead(const ProblemRow& p) const {
        return m_readOrigins.contains(originKey(p.origin.file, p.origin.line));
    }
    // What kix recomputed and found different: a catalog's published values, a raw-samples file's digest,
    // and a case's stated statistics against its samples (issue 40: these exited 0).
    static bool isMismatchProblem(const Problem& p) {
        static const QStringList mismatches = {QString::fromLatin1(codes::catalogDigest),
                                               QString::fromLatin1(codes::catalogKey),
                                               QString::fromLatin1(codes::catalogStatus),
                                               QString::fromLatin1(codes::catalogPrimary),
                                               QString::fromLatin1(codes::evidenceDigestMismatch),
                                               QString::fromLatin1(codes::evidenceStatistics)};
        return mismatches.contains(p.code);
    }

    void runs() {
        bool anySignature = false;
        for (int i = 0; i < m_l.index.runCount(); ++i) {
            const RunEntry& e = m_l.index.run(i);
            const QList<DigestCheck> checks = verifyRun(m_l.index, e);
            ++m_totals.runs;
            m_totals.count(checks);
            const RunTrustFacts facts = m_trust.factsOf(i, checks);
            m_worst = worseExit(m_worst, signatureExit(facts.trust.signatures, ExitOk));
            anySignature |= !facts.trust.signatures.isEmpty();
            for (const SignatureCheck& c : facts.trust.signatures)
                ++m_totals.signatures[signatureStateName(c.state)];
            m_totals.suspicious += facts.roofline.suspiciousCount() > 0 ? 1 : 0;
            m_totals.atRoofline += facts.roofline.atRooflineCount() > 0 ? 1 : 0;
            if (m_json) {
                Json run = runJson(m_l.index, i);
                addRejectedLinksJson(run, rejectedLinks(m_l.index, checks));
                addTrustJson(run, facts);
                m_report["runs"].push_back(run);
            } else {
                printRun(e, checks, facts);
            }
        }
        if (anySignature && !m_trust.trustStoreProblem().isEmpty()) {
            m_io.err << "kix verify: " << terminalLine(m_trust.trustStoreProblem()) << "\n"; // names a file
            m_worst = worseExit(m_worst, ExitInput);
        }
    }

    void printRun(const RunEntry& e, const QList<DigestCheck>& checks, const RunTrustFacts& facts) {
        const Problems problems = e.problems();
        m_io.out << terminalLine(e.occurrences.first().origin.toString()) << ": run "
                 << terminalLine(e.run->resource->name) << " " << e.run->digest() << "\n";
        for (const auto& o : e.occurrences.mid(1))
            m_io.out << "  also read from " << terminalLine(o.origin.toString()) << "\n";
        m_io.out << "  " << upstreamText(problems, rejectedLinks(m_l.index, checks)) << "\n";
        if (const int errors = errorCount(problems))
            m_io.out << "  " << errors
                     << " error(s) in this manifest (listed on stderr); the digests it names:\n";
        printChecks(checks, m_io);
        printTrust(facts, m_io);
    }

    void resources() {
        QList<const ResourceEntry*> resources;
        for (const auto& entry : m_l.index.resources())
            if (entry.resource->kind != ResourceKind::BenchmarkRun)
                resources << &entry;
        std::sort(resources.begin(), resources.end(), [](const ResourceEntry* a, const ResourceEntry* b) {
            const Origin& x = a->resource->origin;
            const Origin& y = b->resource->origin;
            return std::tie(x.file, x.line, x.pointer) < std::tie(y.file, y.line, y.pointer);
        });
        for (const ResourceEntry* entry : resources) {
            const ResourceRecord& r = *entry->resource;
            const QList<DigestCheck> checks = verifyResource(m_l.index, *entry);
            ++m_totals.resources;
            m_totals.count(checks);
            if (m_json) {
                m_report["resources"].push_back(resourceJson(m_l.index, *entry));
                continue;
            }
            m_io.out << terminalLine(r.origin.toString()) << ": " << kindName(r.kind) << " "
                     << terminalLine(r.name) << " " << r.digest
                     << (r.normalized() ? QStringLiteral(" (as written %1)").arg(r.writtenDigest) : QString())
                     << "\n";
            printChecks(checks, m_io);
        }
    }

    void documents() {
        for (const ProblemRow& p : m_l.index.problemRows()) {
            if (m_json) {
                m_report["documents"].push_back({{"file", p.origin.file.toStdString()},
                                                 {"line", p.origin.line},
                                                 {"problems", problemsJson(p.problems)}});
                continue;
            }
            const bool read = wasRead(p);
            for (const Problem& problem : p.problems)
                if (problem.isError())
                    m_io.out << terminalLine(problem.location())
                             << (isMismatchProblem(problem) ? ": mismatch: "
                                 : read                     ? ": error in a record read: "
                                                            : ": not read: ")
                             << terminalLine(problem.path.isEmpty()
                                                 ? problem.message
                                                 : problem.path + QStringLiteral(": ") + problem.message)
                             << "\n";
        }
    }

    void summary() {
        const Totals& t = m_totals;
        if (m_json) {
            m_report["summary"] = {{"runs", t.runs},
                                   {"resources", t.resources},
                                   {"verified", t.verified},
                                   {"mismatch", t.mismatch},
                                   {"notVerifiable", t.notVerifiable},
                                   {"signatures", Json::object()},
                                   {"roofline", {{"suspicious", t.suspicious}, {"atRoofline", t.atRoofline}}},
                                   {"problems", problemsJson(m_l.problems)}};
            for (auto it = t.signatures.constBegin(); it != t.signatures.constEnd(); ++it)
                m_report["summary"]["signatures"][it.key().toStdString()] = it.value();
            writeJson(m_report, m_io);
            return;
        }
        m_io.out << "\n"
                 << t.runs << " run(s), " << t.resources << " other resource(s): " << t.verified
                 << " verified, " << t.mismatch << " mismatch, " << t.notVerifiable << " not verifiable; "
                 << m_l.errors() << " error(s) in the inputs\n";
        if (!t.signatures.isEmpty()) {
            QStringList states;
            for (auto it = t.signatures.constBegin(); it != t.signatures.constEnd(); ++it)
                states << QStringLiteral("%1 %2").arg(it.value()).arg(it.key());
            m_io.out << "envelopes: " << states.join(QStringLiteral(", ")) << "\n";
        }
        if (t.suspicious + t.atRoofline > 0)
            m_io.out << "roofline: " << t.suspicious
                     << " run(s) faster than the memory roofline (suspicious), " << t.atRoofline
                     << " at the roofline; warnings, not digest failures\n";
    }

    const Loaded& m_l;
    bool m_json;
    bool m_strict;
    Io m_io;
    QSet<QString> m_readOrigins;
    TrustReport m_trust;
    Totals m_totals;
    int m_worst = ExitOk;
    Json m_report = {{"runs", Json::array()}, {"resources", Json::array()}, {"documents", Json::array()}};
};

} // namespace

int verifyCommand(const QStringList& args, Io io) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Recompute every digest the inputs allow. Inputs are read as one set (manifests, folders, catalog "
        "exports): a run's workload or implementation digest is verified against a WorkloadSuite, "
        "WorkloadCase or ImplementationRevision loaded from any of them, and a catalog's published digests "
        "and keys against what kix recomputes. Every signed envelope beside a manifest is checked too "
        "(docs/trust.md), each run gets its evidence level, and the speed-of-light check warns about a run "
        "faster than its memory roofline (a warning, never a failure)."));
    addExitStatuses(
        parser, protocol::UsedByVerify,
        QStringLiteral(
            "the worst that applies (9 > 8 > 10 > 3 > 1 > 14 > 7 > 0; unsigned runs are not a failure)"));
    parser.addPositionalArgument(QStringLiteral("inputs"),
                                 QStringLiteral("Files, folders or catalog exports."),
                                 QStringLiteral("INPUT..."));
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print JSON for scripts.")});
    parser.addOption({QStringLiteral("strict-upstream"),
                      QStringLiteral("Exit 14 also when KernelIndex would reject anything that was read (its "
                                     "schemas or its parser); without it, 14 only for a record read that has "
                                     "an error.")});
    int code = ExitOk;
    if (!parseSubcommand(parser, QStringLiteral("verify"), args, io, 1, -1, code))
        return code;
    const Loaded l = loadInputs(parser.positionalArguments(), &io);
    return Verify(l, parser.isSet(QStringLiteral("json")), parser.isSet(QStringLiteral("strict-upstream")),
                  io)
        .run();
}

} // namespace kix::cli
