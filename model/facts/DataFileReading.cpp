#include "DataFileReading.h"

#include "JsonPath.h"

#include <QDateTime>
#include <QRegularExpression>
#include <algorithm>

namespace kix {

Problem dataProblem(const char* code, const QString& file, const QString& path, const QString& message,
                    Problem::Severity severity) {
    return Problem{severity, file, path, message, QString::fromLatin1(code)};
}

void warnUnknownMembers(const Json& object, const QString& path, std::initializer_list<const char*> known,
                        const QString& file, Problems& problems) {
    if (!object.is_object())
        return;
    for (auto it = object.begin(); it != object.end(); ++it) {
        const bool isKnown =
            std::any_of(known.begin(), known.end(), [&](const char* k) { return it.key() == k; });
        if (!isKnown) {
            const QString key = QString::fromStdString(it.key());
            problems.append(dataProblem(codes::kDataUnknownMember, file, jsonPathKey(path, key),
                                        QStringLiteral("unknown member \"%1\" is ignored").arg(key),
                                        Problem::Severity::Warning));
        }
    }
}

bool checkFormat(const Json& root, const char* expected, const QString& file, Problems& problems) {
    const QString want = QString::fromLatin1(expected);
    const auto it = root.find("format");
    if (it == root.end()) {
        problems.append(dataProblem(codes::kDataFormat, file, QStringLiteral("format"),
                                    QStringLiteral("required field is missing (expected \"%1\")").arg(want)));
        return false;
    }
    if (!it->is_string() || QString::fromStdString(it->get<std::string>()) != want) {
        problems.append(dataProblem(codes::kDataFormat, file, QStringLiteral("format"),
                                    QStringLiteral("unsupported format %1: this kix reads \"%2\"")
                                        .arg(QString::fromStdString(it->dump()), want)));
        return false;
    }
    return true;
}

bool expectObject(const Json& value, const QString& path, const QString& file, Problems& problems) {
    if (value.is_object())
        return true;
    problems.append(Problem{Problem::Severity::Error, file, path,
                            QStringLiteral("expected an object, got %1").arg(jsonTypeName(value)),
                            QString()});
    return false;
}

const Json* readObjectArray(FieldReader& parent, const char* key, const QString& file, Problems& problems) {
    const Json* array = parent.array(key, FieldReader::Required);
    if (!array)
        return nullptr;
    const QString path = parent.pathOf(QString::fromLatin1(key));
    if (array->empty()) {
        problems.append(dataProblem(codes::kDataOutOfRange, file, path,
                                    QStringLiteral("expected at least one element, got an empty array")));
        return nullptr;
    }
    bool allObjects = true;
    for (std::size_t i = 0; i < array->size(); ++i)
        allObjects &= expectObject((*array)[i], jsonPathIndex(path, qsizetype(i)), file, problems);
    return allObjects ? array : nullptr;
}

std::optional<QDate> readDate(FieldReader& object, const char* key, FieldReader::Need need,
                              const QString& file, Problems& problems) {
    const auto text = object.string(key, need);
    if (!text)
        return std::nullopt;
    static const QRegularExpression form(QStringLiteral("^\\d{4}-\\d{2}-\\d{2}$"));
    const QDate date = QDate::fromString(*text, Qt::ISODate);
    if (!form.match(*text).hasMatch() || !date.isValid()) {
        problems.append(
            dataProblem(codes::kDataInvalidDate, file, object.pathOf(QString::fromLatin1(key)),
                        QStringLiteral("expected a date written YYYY-MM-DD, got \"%1\"").arg(*text)));
        return std::nullopt;
    }
    return date;
}

std::optional<QString> readUtcInstant(FieldReader& object, const char* key, FieldReader::Need need,
                                      const QString& file, Problems& problems) {
    auto text = object.string(key, need);
    if (!text)
        return std::nullopt;
    static const QRegularExpression form(
        QStringLiteral("^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?Z$"));
    const bool ok =
        form.match(*text).hasMatch() && QDateTime::fromString(text->left(19), Qt::ISODate).isValid();
    if (!ok) {
        problems.append(
            dataProblem(codes::kDataInvalidDate, file, object.pathOf(QString::fromLatin1(key)),
                        QStringLiteral("expected a UTC instant such as 2026-06-26T09:16:50.948Z, got \"%1\"")
                            .arg(*text)));
        return std::nullopt;
    }
    return text;
}

} // namespace kix
