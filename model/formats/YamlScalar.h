// YAML 1.2 core-schema resolution of one scalar (YAML 1.2.2 section 10.3.2), the rule KernelIndex's
// reader applies: null, booleans, decimal/0o/0x integers and floats are typed; everything else is a
// string. None of YAML 1.1's extra forms (yes/no/on/off, 017 as octal, 1_000, 12:30:00 sexagesimal,
// timestamps) is typed.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace kix::yaml {

enum class ScalarType { Null, Bool, Int, Float, NonFinite, String };

// The type a plain (unquoted, untagged) scalar resolves to, and its JSON value in `out`.
// NonFinite (.inf, .nan, or a float too large for a double) leaves `out` untouched.
ScalarType resolvePlain(const std::string& s, nlohmann::json& out);

const char* typeName(ScalarType type);

} // namespace kix::yaml
