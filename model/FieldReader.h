// Typed, located reads from a JSON object: every failure becomes a Problem naming the
// JSON path and what was expected, and reading goes on so one file reports all its problems.
#pragma once

#include "Problem.h"

#include <QString>
#include <nlohmann/json.hpp>
#include <optional>

namespace kix {

using Json = nlohmann::json;

QString jsonTypeName(const Json& value); // "a string", "a number", …

class FieldReader {
public:
    enum Need { Optional, Required };

    FieldReader(const Json* object, QString path, QString file, Problems& problems);

    bool valid() const { return m_object != nullptr; }
    const QString& path() const { return m_path; }
    QString pathOf(const QString& key) const;

    std::optional<QString> string(const char* key, Need need = Optional);
    std::optional<double> number(const char* key, Need need = Optional);
    // A finite number >= 0: latencies, byte counts, errors.
    std::optional<double> nonNegative(const char* key, Need need = Optional, const char* unit = nullptr);
    std::optional<qint64> count(const char* key, Need need = Optional);
    std::optional<bool> boolean(const char* key, Need need = Optional);
    // A digest field: "sha256:<64 hex>"; another scheme is a warning, anything else an error.
    std::optional<QString> digest(const char* key, Need need = Optional);
    FieldReader object(const char* key, Need need = Optional);
    const Json* array(const char* key, Need need = Optional);

    void error(const QString& path, const QString& message);
    void warning(const QString& path, const QString& message);

private:
    const Json* find(const char* key, Need need, const char* expected);
    bool expectType(const Json& v, const char* key, bool ok, const char* expected);

    const Json* m_object;
    QString m_path;
    QString m_file;
    Problems* m_problems;
};

} // namespace kix
