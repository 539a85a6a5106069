// Human-readable numbers, shared by the CLI and the GUI so both say the same thing.
#pragma once

#include <QString>
#include <optional>

namespace kix {

QString formatLatency(std::optional<double> nanoseconds); // "45.3 µs", "3.12 ms", "—"
QString formatRatio(std::optional<double> ratio);         // "1.23×", "—"
QString formatNumber(std::optional<double> value, int significant = 4);

} // namespace kix
