// Files and folders the user may not read (issue 13 item 9): each is a located problem, never a silent
// skip, and the rest of the folder is still read. Permissions mean nothing to root, who reads every
// file, and CI runs as root: there the test runs `kix` as the unprivileged user nobody (setpriv), so
// permission-denied is exercised on every machine.
#include "TestMain.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <unistd.h>

namespace {

constexpr int kExitInput = 3; // an unreadable or invalid input (README's exit statuses)

struct Outcome {
    int code = -1;
    QJsonObject json;
    QString error; // why the command could not be run at all
};

class Runner {
public:
    // How to run kix as a user without root's powers; empty `skip` when possible.
    Runner() {
        if (::geteuid() != 0)
            return;
        m_setpriv = QStandardPaths::findExecutable(QStringLiteral("setpriv"));
        if (m_setpriv.isEmpty())
            m_skip = QStringLiteral("running as root and setpriv (util-linux) is not installed");
    }
    QString skipReason() const { return m_skip; }

    Outcome run(const QStringList& args) const {
        QProcess p;
        if (m_setpriv.isEmpty()) {
            p.start(QStringLiteral(KIX_CLI_PATH), args);
        } else {
            p.start(m_setpriv, QStringList{QStringLiteral("--reuid=65534"), QStringLiteral("--regid=65534"),
                                           QStringLiteral("--clear-groups"), QStringLiteral("--"),
                                           QStringLiteral(KIX_CLI_PATH)} +
                                   args);
        }
        Outcome o;
        if (!p.waitForFinished(60000) || p.exitStatus() != QProcess::NormalExit) {
            o.error = QStringLiteral("kix did not finish: ") + p.errorString() +
                      QString::fromUtf8(p.readAllStandardError());
            return o;
        }
        o.code = p.exitCode();
        o.json = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
        if (o.json.isEmpty())
            o.error =
                QStringLiteral("no JSON on stdout; stderr: ") + QString::fromUtf8(p.readAllStandardError());
        return o;
    }

private:
    QString m_setpriv;
    QString m_skip;
};

// "code file message" of every problem in the summary, sorted.
QStringList problemsOf(const QJsonObject& json) {
    QStringList out;
    const QJsonArray problems = json[QLatin1String("summary")][QLatin1String("problems")].toArray();
    for (const auto& v : problems) {
        const QJsonObject p = v.toObject();
        out << p[QLatin1String("code")].toString() + u' ' + p[QLatin1String("file")].toString() + u' ' +
                   p[QLatin1String("message")].toString();
    }
    out.sort();
    return out;
}

} // namespace

class TestPermissions : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_folder;
    Runner m_runner;

private slots:
    void initTestCase() {
        if (!m_runner.skipReason().isEmpty())
            QSKIP(qPrintable(m_runner.skipReason()));
        // nobody must reach the files: the folders traversable, the good files readable.
        QVERIFY(QFile::setPermissions(m_dir.path(), QFile::Permissions(0x7755)));
        m_folder = m_dir.filePath(QStringLiteral("runs"));
        QVERIFY(QDir().mkpath(m_folder + QStringLiteral("/closed")));
        const QString seed =
            QStringLiteral(KIX_REPO_ROOT "/resources/samples/kernelindex/sol-submission-14917.manifest.json");
        for (const char* name : {"good.json", "secret.json", "closed/inside.json"})
            QVERIFY(QFile::copy(seed, m_folder + u'/' + QLatin1String(name)));
        QVERIFY(QFile::setPermissions(m_folder, QFile::Permissions(0x7755)));
        QVERIFY(QFile::setPermissions(m_folder + QStringLiteral("/good.json"), QFile::Permissions(0x6444)));
        QVERIFY(QFile::setPermissions(m_folder + QStringLiteral("/secret.json"), QFile::Permissions()));
        QVERIFY(QFile::setPermissions(m_folder + QStringLiteral("/closed"), QFile::Permissions()));
        // The program itself must be reachable by nobody (a checkout in a private home may not be).
        const Outcome version = m_runner.run(
            {QStringLiteral("verify"), QStringLiteral("--json"), m_folder + QStringLiteral("/good.json")});
        if (!version.error.isEmpty() || version.code != 0)
            QSKIP(qPrintable(QStringLiteral("kix cannot run as nobody here: ") + version.error));
    }

    // Without root, the closed folder could not be emptied and removed otherwise.
    void cleanupTestCase() {
        if (!m_folder.isEmpty())
            QFile::setPermissions(m_folder + QStringLiteral("/closed"), QFile::Permissions(0x7700));
    }

    void unreadableEntriesOfAFolder() {
        const Outcome o = m_runner.run({QStringLiteral("verify"), QStringLiteral("--json"), m_folder});
        QVERIFY2(o.error.isEmpty(), qPrintable(o.error));
        QCOMPARE(o.code, kExitInput);
        QCOMPARE(
            problemsOf(o.json),
            (QStringList{QStringLiteral("read.unreadable %1/closed folder cannot be read: permission denied")
                             .arg(m_folder),
                         QStringLiteral("read.unreadable %1/secret.json cannot be read: permission denied")
                             .arg(m_folder)}));
        QCOMPARE(o.json[QLatin1String("runs")].toArray().size(), 1); // good.json, read all the same
    }

    void unreadableFileGivenDirectly() {
        const QString secret = m_folder + QStringLiteral("/secret.json");
        const Outcome o = m_runner.run({QStringLiteral("verify"), QStringLiteral("--json"), secret});
        QVERIFY2(o.error.isEmpty(), qPrintable(o.error));
        QCOMPARE(o.code, kExitInput);
        QCOMPARE(
            problemsOf(o.json),
            QStringList{QStringLiteral("read.unreadable %1 cannot be read: Permission denied").arg(secret)});
        QCOMPARE(o.json[QLatin1String("runs")].toArray().size(), 0);
    }
};

KIX_TEST_GUILESS_MAIN(TestPermissions)
#include "tst_permissions.moc"
