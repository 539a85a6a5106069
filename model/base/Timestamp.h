// Strict timestamps. Qt's ISO parser accepts far more than RFC 3339 (dates without times, missing
// offsets, week dates, "24:00"), so manifests are checked against the RFC's grammar here instead.
#pragma once

#include <QString>
#include <optional>
#include <string_view>

namespace kix {

// RFC 3339 section 5.6 `date-time`: YYYY-MM-DDThh:mm:ss[.frac](Z|+hh:mm|-hh:mm), with the calendar's
// day counts (February 29 only in Gregorian leap years), seconds 00-60 (60 is the grammar's leap
// second), and "t"/"z" in either case as the RFC's note allows. No space for "T", no missing seconds.
bool isRfc3339DateTime(const QString& text);
bool isRfc3339DateTime(std::string_view text);

// A UTC instant as KernelIndex requires for observedAt: an RFC 3339 date-time whose offset is "Z",
// written with capital "T" and "Z", and no leap second (KernelIndex's pattern stops seconds at 59).
bool isUtcInstant(const QString& text);
bool isUtcInstant(std::string_view text);

// Exactly what KernelIndex's parser accepts (zod's iso.datetime(), mirrored by the pattern in its
// schemas): isUtcInstant, except that the seconds may be left out ("2026-08-01T12:00Z").
bool isKernelIndexInstant(std::string_view text);

// A UTC offset "+02:00", "-05:30" or "Z" -> seconds east of UTC; nullopt when malformed.
std::optional<int> utcOffsetSeconds(const QString& text);

struct NaiveIsoTime {
    QString utc;        // a UTC instant (isUtcInstant), the fraction kept as given
    bool naive = false; // the text named no zone
};
// An ISO 8601 date and time as Python's isoformat() writes it, with or without a zone, to a UTC
// instant keeping the fraction as given. A naive time is read in `naiveOffset` when set, else as if
// it were UTC (the caller reports that). Nullopt when it is not such a time.
std::optional<NaiveIsoTime> isoTimeToUtc(const QString& text, const QString& naiveOffset);

// Whether instant `a` is later than `b`; fractions kept as given may differ in length, so the text
// alone cannot tell. Falls back to text order when either does not parse.
bool instantLaterThan(const QString& a, const QString& b);

} // namespace kix
