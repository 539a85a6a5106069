// Raw-samples evidence: what KernelIndex's BenchmarkRun has no field for (per-case sample statistics,
// reference timings, speedups, per-output errors, NaN/Inf flags, the raw per-launch samples) lives in
// a kix file that the run names in spec.evidence.rawSamples {uri, digest}. The digest is "sha256:" +
// the SHA-256 of the file's bytes, so the run's own digest covers the evidence. A suite run's URI
// names the file; a per-case run's URI adds the JSON pointer of its case ("x.samples.json#/cases/3").
//
// The file: {"format": "kix.raw-samples/v1", "run": <suite run name>, "cases": [case, …]} where each
// case has the fields of kix's legacy per-case extension (docs/manifest-format.md), plus optional
// "samplesNs" and "referenceSamplesNs" (every timed launch, integer nanoseconds).
#pragma once

#include "FieldReader.h"
#include "RunSpec.h"

#include <QByteArray>
#include <QString>
#include <optional>

namespace kix {

inline constexpr char kRawSamplesFormat[] = "kix.raw-samples/v1";

// Whether a document is a raw-samples file (its "format"), which a folder load passes over.
bool isRawSamplesDocument(const Json& root);

// The document written to the evidence file.
Json rawSamplesDocument(const QString& runName, Json cases);

// {uri, digest} naming `bytes` written as `fileName`; with a case index, that case of it.
Json rawSamplesReference(const QString& fileName, const QByteArray& bytes,
                         std::optional<qsizetype> caseIndex = std::nullopt);

// Reads spec.evidence.rawSamples of a run read from a file (not a catalog line): the file is resolved
// relative to the run's own file and must stay in its folder (resolveSetReference, SetReference.h: else
// evidence.reference, and nothing is read), read within the record limits, its digest checked, and its cases
// (or the one case its URI points at) become run.cases when the run carries no legacy cases.
// A URI with a scheme (https:) is left alone; an unreadable file is a warning (evidence.unreadable),
// a digest that does not match an error (evidence.digest_mismatch), a malformed file an error
// (evidence.format).
void readRawSamplesEvidence(FieldReader& spec, RunSpec& run);

} // namespace kix
