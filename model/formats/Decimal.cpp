#include "Decimal.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

namespace kix {

namespace {

// The decimal exponent after `s`'s 'e' or 'E' (0 without one), its size capped at 2^40: enough to tell
// an overflow from an underflow whatever digits precede it.
long long exponentOf(std::string_view s) {
    long long exponent = 0;
    const std::size_t e = s.find_first_of("eE");
    if (e != std::string_view::npos) {
        std::size_t k = e + 1;
        const bool expNegative = k < s.size() && s[k] == '-';
        if (k < s.size() && (s[k] == '-' || s[k] == '+'))
            ++k;
        for (; k < s.size(); ++k)
            exponent = std::min<long long>(exponent * 10 + (s[k] - '0'), 1LL << 40);
        if (expNegative)
            exponent = -exponent;
    }
    return exponent;
}

// Out of range: the decimal magnitude of the first significant digit says which way. Infinity when
// that digit stands left of the decimal point, else zero (all zeros are zero too).
double outOfRange(std::string_view s) {
    bool significant = false;
    std::size_t i = 0;
    long long position = -1; // magnitude of the digit at i, relative to the decimal point
    for (std::size_t k = 0; k < s.size() && s[k] >= '0' && s[k] <= '9'; ++k)
        ++position;
    for (; i < s.size() && s[i] != 'e' && s[i] != 'E'; ++i) {
        if (s[i] == '.')
            continue;
        if (s[i] != '0') {
            significant = true;
            break;
        }
        --position;
    }
    const long long magnitude = position + exponentOf(s);
    return significant && magnitude > 0 ? std::numeric_limits<double>::infinity() : 0.0;
}

} // namespace

double parseDecimal(std::string_view text) {
    std::string_view s = text;
    bool negative = false;
    if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
        negative = s[0] == '-';
        s.remove_prefix(1);
    }
    double value = 0;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), value);
    if (r.ec == std::errc() && r.ptr == s.data() + s.size())
        return negative ? -value : value;
    if (r.ec != std::errc::result_out_of_range)
        return std::numeric_limits<double>::quiet_NaN();
    const double result = outOfRange(s);
    return negative ? -result : result;
}

} // namespace kix
