// Where a bundled fact was read. kix's own data files (problem definitions, published figures) keep a
// "sources" table, and every object of facts names one entry of it in its "source" member, so that each
// number can be traced to a public URL.
#pragma once

#include "FieldReader.h"
#include "Problem.h"

#include <QDate>
#include <QMap>
#include <QString>
#include <QStringList>
#include <optional>

namespace kix {

struct FactSource {
    QString id;           // its key in "sources"
    QString title;        // what was read
    QString url;          // the public address of the source (https)
    QString item;         // which part of it, when the URL names more than the facts
    QString via;          // the intermediary it was read through (a mirror, an export), if any
    QStringList readFrom; // the files the project read it from (paths relative to the source tree)
    QString snapshot;     // YYYY-MM-DD of the source's snapshot, when it has one
    QDate read;           // when the project read it
};

using FactSources = QMap<QString, FactSource>;

// Reads the required "sources" object: id -> {title, url, item?, via?, readFrom?, snapshot?, read}.
FactSources readFactSources(const Json& root, const QString& file, Problems& problems);

// Reads the required "source" member of `object` and checks that it names an entry of `sources`.
std::optional<QString> readSourceRef(FieldReader& object, const FactSources& sources, const QString& file,
                                     Problems& problems);

} // namespace kix
