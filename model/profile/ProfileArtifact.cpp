#include "ProfileArtifact.h"

#include "Canonical.h"
#include "QuotedForMessage.h"

#include <cmath>

namespace kix::profile {

using Json = nlohmann::json;

namespace {

Json kernelJson(const KernelProfile& k) {
    Json metrics = Json::object();
    for (std::size_t i = 0; i < kMetricSet.size(); ++i)
        if (k.metrics[i])
            metrics[kMetricSet[i].key] = *k.metrics[i];
    Json stalls = Json::array();
    for (const Stall& s : k.stalls)
        stalls.push_back({{"reason", s.reason.toStdString()}, {"ratio", s.ratio}});
    return {{"function", k.function.toStdString()}, {"kernelName", k.kernelName.toStdString()},
            {"grid", k.gridSize.toStdString()},     {"block", k.blockSize.toStdString()},
            {"metrics", std::move(metrics)},        {"stalls", std::move(stalls)}};
}

// A reader that records the first problem, located by the JSON path of what it reads.
struct Reader {
    const QString& file;
    Problems problems;

    bool fail(const QString& path, const QString& message) {
        if (problems.isEmpty())
            problems << makeProblem(Problem::Severity::Error, codes::profileFormat, file, path, message);
        return false;
    }
    bool string(const Json& j, const char* key, const QString& path, QString& out, bool required = true) {
        const auto it = j.find(key);
        if (it == j.end())
            return !required ||
                   fail(path + u'.' + QLatin1String(key), QStringLiteral("required field is missing"));
        if (!it->is_string())
            return fail(path + u'.' + QLatin1String(key), QStringLiteral("expected a string"));
        out = QString::fromStdString(it->get<std::string>());
        return true;
    }
    const Json* array(const Json& j, const char* key, const QString& path) {
        const auto it = j.find(key);
        if (it == j.end() || !it->is_array()) {
            fail(path + u'.' + QLatin1String(key), QStringLiteral("expected an array"));
            return nullptr;
        }
        return &*it;
    }
};

bool readKernel(Reader& r, const Json& j, const QString& path, KernelProfile& k) {
    if (!j.is_object())
        return r.fail(path, QStringLiteral("expected an object"));
    if (!r.string(j, "function", path, k.function) || !r.string(j, "kernelName", path, k.kernelName) ||
        !r.string(j, "grid", path, k.gridSize) || !r.string(j, "block", path, k.blockSize))
        return false;
    const auto metrics = j.find("metrics");
    if (metrics == j.end() || !metrics->is_object())
        return r.fail(path + QStringLiteral(".metrics"), QStringLiteral("expected an object"));
    for (const auto& [key, value] : metrics->items()) {
        const QString where = path + QStringLiteral(".metrics.") + QString::fromStdString(key);
        const MetricSpec* spec = metricSpec(QString::fromStdString(key));
        if (!spec)
            return r.fail(where, QStringLiteral("not a metric of kix's set (docs/profiles.md)"));
        if (!value.is_number() || !std::isfinite(value.get<double>()) || value.get<double>() < 0 ||
            (spec->unit == MetricUnit::Percent && value.get<double>() > 100.5))
            return r.fail(where, spec->unit == MetricUnit::Percent
                                     ? QStringLiteral("expected a percentage from 0 to 100")
                                     : QStringLiteral("expected a non-negative finite number"));
        k.metrics[std::size_t(spec - kMetricSet.data())] = value.get<double>();
    }
    const Json* stalls = r.array(j, "stalls", path);
    if (!stalls)
        return false;
    for (std::size_t i = 0; i < stalls->size(); ++i) {
        const QString where = path + QStringLiteral(".stalls[%1]").arg(i);
        const Json& s = (*stalls)[i];
        Stall stall;
        if (!s.is_object() || !r.string(s, "reason", where, stall.reason))
            return r.fail(where, QStringLiteral("expected {\"reason\", \"ratio\"}"));
        const auto ratio = s.find("ratio");
        if (ratio == s.end() || !ratio->is_number() || !std::isfinite(ratio->get<double>()) ||
            ratio->get<double>() < 0)
            return r.fail(where + QStringLiteral(".ratio"), QStringLiteral("expected a non-negative number"));
        stall.ratio = ratio->get<double>();
        k.stalls << stall;
    }
    return true;
}

} // namespace

Json profileArtifactJson(const ProfileArtifact& a) {
    Json cases = Json::array();
    for (const CaseProfile& c : a.set.cases) {
        Json kernels = Json::array();
        for (const KernelProfile& k : c.kernels)
            kernels.push_back(kernelJson(k));
        cases.push_back({{"id", c.caseId.toStdString()},
                         {"label", c.label.toStdString()},
                         {"kernels", std::move(kernels)}});
    }
    Json metricSet = Json::array();
    for (const MetricSpec& m : kMetricSet)
        metricSet.push_back(m.key);
    Json unmatched = Json::array();
    for (const QString& u : a.set.unmatched)
        unmatched.push_back(u.toStdString());
    Json out = {{"format", kProfileFormat},
                {"mediaType", kProfileMediaType},
                {"kind", "profile"},
                {"run", {{"name", a.run.name.toStdString()}, {"digest", a.run.digest.toStdString()}}},
                {"tool", {{"name", "Nsight Compute"}, {"source", a.source.toStdString()}}},
                {"device", a.set.device.toStdString()},
                {"computeCapability", a.set.computeCapability.toStdString()},
                {"metricSet", std::move(metricSet)},
                {"cases", std::move(cases)},
                {"unmatched", std::move(unmatched)}};
    if (a.set.l2Bytes)
        out["l2Bytes"] = *a.set.l2Bytes;
    return out;
}

bool isProfileDocument(const Json& root) {
    const auto format = root.is_object() ? root.find("format") : root.end();
    return format != root.end() && format->is_string() &&
           format->get<std::string>().rfind("kix.profile/", 0) == 0;
}

std::string profileArtifactBytes(const ProfileArtifact& artifact) {
    return canonicalJson(profileArtifactJson(artifact)) + '\n';
}

// NOLINTNEXTLINE(readability-function-cognitive-complexity): one pass, a located refusal a branch
ProfileArtifactRead readProfileArtifact(const Json& j, const QString& file) {
    ProfileArtifactRead out;
    Reader r{file, {}};
    ProfileArtifact a;
    QString format;
    const QString root = QStringLiteral("$");
    if (!j.is_object()) {
        r.fail(root, QStringLiteral("expected a JSON object"));
    } else if (r.string(j, "format", root, format) && format != QLatin1String(kProfileFormat)) {
        r.fail(QStringLiteral("$.format"), QStringLiteral("%1 is not %2, the profile format this kix reads")
                                               .arg(quotedForMessage(format), QLatin1String(kProfileFormat)));
    } else if (r.problems.isEmpty()) {
        const auto run = j.find("run");
        const auto tool = j.find("tool");
        if (run == j.end() || !run->is_object())
            r.fail(QStringLiteral("$.run"), QStringLiteral("expected {\"name\", \"digest\"}"));
        else if (r.string(*run, "name", QStringLiteral("$.run"), a.run.name) &&
                 r.string(*run, "digest", QStringLiteral("$.run"), a.run.digest) &&
                 !a.run.digest.startsWith(QStringLiteral("sha256:")))
            r.fail(QStringLiteral("$.run.digest"), QStringLiteral("expected sha256:<64 hex digits>"));
        if (r.problems.isEmpty() && tool != j.end() && tool->is_object())
            r.string(*tool, "source", QStringLiteral("$.tool"), a.source, false);
        if (r.problems.isEmpty() && r.string(j, "device", root, a.set.device) &&
            r.string(j, "computeCapability", root, a.set.computeCapability)) {
            if (const Json* cases = r.array(j, "cases", root)) {
                for (std::size_t i = 0; i < cases->size() && r.problems.isEmpty(); ++i) {
                    const QString where = QStringLiteral("$.cases[%1]").arg(i);
                    const Json& c = (*cases)[i];
                    CaseProfile cp;
                    if (!c.is_object() || !r.string(c, "id", where, cp.caseId) ||
                        !r.string(c, "label", where, cp.label))
                        break;
                    if (const Json* kernels = r.array(c, "kernels", where))
                        for (std::size_t k = 0; k < kernels->size(); ++k) {
                            KernelProfile kp;
                            if (!readKernel(r, (*kernels)[k], where + QStringLiteral(".kernels[%1]").arg(k),
                                            kp))
                                break;
                            cp.kernels << std::move(kp);
                        }
                    a.set.cases << std::move(cp);
                }
            }
        }
        if (const auto l2 = j.find("l2Bytes"); r.problems.isEmpty() && l2 != j.end()) {
            if (!l2->is_number() || !std::isfinite(l2->get<double>()) || l2->get<double>() <= 0)
                r.fail(QStringLiteral("$.l2Bytes"), QStringLiteral("expected a positive number of bytes"));
            else
                a.set.l2Bytes = l2->get<double>();
        }
        if (r.problems.isEmpty())
            if (const Json* unmatched = r.array(j, "unmatched", root))
                for (const Json& u : *unmatched)
                    if (u.is_string())
                        a.set.unmatched << QString::fromStdString(u.get<std::string>());
    }
    out.problems = r.problems;
    if (out.problems.isEmpty())
        out.artifact = std::move(a);
    return out;
}

} // namespace kix::profile
