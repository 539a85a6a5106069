// kix serving PATH... [--cohort KEY] [--json]: the loaded ServingRuns (KernelIndex's serving kind, issue 37)
// in their own view, by serving cohort, each with its measurement and whether it may be compared. They are
// never listed, ranked or compared with kernel runs (ServingRuns.h).
#include "CommandSupport.h"
#include "ServingRuns.h"

namespace kix::cli {

namespace {

Json cohortJson(const ServingCohort& c) {
    Json runs = Json::array();
    for (const ServingRunEntry& r : c.runs) {
        const ServingRunFacts& f = r.facts();
        const ResourceRecord& res = *r.entry->resource;
        Json j = {{"name", res.name.toStdString()},
                  {"title", res.title.toStdString()},
                  {"digest", res.digest.toStdString()},
                  {"status", f.status.toStdString()},
                  {"observedAt", f.observedAt.toStdString()},
                  {"scenario", f.scenario.toStdString()},
                  {"eligible", r.eligible()},
                  {"ineligible", Json::array()}};
        for (const QString& why : r.ineligible)
            j["ineligible"].push_back(why.toStdString());
        j["catalogId"] = r.catalogId.isEmpty() ? Json(nullptr) : Json(r.catalogId.toStdString());
        j["measurement"] = f.primary ? Json{{"metric", f.primary->metric.toStdString()},
                                            {"statistic", f.primary->statistic.toStdString()},
                                            {"unit", f.primary->unit.toStdString()},
                                            {"value", f.primary->value}}
                                     : Json(nullptr);
        runs.push_back(std::move(j));
    }
    return {{"cohort", c.key.toStdString()},
            {"published", c.published},
            {"label", c.label.toStdString()},
            {"eligible", c.eligibleCount()},
            {"runs", std::move(runs)}};
}

void printCohort(const ServingCohort& c, Io io) {
    io.out << "serving cohort " << terminalLine(c.published ? c.key : QStringLiteral("(kix's facts)"))
           << (c.published ? " (KernelIndex's cohortKey)" : "") << ": " << terminalLine(c.label) << "\n"
           << "  " << c.runs.size() << " run(s), " << c.eligibleCount()
           << " eligible: comparable with each other only\n";
    for (const ServingRunEntry& r : c.runs) {
        io.out << "    " << column(terminalLine(r.facts().observedAt), 25)
               << column(terminalLine(r.entry->resource->name), 34) << terminalLine(r.valueLabel());
        if (!r.eligible())
            io.out << "  [not eligible: " << terminalLine(r.ineligible.join(QStringLiteral(", "))) << "]";
        io.out << "\n";
    }
}

} // namespace

int servingCommand(const QStringList& args, Io io) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "The loaded ServingRuns (KernelIndex's serving kind: an inference service's throughput or latency "
        "under a load) by serving cohort: KernelIndex's published cohortKey, else the model, workload, "
        "harness, quality policy, metric and accelerators. Runs are comparable only inside one cohort and "
        "when eligible (status valid, not retracted or superseded); they are never ranked with kernel runs. "
        "Their digests are checked as they are read, like every resource's (kix verify)."));
    addExitStatuses(parser, protocol::UsedByServing);
    parser.addPositionalArgument(QStringLiteral("paths"),
                                 QStringLiteral("Files, folders or catalog exports, loaded as one set."),
                                 QStringLiteral("PATH..."));
    parser.addOption({QStringLiteral("cohort"),
                      QStringLiteral("Only the cohort whose key starts with KEY (\"sha256:\" optional)."),
                      QStringLiteral("key")});
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print JSON for scripts.")});
    int code = ExitOk;
    if (!parseSubcommand(parser, QStringLiteral("serving"), args, io, 1, -1, code))
        return code;
    const Loaded l = loadInputs(parser.positionalArguments());
    printProblems(l.problems, io);
    if (l.anyErrors())
        return ExitInput;
    QList<ServingCohort> cohorts = servingCohorts(l.index);
    if (cohorts.isEmpty()) {
        io.err << "kix serving: nothing to list: the inputs hold no ServingRun\n";
        return ExitInput;
    }
    const QString wanted = parser.value(QStringLiteral("cohort"));
    if (!wanted.isEmpty()) {
        const QString prefixed = QStringLiteral("sha256:") + wanted;
        cohorts.removeIf(
            [&](const ServingCohort& c) { return !c.key.startsWith(wanted) && !c.key.startsWith(prefixed); });
        if (cohorts.isEmpty()) {
            io.err << "kix serving: no serving cohort's key starts with \"" << terminalLine(wanted) << "\"\n";
            return ExitUsage;
        }
    }
    qsizetype runs = 0, published = 0;
    for (const ServingCohort& c : cohorts) {
        runs += c.runs.size();
        published += c.published;
    }
    if (parser.isSet(QStringLiteral("json"))) {
        Json out = Json::array();
        for (const ServingCohort& c : cohorts)
            out.push_back(cohortJson(c));
        writeJson({{"servingCohorts", std::move(out)}, {"servingRuns", runs}}, io);
        return ExitOk;
    }
    for (const ServingCohort& c : cohorts)
        printCohort(c, io);
    io.out << runs << " serving run(s) in " << cohorts.size() << " serving cohort(s) (" << published
           << " by KernelIndex's cohortKey, " << cohorts.size() - published
           << " by kix's facts); never ranked with kernel runs\n";
    return ExitOk;
}

} // namespace kix::cli
