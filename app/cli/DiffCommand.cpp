#include "CaseComparison.h"
#include "CommandSupport.h"
#include "Comparability.h"
#include "Diff.h"
#include "Format.h"

namespace kix::cli {

int diffCommand(const QStringList& args, Io io) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Compare two runs: whether they are comparable (and why "
                                                    "not), case by case (ratio B/A, beyond noise or "
                                                    "not), and field by field by JSON path."));
    parser.addPositionalArgument(QStringLiteral("a"), QStringLiteral("Baseline manifest (A)."));
    parser.addPositionalArgument(QStringLiteral("b"), QStringLiteral("Manifest to compare (B)."));
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print JSON for scripts.")});
    int code = ExitOk;
    if (!parseSubcommand(parser, QStringLiteral("diff"), args, io, 2, 2, code))
        return code;
    const Loaded l = loadFiles(parser.positionalArguments(), io);
    if (l.anyErrors)
        return ExitInput;
    const Manifest& a = *l.manifests.at(0);
    const Manifest& b = *l.manifests.at(1);
    if (!a.run || !b.run) {
        io.err << "kix diff: both files must hold a BenchmarkRun\n";
        return ExitInput;
    }
    const ComparabilityVerdict verdict = assessComparability(a, b);
    const CaseComparison cases = compareCases(a, b);
    const QList<FieldChange> fields = diffManifests(a, b);
    if (parser.isSet(QStringLiteral("json"))) {
        Json rows = Json::array();
        for (const auto& d : cases.rows)
            rows.push_back({{"id", d.id.toStdString()},
                            {"axes", d.axes.toStdString()},
                            {"latencyA", d.latencyA ? Json(*d.latencyA) : Json(nullptr)},
                            {"latencyB", d.latencyB ? Json(*d.latencyB) : Json(nullptr)},
                            {"ratio", d.ratio ? Json(*d.ratio) : Json(nullptr)},
                            {"direction", directionName(d.direction).toStdString()},
                            {"noise", noiseName(d.noise).toStdString()}});
        Json changes = Json::array();
        for (const auto& f : fields)
            changes.push_back({{"kind", changeKindName(f.kind).toStdString()},
                               {"path", f.path.toStdString()},
                               {"before", f.before.toStdString()},
                               {"after", f.after.toStdString()}});
        Json reasons = Json::array();
        for (const auto& r : verdict.reasons)
            reasons.push_back(r.toStdString());
        writeJson({{"comparable", verdict.comparable},
                   {"reasons", reasons},
                   {"cases", rows},
                   {"geomeanRatio", cases.geomeanRatio ? Json(*cases.geomeanRatio) : Json(nullptr)},
                   {"suiteRatio", cases.suiteRatio ? Json(*cases.suiteRatio) : Json(nullptr)},
                   {"summary", cases.summary().toStdString()},
                   {"fields", changes}},
                  io);
        return ExitOk;
    }
    io.out << "A: " << a.title() << "  (" << a.file << ")\n";
    io.out << "B: " << b.title() << "  (" << b.file << ")\n\n";
    if (verdict.comparable) {
        io.out << "COMPARABLE: same comparison family, benchmark, GPU and stack version\n";
    } else {
        io.out << "NOT COMPARABLE:\n";
        for (const auto& r : verdict.reasons)
            io.out << "  - " << r << "\n";
    }
    io.out << "\nCases: " << cases.summary() << "\n";
    for (const auto& d : cases.rows)
        io.out << "  " << d.axes.leftJustified(36) << formatLatency(d.latencyA).rightJustified(10) << " -> "
               << formatLatency(d.latencyB).rightJustified(10) << "  B/A "
               << formatRatio(d.ratio).rightJustified(7) << "  " << directionName(d.direction) << ", "
               << noiseName(d.noise) << "\n";
    io.out << "\nFields: " << fields.size() << " differences\n";
    for (const auto& f : fields) {
        io.out << "  " << changeKindSymbol(f.kind) << " " << f.path;
        if (f.kind == FieldChange::Kind::Changed)
            io.out << ": " << f.before << " -> " << f.after;
        else if (f.kind == FieldChange::Kind::Added)
            io.out << ": " << f.after.left(120);
        else
            io.out << ": " << f.before.left(120);
        io.out << "\n";
    }
    return ExitOk;
}

} // namespace kix::cli
