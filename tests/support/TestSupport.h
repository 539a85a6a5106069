// Helpers shared by the tests: paths to bundled data and small JSON edits of the seed manifest.
#pragma once

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QString>
#include <nlohmann/json.hpp>

#include "SharedData.h" // locating ../shared, and KIX_REQUIRE_SHARED

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

// The project's bundled data files (docs/problem-format.md). Loaded like a manifest, the problem file
// yields the WorkloadSuite (and cases) kix builds from its facts: the suite every run of 013 names.
inline QString problemPath() {
    return repoPath(QStringLiteral("resources/problems/013-fused-residual-rms-norm-backward.json"));
}
inline QString publishedPath() {
    return repoPath(
        QStringLiteral("resources/published/013-fused-residual-rms-norm-backward.leaderboard.json"));
}

// The file's bytes; a file the test cannot do without, so a read failure stops the test run.
inline QByteArray readAll(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return f.readAll();
}

// The file as UTF-8 text; an empty string when it cannot be read, for the test's own comparison to report.
inline QString readText(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

inline nlohmann::json seedJson() {
    return nlohmann::json::parse(readAll(seedPath()).toStdString());
}

// A second suite-only leaderboard run of 013, written here from the seed with another submitter and
// suite mean (Databricks' published 42,336 ns, resources/published/): the tests' stand-in for a
// leaderboard manifest, which the project does not bundle.
inline QByteArray suiteOnlyLeader() {
    nlohmann::json doc = seedJson();
    doc["run"]["metadata"]["name"] = "sol-submission-20042";
    doc["run"]["metadata"]["title"] = "Databricks · 013_fused_residual_rms_norm_backward · B200";
    doc["run"]["spec"]["timing"]["latencyNs"]["mean"] = 42336;
    return QByteArray::fromStdString(doc.dump(2));
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
