// The one resolver of the files a manifest or an envelope names (issue 40, finding 2): every way out of the
// set's folder, and every file that is not a regular one, refused with its exact reason; what stays inside
// resolves.
#include "SetReference.h"
#include "TestMain.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <sys/stat.h>

class TestSetReference : public QObject {
    Q_OBJECT
    QTemporaryDir m_set, m_outside;
    QString m_folder, m_out;

private slots:
    void initTestCase() {
        m_folder = QDir(m_set.path()).canonicalPath();
        m_out = QDir(m_outside.path()).canonicalPath();
        const auto touch = [](const QString& path) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("{}");
        };
        touch(m_folder + QStringLiteral("/a.json"));
        touch(m_out + QStringLiteral("/secret.json"));
        QVERIFY(QDir(m_folder).mkdir(QStringLiteral("sub")));
        touch(m_folder + QStringLiteral("/sub/b.json"));
        QVERIFY(QFile::link(m_folder + QStringLiteral("/a.json"),
                            m_folder + QStringLiteral("/inside-link.json")));
        QVERIFY(
            QFile::link(m_out + QStringLiteral("/secret.json"), m_folder + QStringLiteral("/out-link.json")));
        QVERIFY(QFile::link(m_out, m_folder + QStringLiteral("/out-folder")));
        QVERIFY(QFile::link(QStringLiteral("/dev/null"), m_folder + QStringLiteral("/device.json")));
        QVERIFY(QFile::link(m_folder + QStringLiteral("/none.json"),
                            m_folder + QStringLiteral("/dangling.json")));
        QCOMPARE(::mkfifo(QFile::encodeName(m_folder + QStringLiteral("/pipe.json")).constData(), 0600), 0);
    }

    void references_data() {
        QTest::addColumn<QString>("reference");
        QTest::addColumn<QString>("refusal"); // empty: resolves to folder/reference; %1 the outside folder
        QTest::newRow("plain") << "a.json"
                               << "";
        QTest::newRow("in a sub-folder") << "sub/b.json"
                                         << "";
        QTest::newRow("dot segment") << "./a.json"
                                     << "";
        QTest::newRow("a link that stays inside") << "inside-link.json"
                                                  << "";
        QTest::newRow("missing: the reader says so") << "none.json"
                                                     << "";
        QTest::newRow("dangling link: the reader says so") << "dangling.json"
                                                           << "";
        QTest::newRow("empty") << ""
                               << "\"\" is empty; expected a file name relative to the set's folder";
        QTest::newRow("absolute")
            << "/etc/hostname"
            << "\"/etc/hostname\" is an absolute path; a reference must be relative to the "
               "set's folder";
        QTest::newRow("dot-dot") << "../../etc/hostname"
                                 << "\"../../etc/hostname\" leaves the set's folder (a \"..\" segment)";
        QTest::newRow("dot-dot inside") << "sub/../a.json"
                                        << "\"sub/../a.json\" leaves the set's folder (a \"..\" segment)";
        QTest::newRow("link out") << "out-link.json"
                                  << "\"out-link.json\" is a symbolic link out of the set's folder (to "
                                     "\"%1/secret.json\")";
        QTest::newRow("folder link out") << "out-folder/secret.json"
                                         << "\"out-folder/secret.json\" is a symbolic link out of the set's "
                                            "folder (to \"%1/secret.json\")";
        QTest::newRow("device")
            << "device.json"
            << "\"device.json\" is a symbolic link out of the set's folder (to \"/dev/null\")";
        QTest::newRow("fifo") << "pipe.json"
                              << "\"pipe.json\" is a FIFO (named pipe), not a regular file";
        QTest::newRow("folder") << "sub"
                                << "\"sub\" is a folder, not a regular file";
    }
    void references() {
        QFETCH(QString, reference);
        QFETCH(QString, refusal);
        const kix::SetReference r = kix::resolveSetReference(m_folder, reference);
        if (refusal.isEmpty()) {
            QVERIFY2(!r.refusal, qPrintable(r.refusal.value_or(QString())));
            QCOMPARE(r.path, QDir(m_folder).filePath(reference));
            return;
        }
        QVERIFY(r.path.isEmpty());
        QCOMPARE(r.refusal.value_or(QString()),
                 refusal.contains(QStringLiteral("%1")) ? refusal.arg(m_out) : refusal);
    }

    void aNulCharacterIsRefused() {
        const kix::SetReference r =
            kix::resolveSetReference(m_folder, QStringLiteral("a") + QChar(0) + QStringLiteral("b"));
        QCOMPARE(r.refusal.value_or(QString()), QStringLiteral("\"a?b\" holds a NUL character"));
    }
};

KIX_TEST_GUILESS_MAIN(TestSetReference)
#include "tst_set_reference.moc"
