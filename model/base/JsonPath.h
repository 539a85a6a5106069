// JSON paths for messages: run.spec.cases[3].id, with ["odd key"] where a key is not an identifier.
#pragma once

#include <QString>

namespace kix {

QString jsonPathKey(const QString& parent, const QString& key);
QString jsonPathIndex(const QString& parent, qsizetype index);

} // namespace kix
