// Writing a set of files (ManifestSet.h) and naming what kix writes (OutputName.h): all or nothing,
// never through a symbolic link, never over an existing file unless asked, names bounded and distinct.
#include "ManifestSet.h"
#include "ManifestWriter.h"
#include "OutputName.h"
#include "Sha256.h"
#include "TestMain.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <thread>

using namespace kix;
using Json = nlohmann::json;

namespace {

QByteArray read(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void write(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

QStringList entries(const QString& dir) {
    return QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                               QDir::Name);
}

ManifestSet twoFiles() {
    ManifestSet set;
    set.add(QStringLiteral("a.json"), Json{{"a", 1}});
    set.add(QStringLiteral("b.json"), Json{{"b", 2}});
    return set;
}

} // namespace

class TestManifestSet : public QObject {
    Q_OBJECT
private slots:
    void writesEveryFile() {
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("new/sub"));
        const SetWriteResult r = writeManifestSet(folder, twoFiles(), false);
        QCOMPARE(r.errors, QStringList());
        QCOMPARE(r.written,
                 (QStringList{folder + QStringLiteral("/a.json"), folder + QStringLiteral("/b.json")}));
        QCOMPARE(read(folder + QStringLiteral("/a.json")), QByteArray("{\n  \"a\": 1\n}\n"));
        QCOMPARE(entries(folder), (QStringList{"a.json", "b.json"})); // no staging folder left behind
    }

    void sameNameTwice() {
        ManifestSet set;
        QCOMPARE(set.add(QStringLiteral("a.json"), Json{{"a", 1}}), QString());
        QCOMPARE(set.add(QStringLiteral("a.json"), Json{{"a", 1}}), QString());
        QCOMPARE(set.size(), 1);
        QCOMPARE(set.add(QStringLiteral("a.json"), Json{{"a", 2}}),
                 QStringLiteral("two different documents would both be written to a.json"));
        QCOMPARE(set.add(QStringLiteral("../a.json"), Json{{"a", 2}}),
                 QStringLiteral("\"../a.json\" is not a plain file name"));
    }

