// The suffixes of the files kix writes and recognizes by name, in one place: a reader that skips
// envelopes, the writers that name manifests, raw samples and workloads, and the cluster run that takes
// them back all spell them from here.
#pragma once

namespace kix {

inline constexpr char kEnvelopeSuffix[] = ".intoto.jsonl";  // a DSSE envelope signing a manifest
inline constexpr char kManifestSuffix[] = ".manifest.json"; // a run bundle {run, protocol, environment}
inline constexpr char kSamplesSuffix[] = ".samples.json";   // a run's raw per-case samples (its evidence)
inline constexpr char kWorkloadSuffix[] = ".workload.json"; // a WorkloadCase or WorkloadSuite

} // namespace kix
