// Stable identifiers of every kind of located problem, shown in `--json` output and the Problems view
// and documented in docs/problem-codes.md. A code never changes meaning once released; messages may be
// reworded. Form: "<area>.<what>", lowercase, dots and underscores only (for example "json.duplicate_key").
// Each area keeps its codes together in its own block below, so that additions do not collide.
#pragma once

namespace kix::codes {

// read: getting the bytes of a source (file, folder, stream)
// Readers (JsonReader's readLimitedFile, LineSource):
inline constexpr char readNotFound[] = "read.not_found";           // no such file
inline constexpr char readDanglingLink[] = "read.dangling_link";   // a symbolic link to nothing
inline constexpr char readIsFolder[] = "read.is_folder";           // a folder where a file was expected
inline constexpr char readNotRegular[] = "read.not_regular";       // FIFO, socket, device: refused
inline constexpr char readUnreadable[] = "read.unreadable";        // open() or read() failed
inline constexpr char readTooLarge[] = "read.too_large";           // over the record byte limit
inline constexpr char readGrew[] = "read.grew";                    // grew past the limit while read
inline constexpr char readLineTooLong[] = "read.line_too_long";    // one JSON Lines record over the cap
inline constexpr char readZstdMagic[] = "read.zstd_magic";         // .zst without the zstd magic number
inline constexpr char readZstdCorrupt[] = "read.zstd_corrupt";     // the decompressor refused the data
inline constexpr char readZstdTruncated[] = "read.zstd_truncated"; // the data ends inside a frame
inline constexpr char readZstdRatio[] = "read.zstd_ratio"; // expands past kMaxZstdExpansion (LineSource.h)
// Inputs and folders (the record store):
inline constexpr char readNoInput[] = "read.no_input";         // nothing to read was given
inline constexpr char readEmptyFolder[] = "read.empty_folder"; // a folder holds no file kix reads

// json: JSON syntax and limits
inline constexpr char jsonEmpty[] = "json.empty";
inline constexpr char jsonSyntax[] = "json.syntax";
inline constexpr char jsonDuplicateKey[] = "json.duplicate_key";
inline constexpr char jsonTooDeep[] = "json.too_deep";
inline constexpr char jsonTooLarge[] = "json.too_large";
inline constexpr char jsonLimitSetting[] =
    "json.limit_setting"; // KIX_MAX_RECORD_BYTES / KIX_MAX_DEPTH invalid

// yaml: YAML syntax and its mapping to JSON
inline constexpr char yamlEmpty[] = "yaml.empty";
inline constexpr char yamlSyntax[] = "yaml.syntax";
inline constexpr char yamlDuplicateKey[] = "yaml.duplicate_key";
inline constexpr char yamlTooDeep[] = "yaml.too_deep";
inline constexpr char yamlTooLarge[] = "yaml.too_large";
inline constexpr char yamlInvalidUtf8[] = "yaml.invalid_utf8";
inline constexpr char yamlInvalidCharacter[] = "yaml.invalid_character"; // a control character in the text
inline constexpr char yamlTag[] = "yaml.tag";                            // a tag outside the core schema
inline constexpr char yamlTagValue[] = "yaml.tag_value";                 // "!!int abc"
inline constexpr char yamlNonStringKey[] = "yaml.non_string_key";
inline constexpr char yamlNonFinite[] = "yaml.non_finite";           // .inf, .nan, 1e999
inline constexpr char yamlAliasExpansion[] = "yaml.alias_expansion"; // billion laughs
inline constexpr char yamlRecursiveAlias[] = "yaml.recursive_alias";
inline constexpr char yamlMultipleDocuments[] = "yaml.multiple_documents";

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
inline constexpr char catalogRecordEvent[] =
    "catalog.record_event"; // a record_events row disagrees with the runs it names (history)

// upstream: "KernelIndex would reject this" (its schemas and parser), always warnings
inline constexpr char upstreamTooLarge[] = "upstream.too_large";   // document over 1 MiB
inline constexpr char upstreamNotObject[] = "upstream.not_object"; // the resource is not an object
inline constexpr char upstreamApiVersion[] = "upstream.api_version";
inline constexpr char upstreamUnknownKind[] = "upstream.unknown_kind";
inline constexpr char upstreamUnknownMember[] = "upstream.unknown_member";
inline constexpr char upstreamRequired[] = "upstream.required";
inline constexpr char upstreamType[] = "upstream.type";
inline constexpr char upstreamEnum[] = "upstream.enum";
inline constexpr char upstreamConst[] = "upstream.const";
inline constexpr char upstreamPattern[] = "upstream.pattern"; // lowercase tokens, slugs, expressions
inline constexpr char upstreamName[] = "upstream.name";       // metadata.name and other manifest names
inline constexpr char upstreamDigest[] = "upstream.digest";   // not sha256:<64 lowercase hex>
inline constexpr char upstreamCommit[] = "upstream.commit";   // not a full lowercase git SHA
inline constexpr char upstreamUtcInstant[] = "upstream.utc_instant";
inline constexpr char upstreamHttpsUrl[] = "upstream.https_url";
inline constexpr char upstreamKey[] = "upstream.key"; // a map key outside its pattern
inline constexpr char upstreamTooLong[] = "upstream.too_long";
inline constexpr char upstreamInteger[] = "upstream.integer";
inline constexpr char upstreamRange[] = "upstream.range";       // minimum/maximum, ratios above 1
inline constexpr char upstreamItems[] = "upstream.items";       // too few or too many list items
inline constexpr char upstreamDuration[] = "upstream.duration"; // not "<number> ns|us|µs|ms|s"
inline constexpr char upstreamAmbiguousDuration[] = "upstream.ambiguous_duration"; // not whole nanoseconds
inline constexpr char upstreamConstantAxis[] = "upstream.constant_axis"; // a constant axis without a value
inline constexpr char upstreamDerivedAxis[] = "upstream.derived_axis"; // a derived axis without an expression
inline constexpr char upstreamArgument[] = "upstream.argument";        // not exactly one of tensor/scalar
inline constexpr char upstreamLatencyCentral[] =
    "upstream.latency_central"; // latencyNs without median or mean

// trace: SOL-ExecBench trace import (kix import-trace; docs/manifest-format.md)
inline constexpr char traceNotObject[] = "trace.not_object";           // a line that is not a JSON object
inline constexpr char traceWorkloadOnly[] = "trace.workload_only";     // warning: no evaluation, skipped
inline constexpr char traceStatus[] = "trace.status";                  // not one of SOL-ExecBench's nine
inline constexpr char traceNoPerformance[] = "trace.no_performance";   // warning: PASSED without timing
inline constexpr char traceNaiveTimestamp[] = "trace.naive_timestamp"; // warning: a time without a zone
inline constexpr char traceTimestamp[] = "trace.timestamp";            // not an ISO 8601 date and time
inline constexpr char traceConflict[] =
    "trace.conflict"; // one solution with two definitions, GPUs or versions
inline constexpr char traceDuplicate[] = "trace.duplicate"; // one (solution, workload) evaluated twice
inline constexpr char traceName[] = "trace.name";           // an axis or input name KernelIndex cannot hold
inline constexpr char traceArchitecture[] = "trace.architecture"; // a GPU whose architecture kix cannot tell
inline constexpr char traceEmpty[] = "trace.empty";               // no evaluated trace in the file
inline constexpr char traceCatalogLine[] = "trace.catalog_line";  // a KernelIndex catalog line, not a trace
inline constexpr char traceDefinition[] =
    "trace.definition";                                    // --definition FILE: not a usable definition.json
inline constexpr char traceTooLarge[] = "trace.too_large"; // the file, or a written document, over a limit
// warning: an OperationSpec argument that nothing gives a dtype and shape (KernelIndex's parser rejects it)
inline constexpr char traceArgument[] = "trace.argument";

// solution: a SOL-ExecBench solution and its problem (kix run --solution; model/import/SolutionProblem.h)
inline constexpr char solutionDefinition[] = "solution.definition";  // the solution names another definition
inline constexpr char solutionLanguage[] = "solution.language";      // not a SOL-ExecBench language, or mixed
inline constexpr char solutionEntryPoint[] = "solution.entry_point"; // not file::function, or not in sources

// evidence: raw-samples evidence files named by spec.evidence.rawSamples
inline constexpr char evidenceUnreadable[] = "evidence.unreadable"; // warning: the file cannot be read
inline constexpr char evidenceDigestMismatch[] = "evidence.digest_mismatch"; // its bytes hash differently
inline constexpr char evidenceFormat[] = "evidence.format";                  // not a kix raw-samples file
// a URI that leaves the set's folder (absolute, "..", a link out) or names a FIFO or device (SetReference.h)
inline constexpr char evidenceReference[] = "evidence.reference";
// a case's samplesNs disagree with the count or the statistics stated for it (RawSamples.h)
inline constexpr char evidenceStatistics[] = "evidence.statistics";
// the evidence holds more launch times than kix compares (limits::kMaxRawSamples, InputLimits.h)
inline constexpr char evidenceTooManySamples[] = "evidence.too_many_samples";

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

// profile: Nsight Compute reports attached to runs (model/profile, docs/profiles.md)
inline constexpr char profileTooLarge[] = "profile.too_large";   // over NcuLimits' byte limit
inline constexpr char profileCsvSyntax[] = "profile.csv_syntax"; // an unclosed quote, a short row, a bad ID
inline constexpr char profileNotNcu[] = "profile.not_ncu";     // not ncu's raw-page CSV (or its details page)
inline constexpr char profileNoLaunch[] = "profile.no_launch"; // the report holds no profiled launch
inline constexpr char profileBadValue[] =
    "profile.bad_value"; // a metric cell that is not a number of its unit
inline constexpr char profileMissingMetric[] =
    "profile.missing_metric";                                   // warning: a metric of the set not collected
inline constexpr char profileUnmatched[] = "profile.unmatched"; // warning: a launch or a case left unmatched
inline constexpr char profileOtherGpu[] = "profile.other_gpu";  // the report's GPU is not the run's
inline constexpr char profileOtherKernel[] = "profile.other_kernel"; // the report's kernels are not the run's
inline constexpr char profileFormat[] = "profile.format";            // a profile artifact kix cannot read
inline constexpr char profileOtherRun[] = "profile.other_run";       // a sidecar naming another run's digest

} // namespace kix::codes