    void refusedUpFront_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<bool>("replace");
        QTest::addColumn<QString>("message");
        QTest::newRow("existing file")
            << "file" << false << "%1 already exists; nothing was written (--force replaces it)";
        QTest::newRow("symlink") << "symlink" << false
                                 << "%1 is a symbolic link; kix does not write through or replace one";
        QTest::newRow("symlink, replace")
            << "symlink" << true << "%1 is a symbolic link; kix does not write through or replace one";
        QTest::newRow("dangling symlink")
            << "dangling" << true << "%1 is a symbolic link; kix does not write through or replace one";
        QTest::newRow("folder") << "folder" << true << "%1 exists and is not a regular file";
    }
    void refusedUpFront() {
        QFETCH(QString, kind);
        QFETCH(bool, replace);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString outside = dir.filePath(QStringLiteral("outside.txt"));
        write(outside, "precious");
        const QString folder = dir.filePath(QStringLiteral("out"));
        QVERIFY(QDir().mkpath(folder));
        const QString target = folder + QStringLiteral("/b.json");
        if (kind == QLatin1String("file"))
            write(target, "old");
        else if (kind == QLatin1String("symlink"))
            QVERIFY(QFile::link(outside, target));
        else if (kind == QLatin1String("dangling"))
            QVERIFY(QFile::link(dir.filePath(QStringLiteral("nowhere")), target));
        else
            QVERIFY(QDir().mkpath(target));
        const SetWriteResult r = writeManifestSet(folder, twoFiles(), replace);
        QCOMPARE(r.errors, QStringList{message.arg(target)});
        QVERIFY(r.written.isEmpty());
        QCOMPARE(read(outside), QByteArray("precious"));
        QCOMPARE(entries(folder), QStringList{"b.json"}); // a.json was not written either
    }

    void sameContentIsLeftAlone() {
        QTemporaryDir dir;
        QCOMPARE(writeManifestSet(dir.path(), twoFiles(), false).errors, QStringList());
        const SetWriteResult again = writeManifestSet(dir.path(), twoFiles(), false);
        QCOMPARE(again.errors, QStringList());
        QCOMPARE(again.written.size(), 2);
        QCOMPARE(entries(dir.path()), (QStringList{"a.json", "b.json"}));
    }

    void concurrentWritersOfSharedDocuments() {
        // Two Slurm tasks write into one output folder: each its own run files, both the same shared
        // documents (the WorkloadCases and the implementation). Whichever places a shared file first,
        // the other finds exactly its bytes there, and neither fails. Many rounds make the race likely.
        for (int round = 0; round < 40; ++round) {
            QTemporaryDir dir;
            const auto setOf = [](int task) {
                ManifestSet set;
                for (int i = 0; i < 24; ++i)
                    set.add(QStringLiteral("shared-%1.json").arg(i), Json{{"case", i}});
                set.add(QStringLiteral("run-task%1.json").arg(task), Json{{"task", task}});
                return set;
            };
            SetWriteResult results[2];
            std::thread other([&] { results[1] = writeManifestSet(dir.path(), setOf(1), false); });
            results[0] = writeManifestSet(dir.path(), setOf(0), false);
            other.join();
            QCOMPARE(results[0].errors, QStringList());
            QCOMPARE(results[1].errors, QStringList());
            QCOMPARE(entries(dir.path()).size(), 26);
        }
    }

    void replacesOnlyWhenAsked() {
        QTemporaryDir dir;
        write(dir.filePath(QStringLiteral("a.json")), "old");
        QCOMPARE(writeManifestSet(dir.path(), twoFiles(), true).errors, QStringList());
        QCOMPARE(read(dir.filePath(QStringLiteral("a.json"))), QByteArray("{\n  \"a\": 1\n}\n"));
        QCOMPARE(entries(dir.path()), (QStringList{"a.json", "b.json"}));
    }

    void nameOverTheLimitWritesNothing() {
        // Issue 13: a 300-character name stopped an import after 6 of 14 files. Now nothing is written.
        QTemporaryDir dir;
        write(dir.filePath(QStringLiteral("a.json")), "old");
        ManifestSet set = twoFiles();
        const QString tooLong = QString(300, u'x') + QStringLiteral(".json");
        set.add(tooLong, Json{{"c", 3}});
        const SetWriteResult r = writeManifestSet(dir.path(), set, true);
        QCOMPARE(
            r.errors,
            QStringList{QStringLiteral("cannot inspect %1: File name too long").arg(dir.filePath(tooLong))});
        QCOMPARE(read(dir.filePath(QStringLiteral("a.json"))), QByteArray("old"));
        QCOMPARE(entries(dir.path()), QStringList{"a.json"});
    }

    void writeJsonAtomicallyRefusesLinks() {
        QTemporaryDir dir;
        const QString outside = dir.filePath(QStringLiteral("outside.txt"));
        write(outside, "precious");
        const QString link = dir.filePath(QStringLiteral("run.json"));
        QVERIFY(QFile::link(outside, link));
        QCOMPARE(
            writeJsonAtomically(link, Json{{"a", 1}}),
            QStringLiteral("%1 is a symbolic link; kix does not write through or replace one").arg(link));
        QCOMPARE(read(outside), QByteArray("precious"));
    }

    void boundedNames_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("name");
        QTest::newRow("kept") << "gemini-2.5-pro_cuda_aaf481"
                              << "gemini-2.5-pro_cuda_aaf481";
        QTest::newRow("upper case") << "NVIDIA_H100"
                                    << "nvidia_h100-" +
                                           QString::fromLatin1(sha256Hex("NVIDIA_H100").left(10));
        QTest::newRow("leading dot") << ".hidden"
                                     << "hidden-" + QString::fromLatin1(sha256Hex(".hidden").left(10));
        QTest::newRow("nothing usable") << "???"
                                        << "x-" + QString::fromLatin1(sha256Hex("???").left(10));
        QTest::newRow("empty") << ""
                               << "x-" + QString::fromLatin1(sha256Hex("").left(10));
    }
    void boundedNames() {
        QFETCH(QString, text);
        QFETCH(QString, name);
        QCOMPARE(boundedName(text), name);
    }

    void namesNeverCollide() {
        const QStringList texts = {
            "a/b", "a b", "a?b", "a_b", "a-b", "A_B", QString(300, u'x'), QString(301, u'x')};
        QSet<QString> seen;
        static const QRegularExpression pattern(QStringLiteral("^[a-z0-9][a-z0-9._-]*$"));
        for (const auto& t : texts) {
            const QString n = boundedName(t);
            QVERIFY2(pattern.match(n).hasMatch(), qPrintable(n));
            QVERIFY2(n.size() <= kMaxOutputNameLength, qPrintable(n));
            QVERIFY2(!seen.contains(n), qPrintable(t + QStringLiteral(" -> ") + n));
            seen.insert(n);
        }
        QCOMPARE(identifierName(QStringLiteral("sol-execbench")), QStringLiteral("sol_execbench"));
        QCOMPARE(familyName(QStringLiteral("021_RMSNorm.h128")), QStringLiteral("021-rmsnorm-h128"));
    }
};

KIX_TEST_GUILESS_MAIN(TestManifestSet)
#include "tst_manifest_set.moc"
