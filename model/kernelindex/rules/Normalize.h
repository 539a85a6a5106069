// KernelIndex's normalization before hashing (its parser's transforms, apps/web/src/schemas/):
// set-like lists are sorted (JavaScript string order: UTF-16 code units) and de-duplicated, and
// duration strings such as "0.008 ms" become integer nanoseconds. Nothing else is rewritten: ordered
// lists (operation inputs, shapes) keep their order. Applies to resources whose apiVersion is
// kernelindex.dev/v1alpha1; others are returned unchanged. docs/kernelindex-rules.md lists each rule.
#pragma once

#include "JsonReader.h"
#include "Problem.h"

#include <QStringList>

namespace kix {

// NOLINTNEXTLINE(bugprone-exception-escape): its implicit move is noexcept; the check misreads json's
struct NormalizedResource {
    Json value;           // the resource after normalization (same shape; apiVersion/kind/metadata kept)
    bool changed = false; // true when normalization changed anything that the digest covers
    QStringList
        changes; // what changed, each with its JSON path ("spec.support.dtypes: sorted and de-duplicated")
    Problems problems; // values KernelIndex would refuse to normalize (e.g. "0.0005 ns"), located
};

// `path` is where the resource sits in its document ("" at the top, "run" in a bundle). Problems are
// warnings with codes upstream.duration / upstream.ambiguous_duration; checkUpstreamAcceptance reports
// the same findings (same code, path and message), so a caller showing both shows them once.
NormalizedResource normalizeResource(const Json& resource, const QString& file, const QString& path);

// The message normalization and the upstream check give for a duration KernelIndex refuses, or an
// empty string when `text` is a duration it accepts. Sets `code` to the upstream code.
QString durationProblem(const std::string& text, const char*& code);

} // namespace kix
