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

Json runJson(const Manifest& m) {
    return {{"digest", m.run ? m.run->digest.toStdString() : std::string()}, {"file", m.file.toStdString()}};
}

} // namespace

Json diffReportJson(const Manifest& a, const Manifest& b, const ComparabilityVerdict& verdict,
                    const CaseComparison& cases, const QList<FieldChange>& fields) {
    Json rows = Json::array();
    for (const auto& d : cases.rows)
        rows.push_back({{"id", d.id.toStdString()},
                        {"axes", d.axes.toStdString()},
                        {"latencyA", orNull(d.latencyA)},
                        {"latencyB", orNull(d.latencyB)},
                        {"ratio", orNull(d.ratio)},
                        {"direction", directionName(d.direction).toStdString()},
                        {"noise", noiseName(d.noise).toStdString()}});
    Json changes = Json::array();
    for (const auto& f : fields)
        changes.push_back({{"kind", changeKindName(f.kind).toStdString()},
                           {"path", f.path.toStdString()},
                           {"before", f.before.toStdString()},
                           {"after", f.after.toStdString()}});
    Json j = verdictJson(verdict);
    j["a"] = runJson(a);
    j["b"] = runJson(b);
    j["cases"] = rows;
    j["geomeanRatio"] = orNull(cases.geomeanRatio);
    j["suiteRatio"] = orNull(cases.suiteRatio);
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
    if (m.runs.size() == 2)
        return diffReportJson(base, *m.runs[1 - m.baseline]);
    Json runs = Json::array();
    Json comparisons = Json::array();
    for (int r = 0; r < m.runs.size(); ++r) {
        runs.push_back(runJson(*m.runs[r]));
        if (r != m.baseline)
            comparisons.push_back(diffReportJson(base, *m.runs[r]));
    }
    return {{"baseline", m.baseline}, {"runs", runs}, {"comparisons", comparisons}};
}

} // namespace kix
