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
// no "format", or one this kix does not read
inline constexpr char kDataFormat[] = "data.format";
// a member the format does not define (a warning: the rest still reads)
inline constexpr char kDataUnknownMember[] = "data.unknown_member";
// "source" names no entry of "sources"
inline constexpr char kDataSourceUnknown[] = "data.source_unknown";
// a name, uuid or id given twice
inline constexpr char kDataDuplicate[] = "data.duplicate";
// a shape or a workload names an axis that "axes" does not declare
inline constexpr char kDataAxisUnknown[] = "data.axis_unknown";
// a workload lacks a variable axis, or sets a constant one
inline constexpr char kDataAxesIncomplete[] = "data.axes_incomplete";
// a value outside what the field allows
inline constexpr char kDataOutOfRange[] = "data.out_of_range";
// not a YYYY-MM-DD date, or not a UTC instant
inline constexpr char kDataInvalidDate[] = "data.invalid_date";
// fields that contradict each other
inline constexpr char kDataInconsistent[] = "data.inconsistent";
// a KernelIndex resource built from the facts hashes differently from the digest the file records
inline constexpr char kDataDigestMismatch[] = "data.digest_mismatch";

} // namespace kix::codes
