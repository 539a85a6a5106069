#include "UpstreamCheck.h"

#include "Canonical.h"
#include "JsonPath.h"
#include "KernelIndexRules.h"
#include "Normalize.h"
#include "QuotedForMessage.h"
#include "ResourceKind.h"
#include "Timestamp.h"
#include "UpstreamSchema.h"
#include "Utf8.h"

#include <cmath>

namespace kix {

namespace {

namespace ki = kernelindex;
using upstream::Bound;
using upstream::Format;
using upstream::Node;
using upstream::Refinement;
using upstream::Type;

// A path segment on the stack; the QString path is only built when a finding needs it.
struct PathRef {
    const PathRef* parent = nullptr;
    const std::string* key = nullptr; // a member name, or
    std::size_t index = 0;            // an array index when key is null
    const QString* root = nullptr;    // at the root only
};

QString render(const PathRef& p) {
    if (p.root)
        return *p.root;
    const QString parent = render(*p.parent);
    return p.key ? jsonPathKey(parent, QString::fromStdString(*p.key))
                 : jsonPathIndex(parent, qsizetype(p.index));
}

QString shownValue(const Json& v) {
    if (v.is_string())
        return quotedForMessage(v.get_ref<const std::string&>());
    if (v.is_number_integer())
        return QString::number(v.get<std::int64_t>());
    if (v.is_number_unsigned())
        return QString::number(v.get<std::uint64_t>());
    if (v.is_number_float())
        return QString::fromStdString(ecmaScriptNumber(v.get<double>()));
    return QString::fromLatin1(v.type_name());
}

QString expectedType(Type t) {
    switch (t) {
    case Type::Object:
    case Type::Record:
        return QStringLiteral("an object");
    case Type::Array:
    case Type::Tuple:
        return QStringLiteral("an array");
    case Type::String:
        return QStringLiteral("a string");
    case Type::Integer:
        return QStringLiteral("an integer");
    case Type::Number:
        return QStringLiteral("a number");
    case Type::Boolean:
        return QStringLiteral("a boolean");
    case Type::Duration:
        return QStringLiteral("an integer count of nanoseconds or a duration string such as \"0.008 ms\"");
    case Type::Dimension:
        return QStringLiteral("a non-negative integer or an axis name");
    case Type::NumberOrString:
        return QStringLiteral("a number or a string");
    }
    return {};
}

// JavaScript's view of a JSON number: integral and safe, whatever nlohmann's storage type.
bool isSafeInteger(const Json& v) {
    if (v.is_number_integer())
        return std::llabs(v.get<std::int64_t>()) <= ki::kMaxSafeInteger;
    if (v.is_number_unsigned())
        return v.get<std::uint64_t>() <= std::uint64_t(ki::kMaxSafeInteger);
    if (v.is_number_float()) {
        const double d = v.get<double>();
        return std::isfinite(d) && std::trunc(d) == d && std::fabs(d) <= double(ki::kMaxSafeInteger);
    }
    return false;
}

double numberValue(const Json& v) {
    return v.get<double>();
}

class Checker {
public:
    Checker(const QString& file, Problems& out)
        : m_file(file)
        , m_out(out) {}

    void warn(const PathRef& at, const char* code, const QString& message) {
        Problem p;
        p.severity = Problem::Severity::Warning;
        p.file = m_file;
        p.path = render(at);
        p.message = message;
        p.code = QString::fromLatin1(code);
        m_out.append(p);
    }

