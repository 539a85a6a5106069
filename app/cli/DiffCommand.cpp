#include "BundleView.h"
#include "CaseComparison.h"
#include "CommandSupport.h"
#include "Comparability.h"
#include "Diff.h"
#include "DiffReport.h"
#include "Format.h"
#include "ProfileSupport.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace kix::cli {

namespace {

// An added or removed field is often a whole object: its first characters say what it is.
constexpr qsizetype kAddedOrRemovedCap = 120;
constexpr double kPercent = 100;
constexpr qsizetype kCandidatesShown = 10; // runs named when a selector matches several

// A selector that several runs answer to (a name two catalog runs share): each candidate by its digest,
// catalog id and where it was read, so the user can pick one by a selector that is unique.
void printCandidates(const Loaded& l, const QString& side, const QString& path, const QString& selector,
                     const QList<int>& runs, Io io) {
    io.err << "kix diff: " << runs.size() << " runs of " << terminalLine(path) << " match --" << side
           << "-run \"" << terminalLine(selector) << "\"; choose one by its digest or catalog id:\n";
    for (const int i : runs.first(std::min<qsizetype>(runs.size(), kCandidatesShown))) {
        const RunEntry& e = l.index.run(i);
        const CatalogRunFacts* published = e.published();
        io.err << "  " << e.run->digest()
               << (published ? QStringLiteral("  catalog id ") + terminalLine(published->id) : QString())
               << "  " << terminalLine(e.occurrences.first().origin.file) << ':'
               << e.occurrences.first().origin.line << "\n";
    }
    if (runs.size() > kCandidatesShown)
        io.err << "  … and " << runs.size() - kCandidatesShown << " more\n";
}

// The one run `path` holds (or the one `selector` picks among them); prints why not and returns -1.
int pickRun(const Loaded& l, const QString& side, const QString& path, const QString& selector, Io io) {
    const QList<int> runs = selectRuns(l.index, selector, path);
    if (runs.size() == 1)
        return runs.first();
    if (runs.isEmpty())
        io.err << "kix diff: " << terminalLine(path) << " holds no "
               << (selector.isEmpty() ? QStringLiteral("BenchmarkRun")
                                      : QStringLiteral("run matching \"%1\"").arg(terminalLine(selector)))
               << "\n";
    else if (selector.isEmpty())
        io.err << "kix diff: " << terminalLine(path) << " holds " << runs.size()
               << " runs: choose one with --" << side << "-run NAME|DIGEST\n";
    else
        printCandidates(l, side, path, selector, runs, io);
    return -1;
}

// --fail-if slower[:PCT]: the minimum effect its suite verdict is judged at (PCT, else --min-effect).
std::optional<double> parseFailIf(const QString& text, double minimumEffect) {
    const QLatin1String slower("slower"), withPct("slower:");
    if (text == slower)
        return minimumEffect;
    if (!text.startsWith(withPct))
        return std::nullopt;
    return parsePercentArgument(text.mid(withPct.size()));
}

// The gate judges at PCT, or at the baseline's (A's) measured noise floor where that is larger; never at
// the candidate's, which would let the run under test set its own tolerance.
struct Gate {
    double effect = 0;                    // PCT as a fraction
    std::optional<double> floorA, floorB; // the runs' own A/A noise floors
    CaseVerdict suite;                    // judged at threshold()
    bool comparable = false;
    double threshold() const { return std::max(effect, floorA.value_or(0)); }
};

std::optional<double> noiseFloorOf(const Manifest& m) {
    return m.runSpec.gpu ? m.runSpec.gpu->noiseFloor : std::nullopt;
}

QString percentLabel(double fraction) {
    return QString::number(fraction * kPercent, 'g', 3) + u'%';
}

// What --fail-if makes of the comparison. It asks one question, "is B slower than A beyond PCT?", so it is
// one-sided: slower when the suite's interval lies wholly above 1 + PCT; ok when the verdict is same or
// faster, or when the interval, though it straddles the faster edge, stays at or below 1 + PCT (no
// regression beyond PCT is possible); cant-tell when the runs are not comparable, no interval exists, or
// the interval reaches above 1 + PCT without lying wholly above it.
int gateStatus(const Gate& g) {
    if (!g.comparable)
        return ExitCantTell;
    switch (g.suite.verdict) {
    case Verdict::Slower:
        return ExitSlower;
    case Verdict::Same:
    case Verdict::Faster:
        return ExitOk;
    case Verdict::CantTell:
        break;
    }
    // Only the bootstrap and Welch methods give an interval.
    const bool ruledOut = g.suite.interval && g.suite.interval->hi <= 1 + g.threshold();
    return ruledOut ? ExitOk : ExitCantTell;
}

QString gateStatusName(int status) {
    return QString::fromLatin1(protocol::exitStatusInfo(status)->name);
}

// "--fail-if slower:2%: exit 12 (slower): the suite verdict at 2% is slower"; the threshold named as A's
// noise floor where that decided it, and a larger floor of B's named as not used.
QString gateLine(const Gate& g) {
    const int status = gateStatus(g);
    const QString pct = percentLabel(g.effect);
    const QString at =
        g.threshold() > g.effect
            ? QStringLiteral("%1 (A's noise floor, above %2)").arg(percentLabel(g.threshold()), pct)
            : pct;
    QString why = g.comparable
                      ? QStringLiteral("the suite verdict at %1 is %2").arg(at, verdictName(g.suite.verdict))
                      : QStringLiteral("the runs are not comparable");
    if (g.comparable && g.suite.verdict == Verdict::CantTell && status == ExitOk)
        why += QStringLiteral(", but its interval stays below 1 + %1 (upper end %2): not slower beyond %1")
                   .arg(percentLabel(g.threshold()), QString::number(g.suite.interval->hi, 'f', 3));
    if (g.floorB && *g.floorB > g.threshold())
        why += QStringLiteral("; B's own %1 noise floor is not used: the run under test does not set the "
                              "gate's tolerance")
                   .arg(percentLabel(*g.floorB));
    return QStringLiteral("--fail-if slower:%1: exit %2 (%3): %4")
        .arg(pct)
        .arg(status)
        .arg(gateStatusName(status), why);
}

Json gateJson(const Gate& g) {
    const int status = gateStatus(g);
    return {{"minimumEffect", g.effect},
            {"threshold", g.threshold()},
            {"comparable", g.comparable},
            {"verdict", verdictToken(g.suite.verdict).toStdString()},
            {"reason", g.suite.reason.toStdString()},
            {"exit", status},
            {"status", gateStatusName(status).toStdString()}};
}

// The diff for people: the verdict with its reasons, then case by case and field by field.
// The cases and the suite: with their ratios B/A only for comparable runs, or when `ratiosAnyway`, and then
// each labelled "not comparable"; otherwise their latencies alone.
void printCases(bool comparable, const CaseComparison& cases, bool ratiosAnyway, Io io) {
    const auto label = [](const CaseDelta& d) { return terminalLine(d.axes.isEmpty() ? d.id : d.axes); };
    if (!comparable && !ratiosAnyway) {
        io.out << "\nCases: latencies only; no ratio of runs that are not comparable (--ratios-anyway "
                  "shows them, labelled)\n";
        for (const auto& d : cases.rows)
            io.out << "  " << label(d).leftJustified(36) << formatLatency(d.latencyA).rightJustified(10)
                   << " -> " << formatLatency(d.latencyB).rightJustified(10) << "\n";
        return;
    }
    const char* mark = comparable ? "" : " (not comparable)";
    if (!comparable)
        io.out << "\nRatios of runs that are NOT COMPARABLE, shown as asked (--ratios-anyway): no verdict "
                  "follows from them";
    io.out << "\nCases: " << terminalLine(cases.summary()) << "\n";
    for (const auto& d : cases.rows) {
        const CaseVerdict& v = d.verdict;
        io.out << "  " << label(d).leftJustified(36) << formatLatency(d.latencyA).rightJustified(10) << " -> "
               << formatLatency(d.latencyB).rightJustified(10) << "  B/A " << ratioLabel(v).rightJustified(6)
               << "  " << intervalLabel(v).leftJustified(14) << "  " << verdictName(v.verdict) << mark
               << "\n      " << terminalLine(v.reason) << "\n";
    }
    io.out << "Suite: " << terminalLine(verdictLine(cases.suite)) << mark << "\n";
}

// Runs that are not comparable get no ratio unless `ratiosAnyway`, and then each is labelled as such.
void printDiff(const ManifestPtr& a, const ManifestPtr& b, const ComparabilityVerdict& verdict,
               const CaseComparison& cases, const QList<FieldChange>& fields, bool ratiosAnyway, Io io) {
    io.out << "A: " << terminalLine(a->title()) << "  (" << terminalLine(a->origins.first().toString())
           << ")\n";
    io.out << "B: " << terminalLine(b->title()) << "  (" << terminalLine(b->origins.first().toString())
           << ")\n\n";
    if (verdict.sameRun)
        io.out << "A and B are the same run (" << a->run->digest << ")\n";
    if (verdict.comparable) {
        // The key itself needs every part loaded; one workload digest on both sides settles the operation
        // and correctness parts without it, so a comparable pair may have no key to print.
        io.out << "COMPARABLE: one comparison cohort"
               << (verdict.comparisonKey.isEmpty()
                       ? QString()
                       : QStringLiteral(" ") + terminalLine(verdict.comparisonKey))
               << " (same operation, workload, protocol, environment, correctness and metric), both "
                  "eligible\n";
    } else {
        io.out << "NOT COMPARABLE:\n";
        for (const auto& r : verdict.reasons)
            io.out << "  - " << terminalLine(r) << "\n";
    }
    printCases(verdict.comparable, cases, ratiosAnyway, io);
    for (const QString& difference : cases.gpuStateDifferences) // whatever the verdict (GpuStateDifference.h)
        io.out << "GPU state differs: " << terminalLine(difference) << "\n";
    io.out << "\nFields: " << fields.size() << " differences\n";
    for (const auto& f : fields) {
        io.out << "  " << changeKindSymbol(f.kind) << " " << terminalLine(f.path);
        if (f.kind == FieldChange::Kind::Changed)
            io.out << ": " << terminalLine(f.before) << " -> " << terminalLine(f.after);
        else if (f.kind == FieldChange::Kind::Added)
            io.out << ": " << sanitizeText(f.after, {TextShape::Line, kAddedOrRemovedCap});
        else
            io.out << ": " << sanitizeText(f.before, {TextShape::Line, kAddedOrRemovedCap});
        io.out << "\n";
    }
}

// A verdict the engine refused (non-finite arithmetic: Verdict.h) is no comparison to print: each is named
// with the files and the case, and kix diff exits with the input status.
bool refuseNonFinite(const CaseComparison& cases, const QString& pathA, const QString& pathB, Io io) {
    bool any = false;
    const auto refuse = [&](const QString& where, const CaseVerdict& v) {
        if (!v.refused)
            return;
        io.err << "kix diff: " << terminalLine(pathA) << " vs " << terminalLine(pathB) << ", " << where
               << ": " << terminalLine(v.reason) << "\n";
        any = true;
    };
    for (const CaseDelta& d : cases.rows)
        refuse(QStringLiteral("case ") + (d.axes.isEmpty() ? d.id : d.axes), d.verdict);
    refuse(QStringLiteral("suite"), cases.suite);
    return any;
}

} // namespace

