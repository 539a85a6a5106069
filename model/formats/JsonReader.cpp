#include "JsonReader.h"

#include "JsonPath.h"
#include "RegularFile.h"

#include <QtGlobal>
#include <algorithm>
#include <vector>

namespace kix {

namespace {

// Builds the DOM itself so that it can track the path, refuse duplicate keys and stop at a depth limit.
class LimitedDomBuilder : public nlohmann::json_sax<Json> {
public:
    LimitedDomBuilder(int maxDepth, PackedNumberArrays* packed)
        : m_maxDepth(maxDepth)
        , m_packed(packed) {}

    bool null() override { return put(Json(nullptr)); }
    bool boolean(bool v) override { return put(Json(v)); }
    bool number_integer(number_integer_t v) override { return pack(double(v)) || put(Json(v)); }
    bool number_unsigned(number_unsigned_t v) override { return pack(double(v)) || put(Json(v)); }
    bool number_float(number_float_t v, const string_t& text) override {
        if (pack(v))
            return true;
        unpack(); // so that a message's path names this element
        if (v == 0 && underflowsToZero(text))
            return fail(
                currentPath(),
                QStringLiteral("the number %1 is too small for a double: it would read as 0 (KernelIndex "
                               "rejects it too); write 0 or a number above 1e-308")
                    .arg(QString::fromStdString(text.substr(0, 40))),
                codes::jsonSyntax);
        return put(Json(v));
    }
    // A nonzero digit before the exponent: the text is not zero, though the double it gave is.
    static bool underflowsToZero(const string_t& text) {
        for (const char c : text) {
            if (c == 'e' || c == 'E')
                break;
            if (c >= '1' && c <= '9')
                return true;
        }
        return false;
    }
    bool string(string_t& v) override { return put(Json(std::move(v))); }
    bool binary(binary_t& /*value*/) override {
        return fail(currentPath(), QStringLiteral("binary values are not JSON"), codes::jsonSyntax);
    }

    bool start_object(std::size_t /*elements*/) override { return open(Json::object()); }
    bool end_object() override { return close(); }
    bool start_array(std::size_t /*elements*/) override {
        if (!packableHere())
            return open(Json::array());
        if (int(m_stack.size()) >= m_maxDepth)
            return fail(currentPath(), tooDeepMessage(m_maxDepth), codes::jsonTooDeep);
        m_packed->arrays.emplace_back();
        m_packing = place(Json::binary(Json::binary_t::container_type{}, m_packed->arrays.size() - 1));
        return true;
    }
    bool end_array() override {
        if (!m_packing)
            return close();
        m_packing = nullptr;
        return true;
    }

    bool key(string_t& k) override {
        Frame& top = m_stack.back();
        if (top.node->contains(k)) {
            const QString name = QString::fromStdString(k);
            return fail(jsonPathKey(pathOf(m_stack.size() - 1, false), name),
                        QStringLiteral("duplicate key \"%1\"").arg(name), codes::jsonDuplicateKey);
        }
        top.pendingKey = std::move(k);
        return true;
    }

    bool parse_error(std::size_t byte, const std::string& /*lastToken*/,
                     const nlohmann::detail::exception& ex) override {
        m_syntaxByte = byte;
        m_syntaxMessage = QString::fromUtf8(ex.what());
        return false;
    }

    Json result;
    std::optional<std::size_t> m_syntaxByte;
    QString m_syntaxMessage;
    QString m_failPath;
    QString m_failMessage;
    QString m_failCode;

private:
    // No path is kept while parsing (a catalog has millions of keys): it is rebuilt from the stack
    // when a message needs it. A frame's child container is its last element or its pending key.
    struct Frame {
        Json* node;
        std::string pendingKey;
    };

    // The path through the first `frames` frames; with `nextSlot`, the innermost one names where its
    // next value goes rather than its last one.
    QString pathOf(std::size_t frames, bool nextSlot) const {
        QString path;
        for (std::size_t i = 0; i < frames; ++i) {
            const Frame& f = m_stack[i];
            const bool innermost = i + 1 == frames;
            if (f.node->is_array())
                path = jsonPathIndex(path, qsizetype(f.node->size()) - (innermost && nextSlot ? 0 : 1));
            else
                path = jsonPathKey(path, QString::fromStdString(f.pendingKey));
        }
        return path;
    }

