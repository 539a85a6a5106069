// Writing manifests kix makes (local reruns, imported traces): resources are assembled,
// the run's digests are filled in by the same scheme the verifier uses, and files are
// written atomically so that a failure never leaves half a manifest behind.
#pragma once

#include "Records.h"

#include <QString>

namespace kix {

Json makeResource(ResourceKind kind, const QString& name, const QString& title, Json spec);

// {run, protocol, environment} with run.spec.protocolDigest and environmentDigest computed from the others.
Json makeBundle(Json run, const Json& protocol, const Json& environment);

// Pretty-printed JSON, written whole beside the target and then moved into place (ManifestSet.h):
// never through a symbolic link, and an existing file only when `replace`. Returns an error message,
// empty on success.
QString writeJsonAtomically(const QString& path, const Json& document, bool replace = true);

// Latency statistics as the manifest stores them (latencyNs objects).
Json latencyJson(const LatencyStats& stats);

} // namespace kix
