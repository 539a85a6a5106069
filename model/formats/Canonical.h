// RFC 8785 JSON Canonicalization Scheme (JCS).
// Object members sorted by the UTF-16 code units of their names, numbers written as
// ECMAScript's Number.prototype.toString writes them, strings with minimal escaping, no white space.
// nlohmann's dump() sorts by UTF-8 bytes and prints numbers its own way, so it is not JCS.
#pragma once

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

namespace kix {

struct CanonicalError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The canonical UTF-8 text of a JSON value. Throws CanonicalError for values JCS cannot express
// (NaN, infinities, binary, a member name that is not UTF-8: its order is undefined).
std::string canonicalJson(const nlohmann::json& value);
// The same text appended to `out` (to build a larger canonical text without copying its parts).
void appendCanonicalJson(const nlohmann::json& value, std::string& out);

// ECMAScript Number::toString for a finite double (RFC 8785 section 3.2.2.3).
std::string ecmaScriptNumber(double value);

} // namespace kix
