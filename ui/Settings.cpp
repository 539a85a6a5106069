#include "Settings.h"

#include <QCoreApplication>
#include <QDir>
#include <QStandardPaths>

namespace kix::ui {

Settings::Settings() {
    QString file = qEnvironmentVariable("KIX_SETTINGS_FILE");
    if (file.isEmpty() && qEnvironmentVariableIsSet("KIX_SETTINGS_ISOLATED"))
        file = QDir::temp().filePath(
            QStringLiteral("kix-test-settings-%1.ini").arg(QCoreApplication::applicationPid()));
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

QString Settings::lastFolder() const {
    return m_settings->value(QStringLiteral("lastFolder"), QDir::homePath()).toString();
}
void Settings::setLastFolder(const QString& folder) {
    m_settings->setValue(QStringLiteral("lastFolder"), folder);
}

} // namespace kix::ui
