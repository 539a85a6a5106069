#include "Records.h"

#include <algorithm>

namespace kix {

QString Origin::toString() const {
    QString out = file;
    if (line > 0)
        out += u':' + QString::number(line);
    if (!pointer.isEmpty())
        out += u' ' + pointer;
    return out;
}

QString ProtocolSpec::label() const {
    return harnessVersion.isEmpty() ? harnessName : harnessName + u' ' + harnessVersion;
}

QString EnvironmentSpec::label() const {
    QStringList parts{product};
    if (!driver.isEmpty())
        parts << QStringLiteral("driver ") + driver;
    if (!cudaToolkit.isEmpty())
        parts << QStringLiteral("CUDA ") + cudaToolkit;
    if (!framework.isEmpty())
        parts << framework;
    parts.removeAll(QString());
    return parts.join(QStringLiteral(" · "));
}

bool isUpstreamFinding(const Problem& p) {
    return p.code.startsWith(QLatin1String("upstream."));
}

bool ResourceRecord::acceptedUpstream() const {
    return std::none_of(problems.begin(), problems.end(),
                        [](const Problem& p) { return p.isError() || isUpstreamFinding(p); });
}

Json ResourceRecord::normalizedJson() const {
    Json j = Json::parse(canonical, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return Json::object();
    Json meta = Json::parse(metadata.constBegin(), metadata.constEnd(), nullptr, false);
    if (!meta.is_discarded() && !metadata.isEmpty())
        j["metadata"] = std::move(meta);
    return j;
}

Json ResourceRecord::json() const {
    if (written.isEmpty())
        return normalizedJson();
    Json j = Json::parse(written.constBegin(), written.constEnd(), nullptr, false);
    return j.is_discarded() ? Json::object() : j;
}

QString ServingRunFacts::cohortFacts() const {
    Json facts = {{"model", modelDigest.toStdString()},
                  {"workload", workloadDigest.toStdString()},
                  {"harness", harness.toStdString()},
                  {"qualityPolicy", qualityPolicy.toStdString()},
                  {"accelerator", accelerator.toStdString()}};
    facts["accelerators"] = accelerators ? Json(*accelerators) : Json(nullptr);
    facts["metric"] = primary ? Json(QStringLiteral("%1:%2:%3")
                                         .arg(primary->metric, primary->statistic, primary->unit)
                                         .toStdString())
                              : Json(nullptr);
    return QString::fromStdString(facts.dump()); // keys sorted: one text per cohort
}

QString ResourceRecord::label() const {
    return title.isEmpty() ? name : title;
}

} // namespace kix
