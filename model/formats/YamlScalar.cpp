#include "YamlScalar.h"

#include "Decimal.h"

#include <charconv>
#include <cmath>
#include <cstdint>

namespace kix::yaml {

namespace {

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}

bool allOf(const std::string& s, std::size_t from, bool (*pred)(char)) {
    if (from >= s.size())
        return false;
    for (std::size_t i = from; i < s.size(); ++i) {
        if (!pred(s[i]))
            return false;
    }
    return true;
}

// The index past the digits that start at `i`.
std::size_t skipDigits(const std::string& s, std::size_t i) {
    while (i < s.size() && isDigit(s[i]))
        ++i;
    return i;
}

// [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?
bool isCoreFloat(const std::string& s) {
    std::size_t i = 0;
    if (i < s.size() && (s[i] == '-' || s[i] == '+'))
        ++i;
    const std::size_t intStart = i;
    i = skipDigits(s, i);
    const bool hasInt = i > intStart;
    if (i < s.size() && s[i] == '.') {
        const std::size_t fracStart = ++i;
        i = skipDigits(s, i);
        if (!hasInt && i == fracStart)
            return false;
    } else if (!hasInt) {
        return false;
    }
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        if (i < s.size() && (s[i] == '-' || s[i] == '+'))
            ++i;
        const std::size_t expStart = i;
        i = skipDigits(s, i);
        if (i == expStart)
            return false;
    }
    return i == s.size();
}

// Unsigned digits in `base`; a value past 64 bits becomes a double, as a JSON reader would make it.
void setUnsigned(const char* first, const char* last, int base, nlohmann::json& out) {
    std::uint64_t value = 0;
    const auto r = std::from_chars(first, last, value, base);
    if (r.ec == std::errc() && r.ptr == last) {
        if (value <= std::uint64_t(INT64_MAX))
            out = std::int64_t(value);
        else
            out = value;
        return;
    }
    double d = 0;
    for (const char* p = first; p != last; ++p) {
        const char c = *p;
        const int digit = isDigit(c) ? c - '0' : (c | 0x20) - 'a' + 10;
        d = d * base + digit;
    }
    out = d;
}

// A non-empty `s` that is a core-schema integer: [-+]?[0-9]+ (decimal, leading zeros and all: 017 is
// seventeen in YAML 1.2), 0o octal or 0x hex. True with its value in `out`.
bool resolveInteger(const std::string& s, nlohmann::json& out) {
    const char* begin = s.data();
    const char* end = s.data() + s.size();
    const std::size_t i = (s[0] == '-' || s[0] == '+') ? 1 : 0;
    if (allOf(s, i, isDigit)) {
        if (s[0] == '-') {
            std::int64_t value = 0;
            const auto r = std::from_chars(begin, end, value);
            if (r.ec == std::errc() && r.ptr == end)
                out = value;
            else
                out = parseDecimal(s);
        } else {
            setUnsigned(begin + i, end, 10, out);
        }
        return true;
    }
    if (s.size() > 2 && s[0] == '0' && s[1] == 'o' &&
        allOf(s, 2, [](char c) { return c >= '0' && c <= '7'; })) {
        setUnsigned(begin + 2, end, 8, out);
        return true;
    }
    if (s.size() > 2 && s[0] == '0' && s[1] == 'x' &&
        allOf(s, 2, [](char c) { return isDigit(c) || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f'); })) {
        setUnsigned(begin + 2, end, 16, out);
        return true;
    }
    return false;
}

// A non-empty `s` that names infinity (.inf, .Inf, .INF, signed or not) or NaN (.nan, .NaN, .NAN).
bool isNonFiniteName(const std::string& s) {
    const std::size_t i = (s[0] == '-' || s[0] == '+') ? 1 : 0;
    const std::string rest = s.substr(i);
    if (rest == ".inf" || rest == ".Inf" || rest == ".INF")
        return true;
    return i == 0 && (s == ".nan" || s == ".NaN" || s == ".NAN");
}

} // namespace

ScalarType resolvePlain(const std::string& s, nlohmann::json& out) {
    if (s.empty() || s == "~" || s == "null" || s == "Null" || s == "NULL") {
        out = nullptr;
        return ScalarType::Null;
    }
    if (s == "true" || s == "True" || s == "TRUE") {
        out = true;
        return ScalarType::Bool;
    }
    if (s == "false" || s == "False" || s == "FALSE") {
        out = false;
        return ScalarType::Bool;
    }
    if (resolveInteger(s, out))
        return ScalarType::Int;
    if (isNonFiniteName(s))
        return ScalarType::NonFinite;
    if (isCoreFloat(s)) {
        const double value = parseDecimal(s);
        if (!std::isfinite(value))
            return ScalarType::NonFinite;
        out = value;
        return ScalarType::Float;
    }
    out = s;
    return ScalarType::String;
}

const char* typeName(ScalarType type) {
    switch (type) {
    case ScalarType::Null:
        return "null";
    case ScalarType::Bool:
        return "a boolean";
    case ScalarType::Int:
        return "an integer";
    case ScalarType::Float:
        return "a float";
    case ScalarType::NonFinite:
        return "a non-finite float";
    case ScalarType::String:
        return "a string";
    }
    return "a string";
}

} // namespace kix::yaml
