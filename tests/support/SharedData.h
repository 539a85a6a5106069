// Where the tests find the ecosystem's reference data: ../shared beside the source tree (KernelIndex's
// catalog, examples and schemas; SOL-ExecBench's problem files and traces; the seed's page). It is for
// reading and testing only and a user's clone usually lacks it, so a test that reads it skips with the
// reason (KIX_REQUIRE_SHARED, or sharedMissingReason() in a data function's caller) and covers the same
// behaviour with fixtures it writes itself. This is the one place that locates it: the source tree is
// KIX_REPO_ROOT (tests/CMakeLists.txt); KIX_SHARED_DIR, when set, names another folder, or a missing one
// to run the tests as a clone would.
#pragma once

#include <QDir>
#include <QFileInfo>
#include <QString>

namespace kixtest {

inline QString sharedRoot() {
    const QString over = qEnvironmentVariable("KIX_SHARED_DIR");
    return QDir::cleanPath(over.isEmpty() ? QStringLiteral(KIX_REPO_ROOT "/../shared") : over);
}

// The path of `relative` under ../shared, or an empty string when it is not there (never a path that
// QDir or QFile would quietly read as the current folder).
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

} // namespace kixtest

// Declares `var` as the path of ../shared/<relative>, or skips the test with the reason when it is absent.
// In a data-driven test it comes before QFETCH: where ../shared is absent the data function adds no row,
// and Qt Test then runs the function once without data.
#define KIX_REQUIRE_SHARED(var, relative)                                                                    \
    const QString var = kixtest::sharedPath(relative);                                                       \
    if ((var).isEmpty())                                                                                     \
        QSKIP(qPrintable(kixtest::sharedMissingReason(relative)));

// Skips the test with the reason when ../shared/<relative> is absent (for a test that needs it but not
// its path, such as a data-driven test whose rows hold the paths).
#define KIX_SKIP_WITHOUT_SHARED(relative)                                                                    \
    if (kixtest::sharedPath(relative).isEmpty())                                                             \
        QSKIP(qPrintable(kixtest::sharedMissingReason(relative)));
