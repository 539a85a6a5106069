#include "DiffReport.h"

namespace kix {

namespace {

Json mismatchJson(const Mismatch& m) {
    return {{"part", m.part.toStdString()},
            {"a", m.a.toStdString()},
            {"b", m.b.toStdString()},
            {"detail", m.detail.toStdString()}};
}

Json stringsJson(const QStringList& list) {
    Json a = Json::array();
    for (const auto& s : list)
        a.push_back(s.toStdString());
    return a;
}

Json verdictJson(const ComparabilityVerdict& v) {
    Json mismatches = Json::array();
    for (const auto& m : v.mismatches)
        mismatches.push_back(mismatchJson(m));
    return {
        {"comparable", v.comparable},
        {"sameRun", v.sameRun},
        {"comparisonKey", v.comparisonKey.isEmpty() ? Json(nullptr) : Json(v.comparisonKey.toStdString())},
        {"firstMismatch", v.firstMismatch ? mismatchJson(*v.firstMismatch) : Json(nullptr)},
        {"mismatches", mismatches},
        {"unknown", stringsJson(v.unknown)},
        {"ineligible", {{"a", stringsJson(v.ineligibleA)}, {"b", stringsJson(v.ineligibleB)}}},
        {"reasons", stringsJson(v.reasons)}};
}

Json orNull(const std::optional<double>& v) {
    return v ? Json(*v) : Json(nullptr);
}

Json methodJson(VerdictMethod m) {
    switch (m) {
    case VerdictMethod::Bootstrap:
        return "bootstrap";
    case VerdictMethod::BlockMedians:
        return "blocks";
    case VerdictMethod::Welch:
        return "welch";
    case VerdictMethod::None:
        break;
    }
    return "none";
}

Json verdictOptionsJson(const VerdictOptions& o) {
    return {{"minimumEffect", o.minimumEffect},
            {"noiseFloor", orNull(o.noiseFloor)},
            {"level", o.level},
            {"resamples", o.resamples},
            {"seed", o.seed}};
}

Json runJson(const Manifest& m) {
    return {{"digest", m.run ? m.run->digest.toStdString() : std::string()}, {"file", m.file.toStdString()}};
}

// A pair that is not comparable: the ratio is withheld, the verdict and its reason kept.
void withholdRatio(Json& verdict, const QString& why) {
    verdict["ratio"] = nullptr;
    verdict["interval"] = nullptr;
    verdict["p"] = nullptr;
    verdict["ratioWithheld"] = why.toStdString();
}

} // namespace

// What a verdict rests on, member for member (docs/verdicts.md, "kix diff").
Json caseVerdictJson(const CaseVerdict& v) {
    Json interval = nullptr;
    if (v.interval)
        interval = {{"lo", v.interval->lo}, {"hi", v.interval->hi}, {"level", v.interval->level}};
    return {{"ratio", orNull(v.ratio)},
            {"interval", interval},
            {"method", methodJson(v.method)},
            {"p", orNull(v.mannWhitneyP)},
            {"countA", v.countA},
            {"countB", v.countB},
            {"threshold", v.threshold},
            {"verdict", verdictToken(v.verdict).toStdString()},
            {"reason", v.reason.toStdString()},
            {"samplesToResolve", v.samplesToResolve ? Json(*v.samplesToResolve) : Json(nullptr)}};
}

Json diffReportJson(const Manifest& a, const Manifest& b, const ComparabilityVerdict& verdict,
                    const CaseComparison& cases, const QList<FieldChange>& fields) {
    const QString withheld = QStringLiteral("the runs are not comparable");
    Json rows = Json::array();
    for (const auto& d : cases.rows) {
        Json row = {{"id", d.id.toStdString()},
                    {"axes", d.axes.toStdString()},
                    {"latencyA", orNull(d.latencyA)},
                    {"latencyB", orNull(d.latencyB)}};
        row.update(caseVerdictJson(d.verdict));
        if (!verdict.comparable)
            withholdRatio(row, withheld);
        rows.push_back(std::move(row));
    }
    Json changes = Json::array();
    for (const auto& f : fields)
        changes.push_back({{"kind", changeKindName(f.kind).toStdString()},
                           {"path", f.path.toStdString()},
                           {"before", f.before.toStdString()},
                           {"after", f.after.toStdString()}});
    Json j = verdictJson(verdict);
    j["a"] = runJson(a);
    j["b"] = runJson(b);
    j["verdictOptions"] = verdictOptionsJson(cases.options);
    j["cases"] = rows;
    j["counts"] = {
        {"faster", cases.faster},     {"slower", cases.slower},          {"same", cases.same},
        {"cantTell", cases.cantTell}, {"onlyInA", cases.onlyInA.size()}, {"onlyInB", cases.onlyInB.size()}};
    j["suite"] = caseVerdictJson(cases.suite);
    if (!verdict.comparable)
        withholdRatio(j["suite"], withheld);
    j["suite"]["suiteOnly"] = cases.suiteOnly;
    j["gpuStateDifferences"] = stringsJson(cases.gpuStateDifferences);
    j["summary"] = cases.summary().toStdString();
    j["fields"] = changes;
    return j;
}

Json diffReportJson(const Manifest& a, const Manifest& b) {
    return diffReportJson(a, b, assessComparability(a, b), compareCases(a, b), diffManifests(a, b));
}

Json multiComparisonJson(const MultiComparison& comparison) {
    const MultiComparison& m = comparison;
    if (!m.error.isEmpty() || m.runs.isEmpty())
        return {{"error", m.error.toStdString()}};
    const Manifest& base = *m.runs[m.baseline];
    // Each pair as judged (the comparison's own minimum effect), never judged again here.
    const auto pairJson = [&](int r) {
        return diffReportJson(base, *m.runs[r], m.verdicts[r], m.judged[r], diffManifests(base, *m.runs[r]));
    };
    if (m.runs.size() == 2)
        return pairJson(1 - m.baseline);
    Json runs = Json::array();
    Json comparisons = Json::array();
    for (int r = 0; r < m.runs.size(); ++r) {
        runs.push_back(runJson(*m.runs[r]));
        if (r != m.baseline)
            comparisons.push_back(pairJson(r));
    }
    return {{"baseline", m.baseline}, {"runs", runs}, {"comparisons", comparisons}};
}

} // namespace kix
