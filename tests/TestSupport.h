// Helpers shared by the tests: paths to bundled data and small JSON edits of the seed manifest.
#pragma once

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
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

// The ecosystem's reference data: ../shared beside the source tree (KernelIndex's catalog and examples,
// SOL-ExecBench's problem files and traces). A user's clone usually lacks it, so every test that reads it
// skips with KIX_REQUIRE_SHARED, and covers the same behaviour with fixtures it writes itself.
// KIX_SHARED_DIR, when set, names another folder (or a missing one, to run the tests as a clone would).
inline QString sharedRoot() {
    const QString over = qEnvironmentVariable("KIX_SHARED_DIR");
    return QDir::cleanPath(over.isEmpty() ? QStringLiteral(KIX_REPO_ROOT "/../shared") : over);
}
// The path of `relative` under ../shared, or an empty string when it is not there.
inline QString sharedPath(const QString& relative) {
    const QString path = sharedRoot() + u'/' + relative;
    return QFileInfo::exists(path) ? path : QString();
}
inline QString sharedMissingReason(const QString& relative) {
    return QStringLiteral("%1 is absent (the reference data beside the source tree, ../shared, or "
                          "KIX_SHARED_DIR); this check runs where it is present, and the fixtures cover the "
                          "same behaviour")
        .arg(sharedRoot() + u'/' + relative);
}
// Declares `var` as the path of ../shared/<relative>, or skips the test with the reason when it is absent.
#define KIX_REQUIRE_SHARED(var, relative)                                                                    \
    const QString var = kixtest::sharedPath(relative);                                                       \
    if ((var).isEmpty())                                                                                     \
        QSKIP(qPrintable(kixtest::sharedMissingReason(relative)));

// The project's bundled data files (docs/problem-format.md).
inline QString problemPath() {
    return repoPath(QStringLiteral("resources/problems/013-fused-residual-rms-norm-backward.json"));
}
inline QString publishedPath() {
    return repoPath(
        QStringLiteral("resources/published/013-fused-residual-rms-norm-backward.leaderboard.json"));
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
