// Decimal text to the nearest double, as JavaScript's Number() and a JSON reader do it: correctly
// rounded, infinity past the largest double, zero below the smallest, whatever the C locale says.
#pragma once

#include <string_view>

namespace kix {

// `text` is [-+]?digits[.digits][e[-+]?digits] (or with the integer or fraction part empty, not both);
// anything else gives NaN.
double parseDecimal(std::string_view text);

} // namespace kix
