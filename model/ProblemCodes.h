// Stable identifiers of every kind of located problem, shown in `--json` output and the Problems view
// and documented in docs/problem-codes.md. A code never changes meaning once released; messages may be
// reworded. Form: "<area>.<what>", lowercase, dots and underscores only (for example "json.duplicate_key").
// Each area keeps its codes together in its own block below, so that additions do not collide.
#pragma once

namespace kix::codes {

// read: getting the bytes of a source (file, folder, stream)
// -- inputs and folders (the record store)
inline constexpr char readNoInput[] = "read.no_input";           // nothing to read was given
inline constexpr char readNotFound[] = "read.not_found";         // the path does not exist
inline constexpr char readEmptyFolder[] = "read.empty_folder";   // a folder holds no file kix reads
inline constexpr char readUnreadable[] = "read.unreadable";      // a file in a folder cannot be opened
inline constexpr char readDanglingLink[] = "read.dangling_link"; // a symbolic link points nowhere
inline constexpr char readNotRegular[] = "read.not_regular";     // a FIFO, socket or device in a folder
inline constexpr char readFormat[] = "read.format";              // a reader for this format is not built in

// json: JSON syntax and limits
// yaml: YAML syntax and its mapping to JSON

// field: typed reads of manifest fields (missing, wrong type, out of range)
inline constexpr char fieldMissing[] = "field.missing"; // a required field is absent
inline constexpr char fieldType[] = "field.type";       // a field has the wrong JSON type
inline constexpr char fieldEmpty[] = "field.empty";     // a required string is empty
inline constexpr char fieldRange[] = "field.range";     // a number is negative, not finite or not whole
inline constexpr char fieldOrder[] = "field.order";     // minimum above maximum, or a reversed interval
inline constexpr char fieldDigest[] = "field.digest";   // not "sha256:<64 lowercase hex>" nor another scheme
inline constexpr char fieldDigestScheme[] =
    "field.digest_scheme";                                  // warning: a digest scheme kix cannot recompute
inline constexpr char fieldTimestamp[] = "field.timestamp"; // not an RFC 3339 date-time
inline constexpr char fieldDuration[] = "field.duration";   // a duration string kix cannot read
inline constexpr char fieldStatistic[] = "field.statistic"; // a statistic name that is not lowercase
inline constexpr char fieldDuplicateId[] = "field.duplicate_id"; // two per-case results share an id
inline constexpr char fieldIgnored[] = "field.ignored";          // warning: a value kix cannot use, ignored
inline constexpr char fieldNoPrimary[] =
    "field.no_primary"; // a passed run with no timing and no measurements
inline constexpr char fieldEmptyStats[] =
    "field.empty_statistics"; // latency statistics with no value in them

// resource: apiVersion, kind, metadata, bundles
inline constexpr char resourceNotObject[] = "resource.not_object"; // a resource is not a JSON object
inline constexpr char resourceApiVersion[] =
    "resource.api_version"; // apiVersion is not kernelindex.dev/v1alpha1
inline constexpr char resourceUnknownKind[] = "resource.unknown_kind"; // kind is none of the 13
inline constexpr char resourceWrongKind[] = "resource.wrong_kind";     // a bundle member of the wrong kind
inline constexpr char resourceNotManifest[] = "resource.not_manifest"; // neither a bundle nor a resource
inline constexpr char resourceBundleMember[] =
    "resource.bundle_member";                                     // warning: unknown bundle member, ignored
inline constexpr char resourceNoRun[] = "resource.no_run";        // a bundle without its run
inline constexpr char resourceCanonical[] = "resource.canonical"; // the content has no RFC 8785 form
inline constexpr char resourceConflict[] = "resource.conflict"; // warning: one run, different bundle members

// catalog: KernelIndex catalog export tables and published digests/keys
inline constexpr char catalogLine[] = "catalog.line"; // a line is not {"table": T, "row": R}
inline constexpr char catalogRow[] = "catalog.row";   // a row field kix needs is missing or mistyped
inline constexpr char catalogDigest[] = "catalog.digest_mismatch"; // a published digest differs from kix's
inline constexpr char catalogKey[] =
    "catalog.key_mismatch"; // a published protocol/environment/correctness/comparison key differs
inline constexpr char catalogStatus[] = "catalog.status_mismatch"; // the row's status is not the manifest's
inline constexpr char catalogPrimary[] =
    "catalog.primary_mismatch"; // the row's primary metric is not the manifest's
inline constexpr char catalogReference[] = "catalog.reference"; // a row names an id no loaded row has

// upstream: "KernelIndex would reject this" (its schemas and parser), always warnings
// trace: SOL-ExecBench trace import

} // namespace kix::codes
