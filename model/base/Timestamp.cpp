#include "Timestamp.h"

#include <QDateTime>
#include <QRegularExpression>
#include <string>

namespace kix {

namespace {

struct Cursor {
    std::string_view s;
    std::size_t i = 0;
    bool atEnd() const { return i == s.size(); }
    bool peek(char c) const { return i < s.size() && s[i] == c; }
    bool take(char c) {
        if (!peek(c))
            return false;
        ++i;
        return true;
    }
    // Reads exactly n ASCII digits as a number; false when they are not there.
    bool digits(int n, int& value) {
        if (s.size() - i < std::size_t(n))
            return false;
        value = 0;
        for (int k = 0; k < n; ++k) {
            const char c = s[i + std::size_t(k)];
            if (c < '0' || c > '9')
                return false;
            value = value * 10 + (c - '0');
        }
        i += std::size_t(n);
        return true;
    }
};

bool isLeapYear(int year) {
    return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
}

int daysInMonth(int year, int month) {
    static constexpr int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return month == 2 && isLeapYear(year) ? 29 : days[month - 1];
}

struct Rules {
    bool lowercaseAllowed; // "t" and "z" as well as "T" and "Z"
    bool numericOffsets;   // +hh:mm / -hh:mm as well as Z
    bool leapSecond;       // seconds may be 60
    bool secondsOptional;  // hh:mm without :ss (KernelIndex only)
};

// "YYYY-MM-DD", a date of the calendar.
bool readDate(Cursor& c) {
    int year, month, day;
    if (!c.digits(4, year) || !c.take('-') || !c.digits(2, month) || !c.take('-') || !c.digits(2, day))
        return false;
    return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

// "hh:mm:ss" with an optional fraction of a second (or "hh:mm" where the rules allow it).
bool readTime(Cursor& c, const Rules& rules) {
    int hour, minute, second = 0;
    if (!c.digits(2, hour) || !c.take(':') || !c.digits(2, minute) || hour > 23 || minute > 59)
        return false;
    if (!c.take(':'))
        return rules.secondsOptional;
    if (!c.digits(2, second) || second > (rules.leapSecond ? 60 : 59))
        return false;
    if (c.take('.')) {
        const std::size_t start = c.i;
        while (!c.atEnd() && c.s[c.i] >= '0' && c.s[c.i] <= '9')
            ++c.i;
        if (c.i == start)
            return false;
    }
    return true;
}

// "Z" (or, where the rules allow them, "z" and "+hh:mm" / "-hh:mm"), ending the text.
bool readOffset(Cursor& c, const Rules& rules) {
    if (c.take('Z') || (rules.lowercaseAllowed && c.take('z')))
        return c.atEnd();
    if (!rules.numericOffsets || !(c.take('+') || c.take('-')))
        return false;
    int offsetHour, offsetMinute;
    if (!c.digits(2, offsetHour) || !c.take(':') || !c.digits(2, offsetMinute))
        return false;
    return offsetHour <= 23 && offsetMinute <= 59 && c.atEnd();
}

bool check(std::string_view text, const Rules& rules) {
    Cursor c{text};
    if (!readDate(c))
        return false;
    if (!(c.take('T') || (rules.lowercaseAllowed && c.take('t'))))
        return false;
    return readTime(c, rules) && readOffset(c, rules);
}

constexpr Rules kRfc3339{true, true, true, false};
constexpr Rules kUtcInstant{false, false, false, false};
constexpr Rules kKernelIndex{false, false, false, true};

} // namespace

bool isRfc3339DateTime(std::string_view text) {
    return check(text, kRfc3339);
}
bool isRfc3339DateTime(const QString& text) {
    const std::string utf8 = text.toStdString();
    return isRfc3339DateTime(std::string_view(utf8));
}
bool isUtcInstant(std::string_view text) {
    return check(text, kUtcInstant);
}
bool isUtcInstant(const QString& text) {
    const std::string utf8 = text.toStdString();
    return isUtcInstant(std::string_view(utf8));
}
bool isKernelIndexInstant(std::string_view text) {
    return check(text, kKernelIndex);
}

std::optional<int> utcOffsetSeconds(const QString& text) {
    if (text == QLatin1String("Z"))
        return 0;
    static const QRegularExpression pattern(QStringLiteral("^([+-])([01]\\d|2[0-3]):([0-5]\\d)$"));
    const auto m = pattern.match(text);
    if (!m.hasMatch())
        return std::nullopt;
    const int seconds = m.captured(2).toInt() * 3600 + m.captured(3).toInt() * 60;
    return m.captured(1) == QLatin1String("-") ? -seconds : seconds;
}

std::optional<NaiveIsoTime> isoTimeToUtc(const QString& text, const QString& naiveOffset) {
    static const QRegularExpression pattern(QStringLiteral(
        "^(\\d{4}-\\d{2}-\\d{2})T(\\d{2}):(\\d{2})(?::(\\d{2})(\\.\\d{1,9})?)?(Z|z|[+-]\\d{2}:\\d{2})?$"));
    const auto m = pattern.match(text);
    if (!m.hasMatch())
        return std::nullopt;
    NaiveIsoTime out;
    QString zone = m.captured(6).toUpper();
    if (zone.isEmpty()) {
        out.naive = true;
        zone = naiveOffset.isEmpty() ? QStringLiteral("Z") : naiveOffset;
    }
    const auto offset = utcOffsetSeconds(zone);
    const QDate date = QDate::fromString(m.captured(1), Qt::ISODate);
    const QTime time(m.captured(2).toInt(), m.captured(3).toInt(), m.captured(4).toInt());
    if (!offset || !date.isValid() || !time.isValid())
        return std::nullopt;
    const QDateTime utc = QDateTime(date, time, Qt::UTC).addSecs(-*offset);
    out.utc = utc.toString(QStringLiteral("yyyy-MM-dd'T'HH:mm:ss")) + m.captured(5) + u'Z';
    if (!isUtcInstant(out.utc))
        return std::nullopt;
    return out;
}

bool instantLaterThan(const QString& a, const QString& b) {
    const auto ta = QDateTime::fromString(a, Qt::ISODateWithMs);
    const auto tb = QDateTime::fromString(b, Qt::ISODateWithMs);
    return ta.isValid() && tb.isValid() ? ta > tb : a > b;
}

} // namespace kix
