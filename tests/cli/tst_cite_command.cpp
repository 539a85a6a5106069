// `kix cite` end to end: hostile manifest text, option values and file names never reach the
// terminal raw, in the citation or in an error message.
#include "CliRunner.h"
#include "Commands.h"
#include "TestMain.h"
#include "TestSupport.h"
#include "TextSanitizer.h"

#include <QTemporaryDir>
#include <QTest>
#include <algorithm>

namespace {

using Result = kixtest::CliResult;
// (Called as ::cite inside the test class, whose cite() test slot hides it.)
Result cite(const QStringList& args) {
    return kixtest::runKix(QStringList{QStringLiteral("cite")} + args);
}

void write(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
}

bool terminalSafe(const QString& text) {
    const std::u32string cps = text.toStdU32String();
    return std::all_of(cps.begin(), cps.end(),
                       [](char32_t c) { return c == u'\n' || !kix::isUnsafeCodePoint(c); });
}

const QString kOsc52 = QStringLiteral("\x1b]52;c;cm0gLXJmIH4=\x07");

} // namespace

class TestCiteCommand : public QObject {
    Q_OBJECT
private slots:
    void hostileManifest_data() {
        QTest::addColumn<QString>("format");
        QTest::newRow("bibtex") << QStringLiteral("bibtex");
        QTest::newRow("cff") << QStringLiteral("cff");
        QTest::newRow("text") << QStringLiteral("text");
    }
    void hostileManifest() {
        QFETCH(QString, format);
        QTemporaryDir dir;
        auto doc = kixtest::seedJson();
        doc["run"]["metadata"]["title"] =
            QString(QStringLiteral("x\x1b[2J\r") + kOsc52 + QChar(0x202E) + QChar(0x85) +
                    QStringLiteral("\b\x7f") + QChar(0xFFFE) + QStringLiteral(" · b · g"))
                .toStdString();
        doc["run"]["metadata"]["annotations"]["kernelindex.dev/permalink"] =
            QString(QStringLiteral("https://x.org/") + kOsc52).toStdString();
        const QString path = dir.filePath(QStringLiteral("hostile.json"));
        write(path, QByteArray::fromStdString(doc.dump()));
        const Result r = ::cite({QStringLiteral("--format"), format, QStringLiteral("--accessed"),
                                 QStringLiteral("2026-12-02"), path});
        QCOMPARE(r.code, 0);
        // The only message: KernelIndex would refuse the annotation (kix reads it for the permalink).
        QCOMPARE(r.err,
                 path + QStringLiteral(": run.metadata.annotations: warning: KernelIndex does not allow the "
                                       "member \"annotations\" here (allowed: name, title, description, "
                                       "labels, authors, sourceRefs)\n"));
        QVERIFY(r.out.contains(QStringLiteral("2026-12-02")));
        QVERIFY2(terminalSafe(r.out), r.out.toUtf8().toPercentEncoding(" \n").constData());
    }

    void errorsAreSanitized_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("err");
        QTest::newRow("format")
            << QStringList{QStringLiteral("--format"), kOsc52, QStringLiteral("x.json")} << 2
            << QStringLiteral("kix cite: unknown format \"\\x1b]52;c;cm0gLXJmIH4=\\x07\": expected bibtex, "
                              "cff or text\n");
        QTest::newRow("date") << QStringList{QStringLiteral("--accessed"),
                                             QStringLiteral("2026\x1b[2J\u202e"), QStringLiteral("x.json")}
                              << 2
                              << QStringLiteral("kix cite: --accessed expects a date as YYYY-MM-DD, got "
                                                "\"2026\\x1b[2J⟨U+202E⟩\"\n");
    }
    void errorsAreSanitized() {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        QFETCH(QString, err);
        const Result r = ::cite(args);
        QCOMPARE(r.code, code);
        QCOMPARE(r.err, err);
    }

    // A plain-text citation of the seed run, with the access date given.
    void cite() {
        const Result r = kixtest::runKix({QStringLiteral("cite"), QStringLiteral("--format"),
                                          QStringLiteral("text"), QStringLiteral("--accessed"),
                                          QStringLiteral("2026-12-02"), kixtest::seedPath()});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.endsWith(QStringLiteral("Accessed 2026-12-02.\n")));
    }
};

KIX_TEST_GUILESS_MAIN(TestCiteCommand)
#include "tst_cite_command.moc"
