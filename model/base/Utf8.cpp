#include "Utf8.h"

namespace kix::utf8 {

std::optional<std::size_t> firstInvalid(std::string_view s) {
    char32_t cp = 0;
    for (std::size_t i = 0; i < s.size();) {
        const int length = sequenceAt(s, i, cp);
        if (length == 0)
            return i;
        i += std::size_t(length);
    }
    return std::nullopt;
}

char32_t next(std::string_view s, std::size_t& i) {
    char32_t cp = 0;
    const int length = sequenceAt(s, i, cp);
    if (length == 0) {
        ++i;
        return 0xFFFD;
    }
    i += std::size_t(length);
    return cp;
}

std::size_t utf16Length(std::string_view s) {
    std::size_t units = 0;
    for (std::size_t i = 0; i < s.size();) {
        if (static_cast<unsigned char>(s[i]) < 0x80) {
            ++i;
            ++units;
            continue;
        }
        units += next(s, i) >= 0x10000 ? 2 : 1; // past U+FFFF: a surrogate pair
    }
    return units;
}

bool utf16Less(std::string_view a, std::string_view b) {
    std::size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        const auto ca = static_cast<unsigned char>(a[i]);
        const auto cb = static_cast<unsigned char>(b[j]);
        if (ca < 0x80 && cb < 0x80) {
            if (ca != cb)
                return ca < cb;
            ++i;
            ++j;
            continue;
        }
        const char32_t pa = next(a, i), pb = next(b, j);
        if (pa == pb)
            continue;
        // Code points past U+FFFF are surrogate pairs (0xD800..0xDBFF first), below U+E000..U+FFFF.
        const auto firstUnit = [](char32_t cp) -> char32_t {
            return cp >= 0x10000 ? 0xD800 + ((cp - 0x10000) >> 10) : cp;
        };
        const char32_t ua = firstUnit(pa), ub = firstUnit(pb);
        if (ua != ub)
            return ua < ub;
        return pa < pb; // same high surrogate: the low surrogates order as the code points do
    }
    return a.size() - i < b.size() - j;
}

} // namespace kix::utf8
