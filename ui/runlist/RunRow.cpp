#include "RunRow.h"

#include "BundledProblem.h"
#include "Format.h"
#include "Manifest.h"
#include "RejectedLinks.h"
#include "RooflineRun.h"
#include "SpeedOfLight.h"
#include "Statistics.h"
#include "TextSanitizer.h"
#include "Verification.h"

#include <QFileInfo>
#include <QObject>
#include <limits>
#include <optional>

namespace kix::ui {

namespace {

constexpr double kNone = std::numeric_limits<double>::quiet_NaN();

QString sourceLabel(const Origin& o) {
    QString s = QFileInfo(o.file).fileName();
    if (o.line > 0)
        s += u':' + QString::number(o.line);
    return s;
}

void fill(RunRow& row) {
    qsizetype length = 0;
    for (int c = 0; c < RunColumnCount; ++c) {
        row.text[c] = widgetLine(row.text[c]);
        row.key[c] = row.text[c].toCaseFolded();
        length += row.key[c].size() + 1;
    }
    row.search.reserve(length); // one allocation, not one per column
    for (int c = 0; c < RunColumnCount; ++c) {
        row.search += row.key[c];
        row.search += u'\u001f';
    }
}

QString primaryText(const RunSpec& r, double& ns) {
    ns = kNone;
    if (const auto v = r.primaryLatencyNs()) {
        ns = *v;
        const QString text = formatLatency(v);
        return r.cases.isEmpty() ? text : text + QObject::tr(" (%1 cases)").arg(r.cases.size());
    }
    if (const auto p = r.primary())
        return formatNumber(p->value, 4) + u' ' + p->unit + QStringLiteral(" (") + p->metric + u')';
    return QStringLiteral("—");
}

// kix's suite SOL score where the bundled problem publishes times for the run's GPU, else the score the
// source published (so labelled), else "—"; `number` gets the value for sorting.
QString solScoreText(const RunSpec& s, const QString& gpu, double& number) {
    const ProblemDefinition* problem = bundledProblemDefinition();
    const std::optional<double> computed = problem && !s.cases.isEmpty()
                                               ? speedOfLight(s, gpu, *problem, std::nullopt).suiteScore
                                               : std::nullopt;
    if (computed) {
        number = *computed;
        return formatNumber(computed, 4);
    }
    if (const auto sol = s.metric(QStringLiteral("sol_score"))) {
        number = *sol;
        return formatNumber(sol, 4) + QObject::tr(" (published)");
    }
    return QStringLiteral("—");
}

} // namespace

QString runColumnName(int column) {
    static const char* const names[] = {"Implementation", "GPU",       "Latency",  "SOL score",
                                        "× floor",        "Speedup",   "Status",   "Digests",
                                        "KernelIndex",    "Benchmark", "Observed", "Source"};
    return column >= 0 && column < RunColumnCount ? QObject::tr(names[column]) : QString();
}

bool isNumericColumn(int column) {
    return column == Latency || column == SolScore || column == Floor || column == Speedup;
}

namespace {

// A row for a source that yielded no run: its first error (else its first problem) says why.
void fillProblemRow(const ProblemRow& p, RunRow& row) {
    const Problem* first = &p.problems.first();
    for (const Problem& q : p.problems)
        if (q.isError()) {
            first = &q;
            break;
        }
    row.problem = true;
    row.text[Status] = QObject::tr("error");
    row.text[Implementation] =
        first->path.isEmpty() ? first->message : first->path + QStringLiteral(": ") + first->message;
    row.text[Source] = sourceLabel(p.origin);
    row.tooltip = widgetBlock(first->toString());
    fill(row);
    row.key[Status] = QStringLiteral("~error"); // after every status word
}

// The published average speedup, else the geometric mean of the per-case speedups.
std::optional<double> speedupOf(const RunSpec& s) {
    if (std::optional<double> published = s.metric(QStringLiteral("avg_speedup")))
        return published;
    std::vector<double> speedups;
    for (const auto& c : s.cases)
        if (const auto v = c.effectiveSpeedup())
            speedups.push_back(*v);
    return geometricMean(speedups);
}

// The benchmark the source names, else the operation's name; a case run adds its case's axes, so a suite's
// expanded cases say which they are.
QString benchmarkText(const RecordIndex& index, const RunEntry& e) {
    QString text = e.run->spec.benchmark;
    if (text.isEmpty())
        if (const ResourceEntry* op = index.operationOf(e))
            text = op->resource->name;
    const ResourceEntry* workload = index.workloadOf(e);
    if (workload && workload->resource->kind == ResourceKind::WorkloadCase &&
        !workload->resource->workload.label.isEmpty())
        text += (text.isEmpty() ? QString() : QStringLiteral(" · ")) + workload->resource->workload.label;
    return text;
}

} // namespace

RunRow computeRunRow(const RecordIndex& index, int storeRow, bool withDigests, RunRooflines* floors) {
    RunRow row;
    row.storeRow = storeRow;
    row.number.fill(kNone);
    const StoreRow r = index.row(storeRow);
    if (r.kind == StoreRow::Kind::Problem) {
        fillProblemRow(index.problemRows()[r.index], row);
        return row;
    }
    const RunEntry& e = index.run(r.index);
    const RunSpec& s = e.run->spec;
    const Problems problems = e.problems();
    row.invalid = hasErrors(problems);
    row.text[Implementation] = implementationLabel(*e.run);
    if (const ResourceEntry* env = index.environmentOf(e))
        row.text[Gpu] = env->resource->environment.product;
    row.text[Latency] = primaryText(s, row.number[Latency]);
    row.text[SolScore] = solScoreText(s, row.text[Gpu], row.number[SolScore]);
    row.text[Floor] = QStringLiteral("—");
    if (withDigests) {
        // The model's one rule (RooflineRun.h), as the Digests tab, Details and `kix verify` apply it: no
        // floor for a run that did not pass; kix's bundled problem for a workload or operation not loaded.
        std::optional<RunRooflines> own;
        RunRooflines& rooflines = floors ? *floors : own.emplace(index, GpuBandwidthTable::bundled());
        if (const std::optional<RooflineVerdict>& v = rooflines.of(r.index).overall.verdict) {
            row.number[Floor] = v->ratio;
            row.text[Floor] = v->label();
        }
    }
    const std::optional<double> speedup = speedupOf(s);
    row.text[Speedup] = formatRatio(speedup);
    if (speedup)
        row.number[Speedup] = *speedup;
    row.text[Status] = row.invalid ? QObject::tr("✖ invalid: %1").arg(s.status) : s.status;
    // Linked resources KernelIndex would reject (RejectedLinks.h): known once digests are checked.
    QList<const ResourceRecord*> linked;
    if (withDigests) {
        const QList<DigestCheck> checks = verifyRun(index, e);
        const DigestSummary digests = summarize(checks);
        row.mismatch = digests.mismatch > 0;
        row.text[Digests] = digests.text();
        linked = rejectedLinks(index, checks);
    } else {
        row.text[Digests] = QObject::tr("checked when loaded");
    }
    const int findings = int(std::count_if(problems.begin(), problems.end(), isUpstreamFinding));
    row.rejectedUpstream = findings > 0 || row.invalid || !linked.isEmpty();
    row.text[Upstream] =
        !row.rejectedUpstream ? QObject::tr("accepts")
        : findings > 0        ? QObject::tr("would reject (%n finding(s))", nullptr, findings)
        : !linked.isEmpty()
            ? QObject::tr("would reject (links a rejected %1)").arg(kindName(linked.first()->kind))
            : QObject::tr("would reject");
    row.text[Benchmark] = benchmarkText(index, e);
    row.text[Observed] = s.observedAt.left(10);
    row.text[Source] =
        sourceLabel(e.occurrences.first().origin) +
        (e.occurrences.size() > 1 ? QObject::tr(" (+%1)").arg(e.occurrences.size() - 1) : QString());
    QStringList where;
    for (const auto& o : e.occurrences.mid(0, 5))
        where << o.origin.toString();
    if (e.occurrences.size() > 5)
        where << QObject::tr("… and %1 more").arg(e.occurrences.size() - 5);
    row.tooltip = widgetBlock(where.join(u'\n'));
    fill(row);
    return row;
}

} // namespace kix::ui
