#include "YamlReader.h"

#include "JsonPath.h"
#include "QuotedForMessage.h"
#include "Utf8.h"
#include "YamlScalar.h"

#include <algorithm>
#include <deque>
#include <istream>
#include <map>
#include <optional>
#include <streambuf>
#include <unordered_map>
#include <vector>
#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/parser.h>

namespace kix {

namespace {

// The alias budget in force: KIX_MAX_YAML_ALIAS_NODES when set to a whole number from 1,000 to
// 100,000,000, else kYamlAliasNodeBudget. Read per document, so a test or a front end may change it.
constexpr qint64 kMostYamlAliasNodes = 100000000;
qint64 yamlAliasBudget() {
    bool ok = false;
    const qint64 n = qEnvironmentVariable("KIX_MAX_YAML_ALIAS_NODES").trimmed().toLongLong(&ok);
    return ok && n >= 1000 && n <= kMostYamlAliasNodes ? n : kYamlAliasNodeBudget;
}

constexpr char kCoreTagPrefix[] = "tag:yaml.org,2002:";

// An istream over bytes we already hold, so the parser does not need a copy.
class MemoryBuffer : public std::streambuf {
public:
    MemoryBuffer(const char* data, std::size_t size) {
        char* p = const_cast<char*>(data); // read-only use: the get area is never written
        setg(p, p, p + size);
    }
};

struct Location {
    int line = 0; // 1-based
    int column = 0;
};

Location locationOf(const YAML::Mark& mark) {
    if (mark.is_null())
        return {};
    return {mark.line + 1, mark.column + 1};
}

QString at(const Location& where) {
    if (where.line <= 0)
        return {};
    return QStringLiteral("line %1, column %2: ").arg(where.line).arg(where.column);
}

// Thrown out of the event handler (and so out of yaml-cpp) to stop at the first problem.
struct YamlFailure {
    Problem problem;
};

QString codePoint(char32_t cp) {
    return QString::number(uint(cp), 16).toUpper().rightJustified(4, QLatin1Char('0'));
}

// YAML's c-printable, checked on the raw text together with UTF-8 validity. Returns the offset of
// the first bad byte (or -1) and what is wrong with it.
qsizetype firstBadCharacter(const QByteArray& bytes, qsizetype from, QString& why, const char*& code) {
    const auto* p = reinterpret_cast<const unsigned char*>(bytes.constData());
    const std::string_view text(bytes.constData(), std::size_t(bytes.size()));
    const qsizetype n = bytes.size();
    for (qsizetype i = from; i < n;) {
        const unsigned char b = p[i];
        if (b < 0x80) {
            if ((b < 0x20 && b != '\t' && b != '\n' && b != '\r') || b == 0x7f) {
                why = QStringLiteral("control character U+%1 is not allowed in YAML text (write it as an "
                                     "escape in a double-quoted string)")
                          .arg(codePoint(b));
                code = codes::yamlInvalidCharacter;
                return i;
            }
            ++i;
            continue;
        }
        char32_t cp = 0;
        const int len = utf8::sequenceAt(text, std::size_t(i), cp);
        if (len == 0) {
            why = QStringLiteral("not valid UTF-8 (byte 0x%1): YAML manifests must be UTF-8 text")
                      .arg(b, 2, 16, QLatin1Char('0'));
            code = codes::yamlInvalidUtf8;
            return i;
        }
        if ((cp >= 0x80 && cp <= 0x9F && cp != 0x85) || cp == 0xFFFE || cp == 0xFFFF) {
            why = QStringLiteral("character U+%1 is not allowed in YAML text (write it as an escape in a "
                                 "double-quoted string)")
                      .arg(codePoint(cp));
            code = codes::yamlInvalidCharacter;
            return i;
        }
        i += len;
    }
    return -1;
}

Location locationOfOffset(const QByteArray& bytes, qsizetype offset) {
    Location where{1, 1};
    for (qsizetype i = 0; i < offset; ++i) {
        const char c = bytes[i];
        if (c == '\n') {
            ++where.line;
            where.column = 1;
        } else if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) {
            ++where.column; // columns count characters, not bytes
        }
    }
    return where;
}

class JsonBuilder : public YAML::EventHandler {
public:
    JsonBuilder(const QString& source, int maxDepth)
        : m_source(source)
        , m_maxDepth(maxDepth) {}

