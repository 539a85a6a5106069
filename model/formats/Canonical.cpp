#include "Canonical.h"

#include "Utf8.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <vector>

namespace kix {

namespace {

// Runs of characters that need no escape are appended whole: character by character, this was a third
// of a 50,000-manifest load's digest time (kix-load-bench, perf, 2026-12-07).
void writeString(const std::string& s, std::string& out) {
    out.push_back('"');
    std::size_t run = 0; // start of the pending run of plain characters
    for (std::size_t i = 0; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x20 && c != '"' && c != '\\')
            continue; // everything else, non-ASCII included, is written as is
        out.append(s, run, i - run);
        run = i + 1;
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\b':
            out += "\\b";
            break;
        case '\f':
            out += "\\f";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default: {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
        }
        }
    }
    out.append(s, run, s.size() - run);
    out.push_back('"');
}

void write(const nlohmann::json& v, std::string& out) {
    using T = nlohmann::json::value_t;
    switch (v.type()) {
    case T::null:
        out += "null";
        return;
    case T::boolean:
        out += v.get<bool>() ? "true" : "false";
        return;
    // JSON numbers are IEEE doubles in JCS: integers are converted, so 2^53+1 prints as 9007199254740992.
    case T::number_integer:
        out += ecmaScriptNumber(double(v.get<std::int64_t>()));
        return;
    case T::number_unsigned:
        out += ecmaScriptNumber(double(v.get<std::uint64_t>()));
        return;
    case T::number_float:
        out += ecmaScriptNumber(v.get<double>());
        return;
    case T::string:
        writeString(v.get_ref<const std::string&>(), out);
        return;
    case T::array: {
        out.push_back('[');
        bool first = true;
        for (const auto& e : v) {
            if (!first)
                out.push_back(',');
            first = false;
            write(e, out);
        }
        out.push_back(']');
        return;
    }
    case T::object: {
        // RFC 8785 sorts members by the UTF-16 code units of their names.
        std::vector<const nlohmann::json::object_t::value_type*> members;
        members.reserve(v.size());
        for (const auto& member : v.get_ref<const nlohmann::json::object_t&>()) {
            if (utf8::firstInvalid(member.first))
                throw CanonicalError("invalid UTF-8 in a string");
            members.push_back(&member);
        }
        std::sort(members.begin(), members.end(),
                  [](const auto* a, const auto* b) { return utf8::utf16Less(a->first, b->first); });
        out.push_back('{');
        bool first = true;
        for (const auto* member : members) {
            if (!first)
                out.push_back(',');
            first = false;
            writeString(member->first, out);
            out.push_back(':');
            write(member->second, out);
        }
        out.push_back('}');
        return;
    }
    case T::binary:
        throw CanonicalError("binary values cannot be canonicalized");
    case T::discarded:
        throw CanonicalError("discarded value");
    }
}

} // namespace

std::string ecmaScriptNumber(double value) {
    if (!std::isfinite(value))
        throw CanonicalError("NaN and infinities have no JSON form");
    if (value == 0)
        return "0"; // also -0
    if (value < 0)
        return "-" + ecmaScriptNumber(-value);

    // Shortest round-trip digits in scientific form, "d.ddde+XX": the same digits ECMAScript picks.
    char buf[64];
    const auto res = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::scientific);
    const std::string sci(buf, res.ptr);
    const auto ePos = sci.find('e');
    std::string digits;
    for (std::size_t i = 0; i < ePos; ++i)
        if (sci[i] != '.')
            digits.push_back(sci[i]);
    const int exponent = std::stoi(sci.substr(ePos + 1));
    const int k = int(digits.size());
    const int n = exponent + 1; // value = 0.digits * 10^n

    if (k <= n && n <= 21)
        return digits + std::string(std::size_t(n - k), '0');
    if (0 < n && n <= 21)
        return digits.substr(0, std::size_t(n)) + "." + digits.substr(std::size_t(n));
    if (-6 < n && n <= 0)
        return "0." + std::string(std::size_t(-n), '0') + digits;
    const int e = n - 1;
    std::string mantissa = digits.substr(0, 1);
    if (k > 1)
        mantissa += "." + digits.substr(1);
    return mantissa + "e" + (e < 0 ? "-" : "+") + std::to_string(std::abs(e));
}

std::string canonicalJson(const nlohmann::json& value) {
    std::string out;
    write(value, out);
    return out;
}

void appendCanonicalJson(const nlohmann::json& value, std::string& out) {
    write(value, out);
}

} // namespace kix
