// Stable identifiers of every kind of located problem, shown in `--json` output and the Problems view
// and documented in docs/problem-codes.md. A code never changes meaning once released; messages may be
// reworded. Form: "<area>.<what>", lowercase, dots and underscores only (for example "json.duplicate_key").
// Each area keeps its codes together in its own block below, so that additions do not collide.
#pragma once

namespace kix::codes {

// read: getting the bytes of a source (file, folder, stream)
// -- inputs and folders (the record store)
inline constexpr char kReadNoInput[] = "read.no_input";           // nothing to read was given
inline constexpr char kReadNotFound[] = "read.not_found";         // the path does not exist
inline constexpr char kReadEmptyFolder[] = "read.empty_folder";   // a folder holds no file kix reads
inline constexpr char kReadUnreadable[] = "read.unreadable";      // a file in a folder cannot be opened
inline constexpr char kReadDanglingLink[] = "read.dangling_link"; // a symbolic link points nowhere
inline constexpr char kReadNotRegular[] = "read.not_regular";     // a FIFO, socket or device in a folder
inline constexpr char kReadFormat[] = "read.format";              // a reader for this format is not built in

// json: JSON syntax and limits
// yaml: YAML syntax and its mapping to JSON

// field: typed reads of manifest fields (missing, wrong type, out of range)
inline constexpr char kFieldMissing[] = "field.missing"; // a required field is absent
inline constexpr char kFieldType[] = "field.type";       // a field has the wrong JSON type
inline constexpr char kFieldEmpty[] = "field.empty";     // a required string is empty
inline constexpr char kFieldRange[] = "field.range";     // a number is negative, not finite or not whole
inline constexpr char kFieldOrder[] = "field.order";     // minimum above maximum, or a reversed interval
inline constexpr char kFieldDigest[] = "field.digest";   // not "sha256:<64 lowercase hex>" nor another scheme
inline constexpr char kFieldDigestScheme[] =
    "field.digest_scheme";                                   // warning: a digest scheme kix cannot recompute
inline constexpr char kFieldTimestamp[] = "field.timestamp"; // not an RFC 3339 date-time
inline constexpr char kFieldDuration[] = "field.duration";   // a duration string kix cannot read
inline constexpr char kFieldStatistic[] = "field.statistic"; // a statistic name that is not lowercase
inline constexpr char kFieldDuplicateId[] = "field.duplicate_id"; // two per-case results share an id
inline constexpr char kFieldIgnored[] = "field.ignored";          // warning: a value kix cannot use, ignored
inline constexpr char kFieldNoPrimary[] =
    "field.no_primary"; // a passed run with no timing and no measurements
inline constexpr char kFieldEmptyStats[] =
    "field.empty_statistics"; // latency statistics with no value in them

// resource: apiVersion, kind, metadata, bundles
inline constexpr char kResourceNotObject[] = "resource.not_object"; // a resource is not a JSON object
inline constexpr char kResourceApiVersion[] =
    "resource.api_version"; // apiVersion is not kernelindex.dev/v1alpha1
inline constexpr char kResourceUnknownKind[] = "resource.unknown_kind"; // kind is none of the 13
inline constexpr char kResourceWrongKind[] = "resource.wrong_kind";     // a bundle member of the wrong kind
inline constexpr char kResourceNotManifest[] = "resource.not_manifest"; // neither a bundle nor a resource
inline constexpr char kResourceBundleMember[] =
    "resource.bundle_member";                                      // warning: unknown bundle member, ignored
inline constexpr char kResourceNoRun[] = "resource.no_run";        // a bundle without its run
inline constexpr char kResourceCanonical[] = "resource.canonical"; // the content has no RFC 8785 form
inline constexpr char kResourceConflict[] = "resource.conflict"; // warning: one run, different bundle members

// catalog: KernelIndex catalog export tables and published digests/keys
inline constexpr char kCatalogLine[] = "catalog.line"; // a line is not {"table": T, "row": R}
inline constexpr char kCatalogRow[] = "catalog.row";   // a row field kix needs is missing or mistyped
inline constexpr char kCatalogDigest[] = "catalog.digest_mismatch"; // a published digest differs from kix's
inline constexpr char kCatalogKey[] =
    "catalog.key_mismatch"; // a published protocol/environment/correctness/comparison key differs
inline constexpr char kCatalogStatus[] = "catalog.status_mismatch"; // the row's status is not the manifest's
inline constexpr char kCatalogPrimary[] =
    "catalog.primary_mismatch"; // the row's primary metric is not the manifest's
inline constexpr char kCatalogReference[] = "catalog.reference"; // a row names an id no loaded row has

// upstream: "KernelIndex would reject this" (its schemas and parser), always warnings
// trace: SOL-ExecBench trace import

} // namespace kix::codes
