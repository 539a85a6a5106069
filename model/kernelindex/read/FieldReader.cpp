#include "FieldReader.h"

#include "Digest.h"
#include "JsonPath.h"
#include "KernelIndexRules.h"
#include "RunSpec.h"

#include <cmath>

namespace kix {

using namespace codes;

std::optional<double> parseDurationNs(const QString& text) {
    // KernelIndex's rule (KernelIndexRules.h); a value that is not whole nanoseconds is still a duration to
    // read (normalization reports that KernelIndex refuses it).
    const QByteArray utf8 = text.toUtf8();
    const kernelindex::Duration d =
        kernelindex::parseDuration(std::string_view(utf8.constData(), std::size_t(utf8.size())));
    switch (d.status) {
    case kernelindex::DurationParse::Ok:
        return double(d.ns);
    case kernelindex::DurationParse::Ambiguous:
        return d.exactNs;
    case kernelindex::DurationParse::NotADuration:
        break;
    }
    return std::nullopt;
}

FieldReader::FieldReader(const Json* object, QString path, QString file, Problems& problems, qint64 line)
    : m_object(object && object->is_object() ? object : nullptr)
    , m_path(std::move(path))
    , m_file(std::move(file))
    , m_problems(&problems)
    , m_line(line) {}

QString FieldReader::pathOf(const QString& key) const {
    return jsonPathKey(m_path, key);
}

const Json* FieldReader::child(const char* key) const {
    if (!m_object)
        return nullptr;
    const auto it = m_object->find(key);
    return it == m_object->end() ? nullptr : &*it;
}

void FieldReader::error(const char* code, const QString& path, const QString& message) {
    m_problems->append(makeProblem(Problem::Severity::Error, code, m_file, path, message, m_line));
}

void FieldReader::warning(const char* code, const QString& path, const QString& message) {
    m_problems->append(makeProblem(Problem::Severity::Warning, code, m_file, path, message, m_line));
}

const Json* FieldReader::find(const char* key, Need need, const char* expected) {
    if (!m_object)
        return nullptr;
    const Json* v = child(key);
    if (!v && need == Required)
        error(fieldMissing, pathOf(QString::fromLatin1(key)),
              QStringLiteral("required field is missing (expected %1)").arg(QLatin1String(expected)));
    return v;
}

bool FieldReader::expectType(const Json& v, const char* key, bool ok, const char* expected) {
    if (!ok)
        error(fieldType, pathOf(QString::fromLatin1(key)),
              QStringLiteral("expected %1, got %2").arg(QLatin1String(expected), jsonTypeName(v)));
    return ok;
}

std::optional<QString> FieldReader::string(const char* key, Need need) {
    const Json* v = find(key, need, "a string");
    if (!v || !expectType(*v, key, v->is_string(), "a string"))
        return std::nullopt;
    const QString s = QString::fromStdString(v->get_ref<const std::string&>());
    if (need == Required && s.trimmed().isEmpty()) {
        error(fieldEmpty, pathOf(QString::fromLatin1(key)), QStringLiteral("expected a non-empty string"));
        return std::nullopt;
    }
    return s;
}

std::optional<double> FieldReader::number(const char* key, Need need) {
    const Json* v = find(key, need, "a number");
    if (!v || !expectType(*v, key, v->is_number(), "a number"))
        return std::nullopt;
    return v->get<double>();
}

std::optional<double> FieldReader::nonNegative(const char* key, Need need, const char* unit) {
    const QString what = unit ? QStringLiteral("a non-negative number of %1").arg(QLatin1String(unit))
                              : QStringLiteral("a non-negative number");
    const Json* v = find(key, need, "a non-negative number");
    if (!v)
        return std::nullopt;
    if (!v->is_number()) {
        error(fieldType, pathOf(QString::fromLatin1(key)),
              QStringLiteral("expected %1, got %2").arg(what, jsonTypeName(*v)));
        return std::nullopt;
    }
    const double d = v->get<double>();
    if (!std::isfinite(d) || d < 0) {
        error(fieldRange, pathOf(QString::fromLatin1(key)),
              QStringLiteral("expected %1, got %2").arg(what, QString::fromStdString(v->dump())));
        return std::nullopt;
    }
    return d;
}

std::optional<double> FieldReader::duration(const char* key, Need need) {
    const Json* v = find(key, need, "a number of nanoseconds or a duration");
    if (!v)
        return std::nullopt;
    if (v->is_string()) {
        const QString text = QString::fromStdString(v->get_ref<const std::string&>());
        if (const auto ns = parseDurationNs(text))
            return ns;
        error(fieldDuration, pathOf(QString::fromLatin1(key)),
              QStringLiteral("expected a duration such as \"8120 ns\" or \"0.008 ms\" (units ns, us, µs, ms, "
                             "s), got \"%1\"")
                  .arg(text));
        return std::nullopt;
    }
    return nonNegative(key, need, "nanoseconds");
}

std::optional<qint64> FieldReader::count(const char* key, Need need) {
    const Json* v = find(key, need, "a non-negative integer");
    if (!v)
        return std::nullopt;
    if (!v->is_number_integer() || v->get<std::int64_t>() < 0) {
        error(v->is_number() ? fieldRange : fieldType, pathOf(QString::fromLatin1(key)),
              QStringLiteral("expected a non-negative integer, got %1")
                  .arg(v->is_number() ? QString::fromStdString(v->dump()) : jsonTypeName(*v)));
        return std::nullopt;
    }
    return v->get<qint64>();
}

std::optional<bool> FieldReader::boolean(const char* key, Need need) {
    const Json* v = find(key, need, "a boolean");
    if (!v || !expectType(*v, key, v->is_boolean(), "a boolean"))
        return std::nullopt;
    return v->get<bool>();
}

std::optional<QString> FieldReader::digest(const char* key, Need need) {
    auto s = string(key, need);
    if (!s)
        return std::nullopt;
    switch (classifyDigest(*s)) {
    case DigestForm::Sha256:
        return s;
    case DigestForm::OtherScheme:
        warning(fieldDigestScheme, pathOf(QString::fromLatin1(key)),
                QStringLiteral("digest scheme \"%1\" is not one kix can recompute").arg(digestScheme(*s)));
        return s;
    case DigestForm::Malformed:
        break;
    }
    error(
        fieldDigest, pathOf(QString::fromLatin1(key)),
        QStringLiteral("expected a digest of the form sha256:<64 lowercase hex digits>, got \"%1\"").arg(*s));
    return std::nullopt;
}

FieldReader FieldReader::object(const char* key, Need need) {
    const Json* v = find(key, need, "an object");
    if (v && !expectType(*v, key, v->is_object(), "an object"))
        v = nullptr;
    return FieldReader(v, pathOf(QString::fromLatin1(key)), m_file, *m_problems, m_line);
}

const Json* FieldReader::array(const char* key, Need need) {
    const Json* v = find(key, need, "an array");
    if (v && !expectType(*v, key, v->is_array(), "an array"))
        return nullptr;
    return v;
}

} // namespace kix