    QString currentPath() const { return pathOf(m_stack.size(), true); }

    // Places a value in the current container and returns where it now lives.
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

    bool put(Json&& v) {
        unpack();
        place(std::move(v));
        return true;
    }

    // An array now starting goes beside the DOM: it is a member named by one of the packed keys.
    bool packableHere() const {
        if (!m_packed || m_packing || m_stack.empty() || !m_stack.back().node->is_object())
            return false;
        const std::string& key = m_stack.back().pendingKey;
        return std::find(m_packed->keys.begin(), m_packed->keys.end(), key) != m_packed->keys.end();
    }

    // Takes a number of the array being packed; false when there is none or this one does not qualify.
    bool pack(double v) {
        if (!m_packing || !(v > 0) || !(v <= m_packed->maxValue))
            return false;
        m_packed->arrays.back().push_back(v);
        return true;
    }

    // The array being packed holds something else: it goes into the DOM after all, its numbers so far
    // first, and parsing goes on in it as in any array.
    void unpack() {
        if (!m_packing)
            return;
        std::vector<double> values = std::move(m_packed->arrays.back());
        m_packed->arrays.back().clear();
        *m_packing = Json(values);
        m_stack.push_back(Frame{m_packing, {}});
        m_packing = nullptr;
    }

    bool open(Json&& container) {
        unpack();
        if (int(m_stack.size()) >= m_maxDepth)
            return fail(currentPath(), tooDeepMessage(m_maxDepth), codes::jsonTooDeep);
        Json* node = place(std::move(container));
        m_stack.push_back(Frame{node, {}});
        return true;
    }

    bool close() {
        m_stack.pop_back();
        return true;
    }

    bool fail(const QString& path, const QString& message, const char* code) {
        m_failPath = path;
        m_failMessage = message;
        m_failCode = QString::fromLatin1(code);
        return false;
    }

