// Helpers shared by the tests: paths to bundled data and small JSON edits of the seed manifest.
#pragma once

#include <QByteArray>
#include <QFile>
#include <QString>
#include <nlohmann/json.hpp>

namespace kixtest {

inline QString repoPath(const QString& relative) {
    return QStringLiteral(KIX_REPO_ROOT "/") + relative;
}
inline QString dataPath(const QString& relative) {
    return QStringLiteral(KIX_TEST_DATA "/") + relative;
}
inline QString seedPath() {
    return repoPath(QStringLiteral("resources/samples/kernelindex/sol-submission-14917.manifest.json"));
}
inline QString suitePath() {
    return repoPath(QStringLiteral("resources/samples/kernelindex/013-workload-suite.manifest.json"));
}

inline QByteArray readAll(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return f.readAll();
}

inline nlohmann::json seedJson() {
    return nlohmann::json::parse(readAll(seedPath()).toStdString());
}

// Applies "set" (value given) or "remove" (value empty) at a JSON pointer.
inline QByteArray edited(nlohmann::json doc, const QString& pointer, const QByteArray& value) {
    const nlohmann::json::json_pointer p(pointer.toStdString());
    if (value.isEmpty())
        doc[p.parent_pointer()].erase(p.back());
    else
        doc[p] = nlohmann::json::parse(value.toStdString());
    return QByteArray::fromStdString(doc.dump(2));
}

} // namespace kixtest