    void check(const Json& v, const Node& n, const PathRef& at) {
        switch (n.type) {
        case Type::Object:
            return object(v, n, at);
        case Type::Record:
            return record(v, n, at);
        case Type::Array:
            return array(v, n, at);
        case Type::Tuple:
            return tuple(v, n, at);
        case Type::String:
            return string(v, n, at);
        case Type::Integer:
            return integer(v, n.bound, at);
        case Type::Number:
            return number(v, n.bound, at);
        case Type::Boolean:
            if (!v.is_boolean())
                typeMismatch(v, n, at);
            return;
        case Type::Duration:
            return duration(v, n, at);
        case Type::Dimension:
            if (v.is_string()) {
                if (!ki::isToken(v.get_ref<const std::string&>()))
                    warn(at, codes::upstreamPattern,
                         QStringLiteral(
                             "KernelIndex expects an axis name (^[a-z][a-z0-9_]*$) or a non-negative "
                             "integer, found %1")
                             .arg(shownValue(v)));
            } else if (v.is_number()) {
                integer(v, Bound::NonNegative, at);
            } else {
                typeMismatch(v, n, at);
            }
            return;
        case Type::NumberOrString:
            if (v.is_string())
                maxLength(v.get_ref<const std::string&>(), n.maxLength, at);
            else if (!v.is_number())
                typeMismatch(v, n, at);
            return;
        }
    }

private:
    void typeMismatch(const Json& v, const Node& n, const PathRef& at) {
        warn(
            at, codes::upstreamType,
            QStringLiteral("KernelIndex expects %1 here, not %2").arg(expectedType(n.type), jsonTypeName(v)));
    }

    void object(const Json& v, const Node& n, const PathRef& at) {
        if (!v.is_object())
            return typeMismatch(v, n, at);
        for (auto it = v.begin(); it != v.end(); ++it) {
            const std::string& key = it.key();
            const PathRef child{&at, &key};
            const upstream::Member* member = nullptr;
            for (const auto& m : n.members) {
                if (m.name == key) {
                    member = &m;
                    break;
                }
            }
            if (!member) {
                QString allowed;
                for (const auto& m : n.members)
                    allowed += (allowed.isEmpty() ? QString() : QStringLiteral(", ")) +
                               QString::fromLatin1(m.name.data(), qsizetype(m.name.size()));
                warn(child, codes::upstreamUnknownMember,
                     QStringLiteral("KernelIndex does not allow the member %1 here (allowed: %2)")
                         .arg(quotedForMessage(key), allowed));
                continue;
            }
            check(*it, *member->node, child);
        }
        for (const auto& m : n.members) {
            if (m.required && !v.contains(m.name)) {
                const std::string name(m.name);
                warn(PathRef{&at, &name}, codes::upstreamRequired,
                     QStringLiteral("KernelIndex requires this member"));
            }
        }
        refine(v, n.refinement, at);
    }

    void refine(const Json& v, Refinement r, const PathRef& at) {
        switch (r) {
        case Refinement::None:
            return;
        case Refinement::Axis: {
            const auto role = v.find("role");
            if (role == v.end() || !role->is_string())
                return;
            if (*role == "constant" && !v.contains("value"))
                warn(at, codes::upstreamConstantAxis,
                     QStringLiteral("KernelIndex requires a value for a constant axis"));
            if (*role == "derived" && !v.contains("expression"))
                warn(at, codes::upstreamDerivedAxis,
                     QStringLiteral("KernelIndex requires an expression for a derived axis"));
            return;
        }
        case Refinement::Argument:
            if (v.contains("tensor") == v.contains("scalar"))
                warn(at, codes::upstreamArgument,
                     QStringLiteral("KernelIndex expects an argument to be exactly one of tensor or scalar"));
            return;
        case Refinement::LatencyCentral:
            if (!v.contains("median") && !v.contains("mean"))
                warn(at, codes::upstreamLatencyCentral,
                     QStringLiteral("KernelIndex requires a median or a mean latency"));
            return;
        }
    }

