// Reads untrusted JSON with limits: size, nesting depth, duplicate keys, valid UTF-8.
// nlohmann's DOM parser silently keeps the last of duplicate keys and recurses without
// bound; a SAX handler lets us refuse both with a located message.
#pragma once

#include "Problem.h"

#include <QByteArray>
#include <QString>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace kix {

using Json = nlohmann::json;

// The limits every reader applies to one record (a manifest file, one YAML document, one JSON Lines
// line). A default-constructed value takes the run-time settings: KIX_MAX_RECORD_BYTES (bytes, or with
// a K/M/G suffix, binary) and KIX_MAX_DEPTH from the environment when they are set and valid, else the
// built-in defaults. Every "too large"/"too deep" message names the limit, the variable that raises it
// and the value seen.
struct JsonLimits {
    static constexpr qint64 kDefaultMaxBytes =
        qint64(16) * 1024 * 1024; // a manifest is a few KB; room for big case lists
    static constexpr int kDefaultMaxDepth = 64;
    static constexpr qint64 kLeastMaxBytes = 1024;
    static constexpr qint64 kMostMaxBytes = qint64(64) * 1024 * 1024 * 1024;
    static constexpr int kLeastMaxDepth = 2;
    static constexpr int kMostMaxDepth = 1000; // deeper input would strain the recursive code downstream

    qint64 maxBytes = environmentMaxBytes();
    int maxDepth = environmentMaxDepth();

    // The limits in force: the environment's where set and valid, else the built-in defaults.
    static JsonLimits defaults();
    // Why a setting in the environment was ignored (code json.limit_setting), for front ends to print.
    static Problems environmentProblems();
    static qint64 environmentMaxBytes();
    static int environmentMaxDepth();
};

// Message fragments shared by the readers so that every limit is explained the same way.
QString tooLargeMessage(const QString& what, qint64 seen, qint64 limit);
QString tooDeepMessage(int limit);

struct JsonReadResult {
    std::optional<Json> value; // set when parsing succeeded
    Problem error;             // set when it did not
};

// A value's JSON type as messages say it: "a string", "a number", "an object", …
QString jsonTypeName(const Json& value);

// Long arrays of numbers held beside the DOM rather than in it (issue 40): a DOM value is 16 bytes and its
// array grows by doubling, so 8 million launch times of a 16 MB samples file took 128-256 MB as JSON and
// take 64 MB as doubles. parseJson given this stores each array under one of `keys` whose elements are all
// numbers in (0, maxValue] in `arrays`, and puts in the DOM a marker (a binary value, which JSON text cannot
// spell, so a file cannot forge one) that markerIndex() reads back. An array holding anything else is kept
// in the DOM as JSON, exactly as parseJson without this would keep it, so its reader's located error is
// the same.
struct PackedNumberArrays {
    std::vector<std::string> keys;
    double maxValue = 0;
    std::vector<std::vector<double>> arrays;

    // The index into `arrays` of a marker; nullopt for any other value.
    static std::optional<std::size_t> markerIndex(const Json& value);
};

JsonReadResult parseJson(const QByteArray& bytes, const QString& source, const JsonLimits& limits = {},
                         PackedNumberArrays* packed = nullptr);
JsonReadResult readJsonFile(const QString& path, const JsonLimits& limits = {});
// Reads a file's bytes after checking that it exists and is a regular file within the size limit
// (FIFOs, sockets and devices are refused without blocking; at most maxBytes + 1 bytes are ever read,
// so a file that grows while read is refused, not read without bound). Returns the problem when it
// cannot.
std::optional<Problem> readLimitedFile(const QString& path, const JsonLimits& limits, QByteArray& bytes);

} // namespace kix
