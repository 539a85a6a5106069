// The profile artifact: the metric set of every case's kernels, as kix stores it beside a run (a file of
// its own, canonical JSON, so its bytes' sha256 is its digest). It names the run it profiles by digest and
// says which tool and GPU produced it. KernelIndex's BenchmarkRun has no field for it, so a run never
// changes (nor does its signature) when a profile is attached: the artifact points at the run, and kix
// checks that pointer against the runs it has loaded.
//
//   {"format": "kix.profile/v1", "mediaType": "application/vnd.kix.ncu-profile+json",
//    "kind": "profile", "run": {"name": "...", "digest": "sha256:..."},
//    "tool": {"name": "Nsight Compute", "source": "REPORT file name"}, "device": "...",
//    "computeCapability": "9.0", "l2Bytes": 52428800 (when the report gave it), "metricSet": ["durationNs",
//    ...], "cases": [{"id": "...", "label": "...", "kernels": [{"function", "kernelName", "grid", "block",
//               "metrics": {"durationNs": 68736, ...}, "stalls": [{"reason", "ratio"}]}]}],
//    "unmatched": ["..."]}
#pragma once

#include "CaseProfiles.h"
#include "Problem.h"

#include <QString>
#include <nlohmann/json.hpp>
#include <optional>

namespace kix::profile {

inline constexpr char kProfileFormat[] = "kix.profile/v1";
inline constexpr char kProfileMediaType[] = "application/vnd.kix.ncu-profile+json";
inline constexpr char kProfileSuffix[] = ".profile.json";

struct RunRef {
    QString name, digest;
};

struct ProfileArtifact {
    RunRef run;
    QString source; // the report it was imported from (file name only)
    ProfileSet set;
};

nlohmann::json profileArtifactJson(const ProfileArtifact& artifact);
// The artifact's bytes as written: canonical JSON (RFC 8785) and a newline.
std::string profileArtifactBytes(const ProfileArtifact& artifact);

struct ProfileArtifactRead {
    std::optional<ProfileArtifact> artifact;
    Problems problems;
};

// Whether a document is a profile artifact of any version ("format": "kix.profile/…"): the loaders read it
// beside the run it names (ProfileSidecar.h), never as a manifest.
bool isProfileDocument(const nlohmann::json& root);

// Reads back what profileArtifactJson wrote; anything else is a located error (profile.format).
ProfileArtifactRead readProfileArtifact(const nlohmann::json& json, const QString& file);

} // namespace kix::profile
