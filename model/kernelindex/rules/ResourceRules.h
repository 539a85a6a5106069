// The record store's one door to KernelIndex's rules: normalization before hashing and the
// "KernelIndex would reject this" findings. The rules themselves live in their own units
// (docs/kernelindex-rules.md); this adapter adds what the store needs around them (the line of a
// catalog record on every problem).
#pragma once

#include "Problem.h"

#include <QStringList>
#include <nlohmann/json.hpp>

namespace kix {

// NOLINTNEXTLINE(bugprone-exception-escape): its implicit move is noexcept; the check misreads json's
struct NormalizedForm {
    nlohmann::json value; // the resource as KernelIndex hashes it (same shape)
    bool changed = false; // normalization changed something the digest covers
    QStringList changes;  // what, by JSON path
    Problems problems;    // values KernelIndex refuses to normalize
};

NormalizedForm normalizeForDigest(const nlohmann::json& resource, const QString& file, const QString& path,
                                  qint64 line);
// Warnings (codes upstream.*) for everything KernelIndex's schemas or parser would reject.
Problems kernelIndexFindings(const nlohmann::json& resource, const QString& file, const QString& path,
                             qint64 documentBytes, qint64 line);

} // namespace kix
