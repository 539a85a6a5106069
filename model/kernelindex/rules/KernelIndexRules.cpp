#include "KernelIndexRules.h"

#include "Decimal.h"
#include "Utf8.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <optional>
#include <string>

namespace kix::kernelindex {

namespace {

bool lower(char c) {
    return c >= 'a' && c <= 'z';
}
bool digit(char c) {
    return c >= '0' && c <= '9';
}
bool hex(char c) {
    return digit(c) || (c >= 'a' && c <= 'f');
}

template <typename First, typename Rest> bool matches(std::string_view s, First first, Rest rest) {
    if (s.empty() || !first(s[0]))
        return false;
    for (std::size_t i = 1; i < s.size(); ++i) {
        if (!rest(s[i]))
            return false;
    }
    return true;
}

// JavaScript's \s: WhiteSpace and LineTerminator code points.
bool jsWhitespace(char32_t c) {
    return (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0xA0 || c == 0x1680 ||
           (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F ||
           c == 0x3000 || c == 0xFEFF;
}

bool validPort(std::string_view port) {
    if (port.empty())
        return true;
    std::uint32_t value = 0;
    for (char c : port) {
        if (!digit(c))
            return false;
        value = value * 10 + std::uint32_t(c - '0');
        if (value > 65535)
            return false;
    }
    return true;
}

// The WHATWG IPv4 parser, for hosts whose last label is a number: decimal, 0x hex or 0 octal parts.
bool validIpv4(std::string_view host) {
    if (!host.empty() && host.back() == '.')
        host.remove_suffix(1);
    int parts = 0;
    std::size_t start = 0;
    std::uint64_t values[4] = {};
    while (true) {
        const std::size_t dot = host.find('.', start);
        std::string_view part =
            host.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start);
        if (part.empty() || parts == 4)
            return false;
        int base = 10;
        if (part.size() > 1 && part[0] == '0' && (part[1] == 'x' || part[1] == 'X')) {
            base = 16;
            part.remove_prefix(2);
        } else if (part.size() > 1 && part[0] == '0') {
            base = 8;
            part.remove_prefix(1);
        }
        std::uint64_t v = 0;
        if (!part.empty()) {
            const auto r = std::from_chars(part.data(), part.data() + part.size(), v, base);
            if (r.ec != std::errc() || r.ptr != part.data() + part.size())
                return false;
        }
        values[parts++] = v;
        if (dot == std::string_view::npos)
            break;
        start = dot + 1;
    }
    for (int i = 0; i < parts - 1; ++i) {
        if (values[i] > 255)
            return false;
    }
    return values[parts - 1] < (std::uint64_t(1) << (8 * (5 - parts)));
}

bool lastLabelIsNumber(std::string_view host) {
    if (!host.empty() && host.back() == '.')
        host.remove_suffix(1);
    const std::size_t dot = host.rfind('.');
    const std::string_view last = dot == std::string_view::npos ? host : host.substr(dot + 1);
    if (last.empty())
        return false;
    if (matches(last, digit, digit))
        return true;
    return last.size() >= 2 && last[0] == '0' && (last[1] == 'x' || last[1] == 'X') &&
           std::all_of(last.begin() + 2, last.end(), [](char c) { return hex(char(c | 0x20)) || digit(c); });
}

} // namespace

bool isToken(std::string_view s) {
    return matches(s, lower, [](char c) { return lower(c) || digit(c) || c == '_'; });
}
bool isSlug(std::string_view s) {
    return matches(
        s, [](char c) { return lower(c) || digit(c); },
        [](char c) { return lower(c) || digit(c) || c == '-'; });
}
bool isManifestName(std::string_view s) {
    return matches(
        s, [](char c) { return lower(c) || digit(c); },
        [](char c) { return lower(c) || digit(c) || c == '.' || c == '_' || c == '-'; });
}
bool isDigest(std::string_view s) {
    constexpr std::string_view prefix = "sha256:";
    if (s.size() != prefix.size() + 64 || s.substr(0, prefix.size()) != prefix)
        return false;
    return matches(s.substr(prefix.size()), hex, hex);
}
bool isGitCommit(std::string_view s) {
    return s.size() == 40 && matches(s, hex, hex);
}
bool isAxisExpression(std::string_view s) {
    const auto ok = [](char c) {
        return lower(c) || digit(c) || c == '_' || c == '+' || c == '-' || c == '*' || c == '%' || c == '/' ||
               c == '(' || c == ')' || c == ' ';
    };
    return matches(s, ok, ok);
}

namespace {

// Leading and trailing C0 controls and spaces are stripped (tabs and newlines after the scheme are
// skipped with its slashes, in authorityOf).
std::string_view trimmedUrl(std::string_view s) {
    while (!s.empty() && static_cast<unsigned char>(s.front()) <= 0x20)
        s.remove_prefix(1);
    while (!s.empty() && static_cast<unsigned char>(s.back()) <= 0x20)
        s.remove_suffix(1);
    return s;
}

constexpr std::string_view kHttpsScheme = "https:";

// Whether `s` starts with the scheme "https:", in any case.
bool hasHttpsScheme(std::string_view s) {
    if (s.size() < kHttpsScheme.size())
        return false;
    for (std::size_t i = 0; i < kHttpsScheme.size(); ++i) {
        const char c = s[i];
        if (c != kHttpsScheme[i] && char(c | 0x20) != kHttpsScheme[i])
            return false;
    }
    return true;
}

// The authority of what follows the scheme (past its slashes, backslashes, tabs and newlines), up to the
// path, query or fragment, less any userinfo: "host", "host:port", "[v6]:port".
std::string_view authorityOf(std::string_view rest) {
    std::size_t i = 0;
    while (i < rest.size() &&
           (rest[i] == '/' || rest[i] == '\\' || rest[i] == '\t' || rest[i] == '\n' || rest[i] == '\r'))
        ++i;
    std::size_t end = i;
    while (end < rest.size() && rest[end] != '/' && rest[end] != '\\' && rest[end] != '?' && rest[end] != '#')
        ++end;
    std::string_view authority = rest.substr(i, end - i);
    const std::size_t at = authority.rfind('@');
    if (at != std::string_view::npos)
        authority.remove_prefix(at + 1);
    return authority;
}

// A bracketed (IPv6) host "[...]", with a valid port after it where one follows.
bool validBracketedHost(std::string_view host) {
    const std::size_t close = host.find(']');
    if (close == std::string_view::npos)
        return false;
    const std::string_view inside = host.substr(1, close - 1);
    if (inside.empty() || !std::all_of(inside.begin(), inside.end(), [](char c) {
            return hex(char(c | 0x20)) || digit(c) || c == ':' || c == '.';
        }))
        return false;
    const std::string_view after = host.substr(close + 1);
    if (!after.empty() && after.front() != ':')
        return false;
    return validPort(after.empty() ? after : after.substr(1));
}

// The host percent-decoded ("x%41y" is the host "xay") and lowercased; nullopt when a forbidden code point
// is in it once decoded.
std::optional<std::string> decodedHost(std::string_view host) {
    std::string name;
    name.reserve(host.size());
    const auto nibble = [](char h) { return digit(h) ? h - '0' : (h | 0x20) - 'a' + 10; };
    for (std::size_t k = 0; k < host.size(); ++k) {
        char ch = host[k];
        if (ch == '%' && k + 2 < host.size() && hex(char(host[k + 1] | 0x20)) &&
            hex(char(host[k + 2] | 0x20))) {
            ch = char(nibble(host[k + 1]) * 16 + nibble(host[k + 2]));
            k += 2;
        }
        const auto c = static_cast<unsigned char>(ch);
        if (c <= 0x20 || c == 0x7F || ch == '#' || ch == '%' || ch == '/' || ch == ':' || ch == '<' ||
            ch == '>' || ch == '?' || ch == '@' || ch == '[' || ch == '\\' || ch == ']' || ch == '^' ||
            ch == '|')
            return std::nullopt;
        name.push_back(ch >= 'A' && ch <= 'Z' ? char(ch | 0x20) : ch);
    }
    return name;
}

} // namespace

bool isHttpsUrl(std::string_view s) {
    s = trimmedUrl(s);
    if (!hasHttpsScheme(s))
        return false;
    std::string_view host = authorityOf(s.substr(kHttpsScheme.size()));
    if (!host.empty() && host.front() == '[')
        return validBracketedHost(host);
    std::string_view port;
    const std::size_t colon = host.rfind(':');
    if (colon != std::string_view::npos) {
        port = host.substr(colon + 1);
        host = host.substr(0, colon);
    }
    if (host.empty() || !validPort(port))
        return false;
    const std::optional<std::string> name = decodedHost(host);
    if (!name)
        return false;
    if (lastLabelIsNumber(*name))
        return validIpv4(*name);
    return true;
}

Duration parseDuration(std::string_view s) {
    Duration d;
    std::size_t i = 0;
    while (i < s.size() && digit(s[i]))
        ++i;
    if (i == 0)
        return d;
    if (i < s.size() && s[i] == '.') {
        const std::size_t frac = ++i;
        while (i < s.size() && digit(s[i]))
            ++i;
        if (i == frac)
            return d;
    }
    const std::string_view number = s.substr(0, i);
    if (i < s.size()) {
        std::size_t k = i;
        if (jsWhitespace(utf8::next(s, k)))
            i = k;
    }
    const std::string_view unit = s.substr(i);
    double factor;
    if (unit == "ns")
        factor = 1;
    else if (unit == "us" || unit == "\xC2\xB5s")
        factor = 1e3;
    else if (unit == "ms")
        factor = 1e6;
    else if (unit == "s")
        factor = 1e9;
    else
        return d;
    const double value = parseDecimal(number); // Number(): infinity or zero when out of range
    const double ns = value * factor;
    d.exactNs = ns;
    if (!std::isfinite(ns) || std::trunc(ns) != ns || std::fabs(ns) > double(kMaxSafeInteger)) {
        d.status = DurationParse::Ambiguous;
        return d;
    }
    d.status = DurationParse::Ok;
    d.ns = std::int64_t(ns);
    return d;
}

} // namespace kix::kernelindex