    int m_maxDepth;
    PackedNumberArrays* m_packed;
    Json* m_packing = nullptr; // the marker of the array being packed, while one is
    std::vector<Frame> m_stack;
};

// nlohmann's message reads "[json.exception.parse_error.101] parse error at line 1, column 5: detail".
QString syntaxDetail(const QString& what) {
    const qsizetype colon = what.indexOf(QStringLiteral(": "));
    return colon >= 0 ? what.mid(colon + 2) : what;
}

QString lineColumn(const QByteArray& bytes, std::size_t byte) {
    int line = 1;
    qsizetype column = 1;
    const qsizetype end = std::min<qsizetype>(qsizetype(byte) - 1, bytes.size());
    for (qsizetype i = 0; i < end; ++i) {
        if (bytes[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return QStringLiteral("line %1, column %2").arg(line).arg(column);
}

} // namespace

QString jsonTypeName(const Json& value) {
    switch (value.type()) {
    case Json::value_t::null:
        return QStringLiteral("null");
    case Json::value_t::boolean:
        return QStringLiteral("a boolean");
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
    case Json::value_t::number_float:
        return QStringLiteral("a number");
    case Json::value_t::string:
        return QStringLiteral("a string");
    case Json::value_t::array:
        return QStringLiteral("an array");
    case Json::value_t::object:
        return QStringLiteral("an object");
    default:
        return QStringLiteral("an unsupported value");
    }
}

std::optional<std::size_t> PackedNumberArrays::markerIndex(const Json& value) {
    if (!value.is_binary() || !value.get_binary().has_subtype())
        return std::nullopt;
    return std::size_t(value.get_binary().subtype());
}

JsonReadResult parseJson(const QByteArray& bytes, const QString& source, const JsonLimits& limits,
                         PackedNumberArrays* packed) {
    JsonReadResult out;
    out.error.file = source;
    if (bytes.size() > limits.maxBytes) {
        out.error.message = tooLargeMessage(QStringLiteral("record"), bytes.size(), limits.maxBytes);
        out.error.code = QString::fromLatin1(codes::jsonTooLarge);
        return out;
    }
    if (bytes.trimmed().isEmpty()) {
        out.error.message = QStringLiteral("file is empty: expected a JSON object");
        out.error.code = QString::fromLatin1(codes::jsonEmpty);
        return out;
    }
    // nlohmann's lexer takes a NUL byte for the end of the input: everything after it would be ignored.
    // JSON text has no place for one (not even in a string), so it is refused where it is.
    if (const qsizetype nul = bytes.indexOf('\0'); nul >= 0) {
        out.error.message =
            QStringLiteral("not valid JSON (%1, byte offset %2): a NUL byte is not allowed in "
                           "JSON text (write it as \\u0000 in a string)")
                .arg(lineColumn(bytes, std::size_t(nul) + 1))
                .arg(nul);
        out.error.code = QString::fromLatin1(codes::jsonSyntax);
        return out;
    }
    LimitedDomBuilder builder(limits.maxDepth, packed);
    bool ok = false;
    try {
        ok =
            Json::sax_parse(bytes.constBegin(), bytes.constEnd(), &builder, Json::input_format_t::json, true);
    } catch (const std::exception& e) {
        builder.m_syntaxMessage = QString::fromUtf8(e.what());
        builder.m_syntaxByte = 0;
    }
    if (ok) {
        out.value = std::move(builder.result);
        return out;
    }
    if (!builder.m_failMessage.isEmpty()) {
        out.error.path = builder.m_failPath;
        out.error.message = builder.m_failMessage;
        out.error.code = builder.m_failCode;
    } else {
        out.error.message = QStringLiteral("not valid JSON (%1): %2")
                                .arg(lineColumn(bytes, builder.m_syntaxByte.value_or(0)),
                                     syntaxDetail(builder.m_syntaxMessage));
        out.error.code = QString::fromLatin1(codes::jsonSyntax);
    }
    return out;
}

std::optional<Problem> readLimitedFile(const QString& path, const JsonLimits& limits, QByteArray& bytes) {
    RegularFile file;
    if (auto problem = file.open(path))
        return problem;
    Problem p{Problem::Severity::Error, path, QString(), QString(), QString()};
    // Check the size before reading so that a huge file is never pulled into memory.
    if (file.size() > limits.maxBytes) {
        p.message = tooLargeMessage(QStringLiteral("file"), file.size(), limits.maxBytes);
        p.code = QString::fromLatin1(codes::readTooLarge);
        return p;
    }
    // Never more than maxBytes + 1 bytes, whatever the file does while it is read.
    const qint64 cap = limits.maxBytes + 1;
    bytes.resize(qsizetype(std::min<qint64>(file.size() + 1, cap)));
    qint64 total = 0;
    while (total < cap) {
        if (total == bytes.size())
            bytes.resize(qsizetype(std::min<qint64>(cap, std::max<qint64>(total * 2, 4096))));
        const qint64 n = file.read(bytes.data() + total, bytes.size() - total);
        if (n < 0) {
            bytes.clear();
            p.message = QStringLiteral("cannot be read: %1").arg(file.errorString());
            p.code = QString::fromLatin1(codes::readUnreadable);
            return p;
        }
        if (n == 0)
            break;
        total += n;
    }
    bytes.resize(qsizetype(total));
    if (total > limits.maxBytes) {
        bytes.clear();
        p.message = QStringLiteral("file grew while it was read, past the limit of %1 bytes per record "
                                   "(raise it with the environment variable KIX_MAX_RECORD_BYTES)")
                        .arg(limits.maxBytes);
        p.code = QString::fromLatin1(codes::readGrew);
        return p;
    }
    return std::nullopt;
}

JsonReadResult readJsonFile(const QString& path, const JsonLimits& limits) {
    QByteArray bytes;
    if (auto problem = readLimitedFile(path, limits, bytes)) {
        JsonReadResult out;
        out.error = *problem;
        return out;
    }
    return parseJson(bytes, path, limits);
}

} // namespace kix
