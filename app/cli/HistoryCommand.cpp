// kix history PATH... [--cohort KEY] [--json] [--fail-on-regression] [--min-effect PCT]: per comparison
// cohort, the catalog's record timeline (record_events, checked against the runs they name) and the series
// of the loaded runs in observedAt order with its change points (docs/history.md).
#include "CommandSupport.h"
#include "DiffReport.h"
#include "Format.h"
#include "RecordTimeline.h"
#include "RunSeries.h"

#include <QHash>
#include <cmath>

namespace kix::cli {

namespace {

QString historyValue(double value, const QString& unit) {
    if (const auto perUnit = nanosecondsPerUnit(unit))
        return formatLatency(value * *perUnit);
    return formatNumber(value, 6) + u' ' + unit;
}

// Two decimals, and two significant digits for a margin that would round to "0.00%" (the catalog has
// records 0.001% faster than the one before: issue 37).
QString historyPct(double fraction) {
    const double pct = fraction * 100.0;
    const bool tiny = pct != 0 && std::abs(pct) < 0.005;
    return (tiny ? QString::number(pct, 'g', 2) : QString::number(pct, 'f', 2)) + u'%';
}

QString shortId(const QString& id) {
    return id.left(13);
}

Json timelineJson(const RecordIndex& index, const RecordTimelines& t) {
    Json cohorts = Json::array();
    for (const RecordTimeline& c : t.cohorts) {
        Json steps = Json::array();
        for (const RecordStep& s : c.steps) {
            const CatalogRecordEvent& e = s.event;
            Json j = {{"eventId", e.id.toStdString()},
                      {"at", e.at.toStdString()},
                      {"runId", e.runId.toStdString()},
                      {"previousRunId",
                       e.previousRunId.isEmpty() ? Json(nullptr) : Json(e.previousRunId.toStdString())},
                      {"cause", e.cause.toStdString()},
                      {"policyVersion", e.policyVersion.toStdString()},
                      {"createdAt", e.createdAt.toStdString()},
                      {"row", {{"file", e.origin.file.toStdString()}, {"line", e.origin.line}}},
                      {"withinNoise", s.withinNoise}};
            j["runDigest"] = s.run >= 0 ? Json(index.run(s.run).run->digest().toStdString()) : Json(nullptr);
            j["implementation"] = s.run >= 0 ? Json(s.implementation.toStdString()) : Json(nullptr);
            j["value"] = s.value ? Json(s.value->value) : Json(nullptr);
            j["unit"] = s.value ? Json(s.value->unit.toStdString()) : Json(nullptr);
            j["margin"] = s.margin ? Json(*s.margin) : Json(nullptr);
            j["verdict"] = s.verdict ? caseVerdictJson(*s.verdict) : Json(nullptr);
            steps.push_back(std::move(j));
        }
        cohorts.push_back({{"comparisonKey", c.comparisonKey.toStdString()},
                           {"label", c.label.toStdString()},
                           {"steps", std::move(steps)}});
    }
    return {{"events", t.events}, {"cohorts", std::move(cohorts)}};
}

Json seriesJson(const RecordIndex& index, const QList<RunSeries>& all) {
    Json out = Json::array();
    for (const RunSeries& s : all) {
        Json points = Json::array();
        for (const SeriesPoint& p : s.points)
            points.push_back({{"runDigest", index.run(p.run).run->digest().toStdString()},
                              {"observedAt", p.observedAt.toStdString()},
                              {"value", p.value},
                              {"implementation", p.implementation.toStdString()}});
        Json changes = Json::array();
        for (const SeriesChange& c : s.changes) {
            Json diffs = Json::array();
            for (const SeriesDifference& d : c.differences)
                diffs.push_back({{"field", d.field.toStdString()},
                                 {"before", d.before.toStdString()},
                                 {"after", d.after.toStdString()}});
            changes.push_back({{"index", c.point.index},
                               {"pValue", c.point.pValue},
                               {"before", c.point.before},
                               {"after", c.point.after},
                               {"ratio", c.point.ratio()},
                               {"runBefore", index.run(c.runBefore).run->digest().toStdString()},
                               {"runAfter", index.run(c.runAfter).run->digest().toStdString()},
                               {"differences", std::move(diffs)}});
        }
        out.push_back({{"comparisonKey", s.comparisonKey.toStdString()},
                       {"label", s.label.toStdString()},
                       {"metric", s.metric.toStdString()},
                       {"unit", s.unit.toStdString()},
                       {"lowerIsBetter", s.lowerIsBetter},
                       {"points", std::move(points)},
                       {"changePoints", std::move(changes)},
                       {"latestStep", s.latestStep ? Json(*s.latestStep) : Json(nullptr)},
                       {"regression", s.regression}});
    }
    return out;
}

void printCohort(const QString& comparisonKey, const QString& label, Io io) {
    io.out << "cohort " << comparisonKey << "\n  " << terminalLine(label) << "\n";
}

void printTimeline(const RecordTimeline& c, Io io) {
    io.out << "  record timeline, " << c.steps.size() << " record(s):\n";
    for (const RecordStep& s : c.steps) {
        io.out << "    " << terminalLine(s.event.at).leftJustified(25) << " "
               << (s.value ? historyValue(s.value->value, s.value->unit) : QStringLiteral("—"))
                      .rightJustified(11)
               << "  "
               << column(terminalLine(s.run >= 0 ? s.implementation : QStringLiteral("(run not loaded)")), 28)
               << "run " << terminalLine(shortId(s.event.runId)) << "  ";
        if (!s.margin)
            io.out << "first record";
        else
            io.out << historyPct(*s.margin) << " faster";
        if (s.verdict) {
            if (s.withinNoise)
                io.out << "  [within the runs' noise: " << verdictName(s.verdict->verdict) << "]";
            else if (s.verdict->method == VerdictMethod::None)
                io.out << "  [no spread published]";
            else
                io.out << "  [" << verdictName(s.verdict->verdict) << ", "
                       << verdictMethodName(s.verdict->method) << "]";
        }
        io.out << "\n";
    }
}

void printSeries(const RecordIndex& index, const RunSeries& s, Io io) {
    io.out << "  series: " << s.points.size() << " runs, " << terminalLine(s.points.first().observedAt)
           << " to " << terminalLine(s.points.last().observedAt) << ", " << s.changes.size()
           << " change point(s)\n";
    for (const SeriesChange& c : s.changes) {
        io.out << "    at run " << c.point.index + 1 << " of " << s.points.size() << ": "
               << historyValue(c.point.before, s.unit) << " -> " << historyValue(c.point.after, s.unit)
               << " (" << formatRatio(c.point.ratio()) << ", p = " << QString::number(c.point.pValue, 'g', 3)
               << ")\n"
               << "      before: " << terminalLine(index.run(c.runBefore).run->resource->name) << " ("
               << terminalLine(s.points[c.point.index - 1].observedAt) << ")\n"
               << "      after:  " << terminalLine(index.run(c.runAfter).run->resource->name) << " ("
               << terminalLine(s.points[c.point.index].observedAt) << ")\n";
        if (c.differences.isEmpty())
            io.out << "      nothing recorded differs (environment, implementation, protocol)\n";
        for (const SeriesDifference& d : c.differences)
            io.out << "      " << column(terminalLine(d.field), 24) << terminalLine(d.before) << " -> "
                   << terminalLine(d.after) << "\n";
    }
    if (s.regression)
        io.out << "  REGRESSION: the latest segment is " << formatRatio(s.latestStep)
               << " the one before it\n";
}

// Each cohort once: its record timeline and then its series of loaded runs under one heading (they were
// two passes, a cohort's halves 7,800 lines apart on the catalog: issue 37), then the series of cohorts
// that have no record event.
void printCohorts(const RecordIndex& index, const RecordTimelines& timelines, const QList<RunSeries>& series,
                  Io io) {
    QHash<QString, const RunSeries*> seriesByKey;
    for (const RunSeries& s : series)
        seriesByKey.insert(s.comparisonKey, &s);
    for (const RecordTimeline& t : timelines.cohorts) {
        const RunSeries* s = seriesByKey.take(t.comparisonKey);
        printCohort(t.comparisonKey, t.label.isEmpty() && s ? s->label : t.label, io);
        printTimeline(t, io);
        if (s)
            printSeries(index, *s, io);
    }
    for (const RunSeries& s : series)
        if (seriesByKey.contains(s.comparisonKey)) {
            printCohort(s.comparisonKey, s.label, io);
            printSeries(index, s, io);
        }
}

} // namespace

int historyCommand(const QStringList& args, Io io) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Per comparison cohort: the catalog's record timeline (its record_events rows, each checked against "
        "the runs it names, with the margin over the previous record and the steps within the runs' noise "
        "marked), and the series of the loaded runs in observedAt order with its change points (E-divisive "
        "means with a permutation test, then --min-effect), each naming the runs either side and what "
        "differs between them (docs/history.md)."));
    addExitStatuses(parser, protocol::UsedByHistory);
    parser.addPositionalArgument(QStringLiteral("paths"),
                                 QStringLiteral("Files, folders or catalog exports, loaded as one set."),
                                 QStringLiteral("PATH..."));
    parser.addOption(
        {QStringLiteral("cohort"),
         QStringLiteral("Only the cohort whose comparison key starts with KEY (\"sha256:\" optional)."),
         QStringLiteral("key")});
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print JSON for scripts.")});
    parser.addOption(
        {QStringLiteral("min-effect"),
         QStringLiteral("The smallest step that counts, in percent (default 2; \"2%\" too): a change point "
                        "below it is merged away, and a regression must exceed it."),
         QStringLiteral("pct"), QStringLiteral("2")});
    parser.addOption(
        {QStringLiteral("fail-on-regression"),
         QStringLiteral("Exit with status regression when a cohort's latest segment is slower than "
                        "the one before it beyond --min-effect; for CI.")});
    int code = ExitOk;
    if (!parseSubcommand(parser, QStringLiteral("history"), args, io, 1, -1, code))
        return code;
    ChangePointOptions changeOptions;
    const QString minEffect = parser.value(QStringLiteral("min-effect"));
    const auto effect = parsePercentArgument(minEffect);
    if (!effect) {
        io.err
            << "kix history: --min-effect expects a percentage from 0.1 to 50, such as 2, 0.5 or 2%, got \""
            << terminalLine(minEffect) << "\"\n";
        return ExitUsage;
    }
    changeOptions.minimumEffect = *effect;
    VerdictOptions verdictOptions;
    verdictOptions.minimumEffect = *effect;
    const Loaded l = loadInputs(parser.positionalArguments());
    printProblems(l.problems, io);
    if (l.anyErrors())
        return ExitInput;
    const QString cohort = parser.value(QStringLiteral("cohort"));
    const RecordTimelines timelines = buildRecordTimelines(l.index, cohort, verdictOptions);
    const QList<RunSeries> series = buildRunSeries(l.index, cohort, changeOptions);
    if (!cohort.isEmpty() && timelines.cohorts.isEmpty() && series.isEmpty()) {
        io.err << "kix history: no cohort's comparison key starts with \"" << terminalLine(cohort)
               << "\" among the loaded runs and record events\n";
        return ExitUsage;
    }
    printProblems(timelines.problems, io);
    const bool regression =
        std::any_of(series.begin(), series.end(), [](const RunSeries& s) { return s.regression; });
    if (parser.isSet(QStringLiteral("json"))) {
        writeJson({{"recordTimelines", timelineJson(l.index, timelines)},
                   {"series", seriesJson(l.index, series)},
                   {"minimumEffect", *effect},
                   {"regression", regression},
                   {"problems", problemsJson(timelines.problems)}},
                  io);
    } else {
        printCohorts(l.index, timelines, series, io);
        io.out << timelines.events << " record event(s) in " << timelines.cohorts.size() << " cohort(s); "
               << series.size() << " series of 2 or more runs, "
               << std::count_if(series.begin(), series.end(),
                                [](const RunSeries& s) { return !s.changes.isEmpty(); })
               << " with change points\n";
    }
    if (hasErrors(timelines.problems))
        return ExitInput;
    return parser.isSet(QStringLiteral("fail-on-regression")) && regression ? int(ExitRegression)
                                                                            : int(ExitOk);
}

} // namespace kix::cli
