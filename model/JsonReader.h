// Reads untrusted JSON with limits: size, nesting depth, duplicate keys, valid UTF-8.
// nlohmann's DOM parser silently keeps the last of duplicate keys and recurses without
// bound; a SAX handler lets us refuse both with a located message.
#pragma once

#include "Problem.h"

#include <QByteArray>
#include <QString>
#include <nlohmann/json.hpp>
#include <optional>

namespace kix {

using Json = nlohmann::json;

struct JsonLimits {
    qint64 maxBytes = 16 * 1024 * 1024; // a manifest is a few KB; 16 MiB leaves room for big case lists
    int maxDepth = 64;
};

struct JsonReadResult {
    std::optional<Json> value; // set when parsing succeeded
    Problem error;             // set when it did not
};

JsonReadResult parseJson(const QByteArray& bytes, const QString& source, const JsonLimits& limits = {});
JsonReadResult readJsonFile(const QString& path, const JsonLimits& limits = {});
// Reads a file's bytes after checking that it exists, is a file and is within the size limit.
// Returns the problem when it cannot.
std::optional<Problem> readLimitedFile(const QString& path, const JsonLimits& limits, QByteArray& bytes);

} // namespace kix
