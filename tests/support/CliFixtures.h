// What the `kix` subcommand tests share: a fixture world in a temporary folder (support resources and
// runs, one file each), this user's and a stranger's signing keys, and the hostile text every field of a
// manifest can carry, with how the sanitizer shows it.
#pragma once

#include "CatalogFixture.h"
#include "CliRunner.h"
#include "KeyStore.h"
#include "KixResources.h"
#include "Signing.h"
#include "TextSanitizer.h"

#include <QTemporaryDir>
#include <QTest>

namespace kixcli {

using kixfix::Json;

using Result = kixtest::CliResult;

// What every subcommand suite's initTestCase() sets up: the bundled resources, and a folder of its own as
// XDG_CONFIG_HOME, where `kix run`'s settings and this user's signing key live.
class SuiteConfig {
public:
    bool setUp() {
        kixInitResources();
        if (!m_dir.isValid())
            return false;
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_dir.path()));
        return true;
    }

private:
    QTemporaryDir m_dir;
};
inline Result run(const QStringList& args) {
    return kixtest::runKix(args);
}

// A folder with the fixture world: support resources and runs in one file each.
struct Files {
    QTemporaryDir dir;
    kixfix::Catalog c;
    QString support, a, b;
    QString path(const char* name) const { return dir.filePath(QString::fromLatin1(name)); }
    QString write(const char* name, const Json& value) const {
        QString p = path(name);
        if (!kixfix::writeJson(p, value))
            qFatal("cannot write %s", name);
        return p;
    }
    Files() {
        support = path("support");
        write("support/op.json", c.op);
        write("support/w1.json", c.w1);
        write("support/w2.json", c.w2);
        write("support/impl.json", c.impl);
        a = write("a.json", c.runBundle("run-a", c.w1, 8120));
    }
};
// This user's signing key, in the test's own config folder (created on first use).
inline kix::SigningKey ownKey() {
    QString error;
    const auto key = kix::KeyStore(kix::KeyStore::defaultConfigDirectory()).signingKey(error);
    if (!key)
        qFatal("no signing key: %s", qPrintable(error));
    return *key;
}

inline kix::SigningKey strangerKey() {
    QString error;
    const auto key = kix::SigningKey::generate(error);
    if (!key)
        qFatal("cannot generate a key: %s", qPrintable(error));
    return *key;
}

// What a hostile manifest puts in every field it can: a screen clear, an OSC 52 clipboard write, a bell,
// a carriage return, a line feed before a forged verdict line, a bidi override, a line separator and a
// noncharacter. ("\x07" "a": a hex escape would swallow the letter.)
inline constexpr char kHostile[] = "\x1b[2J\x1b]52;c;ZXZpbA==\x07\x07"
                                   "a\rb\nCOMPARABLE: yes\xe2\x80\xae\xe2\x80\xa8\xef\xbf\xbe";
// How the sanitizer shows each of them.
inline const QStringList kHostileShown = {QStringLiteral("\\x1b[2J\\x1b]52;c;ZXZpbA==\\x07\\x07a\\rb"),
                                          QStringLiteral("\\nCOMPARABLE: yes⟨U+202E⟩⟨U+2028⟩⟨U+FFFE⟩")};
inline constexpr qsizetype kHugeTitle = qsizetype{15} << 20; // 15 MiB

// A valid run (no parse error: `kix diff` refuses inputs with errors) whose title carries `text`, and with
// `everywhere` its GPU and status too, written to a file whose name carries an escape and a bidi override.
inline QString writeHostile(const kixfix::Catalog& c, const QTemporaryDir& dir, const std::string& text,
                            bool everywhere = true) {
    const Json env = everywhere ? kixfix::environment(text) : c.env;
    Json b = kixfix::bundle(
        kixfix::run("run-evil", c.w1, c.impl, c.proto, env, 8120, everywhere ? text.c_str() : "passed"),
        c.proto, env);
    b["run"]["metadata"]["title"] = text;
    QString path = dir.filePath(QString::fromUtf8("evil\x1b]0;pwned\x07\xe2\x80\xae.json"));
    if (!kixfix::writeJson(path, b))
        qFatal("cannot write the hostile manifest");
    return path;
}

// Why `text` is not safe on a terminal, or empty: every code point the sanitizer would not emit, but LF
// (the line ends of the format).
inline QString unsafeIn(const QString& text) {
    for (const char32_t c : text.toUcs4())
        if (c != U'\n' && kix::isUnsafeCodePoint(c))
            return QStringLiteral("U+%1 in the output").arg(uint(c), 4, 16, QLatin1Char('0'));
    return {};
}

} // namespace kixcli