    Json result;
    int documents = 0;
    Location secondDocument;

    void OnDocumentStart(const YAML::Mark& mark) override {
        ++documents;
        if (documents > 1)
            fail(locationOf(mark), {}, codes::yamlMultipleDocuments,
                 QStringLiteral("a second YAML document starts here: a manifest file holds one document"));
    }
    void OnDocumentEnd() override {}

    void OnAnchor(const YAML::Mark& /*mark*/, const std::string& name) override {
        m_pendingAnchorName = name;
    }

    void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
        nameAnchor(anchor);
        const Location where = locationOf(mark);
        if (expectingKey()) {
            defer(where, codes::yamlNonStringKey,
                  QStringLiteral("a mapping key is null (empty or ~): keys must be strings"));
            takePlaceholderKey();
            return;
        }
        finishNode(Json(nullptr), anchor, where, 1);
    }

    void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
        const Location where = locationOf(mark);
        const auto it = m_anchors.find(anchor);
        if (it == m_anchors.end())
            fail(where, currentPath(), codes::yamlRecursiveAlias,
                 QStringLiteral("alias *%1 refers to a node that contains it").arg(anchorName(anchor)));
        m_aliasNodes += it->second.nodes;
        if (m_aliasNodes > m_aliasBudget)
            fail(where, currentPath(), codes::yamlAliasExpansion,
                 QStringLiteral("aliases expand to more than %1 nodes (a \"billion laughs\" document?): "
                                "refused (raise the limit with the environment variable "
                                "KIX_MAX_YAML_ALIAS_NODES, at most %2)")
                     .arg(m_aliasBudget)
                     .arg(kMostYamlAliasNodes));
        if (expectingKey()) {
            if (!it->second.value.is_string()) {
                defer(where, codes::yamlNonStringKey,
                      QStringLiteral("alias *%1 used as a mapping key is not a string: keys must be strings")
                          .arg(anchorName(anchor)));
                takePlaceholderKey();
                return;
            }
            takeKey(it->second.value.get<std::string>(), where);
            return;
        }
        Json copy = it->second.value;
        finishNode(std::move(copy), 0, where, it->second.nodes);
    }

    void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                  const std::string& value) override {
        nameAnchor(anchor);
        const Location where = locationOf(mark);
        // Escapes may make control characters, which are allowed; only UTF-8 validity matters here.
        if (utf8::firstInvalid(value))
            fail(where, currentPath(), codes::yamlInvalidUtf8,
                 QStringLiteral(
                     "an escape sequence makes a character that is not valid UTF-8 (a lone surrogate?)"));
        Json node;
        const yaml::ScalarType type = resolve(tag, value, where, node);
        if (expectingKey()) {
            if (type != yaml::ScalarType::String) {
                defer(where, codes::yamlNonStringKey,
                      QStringLiteral("mapping key %1 is %2, not a string: quote it if a string is meant")
                          .arg(quotedForMessage(value, 60, MessageQuote::Json),
                               QString::fromLatin1(yaml::typeName(type))));
                node = value;
            }
            if (anchor != YAML::NullAnchor)
                registerAnchor(anchor, node, 1);
            takeKey(node.get<std::string>(), where);
            return;
        }
        finishNode(std::move(node), anchor, where, 1);
    }

    void OnSequenceStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                         YAML::EmitterStyle::value /*style*/) override {
        open(Json::array(), mark, tag, anchor, "seq");
    }
    void OnSequenceEnd() override { close(); }
    void OnMapStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                    YAML::EmitterStyle::value /*style*/) override {
        open(Json::object(), mark, tag, anchor, "map");
    }
    void OnMapEnd() override { close(); }

    QString currentPath() const {
        if (m_stack.empty())
            return {};
        const Frame& top = m_stack.back();
        if (top.node->is_array())
            return jsonPathIndex(top.path, qsizetype(top.node->size()));
        if (top.haveKey)
            return jsonPathKey(top.path, QString::fromStdString(top.pendingKey));
        return top.path;
    }

    // A non-string key is reported once the document has parsed: yaml-cpp makes a one-pair mapping of
    // an unclosed flow sequence's last item, and its own syntax error is the better message there.
    std::optional<Problem> deferred;

    void defer(const Location& where, const char* code, const QString& message) {
        if (deferred)
            return;
        Problem p;
        p.file = m_source;
        p.path = currentPath();
        p.message = at(where) + message;
        p.code = QString::fromLatin1(code);
        deferred = p;
    }

    // Stands in for a key that is not a string, so that parsing can go on to find syntax errors.
    void takePlaceholderKey() { takeKey("\x01non-string key " + std::to_string(++m_placeholders), {}); }

    [[noreturn]] void fail(const Location& where, const QString& path, const char* code,
                           const QString& message) {
        Problem p;
        p.file = m_source;
        p.path = path;
        p.message = at(where) + message;
        p.code = QString::fromLatin1(code);
        throw YamlFailure{p};
    }

