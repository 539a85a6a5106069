// Field-level diff of two documents by JSON path. Arrays of objects that all carry a
// unique "id" (per-case results) are matched by id, so one inserted case is one change.
#pragma once

#include "Manifest.h"

#include <QList>
#include <QString>

namespace kix {

struct FieldChange {
    enum class Kind { Added, Removed, Changed };
    Kind kind;
    QString path;
    QString before; // compact JSON, empty when added
    QString after;  // compact JSON, empty when removed
};

QString changeKindName(FieldChange::Kind kind); // "added", "removed", "changed"
QChar changeKindSymbol(FieldChange::Kind kind); // + − ~

QList<FieldChange> diffJson(const Json& a, const Json& b, const QString& path = {});
// Compares the resources both files hold (run, protocol, environment) as if they were bundles.
QList<FieldChange> diffManifests(const Manifest& a, const Manifest& b);

} // namespace kix
