// The primitive rules of KernelIndex's manifest parser (its apps/web/src/schemas/common.ts), shared by
// normalization and the "KernelIndex would reject this" check. Every function works on the UTF-8
// bytes in place: nothing here allocates per character. docs/kernelindex-rules.md lists the sources.
#pragma once

#include <cstdint>
#include <string_view>

namespace kix::kernelindex {

inline constexpr std::int64_t kMaxSafeInteger = 9007199254740991; // Number.MAX_SAFE_INTEGER
// KernelIndex refuses a manifest document over 1 MiB (parse.ts: MAX_MANIFEST_BYTES). The one spelling of
// it: the upstream check warns past it, import-trace refuses to write a manifest past it.
inline constexpr std::int64_t kMaxManifestBytes = std::int64_t{1} << 20;

// Patterns, each exactly as KernelIndex's regular expression (ASCII classes, anchored).
bool isToken(std::string_view s);          // ^[a-z][a-z0-9_]*$   dtypes, metrics, statistics, axis names
bool isSlug(std::string_view s);           // ^[a-z0-9][a-z0-9-]*$ (and at most 100 characters)
bool isManifestName(std::string_view s);   // ^[a-z0-9][a-z0-9._-]*$ (and at most 200 characters)
bool isDigest(std::string_view s);         // ^sha256:[0-9a-f]{64}$
bool isGitCommit(std::string_view s);      // ^[0-9a-f]{40}$
bool isAxisExpression(std::string_view s); // ^[a-z0-9_+\-*%/() ]+$
// `new URL(value).protocol === "https:"` (WHATWG URL parsing, approximated: the scheme, an authority
// with a non-empty host free of forbidden code points, a valid port, a valid IPv4 address where the
// host ends in a number; international domain names are not put through IDNA).
bool isHttpsUrl(std::string_view s);

// JavaScript's string length (zod's .max() counts UTF-16 code units, not code points) and its `a < b`
// (set-like lists are sorted by it) are utf8::utf16Length and utf8::utf16Less (Utf8.h).

// KernelIndex's durationNs: a string "<digits>[.<digits>][one whitespace](ns|us|µs|ms|s)" becomes
// Number(digits) * unit in double arithmetic, and must then be a safe integer.
enum class DurationParse { Ok, NotADuration, Ambiguous };
struct Duration {
    DurationParse status = DurationParse::NotADuration;
    std::int64_t ns = 0; // when Ok
    double exactNs = 0;  // the double product, for messages when Ambiguous
};
Duration parseDuration(std::string_view s);

} // namespace kix::kernelindex
