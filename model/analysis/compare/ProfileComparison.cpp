#include "ProfileComparison.h"

namespace kix {

namespace {

RunProfile profileOf(const Manifest& m) {
    return m.run ? findRunProfile(m.file, m.run->digest, m.runSpec.rawSamplesUri) : RunProfile{};
}

const profile::CaseProfile* sideOf(const Manifest& m, const RunProfile& p, qsizetype index) {
    if (!p.artifact || index < 0 || index >= m.runSpec.cases.size())
        return nullptr;
    return caseProfileOf(*p.artifact, m.runSpec.cases[index].id);
}

} // namespace

QString CaseProfileComparison::line() const {
    if (inA && inB)
        return profile::verdictWithWhy(verdictToken(verdict.verdict), changes);
    return !inA && !inB ? QStringLiteral("no profile for this case in A or B")
           : !inA       ? QStringLiteral("no profile for this case in A")
                        : QStringLiteral("no profile for this case in B");
}

ProfileComparison compareRunProfiles(const Manifest& a, const Manifest& b, const CaseComparison& cmp) {
    ProfileComparison out{profileOf(a), profileOf(b), {}};
    if (!out.any())
        return out;
    for (const CaseDelta& d : cmp.rows) {
        CaseProfileComparison c;
        c.label = d.axes.isEmpty() ? d.id : d.axes;
        c.verdict = d.verdict;
        const profile::CaseProfile* pa = sideOf(a, out.a, d.indexA);
        const profile::CaseProfile* pb = sideOf(b, out.b, d.indexB);
        c.inA = pa != nullptr;
        c.inB = pb != nullptr;
        if (pa && pb)
            c.changes = profile::compareProfiles(*pa, *pb);
        out.cases << std::move(c);
    }
    return out;
}

} // namespace kix
