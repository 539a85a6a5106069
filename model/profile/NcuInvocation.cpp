#include "NcuInvocation.h"

#include "CaseProfiles.h"
#include "KernelProfile.h"

#include <QDir>
#include <QFileInfo>
#include <QProcessEnvironment>

namespace kix::profile {

QStringList bundledEntryFunctions() {
    return {QStringLiteral("fusedBackwardKernel"), QStringLiteral("bulkBackwardKernel")};
}

QString findNcu(const QStringList& pathDirs, const QStringList& toolkitDirs) {
    QStringList candidates;
    for (const QString& dir : pathDirs)
        if (!dir.isEmpty())
            candidates << QDir(dir).filePath(QStringLiteral("ncu"));
    for (const QString& dir : toolkitDirs)
        if (!dir.isEmpty())
            candidates << QDir(dir).filePath(QStringLiteral("bin/ncu"));
    for (const QString& c : candidates) {
        const QFileInfo info(c);
        if (info.isFile() && info.isExecutable())
            return info.absoluteFilePath();
    }
    return {};
}

QString findNcu() {
    const QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    return findNcu(env.value(QStringLiteral("PATH")).split(QDir::listSeparator(), Qt::SkipEmptyParts),
                   {env.value(QStringLiteral("CUDA_HOME")), env.value(QStringLiteral("CUDA_PATH")),
                    QStringLiteral("/usr/local/cuda")});
}

QStringList ncuProfileArguments(const QString& reportFile, const QStringList& target) {
    QStringList args{
        QStringLiteral("--clock-control"),   QStringLiteral("none"),          QStringLiteral("-k"),
        QLatin1String(kBundledKernelFilter), QStringLiteral("--launch-skip"), QString::number(kLaunchSkip),
        QStringLiteral("--launch-count"),    QString::number(kLaunchCount)};
    for (const char* section : kNcuSections)
        args << QStringLiteral("--section") << QLatin1String(section);
    args << QStringLiteral("--metrics") << QLatin1String(kNcuExtraMetrics) << QStringLiteral("-f")
         << QStringLiteral("-o") << reportFile;
    return args + target;
}

QStringList ncuImportArguments(const QString& reportFile) {
    return {QStringLiteral("--import"), reportFile, QStringLiteral("--csv"), QStringLiteral("--page"),
            QStringLiteral("raw")};
}

NcuRefusal ncuRefusal(const QString& output, int exitCode) {
    QStringList errors;
    bool noKernel = false;
    for (const QString& raw : output.split(u'\n')) {
        const QString line = raw.trimmed();
        if (line.startsWith(QLatin1String("==ERROR==")))
            errors << line;
        else if (line.startsWith(QLatin1String("==WARNING==")) &&
                 line.contains(QLatin1String("No kernels were profiled")))
            noKernel = true;
    }
    const QString said = errors.join(QStringLiteral(" / "));
    NcuRefusal r;
    if (said.contains(QLatin1String("ERR_NVGPUCTRPERM"))) {
        r.everyCase = true;
        r.message = QStringLiteral("the driver refuses access to the GPU's performance counters "
                                   "(ERR_NVGPUCTRPERM: profile as root, or load the driver with "
                                   "NVreg_RestrictProfilingToAdminUsers=0; in a container, add "
                                   "--cap-add=SYS_ADMIN); ncu said: %1")
                        .arg(said);
    } else if (said.contains(QLatin1String("not supported"), Qt::CaseInsensitive)) {
        r.everyCase = true;
        r.message = QStringLiteral("ncu cannot profile this GPU (a virtualised GPU, MIG or a device it does "
                                   "not support); ncu said: %1")
                        .arg(said);
    } else if (!said.isEmpty()) {
        r.message = QStringLiteral("ncu said: %1").arg(said);
    } else if (noKernel) {
        r.message = QStringLiteral("ncu profiled no kernel (no launch matched %1 after the first %2)")
                        .arg(QLatin1String(kBundledKernelFilter))
                        .arg(kLaunchSkip);
    } else if (exitCode != 0) {
        r.message = QStringLiteral("ncu exited with status %1 and no ==ERROR== line").arg(exitCode);
    }
    return r;
}

NcuTable firstLaunchOnly(const NcuTable& table) {
    NcuTable first = table;
    first.launches.clear();
    const QList<QList<int>> groups = launchGroups(table);
    if (!groups.isEmpty())
        for (int i : groups.front())
            first.launches << table.launches[i];
    return first;
}

} // namespace kix::profile
