// Two runs' Nsight Compute profiles over a comparison's cases (docs/profiles.md): per matched case, whether
// each side has a profile, the metrics of A and B ordered by how much each moved (profile/ProfileChecks.h),
// and the verdict with the profile's why beside it ("slower: DRAM throughput 85% -> 48% of peak"). Compare's
// profile section and `kix diff` both read it.
#pragma once

#include "CaseComparison.h"
#include "Manifest.h"
#include "ProfileChecks.h"
#include "RunProfile.h"

namespace kix {

struct CaseProfileComparison {
    QString label; // the case's axes, else its id
    CaseVerdict verdict;
    bool inA = false, inB = false;
    QList<profile::MetricChange> changes; // when both have one: largest change first
    // "slower: DRAM throughput 85% -> 48% of peak", or "no profile for this case in A" (in B, in A or B).
    QString line() const;
};

struct ProfileComparison {
    RunProfile a, b; // each run's profile (findRunProfile)
    QList<CaseProfileComparison> cases;
    bool any() const { return a.artifact || b.artifact; }
};

ProfileComparison compareRunProfiles(const Manifest& a, const Manifest& b, const CaseComparison& cmp);

} // namespace kix
