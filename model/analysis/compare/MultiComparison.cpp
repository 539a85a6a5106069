#include "MultiComparison.h"

#include "Diff.h"

#include <QHash>
#include <QRegularExpression>
#include <algorithm>

namespace kix {

bool decidesComparability(const QString& path) {
    // The protocol's and environment's specs are hashed into their digests, which are key parts; their
    // metadata (names, titles) is not.
    for (const char* prefix : {"protocol.spec", "environment.spec", "protocol.apiVersion",
                               "environment.apiVersion", "protocol.kind", "environment.kind"})
        if (path == QLatin1String(prefix) || path.startsWith(QLatin1String(prefix) + u'.') ||
            path.startsWith(QLatin1String(prefix) + u'['))
            return true;
    for (const char* field :
         {"run.spec.workloadDigest", "run.spec.protocolDigest", "run.spec.environmentDigest",
          "run.spec.status", "run.spec.timing.primaryStatistic"})
        if (path == QLatin1String(field))
            return true;
    // Without timing, the first measurement is the primary one: its metric, statistic and unit are the key's.
    static const QRegularExpression measurement(
        QStringLiteral(R"(^run\.spec\.measurements\[0\]\.(metric|statistic|unit)$)"));
    return measurement.match(path).hasMatch();
}

namespace {

QString verdictSentence(const MultiComparison& m) {
    const int n = int(m.runs.size());
    if (m.allComparable)
        return QStringLiteral("All %1 runs are comparable by KernelIndex's policy: one comparison cohort, "
                              "every run eligible.")
            .arg(n);
    int notComparable = 0;
    for (int r = 0; r < n; ++r)
        notComparable += r != m.baseline && !m.verdicts[r].comparable ? 1 : 0;
    QString s = QStringLiteral("%1 of %2 runs are not comparable with the baseline (run %3)")
                    .arg(notComparable)
                    .arg(n - 1)
                    .arg(m.baseline + 1);
    if (!m.verdicts[m.baseline].comparable)
        s += QStringLiteral(", which is itself not eligible");
    if (m.firstMismatchRun >= 0) {
        const ComparabilityVerdict& v = m.verdicts[m.firstMismatchRun];
        s += QStringLiteral("; first: run %1, ").arg(m.firstMismatchRun + 1) +
             (v.reasons.isEmpty() ? QStringLiteral("no reason given") : v.reasons.first());
    }
    return s + u'.';
}

void addFields(MultiComparison& out) {
    const int n = int(out.runs.size());
    QHash<QString, int> rowOf;
    const Manifest& base = *out.runs[out.baseline];
    for (int r = 0; r < n; ++r) {
        if (r == out.baseline)
            continue;
        for (const FieldChange& f : diffManifests(base, *out.runs[r])) {
            auto it = rowOf.find(f.path);
            if (it == rowOf.end()) {
                it = rowOf.insert(f.path, int(out.fields.size()));
                MultiFieldRow row;
                row.path = f.path;
                row.decides = decidesComparability(f.path);
                // Until a run says otherwise, each has the baseline's value (the diff lists changes only).
                for (int k = 0; k < n; ++k)
                    row.values << f.before;
                out.fields.append(row);
            }
            out.fields[*it].values[r] = f.after;
        }
    }
    std::stable_sort(out.fields.begin(), out.fields.end(),
                     [](const MultiFieldRow& a, const MultiFieldRow& b) { return a.decides && !b.decides; });
}

void addCases(MultiComparison& out) {
    const int n = int(out.runs.size());
    const Manifest& base = *out.runs[out.baseline];
    const auto& baseCases = base.runSpec.cases;
    for (const CaseResult& c : baseCases) {
        MultiCaseRow row;
        row.id = c.id;
        row.axes = c.axesLabel();
        for (int r = 0; r < n; ++r) {
            row.latencyNs.append(std::nullopt);
            row.ratio.append(std::nullopt);
            row.verdict.append(std::nullopt);
        }
        out.cases.append(row);
    }
    for (int r = 0; r < n; ++r) {
        if (r == out.baseline) {
            for (qsizetype i = 0; i < baseCases.size(); ++i) {
                out.cases[i].latencyNs[r] = baseCases[i].latencyNs.value(base.runSpec.primaryStatistic);
                if (out.cases[i].latencyNs[r])
                    out.cases[i].ratio[r] = 1.0;
            }
            out.geomeanRatio.append(baseCases.isEmpty() ? std::nullopt : std::optional<double>(1.0));
            out.judged.append(CaseComparison{});
            continue;
        }
        CaseComparison judged = compareCases(base, *out.runs[r], out.options);
        for (const CaseDelta& d : judged.rows) {
            MultiCaseRow& row = out.cases[d.indexA];
            // The baseline's column shows the centre its verdicts use (a samples' median where the case
            // has samples), not its declared statistic: each run's latency ÷ the baseline's is then the
            // ratio beside it. The centre of A is the same in every pair (it depends on A alone).
            if (d.latencyA)
                row.latencyNs[out.baseline] = d.latencyA;
            row.latencyNs[r] = d.latencyB;
            row.ratio[r] = d.verdict.ratio;
            row.verdict[r] = d.verdict;
        }
        out.geomeanRatio.append(judged.suiteOnly ? std::nullopt : judged.suite.ratio);
        out.judged.append(std::move(judged));
    }
}

} // namespace

MultiComparison compareRuns(const QList<ManifestPtr>& runs, int baseline, const VerdictOptions& options) {
    MultiComparison out;
    out.options = options;
    if (runs.size() < kMinCompareRuns || runs.size() > kMaxCompareRuns) {
        out.error = QStringLiteral("compare takes %1 to %2 runs, not %3")
                        .arg(kMinCompareRuns)
                        .arg(kMaxCompareRuns)
                        .arg(runs.size());
        return out;
    }
    for (int r = 0; r < runs.size(); ++r)
        if (!runs[r] || !runs[r]->run) {
            out.error = QStringLiteral("item %1 holds no readable run").arg(r + 1);
            return out;
        }
    if (baseline < 0 || baseline >= runs.size()) {
        out.error =
            QStringLiteral("baseline %1 is not one of the %2 runs").arg(baseline + 1).arg(runs.size());
        return out;
    }
    out.runs = runs;
    out.baseline = baseline;
    out.allComparable = true;
    for (int r = 0; r < runs.size(); ++r) {
        out.verdicts.append(assessComparability(*runs[baseline], *runs[r]));
        const ComparabilityVerdict& v = out.verdicts.last();
        if (!v.comparable) {
            out.allComparable = false;
            if (out.firstMismatchRun < 0) {
                out.firstMismatchRun = r;
                out.firstMismatch = v.firstMismatch;
            }
        }
    }
    out.verdictText = verdictSentence(out);
    addCases(out);
    addFields(out);
    return out;
}

QList<MultiFieldRow> filterFields(const QList<MultiFieldRow>& rows, const QString& text, bool decidingOnly) {
    QList<MultiFieldRow> out;
    for (const auto& row : rows) {
        if (decidingOnly && !row.decides)
            continue;
        const bool match = text.isEmpty() || row.path.contains(text, Qt::CaseInsensitive) ||
                           std::any_of(row.values.begin(), row.values.end(), [&](const QString& v) {
                               return v.contains(text, Qt::CaseInsensitive);
                           });
        if (match)
            out.append(row);
    }
    return out;
}

} // namespace kix
