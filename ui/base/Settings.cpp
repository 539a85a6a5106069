#include "Settings.h"

#include "SinceLastOpen.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QStandardPaths>

namespace kix::ui {

namespace {
// Where QSettings() keeps the settings on Linux (its native format is this INI file).
QString defaultSettingsPath() {
    return QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation) + u'/' +
           QCoreApplication::organizationName() + u'/' + QCoreApplication::applicationName() +
           QStringLiteral(".conf");
}
} // namespace

Settings::Settings() {
    QString file = qEnvironmentVariable("KIX_SETTINGS_FILE");
    if (file.isEmpty() && qEnvironmentVariableIsSet("KIX_SETTINGS_ISOLATED"))
        file = QDir::temp().filePath(
            QStringLiteral("kix-test-settings-%1.ini").arg(QCoreApplication::applicationPid()));
    // The file is checked before QSettings opens it: a FIFO would block the start, a huge file be read whole
    // (SinceLastOpen.h, settingsFileProblem). One that must not be read is left alone; settings start clean.
    const QString checked = file.isEmpty() ? defaultSettingsPath() : file;
    if (const QString why = settingsFileProblem(checked); !why.isEmpty()) {
        qWarning("kix-explorer: the settings file %s is not used, %s; starting with default settings",
                 qPrintable(checked), qPrintable(why));
        file = QDir::temp().filePath(
            QStringLiteral("kix-clean-settings-%1.ini").arg(QCoreApplication::applicationPid()));
        QFile::remove(file);
    }
    m_settings = file.isEmpty() ? std::make_unique<QSettings>()
                                : std::make_unique<QSettings>(file, QSettings::IniFormat);
}

QStringList Settings::recentFiles() const {
    return m_settings->value(QStringLiteral("recentFiles")).toStringList();
}
void Settings::setRecentFiles(const QStringList& files) {
    m_settings->setValue(QStringLiteral("recentFiles"), files.mid(0, kMaxRecent));
}
QByteArray Settings::geometry() const {
    return m_settings->value(QStringLiteral("window/geometry")).toByteArray();
}
QByteArray Settings::windowState() const {
    return m_settings->value(QStringLiteral("window/state")).toByteArray();
}

void Settings::saveWindow(const QByteArray& geometry, const QByteArray& state) {
    m_settings->setValue(QStringLiteral("window/geometry"), geometry);
    m_settings->setValue(QStringLiteral("window/state"), state);
}

QString Settings::runsFolder() const {
    const QString fallback =
        QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) + QStringLiteral("/runs");
    return m_settings->value(QStringLiteral("runsFolder"), fallback).toString();
}

ClusterSettings Settings::cluster() const {
    ClusterSettings c;
    const auto text = [this](const char* key, const QString& fallback) {
        return m_settings->value(QStringLiteral("cluster/") + QLatin1String(key), fallback).toString();
    };
    c.partition = text("partition", c.partition);
    c.account = text("account", c.account);
    c.outputFolder = text("outputFolder", QDir(runsFolder()).filePath(QStringLiteral("cluster")));
    c.cpuMode = m_settings->value(QStringLiteral("cluster/cpuMode"), c.cpuMode).toBool();
    c.gres = text("gres", c.gres);
    c.time = text("time", c.time);
    c.array = text("array", c.array);
    c.cases = text("cases", c.cases);
    c.quick = m_settings->value(QStringLiteral("cluster/quick"), c.quick).toBool();
    bool ok = false;
    const double poll = m_settings->value(QStringLiteral("cluster/pollSeconds"), c.pollSeconds).toDouble(&ok);
    c.pollSeconds = ok && poll >= 0.1 ? poll : c.pollSeconds;
    return c;
}

void Settings::setCluster(const ClusterSettings& c) {
    m_settings->setValue(QStringLiteral("cluster/partition"), c.partition);
    m_settings->setValue(QStringLiteral("cluster/account"), c.account);
    m_settings->setValue(QStringLiteral("cluster/outputFolder"), c.outputFolder);
    m_settings->setValue(QStringLiteral("cluster/cpuMode"), c.cpuMode);
    m_settings->setValue(QStringLiteral("cluster/gres"), c.gres);
    m_settings->setValue(QStringLiteral("cluster/time"), c.time);
    m_settings->setValue(QStringLiteral("cluster/array"), c.array);
    m_settings->setValue(QStringLiteral("cluster/cases"), c.cases);
    m_settings->setValue(QStringLiteral("cluster/quick"), c.quick);
    m_settings->setValue(QStringLiteral("cluster/pollSeconds"), c.pollSeconds);
}

SolutionSettings Settings::solutionRun() const {
    SolutionSettings r;
    r.useSolution = m_settings->value(QStringLiteral("solutionRun/useSolution"), r.useSolution).toBool();
    r.solution = m_settings->value(QStringLiteral("solutionRun/solution")).toString();
    r.problem = m_settings->value(QStringLiteral("solutionRun/problem")).toString();
    r.python = m_settings->value(QStringLiteral("solutionRun/python")).toString();
    r.officialHarness =
        m_settings->value(QStringLiteral("solutionRun/officialHarness"), r.officialHarness).toBool();
    return r;
}

void Settings::setSolutionRun(const SolutionSettings& r) {
    m_settings->setValue(QStringLiteral("solutionRun/useSolution"), r.useSolution);
    m_settings->setValue(QStringLiteral("solutionRun/solution"), r.solution);
    m_settings->setValue(QStringLiteral("solutionRun/problem"), r.problem);
    m_settings->setValue(QStringLiteral("solutionRun/python"), r.python);
    m_settings->setValue(QStringLiteral("solutionRun/officialHarness"), r.officialHarness);
}

QByteArray Settings::viewState(const QString& view) const {
    return m_settings->value(QStringLiteral("views/") + view).toByteArray();
}
void Settings::setViewState(const QString& view, const QByteArray& state) {
    m_settings->setValue(QStringLiteral("views/") + view, state);
}

QString Settings::lastFolder() const {
    return m_settings->value(QStringLiteral("lastFolder"), QDir::homePath()).toString();
}
void Settings::setLastFolder(const QString& folder) {
    m_settings->setValue(QStringLiteral("lastFolder"), folder);
}

namespace {
// A settings key for an identity (a path: its slashes would become groups).
QString snapshotKey(const QString& identity) {
    return QStringLiteral("lastOpen/") +
           QString::fromLatin1(QCryptographicHash::hash(identity.toUtf8(), QCryptographicHash::Sha1).toHex());
}
} // namespace

QByteArray Settings::cohortSnapshot(const QString& identity) const {
    // Kept as text, not compressed: qUncompress inflates a value that claims or holds gigabytes (it doubles
    // its buffer until the data fits), and the explorer aborted at start. A damaged or oversized text is
    // rejected by parseCohortSnapshot with its reason, which makes the opening the first.
    return m_settings->value(snapshotKey(identity)).toByteArray();
}

void Settings::setCohortSnapshot(const QString& identity, const QByteArray& snapshot) {
    const QString key = snapshotKey(identity);
    QStringList order = m_settings->value(QStringLiteral("lastOpen/order")).toStringList();
    order.removeAll(key);
    order.prepend(key);
    while (order.size() > kMaxSnapshots)
        m_settings->remove(order.takeLast());
    m_settings->setValue(QStringLiteral("lastOpen/order"), order);
    m_settings->setValue(key, snapshot);
}

} // namespace kix::ui
