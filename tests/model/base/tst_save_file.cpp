// Saving a file the user named: only ever as a regular file. Over a device, a FIFO or a socket the
// atomic rename would replace the special file itself (an export to /dev/null as root replaced the
// system's /dev/null), and a FIFO opened for writing blocks until something reads it.
#include "SaveFile.h"
#include "TestMain.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <unistd.h>

namespace {

QByteArray contentOf(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<unreadable>");
}

// Makes the special file `kind` at `path`; false (and `why`) where this machine cannot.
bool makeSpecial(const QString& kind, const QString& path, QString& why, int& socketFd) {
    const QByteArray native = QFile::encodeName(path);
    if (kind == QLatin1String("folder"))
        return QDir().mkdir(path);
    if (kind == QLatin1String("fifo"))
        return ::mkfifo(native.constData(), 0600) == 0;
    if (kind == QLatin1String("character device")) {
        // A copy of /dev/null's device node (never /dev/null itself: a broken check would replace it).
        if (::mknod(native.constData(), S_IFCHR | 0600, makedev(1, 3)) != 0) {
            why = QStringLiteral("mknod needs root here: %1").arg(qt_error_string(errno));
            return false;
        }
        return true;
    }
    // A socket bound at the path.
    socketFd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    if (socketFd < 0 || native.size() >= qsizetype(sizeof(address.sun_path))) {
        why = QStringLiteral("no Unix socket at a path this long");
        return false;
    }
    std::copy(native.cbegin(), native.cend(), address.sun_path);
    return ::bind(socketFd, reinterpret_cast<const sockaddr*>(&address), sizeof(address)) == 0;
}

} // namespace

class TestSaveFile : public QObject {
    Q_OBJECT
private slots:
    void newAndExistingRegularFiles() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("export.csv"));
        QCOMPARE(kix::saveFile(path, "one\n"), QString());
        QCOMPARE(contentOf(path), QByteArray("one\n"));
        QCOMPARE(kix::saveFile(path, "two\n"), QString()); // the user chose to replace it
        QCOMPARE(contentOf(path), QByteArray("two\n"));
        // A link to a regular file is followed: the file it names gets the new content.
        const QString link = dir.filePath(QStringLiteral("link.csv"));
        QVERIFY(QFile::link(path, link));
        QCOMPARE(kix::saveFile(link, "three\n"), QString());
        QCOMPARE(contentOf(path), QByteArray("three\n"));
        QVERIFY(QFileInfo(link).isSymLink());
    }

    void specialFilesAreRefused_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<bool>("throughLink");
        QTest::addColumn<QString>("said");
        for (const bool link : {false, true}) {
            const char* how = link ? " through a link" : "";
            QTest::addRow("folder%s", how) << QStringLiteral("folder") << link << QStringLiteral("a folder");
            QTest::addRow("fifo%s", how)
                << QStringLiteral("fifo") << link << QStringLiteral("a FIFO (named pipe)");
            QTest::addRow("character device%s", how)
                << QStringLiteral("character device") << link << QStringLiteral("a character device");
            QTest::addRow("socket%s", how) << QStringLiteral("socket") << link << QStringLiteral("a socket");
        }
    }
    void specialFilesAreRefused() {
        QFETCH(QString, kind);
        QFETCH(bool, throughLink);
        QFETCH(QString, said);
        QTemporaryDir dir;
        const QString special = dir.filePath(QStringLiteral("s"));
        QString why;
        int socketFd = -1;
        if (!makeSpecial(kind, special, why, socketFd))
            QSKIP(qPrintable(why));
        const QString target = throughLink ? dir.filePath(QStringLiteral("out.png")) : special;
        if (throughLink)
            QVERIFY(QFile::link(special, target));
        struct stat before {};
        QCOMPARE(::stat(QFile::encodeName(special).constData(), &before), 0);

        const QString expected =
            QStringLiteral("cannot write %1: it is %2; kix saves only to regular files").arg(target, said);
        QCOMPARE(kix::saveTargetProblem(target), expected);
        QCOMPARE(kix::saveFile(target, "replaced?\n"), expected); // never blocks on the FIFO either

        struct stat after {};
        QCOMPARE(::stat(QFile::encodeName(special).constData(), &after), 0);
        QCOMPARE(after.st_ino, before.st_ino); // the special file is still itself
        QCOMPARE(after.st_mode & S_IFMT, before.st_mode & S_IFMT);
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System).size(),
                 throughLink ? 2 : 1); // no temporary file left beside it
        if (socketFd >= 0)
            ::close(socketFd);
    }

    void uninspectableAndEmptyPaths() {
        QCOMPARE(kix::saveFile(QString(), "x"), QStringLiteral("no file name given"));
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("f"));
        QVERIFY(kix::saveFile(file, "x").isEmpty());
        const QString under = file + QStringLiteral("/child.csv"); // a path through a regular file
        QCOMPARE(kix::saveTargetProblem(under),
                 QStringLiteral("cannot write %1: Not a directory").arg(under));
        QVERIFY(kix::saveFile(under, "x").startsWith(QStringLiteral("cannot write ")));
    }
};

KIX_TEST_GUILESS_MAIN(TestSaveFile)
#include "tst_save_file.moc"
