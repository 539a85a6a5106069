#include "RecordTimeline.h"

#include "CaseEvidence.h"
#include "PublishedSpread.h"
#include "ProblemCodes.h"
#include "Timestamp.h"

#include <QHash>
#include <QSet>
#include <algorithm>

namespace kix {

namespace {

RunTiming timingOfRun(const RecordIndex& index, const RunEntry& e) {
    const ResourceEntry* protocol = index.protocolOf(e);
    return RunTiming{e.run->spec.primaryStatistic, protocol ? protocol->resource->protocol.timer : QString()};
}

void noteEvent(RecordStep& step, Problem::Severity severity, const char* column, const QString& message) {
    step.problems.append(makeProblem(severity, codes::catalogRecordEvent, step.event.origin.file,
                                     QStringLiteral("row.") + QString::fromLatin1(column),
                                     QStringLiteral("record event %1: %2").arg(step.event.id, message),
                                     step.event.origin.line));
}

QString valueText(const PrimaryMeasurement& p) {
    return QStringLiteral("%1 %2").arg(p.value, 0, 'g', 6).arg(p.unit);
}

// Checks a step against its run and the step before it; fills value, implementation and margin, and
// `label` (the cohort's, from the first step whose run is loaded) while it is empty: the run's policy
// facts are computed once, here.
void checkStep(const RecordIndex& index, RecordStep& step, const RecordStep* previous, QString& label,
               const VerdictOptions& options) {
    const CatalogRecordEvent& ev = step.event;
    const QString expectedPrevious = previous ? previous->event.runId : QString();
    if (ev.previousRunId != expectedPrevious)
        noteEvent(step, Problem::Severity::Error, "previousRunId",
                  expectedPrevious.isEmpty()
                      ? QStringLiteral("previousRunId %1, but it is the cohort's first record")
                            .arg(ev.previousRunId)
                      : QStringLiteral("previousRunId %1 is not the cohort's previous record %2")
                            .arg(ev.previousRunId.isEmpty() ? QStringLiteral("null") : ev.previousRunId,
                                 expectedPrevious));
    step.run = index.runIndexOfCatalogId(ev.runId);
    if (step.run < 0) {
        noteEvent(
            step, Problem::Severity::Warning, "runId",
            QStringLiteral("run %1 is not loaded: the step's value cannot be read or checked").arg(ev.runId));
        return;
    }
    const RunEntry& entry = index.run(step.run);
    const PolicyFacts facts = policyFacts(index, entry);
    if (label.isEmpty())
        label = historyCohortLabel(index, entry, facts);
    step.implementation = implementationLabel(*entry.run);
    step.value = facts.primary;
    if (facts.cohortKey() != ev.comparisonKey)
        noteEvent(step, Problem::Severity::Error, "comparisonKey",
                  QStringLiteral("run %1 is in cohort %2, not %3")
                      .arg(ev.runId,
                           facts.cohortKey().isEmpty() ? QStringLiteral("(none)") : facts.cohortKey(),
                           ev.comparisonKey));
    if (!facts.eligible())
        noteEvent(step, Problem::Severity::Warning, "runId",
                  QStringLiteral("run %1 may not be ranked (%2)")
                      .arg(ev.runId, facts.ineligible.join(QStringLiteral(", "))));
    if (entry.run->spec.observedAt != ev.at)
        noteEvent(
            step, Problem::Severity::Warning, "at",
            QStringLiteral("at %1 is not the run's observedAt %2").arg(ev.at, entry.run->spec.observedAt));
    if (!previous || previous->run < 0 || !previous->value || !step.value)
        return;
    step.margin = previous->value->value / step.value->value - 1.0;
    if (step.value->value >= previous->value->value)
        noteEvent(
            step, Problem::Severity::Error, "runId",
            QStringLiteral("run %1 (%2) is no faster than the record before it, run %3 (%4)")
                .arg(ev.runId, valueText(*step.value), previous->event.runId, valueText(*previous->value)));
    step.verdict = judgeRunAgainst(index, previous->run, step.run, options);
    step.withinNoise = step.verdict->method != VerdictMethod::None &&
                       (step.verdict->verdict == Verdict::Same || step.verdict->verdict == Verdict::CantTell);
}

} // namespace

bool cohortKeyMatches(const QString& key, const QString& selector) {
    if (selector.isEmpty())
        return true;
    const QString bare = key.startsWith(QLatin1String("sha256:")) ? key.mid(7) : key;
    const QString want = selector.startsWith(QLatin1String("sha256:")) ? selector.mid(7) : selector;
    return bare.startsWith(want, Qt::CaseInsensitive);
}

QString historyCohortLabel(const RecordIndex& index, const RunEntry& entry, const PolicyFacts& facts) {
    QStringList parts;
    for (const KeyPart* p : {&facts.operation, &facts.workload})
        if (!p->label.isEmpty())
            parts << p->label;
    const ResourceEntry* env = index.environmentOf(entry);
    parts << (env && !env->resource->environment.product.isEmpty() ? env->resource->environment.product
                                                                   : QStringLiteral("(GPU unknown)"));
    parts << (facts.metric.value.isEmpty() ? QStringLiteral("no metric") : facts.metric.value);
    return parts.join(QStringLiteral(" · "));
}

CaseVerdict judgeRunAgainst(const RecordIndex& index, int runA, int runB, const VerdictOptions& options) {
    const RunEntry& a = index.run(runA);
    const RunEntry& b = index.run(runB);
    const RunTiming ta = timingOfRun(index, a), tb = timingOfRun(index, b);
    const QList<CaseResult>& ca = a.run->spec.cases;
    const QList<CaseResult>& cb = b.run->spec.cases;
    bool sameCases = !ca.isEmpty() && ca.size() == cb.size();
    for (qsizetype i = 0; sameCases && i < ca.size(); ++i)
        sameCases = ca[i].id == cb[i].id;
    if (sameCases) {
        QList<EvidencePair> pairs;
        for (qsizetype i = 0; i < ca.size(); ++i)
            pairs.append(caseEvidencePair(ca[i], ta, cb[i], tb));
        return judgeSuite(pairs, options).geomean;
    }
    return judgeCase(publishedEvidence(a.run->spec.latencyNs, ta.primaryStatistic, ta.timer),
                     publishedEvidence(b.run->spec.latencyNs, tb.primaryStatistic, tb.timer), options);
}

RecordEventsRead loadedRecordEvents(const RecordIndex& index) {
    RecordEventsRead out;
    for (auto it = index.sources().cbegin(); it != index.sources().cend(); ++it) {
        if (it->tables.value(QStringLiteral("record_events")) == 0)
            continue;
        RecordEventsRead one = readRecordEvents(it.key());
        out.events += std::move(one.events);
        out.problems += std::move(one.problems);
        out.rows += one.rows;
        if (one.refused) { // one file over the limit: no history of part of the events
            out.refused = std::move(one.refused);
            out.events.clear();
            return out;
        }
    }
    return out;
}

RecordTimelines buildRecordTimelines(const RecordIndex& index, const QString& cohortPrefix,
                                     const VerdictOptions& options) {
    const RecordEventsRead read = loadedRecordEvents(index);
    RecordTimelines out = buildRecordTimelines(index, read.events, cohortPrefix, options);
    if (read.refused)
        out.problems.prepend(*read.refused);
    return out;
}

RecordTimelines buildRecordTimelines(const RecordIndex& index, const QList<CatalogRecordEvent>& events,
                                     const QString& cohortPrefix, const VerdictOptions& options) {
    RecordTimelines out;
    out.events = int(events.size());
    QHash<QString, int> cohortOf;
    QSet<QString> ids;
    QList<QList<RecordStep>> steps;
    Problems duplicates;
    for (const CatalogRecordEvent& ev : events) {
        if (!cohortKeyMatches(ev.comparisonKey, cohortPrefix))
            continue;
        RecordStep step;
        step.event = ev;
        if (ids.contains(ev.id)) {
            noteEvent(step, Problem::Severity::Error, "id",
                      QStringLiteral("the id is used by an earlier record_events row; this row is left out"));
            duplicates += step.problems;
            continue;
        }
        ids.insert(ev.id);
        auto it = cohortOf.constFind(ev.comparisonKey);
        if (it == cohortOf.constEnd()) {
            it = cohortOf.insert(ev.comparisonKey, int(out.cohorts.size()));
            out.cohorts.append(RecordTimeline{ev.comparisonKey, {}, {}});
            steps.append(QList<RecordStep>());
        }
        steps[*it].append(std::move(step));
    }
    QList<std::pair<Origin, Problems>> located; // problems by row, to report them in row order
    for (qsizetype c = 0; c < out.cohorts.size(); ++c) {
        QList<RecordStep>& list = steps[c];
        std::stable_sort(list.begin(), list.end(), [](const RecordStep& x, const RecordStep& y) {
            return instantLaterThan(y.event.at, x.event.at);
        });
        for (qsizetype i = 0; i < list.size(); ++i) {
            checkStep(index, list[i], i > 0 ? &list[i - 1] : nullptr, out.cohorts[c].label, options);
            if (!list[i].problems.isEmpty())
                located.append({list[i].event.origin, list[i].problems});
        }
        out.cohorts[c].steps = std::move(list);
    }
    std::stable_sort(located.begin(), located.end(), [](const auto& x, const auto& y) {
        return x.first.file != y.first.file ? x.first.file < y.first.file : x.first.line < y.first.line;
    });
    for (const auto& [line, problems] : located)
        out.problems += problems;
    out.problems += duplicates;
    std::stable_sort(out.cohorts.begin(), out.cohorts.end(),
                     [](const RecordTimeline& x, const RecordTimeline& y) {
                         return x.steps.size() != y.steps.size() ? x.steps.size() > y.steps.size()
                                                                 : x.comparisonKey < y.comparisonKey;
                     });
    return out;
}

} // namespace kix
