// From paths to sources: which files a folder walk picks up, files counted once by identity (a link, another
// spelling), and every input kix cannot read reported with its reason — never skipped silently, never
// read from a FIFO, never "nothing to check" without a word.
#include "ProblemTexts.h"
#include "RecordFixtures.h"
#include "SourceReader.h"
#include "TestMain.h"

#include <QDir>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

using namespace kix;

namespace {
QStringList names(const QStringList& files, const QString& base) {
    QStringList out;
    for (const QString& f : files)
        out << QDir(base).relativeFilePath(f);
    return out;
}
} // namespace

class TestSourceReader : public QObject {
    Q_OBJECT
private slots:
    void formats_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("format");
        QTest::newRow("json") << "a.json" << int(SourceFormat::Json);
        QTest::newRow("yaml") << "a.yaml" << int(SourceFormat::Yaml);
        QTest::newRow("yml") << "A.YML" << int(SourceFormat::Yaml);
        QTest::newRow("jsonl") << "c.jsonl" << int(SourceFormat::JsonLines);
        QTest::newRow("zst") << "c.jsonl.zst" << int(SourceFormat::JsonLinesZstd);
        QTest::newRow("other") << "notes.txt" << int(SourceFormat::Json);
    }
    void formats() {
        QFETCH(QString, name);
        QFETCH(int, format);
        QCOMPARE(int(formatOf(name)), format);
    }

    // The open dialog's filter and the reader come from one table (SourceExtensions.h): every pattern the
    // dialog offers is a name the folder walk picks up, read in the format its entry names, in any case.
    void fileFilterMatchesReader() {
        const QString filter = sourceFileFilter();
        QCOMPARE(filter,
                 QStringLiteral("Manifests and catalog exports (*.json *.yaml *.yml *.jsonl *.jsonl.zst);;"
                                "JSON (*.json);;YAML (*.yaml *.yml);;Catalog exports (*.jsonl *.jsonl.zst);;"
                                "All files (*)"));
        const QMap<QString, QList<SourceFormat>> formatsOf{
            {QStringLiteral("JSON"), {SourceFormat::Json}},
            {QStringLiteral("YAML"), {SourceFormat::Yaml}},
            {QStringLiteral("Catalog exports"), {SourceFormat::JsonLines, SourceFormat::JsonLinesZstd}}};
        QStringList entries = filter.split(QStringLiteral(";;"));
        QCOMPARE(entries.takeLast(), QStringLiteral("All files (*)"));
        const auto patternsOf = [](const QString& entry) {
            const qsizetype open = entry.indexOf(u'(');
            return entry.mid(open + 1, entry.size() - open - 2).split(u' ');
        };
        const QStringList all = patternsOf(entries.takeFirst());
        QCOMPARE(all, sourceNamePatterns().split(u' '));
        QStringList grouped;
        for (const QString& entry : std::as_const(entries)) {
            const QString label = entry.left(entry.indexOf(QStringLiteral(" (")));
            QVERIFY2(formatsOf.contains(label), qPrintable(label));
            for (const QString& pattern : patternsOf(entry)) {
                grouped << pattern;
                const QString suffix = pattern.mid(1);
                for (const QString& name : QStringList{u"run" + suffix, u"RUN" + suffix.toUpper()}) {
                    QVERIFY2(isSourceName(name), qPrintable(name));
                    QVERIFY2(formatsOf[label].contains(formatOf(name)), qPrintable(name));
                }
            }
        }
        QCOMPARE(grouped, all);
        QVERIFY(!isSourceName(QStringLiteral("notes.txt")));
        QVERIFY(!isSourceName(QStringLiteral("run.manifest.json.intoto.jsonl")));
    }

    void folderWalk() {
        QTemporaryDir dir;
        // a.json.intoto.jsonl: a signing envelope, read beside a.json by the signature checks, not a catalog
        for (const char* f : {"a.json", "b.yaml", "c.yml", "sub/d.jsonl", "sub/e.jsonl.zst", "notes.txt",
                              ".hidden/f.json", "sub/.g.json", "a.json.intoto.jsonl", "sub/X.INTOTO.JSONL"})
            QVERIFY(kixfix::writeFile(dir.filePath(QString::fromLatin1(f)), "{}"));
        const Inputs in = collectInputs({dir.path()});
        QVERIFY2(in.problems.isEmpty(), qPrintable(kixtest::problemTextsWithCodes(in.problems).join(u'\n')));
        QCOMPARE(names(in.files, dir.path()),
                 (QStringList{QStringLiteral("a.json"), QStringLiteral("b.yaml"), QStringLiteral("c.yml"),
                              QStringLiteral("sub/d.jsonl"), QStringLiteral("sub/e.jsonl.zst")}));
    }

    void oneFileOnceByIdentity() {
        QTemporaryDir dir;
        const QString a = dir.filePath(QStringLiteral("a.json"));
        QVERIFY(kixfix::writeFile(a, "{}"));
        QVERIFY(QFile::link(a, dir.filePath(QStringLiteral("link.json"))));
        QVERIFY(::link(QFile::encodeName(a).constData(),
                       QFile::encodeName(dir.filePath(QStringLiteral("hard.json"))).constData()) == 0);
        const Inputs in = collectInputs(
            {a, dir.filePath(QStringLiteral("link.json")), dir.path() + QStringLiteral("/./a.json"),
             dir.path() + QStringLiteral("//a.json"), dir.filePath(QStringLiteral("hard.json")), dir.path()});
        QCOMPARE(in.files, QStringList{a});
        QVERIFY(in.problems.isEmpty());
    }

    void whatCannotBeRead() {
        QTemporaryDir dir;
        const QString empty = dir.filePath(QStringLiteral("empty"));
        QVERIFY(QDir().mkpath(empty + QStringLiteral("/deeper")));
        QVERIFY(kixfix::writeFile(empty + QStringLiteral("/deeper/readme.txt"), "not a manifest"));
        const QString full = dir.filePath(QStringLiteral("full"));
        QVERIFY(kixfix::writeFile(full + QStringLiteral("/good.json"), "{}"));
        QVERIFY(QFile::link(full + QStringLiteral("/gone.json"), full + QStringLiteral("/dangling.json")));
        QVERIFY(::mkfifo(QFile::encodeName(full + QStringLiteral("/pipe.json")).constData(), 0600) == 0);
        QElapsedTimer timer;
        timer.start();
        const Inputs in = collectInputs({empty, full, dir.filePath(QStringLiteral("missing.json"))});
        QVERIFY(timer.elapsed() < 5000); // the FIFO is never opened
        QCOMPARE(names(in.files, dir.path()), QStringList{QStringLiteral("full/good.json")});
        QCOMPARE(kixtest::problemTextsWithCodes(in.problems),
                 (QStringList{
                     empty + QStringLiteral(": no manifest in this folder (looked for *.json *.yaml *.yml "
                                            "*.jsonl *.jsonl.zst, in subfolders too) [read.empty_folder]"),
                     full + QStringLiteral("/dangling.json: symbolic link to \"") + full +
                         QStringLiteral("/gone.json\", which does not exist [read.dangling_link]"),
                     full + QStringLiteral("/pipe.json: not a regular file (a FIFO, socket or device); not "
                                           "read [read.not_regular]"),
                     dir.filePath(QStringLiteral("missing.json")) +
                         QStringLiteral(": no such file [read.not_found]")}));
    }

    void unreadableFileInAFolder() {
        if (::geteuid() == 0)
            QSKIP("running as root, which reads every file whatever its permissions");
        QTemporaryDir dir;
        const QString locked = dir.filePath(QStringLiteral("locked.json"));
        QVERIFY(kixfix::writeFile(locked, "{}"));
        QVERIFY(::chmod(QFile::encodeName(locked).constData(), 0) == 0);
        const Inputs in = collectInputs({dir.path()});
        QCOMPARE(
            kixtest::problemTextsWithCodes(in.problems),
            QStringList{locked + QStringLiteral(": cannot be read: permission denied [read.unreadable]")});
    }

    void nothingGiven() {
        const Inputs in = collectInputs({});
        QCOMPARE(kixtest::problemTextsWithCodes(in.problems),
                 QStringList{QStringLiteral("no file or folder to read was given [read.no_input]")});
    }

    void linkLoopEnds() {
        QTemporaryDir dir;
        QVERIFY(kixfix::writeFile(dir.filePath(QStringLiteral("a/run.json")), "{}"));
        QVERIFY(QFile::link(dir.path(), dir.filePath(QStringLiteral("a/up"))));
        const Inputs in = collectInputs({dir.path()});
        QCOMPARE(names(in.files, dir.path()), QStringList{QStringLiteral("a/run.json")});
    }

    void readsOneDocument() {
        QTemporaryDir dir;
        const auto op = kixfix::operation();
        QVERIFY(kixfix::writeJson(dir.filePath(QStringLiteral("op.json")), op));
        const ParsedDocument doc = readDocumentFile(dir.filePath(QStringLiteral("op.json")));
        QVERIFY(doc.problems.isEmpty());
        QCOMPARE(doc.resources.size(), 1);
        QCOMPARE(doc.resources.first()->origin,
                 (Origin{dir.filePath(QStringLiteral("op.json")), 0, QString()}));
        const ParsedDocument missing = readDocumentFile(dir.filePath(QStringLiteral("none.json")));
        QCOMPARE(missing.problems.first().toString(),
                 dir.filePath(QStringLiteral("none.json")) + QStringLiteral(": no such file"));
        QVERIFY(missing.isProblemRow());
    }
};

KIX_TEST_GUILESS_MAIN(TestSourceReader)
#include "tst_source_reader.moc"
