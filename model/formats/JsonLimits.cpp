// Run-time limits for the readers: KIX_MAX_RECORD_BYTES and KIX_MAX_DEPTH.
#include "JsonReader.h"
#include "QuotedForMessage.h"

#include <QtGlobal>

namespace kix {

namespace {

constexpr char kBytesVariable[] = "KIX_MAX_RECORD_BYTES";
constexpr char kDepthVariable[] = "KIX_MAX_DEPTH";

// "1048576", "64K", "16M", "2G", "16MiB": binary multiples, case-insensitive. Nothing else.
std::optional<qint64> parseByteCount(const QString& text) {
    QString digits = text.trimmed();
    qint64 unit = 1;
    static const struct {
        const char* suffix;
        qint64 unit;
    } suffixes[] = {{"KiB", 1LL << 10}, {"MiB", 1LL << 20}, {"GiB", 1LL << 30},
                    {"K", 1LL << 10},   {"M", 1LL << 20},   {"G", 1LL << 30}};
    for (const auto& s : suffixes) {
        if (digits.endsWith(QLatin1String(s.suffix), Qt::CaseInsensitive)) {
            digits.chop(qsizetype(qstrlen(s.suffix)));
            unit = s.unit;
            break;
        }
    }
    if (digits.isEmpty())
        return std::nullopt;
    for (QChar c : digits) {
        if (c < u'0' || c > u'9')
            return std::nullopt;
    }
    bool ok = false;
    const qint64 count = digits.toLongLong(&ok);
    if (!ok || count > JsonLimits::kMostMaxBytes / unit)
        return std::nullopt;
    return count * unit;
}

std::optional<int> parseDepth(const QString& text) {
    const QString t = text.trimmed();
    if (t.isEmpty())
        return std::nullopt;
    for (QChar c : t) {
        if (c < u'0' || c > u'9')
            return std::nullopt;
    }
    bool ok = false;
    const qint64 value = t.toLongLong(&ok);
    if (!ok || value > JsonLimits::kMostMaxDepth)
        return std::nullopt;
    return int(value);
}

struct Settings {
    qint64 maxBytes = JsonLimits::kDefaultMaxBytes;
    int maxDepth = JsonLimits::kDefaultMaxDepth;
    Problems problems;
};

Settings readSettings() {
    Settings s;
    auto problem = [&](const char* variable, const QString& message) {
        Problem p;
        p.file = QString::fromLatin1(variable);
        p.message = message;
        p.code = QString::fromLatin1(codes::jsonLimitSetting);
        s.problems.append(p);
    };
    if (qEnvironmentVariableIsSet(kBytesVariable)) {
        const QString value = qEnvironmentVariable(kBytesVariable);
        const auto bytes = parseByteCount(value);
        if (!bytes || *bytes < JsonLimits::kLeastMaxBytes)
            problem(
                kBytesVariable,
                QStringLiteral("%1 is not a byte count from %2 to %3 (digits, optionally with K, M or G): "
                               "using the default of %4 bytes")
                    .arg(quotedForMessage(value, 40))
                    .arg(JsonLimits::kLeastMaxBytes)
                    .arg(JsonLimits::kMostMaxBytes)
                    .arg(JsonLimits::kDefaultMaxBytes));
        else
            s.maxBytes = *bytes;
    }
    if (qEnvironmentVariableIsSet(kDepthVariable)) {
        const QString value = qEnvironmentVariable(kDepthVariable);
        const auto depth = parseDepth(value);
        if (!depth || *depth < JsonLimits::kLeastMaxDepth)
            problem(kDepthVariable,
                    QStringLiteral("%1 is not a nesting depth from %2 to %3: using the default of %4")
                        .arg(quotedForMessage(value, 40))
                        .arg(JsonLimits::kLeastMaxDepth)
                        .arg(JsonLimits::kMostMaxDepth)
                        .arg(JsonLimits::kDefaultMaxDepth));
        else
            s.maxDepth = *depth;
    }
    return s;
}

QString suggestedBytes(qint64 seen) {
    constexpr qint64 mib = qint64(1024) * 1024;
    if (seen >= mib)
        return QStringLiteral("%1M").arg((seen + mib - 1) / mib);
    return QString::number(seen);
}

} // namespace

qint64 JsonLimits::environmentMaxBytes() {
    return readSettings().maxBytes;
}
int JsonLimits::environmentMaxDepth() {
    return readSettings().maxDepth;
}
JsonLimits JsonLimits::defaults() {
    const Settings s = readSettings();
    JsonLimits limits;
    limits.maxBytes = s.maxBytes;
    limits.maxDepth = s.maxDepth;
    return limits;
}
Problems JsonLimits::environmentProblems() {
    return readSettings().problems;
}

QString tooLargeMessage(const QString& what, qint64 seen, qint64 limit) {
    QString message = QStringLiteral("%1 is %2 bytes, over the limit of %3 bytes per record")
                          .arg(what)
                          .arg(seen)
                          .arg(limit);
    if (seen <= JsonLimits::kMostMaxBytes)
        message +=
            QStringLiteral(" (raise it with the environment variable KIX_MAX_RECORD_BYTES, for example "
                           "KIX_MAX_RECORD_BYTES=%1)")
                .arg(suggestedBytes(seen));
    else
        message += QStringLiteral(" (KIX_MAX_RECORD_BYTES raises it to at most %1 bytes)")
                       .arg(JsonLimits::kMostMaxBytes);
    return message;
}

QString tooDeepMessage(int limit) {
    return QStringLiteral("nesting deeper than %1 levels, the limit (raise it with the environment variable "
                          "KIX_MAX_DEPTH, at most %2)")
        .arg(limit)
        .arg(JsonLimits::kMostMaxDepth);
}

} // namespace kix