    void record(const Json& v, const Node& n, const PathRef& at) {
        if (!v.is_object())
            return typeMismatch(v, n, at);
        for (auto it = v.begin(); it != v.end(); ++it) {
            const std::string& key = it.key();
            const PathRef child{&at, &key};
            if (n.keyFormat == Format::Token && !ki::isToken(key))
                warn(child, codes::upstreamKey,
                     QStringLiteral(
                         "KernelIndex expects each key here to be a lowercase token (^[a-z][a-z0-9_]*$), "
                         "found %1")
                         .arg(quotedForMessage(key)));
            if (n.keyMaxLength >= 0 && utf8::utf16Length(key) > std::size_t(n.keyMaxLength))
                warn(child, codes::upstreamKey,
                     QStringLiteral("KernelIndex allows keys of at most %1 characters here, found %2")
                         .arg(n.keyMaxLength)
                         .arg(utf8::utf16Length(key)));
            check(*it, *n.items, child);
        }
    }

    void array(const Json& v, const Node& n, const PathRef& at) {
        if (!v.is_array())
            return typeMismatch(v, n, at);
        if (int(v.size()) < n.minItems)
            warn(at, codes::upstreamItems,
                 QStringLiteral("KernelIndex requires at least %1 item%2 here, found %3")
                     .arg(n.minItems)
                     .arg(n.minItems == 1 ? QString() : QStringLiteral("s"))
                     .arg(v.size()));
        if (n.maxItems >= 0 && int(v.size()) > n.maxItems)
            warn(at, codes::upstreamItems,
                 QStringLiteral("KernelIndex allows at most %1 items here, found %2")
                     .arg(n.maxItems)
                     .arg(v.size()));
        for (std::size_t i = 0; i < v.size(); ++i)
            check(v[i], *n.items, PathRef{&at, nullptr, i});
    }

    void tuple(const Json& v, const Node& n, const PathRef& at) {
        if (!v.is_array())
            return typeMismatch(v, n, at);
        if (v.size() != n.tuple.size())
            warn(at, codes::upstreamItems,
                 QStringLiteral("KernelIndex expects exactly %1 items here, found %2")
                     .arg(n.tuple.size())
                     .arg(v.size()));
        for (std::size_t i = 0; i < std::min(v.size(), n.tuple.size()); ++i)
            check(v[i], *n.tuple[i], PathRef{&at, nullptr, i});
    }

    void maxLength(const std::string& s, int limit, const PathRef& at) {
        if (limit < 0 || s.size() <= std::size_t(limit))
            return; // UTF-16 units never outnumber UTF-8 bytes
        const std::size_t units = utf8::utf16Length(s);
        if (units > std::size_t(limit))
            warn(at, codes::upstreamTooLong,
                 QStringLiteral("KernelIndex allows at most %1 characters here, found %2")
                     .arg(limit)
                     .arg(units));
    }

    void string(const Json& v, const Node& n, const PathRef& at) {
        if (!v.is_string())
            return typeMismatch(v, n, at);
        const std::string& s = v.get_ref<const std::string&>();
        if (!n.literal.empty()) {
            if (s != n.literal)
                warn(at, codes::upstreamConst,
                     QStringLiteral("KernelIndex expects \"%1\" here, found %2")
                         .arg(QString::fromLatin1(n.literal.data(), qsizetype(n.literal.size())),
                              quotedForMessage(s)));
            return;
        }
        if (!n.choices.empty()) {
            for (const auto& c : n.choices) {
                if (c == s)
                    return;
            }
            QString list;
            for (const auto& c : n.choices)
                list += (list.isEmpty() ? QString() : QStringLiteral(", ")) +
                        QString::fromLatin1(c.data(), qsizetype(c.size()));
            warn(at, codes::upstreamEnum,
                 QStringLiteral("%1 is not one of KernelIndex's %2: %3")
                     .arg(quotedForMessage(s),
                          QString::fromLatin1(n.enumLabel.data(), qsizetype(n.enumLabel.size())), list));
            return;
        }
        format(s, n.format, at);
        maxLength(s, n.maxLength, at);
    }

