// kix fleet RUNS... [--json] [--min-effect PCT]: one cohort timed on every card of a host (kix run --gpus,
// or a Slurm array's tasks), per case and per card the median with its interval, the spread between the
// cards, and each card judged against the fleet's reference card (FleetReport.h, docs/fleet.md).
#include "BundleView.h"
#include "CommandSupport.h"
#include "DiffReport.h"
#include "FleetReport.h"
#include "Format.h"
#include "RunGroups.h"

#include <QSet>
#include <algorithm>
#include <iterator>

namespace kix::cli {

namespace {

constexpr int kNameColumn = 9;
constexpr int kCardColumn = 62; // a UUID (40) at a PCI bus id (16)
constexpr int kValueColumn = 12;

void printCards(const FleetReport& r, Io io) {
    io.out << "\nCards (suite: geometric mean of the case medians; ratio card / reference):\n";
    for (int k = 0; k < r.cards.size(); ++k) {
        const FleetCard& c = r.cards[k];
        io.out << "  " << column(fleetCardName(r, k), kNameColumn)
               << column(terminalLine(c.identity.label()), kCardColumn)
               << formatLatency(c.geomeanNs).rightJustified(10) << "  ";
        if (!c.judged) {
            io.out << "reference\n";
        } else {
            const CaseVerdict& v = c.judged->suite;
            io.out << ratioLabel(v).rightJustified(6) << "  " << intervalLabel(v).leftJustified(16)
                   << verdictName(v.verdict) << "\n      " << terminalLine(v.reason) << "\n";
        }
        for (const QString& s : c.state)
            io.out << "      GPU state: " << terminalLine(s) << "\n";
        io.out << "      " << terminalLine(c.source) << "\n";
    }
}

void printCases(const FleetReport& r, Io io) {
    io.out << "\nCases (median per card and its 95% interval; + slower, - faster, ? can't tell against the "
              "reference; spread max/min and CV):\n";
    for (const FleetCase& fc : r.cases) {
        io.out << "  " << terminalLine(fc.axes.isEmpty() ? fc.id : fc.axes) << "  spread "
               << fleetSpreadLabel(fc.spread) << ", CV " << fleetVariationLabel(fc.variation) << "\n";
        for (int k = 0; k < fc.cards.size(); ++k) {
            const FleetCell& cell = fc.cards[k];
            io.out << "    "
                   << column(fleetCardName(r, k) + (k == r.reference ? QStringLiteral("*") : QString()),
                             kNameColumn)
                   << QString(formatLatency(cell.centerNs) + fleetVerdictMark(cell.verdict))
                          .rightJustified(kValueColumn);
            if (cell.intervalNs)
                io.out << "  [" << formatLatency(cell.intervalNs->lo) << ", "
                       << formatLatency(cell.intervalNs->hi) << "]";
            if (cell.verdict)
                io.out << "  " << ratioLabel(*cell.verdict) << ' ' << verdictName(cell.verdict->verdict);
            for (const QString& s : cell.state)
                io.out << "  (" << terminalLine(s) << ")";
            io.out << "\n";
        }
    }
}

void printNamed(const FleetReport& r, Io io) {
    if (r.slower.isEmpty() && r.faster.isEmpty()) {
        io.out << "\nNo card differs from the fleet beyond its noise floor ("
               << fleetVariationLabel(r.options.minimumEffect) << " or the runs' A/A floor)\n";
        return;
    }
    const auto name = [&](int k, const char* how) {
        const FleetCard& c = r.cards[k];
        io.out << "\n"
               << fleetCardName(r, k) << " (" << terminalLine(c.identity.label()) << ") is " << how
               << " than the fleet: " << terminalLine(verdictLine(c.judged->suite)) << "; "
               << terminalLine(c.judged->summary()) << "\n";
        io.out << "  GPU state: "
               << (c.state.isEmpty() ? QStringLiteral("nothing recorded differs")
                                     : terminalLine(c.state.join(QStringLiteral("; "))))
               << "\n";
    };
    for (const int k : r.slower)
        name(k, "slower");
    for (const int k : r.faster)
        name(k, "faster");
}

void printFleet(const FleetReport& r, Io io) {
    const FleetCard& ref = r.cards[r.reference];
    io.out << "Fleet: " << r.cards.size() << " cards of " << terminalLine(ref.identity.name)
           << ", one comparison cohort"
           << (r.comparisonKey.isEmpty() ? QString() : QStringLiteral(" ") + terminalLine(r.comparisonKey))
           << "\n";
    io.out << "Reference: " << fleetCardName(r, r.reference) << " (" << terminalLine(ref.identity.label())
           << "), the median card by suite geomean; every other card judged against it\n";
    io.out << "Spread of the cards' geomeans: max/min " << fleetSpreadLabel(r.spread) << ", CV "
           << fleetVariationLabel(r.variation) << "\n";
    printCards(r, io);
    printCases(r, io);
    printNamed(r, io);
}

Json optionalJson(std::optional<double> v) {
    return v ? Json(*v) : Json(nullptr);
}

Json intervalJson(const std::optional<RatioInterval>& i) {
    return i ? Json{{"lo", i->lo}, {"hi", i->hi}, {"level", i->level}} : Json(nullptr);
}

Json statesJson(const QStringList& states) {
    std::vector<std::string> out;
    std::transform(states.cbegin(), states.cend(), std::back_inserter(out),
                   [](const QString& s) { return s.toStdString(); });
    return out;
}

Json fleetJson(const FleetReport& r) {
    Json cards = Json::array();
    for (int k = 0; k < r.cards.size(); ++k) {
        const FleetCard& c = r.cards[k];
        cards.push_back({{"card", k + 1},
                         {"index", c.identity.index ? Json(*c.identity.index) : Json(nullptr)},
                         {"uuid", c.identity.uuid.toStdString()},
                         {"serial", c.identity.serial.toStdString()},
                         {"pciBusId", c.identity.pciBusId.toStdString()},
                         {"gpu", c.identity.name.toStdString()},
                         {"source", c.source.toStdString()},
                         {"runDigest", c.run->run ? c.run->run->digest.toStdString() : std::string()},
                         {"geomeanNs", optionalJson(c.geomeanNs)},
                         {"reference", k == r.reference},
                         {"suite", c.judged ? caseVerdictJson(c.judged->suite) : Json(nullptr)},
                         {"gpuState", statesJson(c.state)}});
    }
    Json cases = Json::array();
    for (const FleetCase& fc : r.cases) {
        Json cells = Json::array();
        for (const FleetCell& cell : fc.cards)
            cells.push_back({{"medianNs", optionalJson(cell.centerNs)},
                             {"interval", intervalJson(cell.intervalNs)},
                             {"launches", cell.launches},
                             {"verdict", cell.verdict ? caseVerdictJson(*cell.verdict) : Json(nullptr)},
                             {"gpuState", statesJson(cell.state)}});
        cases.push_back({{"id", fc.id.toStdString()},
                         {"axes", fc.axes.toStdString()},
                         {"spread", optionalJson(fc.spread)},
                         {"variation", optionalJson(fc.variation)},
                         {"cards", std::move(cells)}});
    }
    const auto numbers = [](const QList<int>& ks) {
        Json a = Json::array();
        for (const int k : ks)
            a.push_back(k + 1);
        return a;
    };
    return {{"comparisonKey", r.comparisonKey.toStdString()},
            {"minimumEffect", r.options.minimumEffect},
            {"reference", r.reference + 1},
            {"spread", optionalJson(r.spread)},
            {"variation", optionalJson(r.variation)},
            {"slower", numbers(r.slower)},
            {"faster", numbers(r.faster)},
            {"cards", std::move(cards)},
            {"cases", std::move(cases)}};
}

// The top-level runs (suite runs, and a case run read alone) under each path, each once; -1 entries never.
// Prints which path holds none and returns an empty list.
QList<int> fleetRuns(const Loaded& l, const QStringList& paths, Io io) {
    const RunGroups groups = groupRuns(l.index);
    QList<int> out;
    QSet<int> seen;
    for (const QString& path : paths) {
        int found = 0;
        for (const int i : selectRuns(l.index, {}, path)) {
            const int row = l.index.rowOfRun(i);
            if (groups.parentOf(row) >= 0)
                continue;
            ++found;
            if (!seen.contains(i)) {
                seen.insert(i);
                out << i;
            }
        }
        if (found == 0) {
            io.err << "kix fleet: " << terminalLine(path) << " holds no BenchmarkRun\n";
            return {};
        }
    }
    return out;
}

} // namespace

int fleetCommand(const QStringList& args, Io io) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "One cohort timed on every card of a host (kix run --gpus, or the folders a Slurm array returns): "
        "per case and per card the median and its 95% interval, the spread between the cards (max/min and "
        "the coefficient of variation), and each card judged against the median card by the verdict engine "
        "(the runs' A/A floors where recorded), a card slower or faster than the fleet named with its GPU "
        "state (docs/fleet.md). Every run must be of one comparison cohort and of a different card."));
    addExitStatuses(parser, protocol::UsedByFleet);
    parser.addPositionalArgument(QStringLiteral("runs"),
                                 QStringLiteral("Files or folders holding one run per card."),
                                 QStringLiteral("RUNS..."));
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print JSON for scripts.")});
    parser.addOption(
        {QStringLiteral("min-effect"),
         QStringLiteral("The smallest difference that counts, in percent (default 2), or the runs' A/A "
                        "floor where larger."),
         QStringLiteral("pct"), QStringLiteral("2")});
    int code = ExitOk;
    if (!parseSubcommand(parser, QStringLiteral("fleet"), args, io, 1, -1, code))
        return code;
    VerdictOptions options;
    if (const auto effect = readMinEffect(parser, QStringLiteral("fleet"), io))
        options.minimumEffect = *effect;
    else
        return ExitUsage;
    const QStringList paths = parser.positionalArguments();
    const Loaded l = loadInputs(paths);
    printProblems(l.problems, io);
    if (l.anyErrors())
        return ExitInput;
    const QList<int> picked = fleetRuns(l, paths, io);
    if (picked.isEmpty())
        return ExitInput;
    QList<ManifestPtr> runs;
    for (const int i : picked)
        runs << bundleView(l.index, l.index.rowOfRun(i));
    const FleetReport report = buildFleetReport(runs, options);
    if (!report.error.isEmpty()) {
        io.err << "kix fleet: " << terminalLine(report.error) << "\n";
        return ExitInput;
    }
    if (parser.isSet(QStringLiteral("json")))
        writeJson(fleetJson(report), io);
    else
        printFleet(report, io);
    return ExitOk;
}

} // namespace kix::cli
