// The one UTF-8 decoder: strict RFC 3629. Every reader of UTF-8 bytes (the YAML reader, canonical JSON,
// KernelIndex's string rules, the text sanitizer) decodes through it, so bad bytes mean the same thing
// everywhere; each caller decides what to do with them.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace kix::utf8 {

// The sequence that starts at s[i] (i < s.size()): its length in bytes (1 to 4), with its code point
// in `cp`; 0 when the bytes there are not UTF-8: a byte that cannot start a sequence (a continuation
// byte, 0xC0, 0xC1, 0xF5 to 0xFF), a continuation byte missing or cut short by the end, an overlong
// form, a surrogate (U+D800 to U+DFFF), a value past U+10FFFF. Inline: the sanitizer calls it per
// character of texts of many megabytes.
inline int sequenceAt(std::string_view s, std::size_t i, char32_t& cp) noexcept {
    const auto b0 = static_cast<unsigned char>(s[i]);
    if (b0 < 0x80) {
        cp = b0;
        return 1;
    }
    int length;
    char32_t value;
    char32_t minimum;
    if (b0 >= 0xC2 && b0 <= 0xDF) {
        length = 2;
        value = b0 & 0x1F;
        minimum = 0x80;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
        length = 3;
        value = b0 & 0x0F;
        minimum = 0x800;
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
        length = 4;
        value = b0 & 0x07;
        minimum = 0x10000;
    } else {
        return 0;
    }
    if (s.size() - i < std::size_t(length))
        return 0;
    for (int k = 1; k < length; ++k) {
        const auto b = static_cast<unsigned char>(s[i + std::size_t(k)]);
        if ((b & 0xC0) != 0x80)
            return 0;
        value = (value << 6) | (b & 0x3F);
    }
    if (value < minimum || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF))
        return 0;
    cp = value;
    return length;
}

// The byte offset of the first sequence that is not UTF-8; nullopt when all of `s` is.
std::optional<std::size_t> firstInvalid(std::string_view s);

// The code point at s[i], moving i past it. A byte that does not start a valid sequence reads as
// U+FFFD and moves i by one: for rules that must answer on any bytes (their input is normally checked
// already, by the JSON or YAML reader).
char32_t next(std::string_view s, std::size_t& i);

// JavaScript's string length: UTF-16 code units (a code point past U+FFFF is two). Read as next() does.
std::size_t utf16Length(std::string_view s);

// JavaScript's `a < b` on strings, which is also RFC 8785's member order: UTF-16 code-unit order,
// computed on the UTF-8 bytes without converting them. Read as next() does.
bool utf16Less(std::string_view a, std::string_view b);

} // namespace kix::utf8
