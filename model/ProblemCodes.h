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

// data: kix's own bundled data files (problem definitions, published figures; docs/problem-format.md)
inline constexpr char kDataFormat[] = "data.format";                 // no or an unsupported "format"
inline constexpr char kDataUnknownMember[] = "data.unknown_member";  // a member the format does not define (warning)
inline constexpr char kDataSourceUnknown[] = "data.source_unknown";  // "source" names no entry of "sources"
inline constexpr char kDataDuplicate[] = "data.duplicate";           // a name, uuid or id given twice
inline constexpr char kDataAxisUnknown[] = "data.axis_unknown";      // a shape or workload names an undeclared axis
inline constexpr char kDataAxesIncomplete[] = "data.axes_incomplete"; // a workload lacks a variable axis or sets a constant
inline constexpr char kDataOutOfRange[] = "data.out_of_range";       // a value outside what the field allows
inline constexpr char kDataInvalidDate[] = "data.invalid_date";      // not a YYYY-MM-DD date or a UTC instant
inline constexpr char kDataInconsistent[] = "data.inconsistent";     // fields that contradict each other
inline constexpr char kDataDigestMismatch[] = "data.digest_mismatch"; // a resource built from the facts hashes differently

} // namespace kix::codes
