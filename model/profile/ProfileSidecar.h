// Where a run's profile lives and how it is checked: a file beside the run's manifest,
// "<stem>.profile.json" (kix-run-20261207T231500Z-nvidia-h100.manifest.json ->
// kix-run-20261207T231500Z-nvidia-h100.profile.json, as its raw samples are <stem>.samples.json).
// KernelIndex's BenchmarkRun has no field that could name it (its evidence holds logs, raw samples and the
// harness only), so the link runs the other way: the profile names the run's digest, and a profile whose
// digest is not the run's beside it is refused, never shown as that run's.
#pragma once

#include "ProfileArtifact.h"

#include <QString>

namespace kix::profile {

// The sidecar's path for a run read from `manifestFile`.
QString profileSidecarPath(const QString& manifestFile);

// Writes `artifact` as the sidecar of `manifestFile`, atomically; the error, or "" when it is written.
QString writeProfileSidecar(const QString& manifestFile, const ProfileArtifact& artifact);

struct ProfileSidecarRead {
    std::optional<ProfileArtifact> artifact; // set when it reads and names `runDigest`
    QString digest;                          // sha256:<hex> of the file's bytes, when it was read
    Problems problems;
};

// Reads the sidecar at `path` and checks that it names the run whose recomputed digest is `runDigest`.
ProfileSidecarRead readProfileSidecar(const QString& path, const QString& runDigest);

} // namespace kix::profile
