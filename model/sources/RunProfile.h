// A loaded run's Nsight Compute profile (docs/profiles.md): the sidecar beside its manifest
// (profile/ProfileSidecar.h), or, for a case run of a kix run set, the set's. A case run's raw samples are
// "<stem>.samples.json#/cases/N"; the set's profile is "<stem>.profile.json" and names the suite run,
// "<stem>.manifest.json", by digest: that file's run is read and its digest recomputed, so a profile is
// shown for a case run only when it is its suite's. A profile that exists but is not accepted says why.
#pragma once

#include "ProfileArtifact.h"

#include <QString>
#include <optional>

namespace kix {

struct RunProfile {
    std::optional<profile::ProfileArtifact> artifact;
    QString file;      // the sidecar read; "" when there is none
    QString digest;    // sha256 of its bytes, when read
    Problems problems; // why a sidecar that exists was refused
};

// `runFile`, `runDigest` (recomputed) and `rawSamplesUri` (spec.evidence.rawSamples.uri) of the run.
RunProfile findRunProfile(const QString& runFile, const QString& runDigest, const QString& rawSamplesUri);

// The profile of the case `caseId` (a run's case id), else, when the profile has one case and the run
// asks for its own (caseId empty), that one; nullptr when it has none for it.
const profile::CaseProfile* caseProfileOf(const profile::ProfileArtifact& artifact, const QString& caseId);

} // namespace kix