int diffCommand(const QStringList& args, Io io) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Compare two runs: whether they are comparable by KernelIndex's policy (one comparison key — "
        "operation, workload, protocol, environment, correctness, metric — and both eligible), naming the "
        "first material mismatch; then case by case and for the suite the ratio B/A, its 95% interval and "
        "a verdict — faster, slower, same or can't tell, with its reason (docs/verdicts.md) — and field by "
        "field by JSON path. A and B may be one file (a catalog, say) with --a-run and --b-run choosing the "
        "runs."));
    addExitStatuses(parser, protocol::UsedByDiff);
    parser.addPositionalArgument(QStringLiteral("a"),
                                 QStringLiteral("Baseline: a file holding the run (A)."));
    parser.addPositionalArgument(QStringLiteral("b"),
                                 QStringLiteral("The file holding the run to compare (B)."));
    parser.addOption({QStringLiteral("a-run"), QStringLiteral("Which run of A: digest, name or catalog id."),
                      QStringLiteral("run")});
    parser.addOption({QStringLiteral("b-run"), QStringLiteral("Which run of B: digest, name or catalog id."),
                      QStringLiteral("run")});
    parser.addOption(
        {QStringLiteral("with"),
         QStringLiteral("Load this too, for the workloads and other resources the runs name (repeatable)."),
         QStringLiteral("path")});
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print JSON for scripts.")});
    parser.addOption({QStringLiteral("ratios-anyway"),
                      QStringLiteral("Show the ratios B/A of runs that are not comparable too, each labelled "
                                     "\"not comparable\" (without it they get latencies only).")});
    parser.addOption(
        {QStringLiteral("min-effect"),
         QStringLiteral("The smallest difference that counts, in percent (default 2): an interval "
                        "inside ±PCT is \"same\", one beyond it faster or slower."),
         QStringLiteral("pct"), QStringLiteral("2")});
    parser.addOption(
        {QStringLiteral("fail-if"),
         QStringLiteral("slower or slower:PCT (default PCT: --min-effect). Exit with status slower "
                        "when the suite verdict at PCT (or A's noise floor where larger; never B's) is "
                        "slower, cant-tell when it is can't tell or the runs are not comparable; for CI."),
         QStringLiteral("slower[:pct]")});
    int code = ExitOk;
    if (!parseSubcommand(parser, QStringLiteral("diff"), args, io, 2, 2, code))
        return code;
    VerdictOptions options;
    if (const auto effect = readMinEffect(parser, QStringLiteral("diff"), io))
        options.minimumEffect = *effect;
    else
        return ExitUsage;
    std::optional<double> failIf;
    if (parser.isSet(QStringLiteral("fail-if"))) {
        const QString text = parser.value(QStringLiteral("fail-if"));
        failIf = parseFailIf(text, options.minimumEffect);
        if (!failIf) {
            io.err << "kix diff: --fail-if expects slower or slower:PCT with PCT a percentage from 0.1 to "
                      "50, got \""
                   << terminalLine(text) << "\"\n";
            return ExitUsage;
        }
    }
    const QString pathA = parser.positionalArguments().at(0);
    const QString pathB = parser.positionalArguments().at(1);
    const Loaded l = loadInputs(QStringList{pathA, pathB} + parser.values(QStringLiteral("with")));
    printProblems(l.problems, io);
    if (l.anyErrors())
        return ExitInput;
    const int ia = pickRun(l, QStringLiteral("a"), pathA, parser.value(QStringLiteral("a-run")), io);
    const int ib = pickRun(l, QStringLiteral("b"), pathB, parser.value(QStringLiteral("b-run")), io);
    if (ia < 0 || ib < 0)
        return ExitInput;
    const ManifestPtr a = bundleView(l.index, l.index.rowOfRun(ia));
    const ManifestPtr b = bundleView(l.index, l.index.rowOfRun(ib));
    const ComparabilityVerdict verdict = assessComparability(*a, *b);
    const CaseComparison cases = compareCases(*a, *b, options);
    const QList<FieldChange> fields = diffManifests(*a, *b);
    if (refuseNonFinite(cases, pathA, pathB, io))
        return ExitInput;
    std::optional<Gate> gate;
    if (failIf) {
        // The suite judged at PCT, or A's floor where larger; the cases are shown at --min-effect with the
        // larger floor of the two runs (docs/verdicts.md).
        gate = Gate{*failIf, noiseFloorOf(*a), noiseFloorOf(*b), {}, verdict.comparable};
        VerdictOptions at = options;
        at.minimumEffect = *failIf;
        at.noiseFloor = gate->floorA.value_or(0);
        const bool same =
            at.minimumEffect == cases.options.minimumEffect && at.threshold() == cases.options.threshold();
        gate->suite = same ? cases.suite : compareCases(*a, *b, at).suite;
    }
    if (parser.isSet(QStringLiteral("json"))) {
        Json j = diffReportJson(*a, *b, verdict, cases, fields);
        if (gate)
            j["failIf"] = gateJson(*gate);
        writeJson(j, io);
    } else {
        printDiff(a, b, verdict, cases, fields, parser.isSet(QStringLiteral("ratios-anyway")), io);
        printProfileComparison(*a, *b, cases, io);
        if (gate)
            io.out << "\n" << gateLine(*gate) << "\n";
    }
    return gate ? gateStatus(*gate) : int(ExitOk);
}

} // namespace kix::cli
