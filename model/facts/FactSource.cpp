#include "FactSource.h"

#include "DataFileReading.h"
#include "JsonPath.h"

#include <QRegularExpression>

namespace kix {

namespace {

// One entry of "sources"; nullopt when it is not an object. Its problems go to `problems`.
std::optional<FactSource> readFactSource(const std::string& key, const Json& value, const QString& file,
                                         Problems& problems) {
    static const QRegularExpression idForm(QStringLiteral("^[a-z0-9][a-z0-9.-]*$"));
    FactSource source;
    source.id = QString::fromStdString(key);
    const QString path = jsonPathKey(QStringLiteral("sources"), source.id);
    if (!idForm.match(source.id).hasMatch())
        problems.append(dataProblem(codes::kDataOutOfRange, file, path,
                                    QStringLiteral("a source id is lowercase letters, digits, '.' and "
                                                   "'-', got \"%1\"")
                                        .arg(source.id)));
    if (!expectObject(value, path, file, problems))
        return std::nullopt;
    warnUnknownMembers(value, path, {"title", "url", "item", "via", "readFrom", "snapshot", "read"}, file,
                       problems);
    FieldReader r(&value, path, file, problems);
    source.title = r.string("title", FieldReader::Required).value_or(QString());
    if (const auto url = r.string("url", FieldReader::Required)) {
        source.url = *url;
        if (!url->startsWith(QStringLiteral("https://")) || url->contains(u' '))
            problems.append(
                dataProblem(codes::kDataOutOfRange, file, r.pathOf(QStringLiteral("url")),
                            QStringLiteral("expected a public https:// address, got \"%1\"").arg(*url)));
    }
    source.item = r.string("item").value_or(QString());
    source.via = r.string("via").value_or(QString());
    if (const Json* files = r.array("readFrom")) {
        for (std::size_t i = 0; i < files->size(); ++i) {
            const Json& f = (*files)[i];
            if (f.is_string() && !f.get<std::string>().empty())
                source.readFrom << QString::fromStdString(f.get<std::string>());
            else
                problems.append(Problem{
                    Problem::Severity::Error, file,
                    jsonPathIndex(r.pathOf(QStringLiteral("readFrom")), qsizetype(i)),
                    QStringLiteral("expected a non-empty string (a path), got %1").arg(jsonTypeName(f)),
                    QString()});
        }
    }
    if (const auto snapshot = readDate(r, "snapshot", FieldReader::Optional, file, problems))
        source.snapshot = snapshot->toString(Qt::ISODate);
    source.read = readDate(r, "read", FieldReader::Required, file, problems).value_or(QDate());
    return source;
}

} // namespace

FactSources readFactSources(const Json& root, const QString& file, Problems& problems) {
    FactSources out;
    const auto it = root.find("sources");
    if (it == root.end()) {
        problems.append(Problem{Problem::Severity::Error, file, QStringLiteral("sources"),
                                QStringLiteral("required field is missing (expected an object of sources)"),
                                QString()});
        return out;
    }
    if (!expectObject(*it, QStringLiteral("sources"), file, problems))
        return out;
    for (auto s = it->begin(); s != it->end(); ++s)
        if (const auto source = readFactSource(s.key(), s.value(), file, problems))
            out.insert(source->id, *source);
    if (out.isEmpty() && it->empty())
        problems.append(dataProblem(codes::kDataOutOfRange, file, QStringLiteral("sources"),
                                    QStringLiteral("expected at least one source, got an empty object")));
    return out;
}

std::optional<QString> readSourceRef(FieldReader& object, const FactSources& sources, const QString& file,
                                     Problems& problems) {
    auto id = object.string("source", FieldReader::Required);
    if (!id)
        return std::nullopt;
    if (!sources.contains(*id)) {
        problems.append(
            dataProblem(codes::kDataSourceUnknown, file, object.pathOf(QStringLiteral("source")),
                        QStringLiteral("names the source \"%1\", which \"sources\" does not list (it "
                                       "lists: %2)")
                            .arg(*id, QStringList(sources.keys()).join(QStringLiteral(", ")))));
        return std::nullopt;
    }
    return id;
}

} // namespace kix
