#include "Diff.h"

#include "JsonPath.h"

#include <QSet>
#include <unordered_map>
#include <unordered_set>

namespace kix {

QString changeKindName(FieldChange::Kind kind) {
    switch (kind) {
    case FieldChange::Kind::Added:
        return QStringLiteral("added");
    case FieldChange::Kind::Removed:
        return QStringLiteral("removed");
    case FieldChange::Kind::Changed:
        return QStringLiteral("changed");
    }
    return {};
}

QChar changeKindSymbol(FieldChange::Kind kind) {
    switch (kind) {
    case FieldChange::Kind::Added:
        return u'+';
    case FieldChange::Kind::Removed:
        return QChar(0x2212);
    case FieldChange::Kind::Changed:
        return u'~';
    }
    return u'?';
}

namespace {

QString compact(const Json& v) {
    return QString::fromStdString(v.dump(-1, ' ', false, Json::error_handler_t::replace));
}

bool keyedById(const Json& array) {
    if (!array.is_array() || array.empty())
        return false;
    QSet<std::string> ids;
    for (const auto& e : array) {
        if (!e.is_object() || !e.contains("id") || !e["id"].is_string())
            return false;
        if (ids.contains(e["id"].get<std::string>()))
            return false;
        ids.insert(e["id"].get<std::string>());
    }
    return true;
}

void diffInto(const Json& a, const Json& b, const QString& path, QList<FieldChange>& out);

// Numbers compare by value, so 45344 and 45344.0 are the same field.
bool sameValue(const Json& a, const Json& b) {
    return (a.is_number() && b.is_number()) ? a.get<double>() == b.get<double>() : a == b;
}

// Two objects: key by key, each present on one side only added or removed whole.
void diffObjects(const Json& a, const Json& b, const QString& path, QList<FieldChange>& out) {
    for (const auto& [k, va] : a.items()) {
        const QString p = jsonPathKey(path, QString::fromStdString(k));
        if (const auto it = b.find(k); it != b.end())
            diffInto(va, *it, p, out);
        else
            out.append({FieldChange::Kind::Removed, p, compact(va), {}});
    }
    for (const auto& [k, vb] : b.items())
        if (!a.contains(k))
            out.append(
                {FieldChange::Kind::Added, jsonPathKey(path, QString::fromStdString(k)), {}, compact(vb)});
}

// Two arrays of objects keyed by unique ids (keyedById): element by id, wherever each stands.
void diffKeyedArrays(const Json& a, const Json& b, const QString& path, QList<FieldChange>& out) {
    auto idPath = [&](const Json& e) -> QString {
        return path + QStringLiteral("[id=") + QString::fromStdString(e["id"].get<std::string>()) + u']';
    };
    // Ids are unique on both sides (keyedById): hash them once, so 10,000 cases stay linear.
    std::unordered_map<std::string, const Json*> inB;
    inB.reserve(b.size());
    for (const auto& eb : b)
        inB.emplace(eb["id"].get<std::string>(), &eb);
    std::unordered_set<std::string> inA;
    inA.reserve(a.size());
    for (const auto& ea : a) {
        const std::string& id = ea["id"].get_ref<const std::string&>();
        inA.insert(id);
        if (const auto match = inB.find(id); match != inB.end())
            diffInto(ea, *match->second, idPath(ea), out);
        else
            out.append({FieldChange::Kind::Removed, idPath(ea), compact(ea), {}});
    }
    for (const auto& eb : b)
        if (!inA.contains(eb["id"].get_ref<const std::string&>()))
            out.append({FieldChange::Kind::Added, idPath(eb), {}, compact(eb)});
}

// Two other arrays: index by index, the longer one's tail added or removed.
void diffArrays(const Json& a, const Json& b, const QString& path, QList<FieldChange>& out) {
    const std::size_t common = std::min(a.size(), b.size());
    for (std::size_t i = 0; i < common; ++i)
        diffInto(a[i], b[i], jsonPathIndex(path, qsizetype(i)), out);
    for (std::size_t i = common; i < a.size(); ++i)
        out.append({FieldChange::Kind::Removed, jsonPathIndex(path, qsizetype(i)), compact(a[i]), {}});
    for (std::size_t i = common; i < b.size(); ++i)
        out.append({FieldChange::Kind::Added, jsonPathIndex(path, qsizetype(i)), {}, compact(b[i])});
}

void diffInto(const Json& a, const Json& b, const QString& path, QList<FieldChange>& out) {
    if (a.is_object() && b.is_object())
        diffObjects(a, b, path, out);
    else if (keyedById(a) && keyedById(b))
        diffKeyedArrays(a, b, path, out);
    else if (a.is_array() && b.is_array())
        diffArrays(a, b, path, out);
    else if (!sameValue(a, b))
        out.append({FieldChange::Kind::Changed, path, compact(a), compact(b)});
}

Json asBundle(const Manifest& m) {
    Json j = Json::object();
    if (m.run)
        j["run"] = m.run->json;
    if (m.protocol)
        j["protocol"] = m.protocol->json;
    if (m.environment)
        j["environment"] = m.environment->json;
    return j;
}

} // namespace

QList<FieldChange> diffJson(const Json& a, const Json& b, const QString& path) {
    QList<FieldChange> out;
    diffInto(a, b, path, out);
    return out;
}

QList<FieldChange> diffManifests(const Manifest& a, const Manifest& b) {
    return diffJson(asBundle(a), asBundle(b));
}

} // namespace kix
