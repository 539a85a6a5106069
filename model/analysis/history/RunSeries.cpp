#include "RunSeries.h"

#include "Manifest.h"
#include "Policy.h"
#include "RecordTimeline.h"
#include "Timestamp.h"

#include <QHash>
#include <algorithm>

namespace kix {

namespace {

void differ(QList<SeriesDifference>& out, const QString& field, const QString& a, const QString& b) {
    if (a != b)
        out.append(SeriesDifference{field, a.isEmpty() ? QStringLiteral("(not stated)") : a,
                                    b.isEmpty() ? QStringLiteral("(not stated)") : b});
}

// The implementation a run names: its ImplementationRevision's title or name where loaded, else kix's
// spec.implementation.name, else the label from the run's title.
QString seriesImplementation(const RecordIndex& index, const RunEntry& e) {
    if (const ResourceEntry* impl = index.implementationOf(e))
        return impl->resource->label();
    return implementationLabel(*e.run);
}

void findSeriesChanges(const RecordIndex& index, RunSeries& series, const ChangePointOptions& options) {
    std::vector<double> values;
    values.reserve(std::size_t(series.points.size()));
    for (const SeriesPoint& p : series.points)
        values.push_back(p.value);
    for (const ChangePoint& cp : findChangePoints(values, options)) {
        SeriesChange change;
        change.point = cp;
        change.runBefore = series.points[cp.index - 1].run;
        change.runAfter = series.points[cp.index].run;
        change.differences = runDifferences(index, change.runBefore, change.runAfter);
        series.changes.append(std::move(change));
    }
    if (series.changes.isEmpty())
        return;
    const ChangePoint& last = series.changes.last().point;
    series.latestStep = last.ratio();
    series.regression =
        series.lowerIsBetter && last.before > 0 && *series.latestStep > 1.0 + options.minimumEffect;
}

} // namespace

QList<SeriesDifference> runDifferences(const RecordIndex& index, int runA, int runB) {
    const RunEntry& a = index.run(runA);
    const RunEntry& b = index.run(runB);
    QList<SeriesDifference> out;
    const ResourceEntry* ea = index.environmentOf(a);
    const ResourceEntry* eb = index.environmentOf(b);
    const EnvironmentSpec none;
    const EnvironmentSpec& va = ea ? ea->resource->environment : none;
    const EnvironmentSpec& vb = eb ? eb->resource->environment : none;
    differ(out, QStringLiteral("GPU"), va.product, vb.product);
    differ(out, QStringLiteral("driver"), va.driver, vb.driver);
    differ(out, QStringLiteral("CUDA"), va.cudaToolkit, vb.cudaToolkit);
    differ(out, QStringLiteral("operating system"), va.operatingSystem, vb.operatingSystem);
    differ(out, QStringLiteral("framework"), va.framework, vb.framework);
    differ(out, QStringLiteral("environment digest"), a.run->spec.environmentDigest,
           b.run->spec.environmentDigest);
    differ(out, QStringLiteral("implementation"), seriesImplementation(index, a),
           seriesImplementation(index, b));
    differ(out, QStringLiteral("implementation digest"), a.run->spec.implementationDigest,
           b.run->spec.implementationDigest);
    differ(out, QStringLiteral("implementation revision"), a.run->spec.implementationRevision,
           b.run->spec.implementationRevision);
    differ(out, QStringLiteral("protocol digest"), a.run->spec.protocolDigest, b.run->spec.protocolDigest);
    return out;
}

QList<RunSeries> buildRunSeries(const RecordIndex& index, const QString& cohortPrefix,
                                const ChangePointOptions& options, int minimumRuns) {
    QList<RunSeries> out;
    QHash<QString, int> seriesOf;
    for (int r = 0; r < index.runCount(); ++r) {
        const RunEntry& e = index.run(r);
        const PolicyFacts facts = policyFacts(index, e);
        const QString key = facts.cohortKey();
        if (key.isEmpty() || !facts.eligible() || !facts.primary || !cohortKeyMatches(key, cohortPrefix))
            continue;
        auto it = seriesOf.constFind(key);
        if (it == seriesOf.constEnd()) {
            it = seriesOf.insert(key, int(out.size()));
            RunSeries s;
            s.comparisonKey = key;
            s.label = historyCohortLabel(index, e, facts);
            s.metric = facts.primary->key();
            s.unit = facts.primary->unit;
            s.lowerIsBetter = facts.primary->nanoseconds().has_value();
            out.append(std::move(s));
        }
        out[*it].points.append(
            SeriesPoint{r, e.run->spec.observedAt, facts.primary->value, seriesImplementation(index, e)});
    }
    out.removeIf([minimumRuns](const RunSeries& s) { return s.points.size() < minimumRuns; });
    for (RunSeries& s : out) {
        std::stable_sort(s.points.begin(), s.points.end(), [](const SeriesPoint& x, const SeriesPoint& y) {
            return instantLaterThan(y.observedAt, x.observedAt);
        });
        findSeriesChanges(index, s, options);
    }
    std::stable_sort(out.begin(), out.end(), [](const RunSeries& x, const RunSeries& y) {
        return x.points.size() != y.points.size() ? x.points.size() > y.points.size()
                                                  : x.comparisonKey < y.comparisonKey;
    });
    return out;
}

QList<std::optional<double>> caseSeries(const RecordIndex& index, const RunSeries& series,
                                        const QString& caseId) {
    QList<std::optional<double>> out;
    for (const SeriesPoint& p : series.points) {
        const RunSpec& spec = index.run(p.run).run->spec;
        std::optional<double> value;
        for (const CaseResult& c : spec.cases)
            if (c.id == caseId) {
                value = c.latencyNs.central(spec.primaryStatistic);
                break;
            }
        out.append(value);
    }
    return out;
}

} // namespace kix
