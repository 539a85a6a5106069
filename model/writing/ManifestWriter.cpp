#include "ManifestWriter.h"

#include "Digest.h"
#include "ManifestSet.h"

#include <QFileInfo>

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

QString writeJsonAtomically(const QString& path, const Json& document, bool replace) {
    const QFileInfo info(path);
    ManifestSet set;
    if (QString err = set.add(info.fileName(), document); !err.isEmpty())
        return err;
    const SetWriteResult written = writeManifestSet(info.absolutePath(), set, replace);
    return written.errors.join(QStringLiteral("; "));
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