    void format(const std::string& s, Format f, const PathRef& at) {
        switch (f) {
        case Format::Any:
            return;
        case Format::Token:
            if (!ki::isToken(s))
                warn(at, codes::upstreamPattern,
                     QStringLiteral("KernelIndex expects a lowercase token (^[a-z][a-z0-9_]*$), found %1")
                         .arg(quotedForMessage(s)));
            return;
        case Format::Slug:
            if (!ki::isSlug(s))
                warn(at, codes::upstreamPattern,
                     QStringLiteral(
                         "KernelIndex expects a lowercase kebab-case slug (^[a-z0-9][a-z0-9-]*$), found %1")
                         .arg(quotedForMessage(s)));
            return;
        case Format::Name:
            if (!ki::isManifestName(s))
                warn(at, codes::upstreamName,
                     QStringLiteral("KernelIndex expects a lowercase name (^[a-z0-9][a-z0-9._-]*$), found %1")
                         .arg(quotedForMessage(s)));
            return;
        case Format::Digest:
            if (!ki::isDigest(s))
                warn(at, codes::upstreamDigest,
                     QStringLiteral("KernelIndex expects a digest sha256:<64 lowercase hex>, found %1")
                         .arg(quotedForMessage(s)));
            return;
        case Format::Commit:
            if (!ki::isGitCommit(s))
                warn(at, codes::upstreamCommit,
                     QStringLiteral(
                         "KernelIndex expects a full lowercase git commit (40 hex digits), found %1")
                         .arg(quotedForMessage(s)));
            return;
        case Format::HttpsUrl:
            if (!ki::isHttpsUrl(s))
                warn(at, codes::upstreamHttpsUrl,
                     QStringLiteral("KernelIndex expects an https URL, found %1").arg(quotedForMessage(s)));
            return;
        case Format::UtcInstant:
            if (!isKernelIndexInstant(s))
                warn(at, codes::upstreamUtcInstant,
                     QStringLiteral(
                         "KernelIndex expects a UTC instant such as 2026-08-01T12:00:00Z (RFC 3339 ending in "
                         "Z, no offset), found %1")
                         .arg(quotedForMessage(s)));
            return;
        case Format::AxisExpression:
            if (!ki::isAxisExpression(s))
                warn(at, codes::upstreamPattern,
                     QStringLiteral(
                         "KernelIndex expects an expression of integers, axis names, + - * %, floor "
                         "division / and parentheses (^[a-z0-9_+\\-*%/() ]+$), found %1")
                         .arg(quotedForMessage(s)));
            return;
        }
    }

    void integer(const Json& v, Bound bound, const PathRef& at) {
        if (!v.is_number()) {
            warn(at, codes::upstreamType,
                 QStringLiteral("KernelIndex expects an integer here, not %1").arg(jsonTypeName(v)));
            return;
        }
        if (!isSafeInteger(v)) {
            const bool integral = !v.is_number_float() || std::trunc(v.get<double>()) == v.get<double>();
            warn(at, codes::upstreamInteger,
                 integral
                     ? QStringLiteral(
                           "KernelIndex expects an integer from -9007199254740991 to 9007199254740991 "
                           "(a safe JavaScript integer), found %1")
                           .arg(shownValue(v))
                     : QStringLiteral("KernelIndex expects an integer here, found %1").arg(shownValue(v)));
            return;
        }
        checkBound(v, bound, at, true);
    }

    void number(const Json& v, Bound bound, const PathRef& at) {
        if (!v.is_number()) {
            warn(at, codes::upstreamType,
                 QStringLiteral("KernelIndex expects a number here, not %1").arg(jsonTypeName(v)));
            return;
        }
        checkBound(v, bound, at, false);
    }

    void checkBound(const Json& v, Bound bound, const PathRef& at, bool integral) {
        const double d = numberValue(v);
        const QString what = integral ? QStringLiteral("an integer") : QStringLiteral("a number");
        switch (bound) {
        case Bound::None:
            return;
        case Bound::NonNegative:
            if (d < 0)
                warn(at, codes::upstreamRange,
                     QStringLiteral("KernelIndex expects %1 of at least 0 here, found %2")
                         .arg(what, shownValue(v)));
            return;
        case Bound::Positive:
            if (!(d > 0))
                warn(
                    at, codes::upstreamRange,
                    QStringLiteral("KernelIndex expects %1 above 0 here, found %2").arg(what, shownValue(v)));
            return;
        case Bound::Ratio:
            if (d < 0 || d > 1)
                warn(at, codes::upstreamRange,
                     QStringLiteral("KernelIndex expects a ratio from 0 to 1 here, found %1")
                         .arg(shownValue(v)));
            return;
        }
    }

