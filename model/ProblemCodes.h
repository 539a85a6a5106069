// Stable identifiers of every kind of located problem, shown in `--json` output and the Problems view
// and documented in docs/problem-codes.md. A code never changes meaning once released; messages may be
// reworded. Form: "<area>.<what>", lowercase, dots and underscores only (for example "json.duplicate_key").
// Each area keeps its codes together in its own block below, so that additions do not collide.
#pragma once

namespace kix::codes {

// read: getting the bytes of a source (file, folder, stream)
// json: JSON syntax and limits
// yaml: YAML syntax and its mapping to JSON
// field: typed reads of manifest fields (missing, wrong type, out of range)
// resource: apiVersion, kind, metadata, bundles
// catalog: KernelIndex catalog export tables and published digests/keys
// upstream: "KernelIndex would reject this" (its schemas and parser), always warnings
// trace: SOL-ExecBench trace import

} // namespace kix::codes
