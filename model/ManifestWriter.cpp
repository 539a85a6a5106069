#include "ManifestWriter.h"

#include "Digest.h"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

namespace kix {

Json makeResource(ResourceKind kind, const QString& name, const QString& title, Json spec) {
    Json r = Json::object();
    r["apiVersion"] = kApiVersion;
    r["kind"] = kindName(kind).toStdString();
    r["metadata"] = Json{{"name", name.toStdString()}, {"title", title.toStdString()}};
    r["spec"] = std::move(spec);
    return r;
}

Json makeBundle(Json run, const Json& protocol, const Json& environment) {
    run["spec"]["protocolDigest"] = resourceDigest(protocol).toStdString();
    run["spec"]["environmentDigest"] = resourceDigest(environment).toStdString();
    return Json{{"run", std::move(run)}, {"protocol", protocol}, {"environment", environment}};
}

QString writeJsonAtomically(const QString& path, const Json& document) {
    const QFileInfo info(path);
    if (!QDir().mkpath(info.absolutePath()))
        return QStringLiteral("cannot create folder %1").arg(info.absolutePath());
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
    const std::string text = document.dump(2, ' ', false) + "\n";
    if (file.write(text.data(), qint64(text.size())) != qint64(text.size())) {
        const QString error = file.errorString();
        file.cancelWriting();
        return QStringLiteral("cannot write %1: %2").arg(path, error);
    }
    if (!file.commit())
        return QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
    return {};
}

Json latencyJson(const LatencyStats& s) {
    Json j = Json::object();
    if (s.mean)
        j["mean"] = *s.mean;
    if (s.median)
        j["median"] = *s.median;
    if (s.min)
        j["min"] = *s.min;
    if (s.max)
        j["max"] = *s.max;
    if (s.stddev)
        j["stddev"] = *s.stddev;
    if (s.samples)
        j["samples"] = *s.samples;
    return j;
}

} // namespace kix