    void duration(const Json& v, const Node& n, const PathRef& at) {
        if (v.is_string()) {
            const char* code = nullptr;
            const QString problem = durationProblem(v.get_ref<const std::string&>(), code);
            if (!problem.isEmpty())
                warn(at, code, problem);
            return;
        }
        if (v.is_number())
            return integer(v, Bound::NonNegative, at);
        typeMismatch(v, n, at);
    }

    const QString& m_file;
    Problems& m_out;
};

} // namespace

Problems checkUpstreamAcceptance(const Json& resource, const QString& file, const QString& path,
                                 qint64 documentBytes) {
    Problems out;
    Checker checker(file, out);
    const PathRef root{nullptr, nullptr, 0, &path};
    static_assert(ki::kMaxManifestBytes == 1 << 20, "the message says 1 MiB");
    if (documentBytes > ki::kMaxManifestBytes)
        checker.warn(
            root, codes::upstreamTooLarge,
            QStringLiteral("the document is %1 bytes: KernelIndex rejects manifests over %2 bytes (1 MiB)")
                .arg(documentBytes)
                .arg(ki::kMaxManifestBytes));
    if (!resource.is_object()) {
        checker.warn(
            root, codes::upstreamNotObject,
            QStringLiteral("KernelIndex expects a manifest object, not %1").arg(jsonTypeName(resource)));
        return out;
    }
    const auto kind = resource.find("kind");
    const Node* spec = nullptr;
    if (kind != resource.end() && kind->is_string())
        spec = upstream::specSchema(kind->get_ref<const std::string&>());
    if (!spec) {
        QString list;
        for (const auto& k : upstream::kinds())
            list += (list.isEmpty() ? QString() : QStringLiteral(", ")) +
                    QString::fromLatin1(k.data(), qsizetype(k.size()));
        const std::string name = "kind";
        checker.warn(PathRef{&root, &name}, codes::upstreamUnknownKind,
                     kind == resource.end()
                         ? QStringLiteral("KernelIndex requires a kind, one of %1").arg(list)
                         : QStringLiteral("KernelIndex knows no kind %1 (its kinds: %2)")
                               .arg(shownValue(*kind), list));
        return out;
    }
    // The envelope: apiVersion, kind, metadata, spec, nothing else.
    static const std::string kMembers[] = {"apiVersion", "kind", "metadata", "spec"};
    for (auto it = resource.begin(); it != resource.end(); ++it) {
        const std::string& key = it.key();
        const PathRef child{&root, &key};
        if (key == "apiVersion") {
            if (!it->is_string() || it->get_ref<const std::string&>() != kApiVersion)
                checker.warn(child, codes::upstreamApiVersion,
                             QStringLiteral("KernelIndex expects \"%1\", found %2")
                                 .arg(QLatin1String(kApiVersion), shownValue(*it)));
        } else if (key == "metadata") {
            checker.check(*it, *upstream::metadataSchema(), child);
        } else if (key == "spec") {
            checker.check(*it, *spec, child);
        } else if (key != "kind") {
            checker.warn(
                child, codes::upstreamUnknownMember,
                QStringLiteral("KernelIndex does not allow the member %1 here (allowed: apiVersion, kind, "
                               "metadata, spec)")
                    .arg(quotedForMessage(key)));
        }
    }
    for (const std::string& m : kMembers) {
        if (!resource.contains(m))
            checker.warn(PathRef{&root, &m}, codes::upstreamRequired,
                         QStringLiteral("KernelIndex requires this member"));
    }
    return out;
}

} // namespace kix
