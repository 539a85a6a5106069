// Typed, located reads from a JSON object: every failure becomes a Problem naming the
// JSON path, what was expected and a stable code, and reading goes on so one document reports all its
// problems.
#pragma once

#include "JsonReader.h"
#include "Problem.h"

#include <QString>
#include <QStringList>
#include <nlohmann/json.hpp>
#include <optional>

namespace kix {

using Json = nlohmann::json;

// "0.008 ms", "8120ns", "1.5 µs" → nanoseconds; nullopt when the text is not a duration.
std::optional<double> parseDurationNs(const QString& text);

class FieldReader {
public:
    enum Need { Optional, Required };

    FieldReader(const Json* object, QString path, QString file, Problems& problems, qint64 line = 0);

    bool valid() const { return m_object != nullptr; }
    const Json* json() const { return m_object; }
    const QString& path() const { return m_path; }
    QString pathOf(const QString& key) const;
    const Json* child(const char* key) const; // the member, or null; no problem reported

    std::optional<QString> string(const char* key, Need need = Optional);
    std::optional<double> number(const char* key, Need need = Optional);
    // A finite number >= 0: latencies, byte counts, errors.
    std::optional<double> nonNegative(const char* key, Need need = Optional, const char* unit = nullptr);
    // Nanoseconds: a number >= 0 or a duration string such as "0.008 ms" (KernelIndex's form).
    std::optional<double> duration(const char* key, Need need = Optional);
    std::optional<qint64> count(const char* key, Need need = Optional);
    std::optional<bool> boolean(const char* key, Need need = Optional);
    // A digest field: "sha256:<64 hex>"; another scheme is a warning, anything else an error.
    std::optional<QString> digest(const char* key, Need need = Optional);
    FieldReader object(const char* key, Need need = Optional);
    const Json* array(const char* key, Need need = Optional);

    void error(const char* code, const QString& path, const QString& message);
    void warning(const char* code, const QString& path, const QString& message);
    // Without a code, for readers of kix's own data files that report by message only.
    void error(const QString& path, const QString& message) { error("", path, message); }
    void warning(const QString& path, const QString& message) { warning("", path, message); }
    Problems& problems() { return *m_problems; }
    const QString& file() const { return m_file; }
    qint64 line() const { return m_line; }

private:
    const Json* find(const char* key, Need need, const char* expected);
    bool expectType(const Json& v, const char* key, bool ok, const char* expected);

    const Json* m_object;
    QString m_path;
    QString m_file;
    Problems* m_problems;
    qint64 m_line;
};

} // namespace kix