private:
    struct Frame {
        Json* node;
        QString path;
        YAML::anchor_t anchor;
        qint64 nodesAtStart;
        std::string pendingKey;
        bool haveKey = false;
        std::unordered_map<std::string, Location> keys; // where each key of a mapping was first seen
        bool isKey = false; // a collection used as a mapping key: kept aside, reported at the end
    };
    // NOLINTNEXTLINE(bugprone-exception-escape): its implicit move is noexcept; the check misreads json's
    struct Anchored {
        Json value;
        qint64 nodes;
    };

    bool expectingKey() const {
        return !m_stack.empty() && m_stack.back().node->is_object() && !m_stack.back().haveKey;
    }

    QString anchorName(YAML::anchor_t anchor) const {
        const auto it = m_anchorNames.find(anchor);
        return it == m_anchorNames.end() ? QString::number(anchor)
                                         : QString::fromStdString(it->second).left(60);
    }

    // yaml-cpp announces an anchor's name just before the node that carries its number.
    void nameAnchor(YAML::anchor_t anchor) {
        if (anchor != YAML::NullAnchor)
            m_anchorNames[anchor] = std::exchange(m_pendingAnchorName, std::string());
    }

    void registerAnchor(YAML::anchor_t anchor, const Json& value, qint64 nodes) {
        m_anchors[anchor] = Anchored{value, nodes};
    }

    void takeKey(std::string key, const Location& where) {
        Frame& top = m_stack.back();
        const auto [it, inserted] = top.keys.try_emplace(key, where);
        if (!inserted) {
            const QString name = QString::fromStdString(key);
            fail(where, jsonPathKey(top.path, name), codes::yamlDuplicateKey,
                 QStringLiteral("duplicate key %1 (first at line %2, column %3)")
                     .arg(quotedForMessage(key, 60, MessageQuote::Json))
                     .arg(it->second.line)
                     .arg(it->second.column));
        }
        top.pendingKey = std::move(key);
        top.haveKey = true;
    }

    // A float that underflows to 0 though its digits are not zero (1e-400), as the JSON reader says.
    void refuseUnderflow(const std::string& value, const Location& where, const Json& node) {
        const auto exponent =
            std::find_if(value.begin(), value.end(), [](char c) { return c == 'e' || c == 'E'; });
        if (node.get<double>() == 0 &&
            std::any_of(value.begin(), exponent, [](char c) { return c >= '1' && c <= '9'; }))
            fail(where, currentPath(), codes::yamlNonFinite,
                 QStringLiteral("the number %1 is too small for a double: it would read as 0 (KernelIndex "
                                "rejects it too); write 0 or a number above 1e-308")
                     .arg(quotedForMessage(value, 40)));
    }

    yaml::ScalarType resolve(const std::string& tag, const std::string& value, const Location& where,
                             Json& node) {
        if (tag == "!") {
            node = value;
            return yaml::ScalarType::String;
        }
        yaml::ScalarType type;
        if (tag == "?") {
            type = yaml::resolvePlain(value, node);
        } else {
            const std::string prefix = kCoreTagPrefix;
            const std::string name =
                tag.compare(0, prefix.size(), prefix) == 0 ? tag.substr(prefix.size()) : "";
            if (name == "str") {
                node = value;
                return yaml::ScalarType::String;
            }
            if (name != "int" && name != "float" && name != "bool" && name != "null")
                failTag(where, tag, name == "seq" || name == "map");
            type = yaml::resolvePlain(value, node);
            const bool fits =
                (name == "int" && type == yaml::ScalarType::Int) ||
                (name == "float" && (type == yaml::ScalarType::Float || type == yaml::ScalarType::Int ||
                                     type == yaml::ScalarType::NonFinite)) ||
                (name == "bool" && type == yaml::ScalarType::Bool) ||
                (name == "null" && type == yaml::ScalarType::Null);
            if (!fits)
                fail(where, currentPath(), codes::yamlTagValue,
                     QStringLiteral("%1 is not a valid !!%2 value")
                         .arg(quotedForMessage(value, 60, MessageQuote::Json), QString::fromStdString(name)));
            if (name == "float" && type == yaml::ScalarType::Int)
                node = node.get<double>();
        }
        if (type == yaml::ScalarType::NonFinite)
            fail(where, currentPath(), codes::yamlNonFinite,
                 QStringLiteral("%1 is not a finite number, and JSON has no infinities or NaN")
                     .arg(quotedForMessage(value, 60, MessageQuote::Json)));
        if (type == yaml::ScalarType::Float)
            refuseUnderflow(value, where, node);
        return type;
    }

    [[noreturn]] void failTag(const Location& where, const std::string& tag, bool collectionTag) {
        if (collectionTag)
            fail(where, currentPath(), codes::yamlTagValue,
                 QStringLiteral("tag %1 does not fit this node")
                     .arg(quotedForMessage(shortTag(tag), 60, MessageQuote::Json)));
        fail(where, currentPath(), codes::yamlTag,
             QStringLiteral(
                 "tag %1 is not supported: only YAML's core tags (!!str, !!int, !!float, !!bool, !!null, "
                 "!!seq, !!map) are accepted")
                 .arg(quotedForMessage(shortTag(tag), 60, MessageQuote::Json)));
    }

    static std::string shortTag(const std::string& tag) {
        const std::string prefix = kCoreTagPrefix;
        return tag.compare(0, prefix.size(), prefix) == 0 ? "!!" + tag.substr(prefix.size()) : tag;
    }

    void open(Json&& container, const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
              const char* coreName) {
        nameAnchor(anchor);
        const Location where = locationOf(mark);
        const bool isKey = expectingKey();
        if (isKey)
            defer(where, codes::yamlNonStringKey,
                  QStringLiteral("a %1 is used as a mapping key: keys must be strings")
                      .arg(container.is_array() ? QStringLiteral("sequence") : QStringLiteral("mapping")));
        if (tag != "?" && tag != "!" && tag != std::string(kCoreTagPrefix) + coreName) {
            const std::string prefix = kCoreTagPrefix;
            const bool core = tag.compare(0, prefix.size(), prefix) == 0;
            const std::string name = core ? tag.substr(prefix.size()) : "";
            failTag(where, tag,
                    core && (name == "str" || name == "int" || name == "float" || name == "bool" ||
                             name == "null" || name == "seq" || name == "map"));
        }
        const QString path = currentPath();
        if (int(m_stack.size()) >= m_maxDepth)
            fail(where, path, codes::yamlTooDeep, tooDeepMessage(m_maxDepth));
        ++m_nodes;
        Json* node = nullptr;
        if (isKey) {
            m_keysAside.push_back(std::move(container));
            node = &m_keysAside.back();
        } else {
            node = place(std::move(container));
        }
        m_stack.push_back(Frame{node, path, anchor, m_nodes, {}, false, {}, isKey});
    }

    void close() {
        Frame top = std::move(m_stack.back());
        m_stack.pop_back();
        if (top.isKey) {
            takePlaceholderKey();
            return;
        }
        if (top.anchor != YAML::NullAnchor)
            registerAnchor(top.anchor, *top.node, m_nodes - top.nodesAtStart + 1);
        afterValue();
    }

    void finishNode(Json&& value, YAML::anchor_t anchor, const Location& /*where*/, qint64 nodes) {
        m_nodes += nodes;
        if (anchor != YAML::NullAnchor)
            registerAnchor(anchor, value, nodes);
        place(std::move(value));
        afterValue();
    }

    void afterValue() {
        if (!m_stack.empty() && m_stack.back().node->is_object())
            m_stack.back().haveKey = false;
    }

    Json* place(Json&& v) {
        if (m_stack.empty()) {
            result = std::move(v);
            return &result;
        }
        Frame& top = m_stack.back();
        if (top.node->is_array()) {
            top.node->push_back(std::move(v));
            return &top.node->back();
        }
        Json& slot = (*top.node)[top.pendingKey];
        slot = std::move(v);
        return &slot;
    }

    QString m_source;
    int m_maxDepth;
    std::vector<Frame> m_stack;
    std::unordered_map<YAML::anchor_t, Anchored> m_anchors;
    std::unordered_map<YAML::anchor_t, std::string> m_anchorNames;
    std::string m_pendingAnchorName;
    qint64 m_nodes = 0;
    qint64 m_aliasNodes = 0;
    qint64 m_aliasBudget = yamlAliasBudget();
    int m_placeholders = 0;
    std::deque<Json> m_keysAside; // stable addresses while their frames are open
};

// yaml-cpp's messages are short phrases ("illegal map value"); keep them, add where.
QString parserMessage(const YAML::ParserException& e) {
    return QString::fromStdString(e.msg);
}

} // namespace

JsonReadResult parseYaml(const QByteArray& bytes, const QString& source, const JsonLimits& limits) {
    JsonReadResult out;
    out.error.file = source;
    auto failWith = [&](const char* code, const QString& message, const QString& path = {}) {
        out.error.code = QString::fromLatin1(code);
        out.error.message = message;
        out.error.path = path;
        return out;
    };
    if (bytes.size() > limits.maxBytes)
        return failWith(codes::yamlTooLarge,
                        tooLargeMessage(QStringLiteral("record"), bytes.size(), limits.maxBytes));
    const qsizetype start = bytes.startsWith("\xEF\xBB\xBF") ? 3 : 0; // a UTF-8 byte order mark is allowed
    QString why;
    const char* code = nullptr;
    const qsizetype bad = firstBadCharacter(bytes, start, why, code);
    if (bad >= 0)
        return failWith(code, at(locationOfOffset(bytes, bad)) + why);

    MemoryBuffer buffer(bytes.constData() + start, std::size_t(bytes.size() - start));
    std::istream stream(&buffer);
    JsonBuilder builder(source, limits.maxDepth);
    try {
        YAML::Parser parser(stream);
        if (!parser.HandleNextDocument(builder))
            return failWith(codes::yamlEmpty, QStringLiteral("file is empty: expected a YAML mapping"));
        if (builder.deferred) {
            out.error = *builder.deferred;
            return out;
        }
        parser.HandleNextDocument(builder); // a second document fails in OnDocumentStart
    } catch (const YamlFailure& f) {
        out.error = f.problem;
        return out;
    } catch (const YAML::DeepRecursion& e) {
        return failWith(codes::yamlTooDeep,
                        at(locationOf(e.mark)) +
                            QStringLiteral("nesting deeper than the YAML parser's own limit (yaml-cpp: %1)")
                                .arg(parserMessage(e)),
                        builder.currentPath());
    } catch (const YAML::ParserException& e) {
        return failWith(codes::yamlSyntax,
                        at(locationOf(e.mark)) + QStringLiteral("not valid YAML: %1").arg(parserMessage(e)),
                        builder.currentPath());
    } catch (const YAML::Exception& e) {
        return failWith(codes::yamlSyntax,
                        at(locationOf(e.mark)) +
                            QStringLiteral("not valid YAML: %1").arg(QString::fromStdString(e.msg)),
                        builder.currentPath());
    }
    out.value = std::move(builder.result);
    return out;
}

JsonReadResult readYamlFile(const QString& path, const JsonLimits& limits) {
    QByteArray bytes;
    if (auto problem = readLimitedFile(path, limits, bytes)) {
        JsonReadResult out;
        out.error = *problem;
        return out;
    }
    return parseYaml(bytes, path, limits);
}

} // namespace kix
