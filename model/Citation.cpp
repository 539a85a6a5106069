#include "Citation.h"

#include "Format.h"

#include <QRegularExpression>
#include <QStringList>

namespace kix {

std::optional<CitationFormat> citationFormatFromName(const QString& name) {
    const QString n = name.toLower();
    if (n == QLatin1String("bibtex"))
        return CitationFormat::BibTeX;
    if (n == QLatin1String("cff"))
        return CitationFormat::Cff;
    if (n == QLatin1String("text"))
        return CitationFormat::Text;
    return std::nullopt;
}

QString citationFormatName(CitationFormat format) {
    switch (format) {
    case CitationFormat::BibTeX:
        return QStringLiteral("bibtex");
    case CitationFormat::Cff:
        return QStringLiteral("cff");
    case CitationFormat::Text:
        return QStringLiteral("text");
    }
    return {};
}

QString manifestPermalink(const Manifest& m) {
    if (!m.run)
        return {};
    const Json& meta = m.run->json.value("metadata", Json::object());
    if (meta.contains("annotations") && meta["annotations"].is_object()) {
        const auto& ann = meta["annotations"];
        if (ann.contains("kernelindex.dev/permalink") && ann["kernelindex.dev/permalink"].is_string())
            return QString::fromStdString(ann["kernelindex.dev/permalink"].get<std::string>());
    }
    if (meta.contains("url") && meta["url"].is_string())
        return QString::fromStdString(meta["url"].get<std::string>());
    return {};
}

namespace {

struct Facts {
    QString title, author, year, observed, digest, url, accessed, summary, key;
};

Facts factsOf(const Manifest& m, const CitationOptions& o) {
    Facts f;
    f.title = m.title().isEmpty() ? m.run->name : m.title();
    f.author = m.implementationLabel().isEmpty() ? QStringLiteral("unknown") : m.implementationLabel();
    f.observed = m.runSpec.observedAt.left(10);
    f.year = m.runSpec.observedAt.left(4);
    f.digest = m.run->digest;
    f.url = o.url.isEmpty() ? manifestPermalink(m) : o.url;
    f.accessed = o.accessed.toString(Qt::ISODate);
    QStringList parts;
    if (!m.runSpec.benchmark.isEmpty())
        parts << m.runSpec.benchmark;
    if (!m.gpuLabel().isEmpty())
        parts << m.gpuLabel();
    if (const auto lat = m.runSpec.primaryLatencyNs())
        parts << QStringLiteral("%1 latency %2").arg(m.runSpec.primaryStatistic, formatLatency(lat));
    f.summary = parts.join(QStringLiteral(", "));
    QString slug = f.author.toLower();
    slug.replace(QRegularExpression(QStringLiteral("[^a-z0-9]+")), QStringLiteral("_"));
    slug = slug.left(24);
    f.key = QStringLiteral("kix_%1_%2_%3").arg(slug, f.year, f.digest.mid(7, 8));
    return f;
}

// BibTeX: braces must balance and the specials be escaped; manifest text is untrusted.
QString bibEscape(QString s) {
    static const QList<QPair<QString, QString>> table = {
        {QStringLiteral("\\"), QStringLiteral("\\textbackslash{}")},
        {QStringLiteral("{"), QStringLiteral("\\{")},
        {QStringLiteral("}"), QStringLiteral("\\}")},
        {QStringLiteral("&"), QStringLiteral("\\&")},
        {QStringLiteral("%"), QStringLiteral("\\%")},
        {QStringLiteral("$"), QStringLiteral("\\$")},
        {QStringLiteral("#"), QStringLiteral("\\#")},
        {QStringLiteral("_"), QStringLiteral("\\_")},
        {QStringLiteral("^"), QStringLiteral("\\^{}")},
        {QStringLiteral("~"), QStringLiteral("\\~{}")}};
    QString out;
    for (QChar c : s) {
        bool replaced = false;
        for (const auto& [from, to] : table) {
            if (from == c) {
                out += to;
                replaced = true;
                break;
            }
        }
        if (!replaced)
            out += c;
    }
    return out;
}

QString yamlQuote(QString s) {
    s.replace(u'\\', QStringLiteral("\\\\"))
        .replace(u'"', QStringLiteral("\\\""))
        .replace(u'\n', QStringLiteral("\\n"));
    return u'"' + s + u'"';
}

QString bibtex(const Facts& f) {
    QStringList fields;
    fields << QStringLiteral("  title        = {%1}").arg(bibEscape(f.title));
    fields << QStringLiteral("  author       = {{%1}}").arg(bibEscape(f.author));
    if (!f.year.isEmpty())
        fields << QStringLiteral("  year         = {%1}").arg(f.year);
    if (!f.url.isEmpty()) {
        fields << QStringLiteral("  howpublished = {\\url{%1}}").arg(f.url);
        fields << QStringLiteral("  url          = {%1}").arg(f.url);
    } else {
        fields << QStringLiteral("  howpublished = {kernelindex.dev/v1alpha1 run manifest}");
    }
    fields << QStringLiteral("  note         = {%1. Run digest %2. Accessed %3}")
                  .arg(bibEscape(f.summary), f.digest, f.accessed);
    return QStringLiteral("@misc{%1,\n%2\n}\n").arg(f.key, fields.join(QStringLiteral(",\n")));
}

QString cff(const Facts& f) {
    QString s;
    s += QStringLiteral("cff-version: 1.2.0\n");
    s += QStringLiteral("message: \"If you use this benchmark result, please cite it as below.\"\n");
    s += QStringLiteral("type: dataset\n");
    s += QStringLiteral("title: %1\n").arg(yamlQuote(f.title));
    s += QStringLiteral("authors:\n  - name: %1\n").arg(yamlQuote(f.author));
    if (!f.observed.isEmpty())
        s += QStringLiteral("date-released: %1\n").arg(f.observed);
    if (!f.url.isEmpty())
        s += QStringLiteral("url: %1\n").arg(yamlQuote(f.url));
    s += QStringLiteral(
             "identifiers:\n  - type: other\n    value: %1\n    description: \"kernelindex.dev/v1alpha1 "
             "run digest (SHA-256 of the RFC 8785 form)\"\n")
             .arg(yamlQuote(f.digest));
    s += QStringLiteral("abstract: %1\n")
             .arg(yamlQuote(f.summary + QStringLiteral(". Accessed ") + f.accessed + u'.'));
    return s;
}

QString text(const Facts& f) {
    QString s = QStringLiteral("%1. \"%2\"").arg(f.author, f.title);
    if (!f.summary.isEmpty())
        s += QStringLiteral(". %1").arg(f.summary);
    if (!f.observed.isEmpty())
        s += QStringLiteral(", observed %1").arg(f.observed);
    s += QStringLiteral(". %1.").arg(f.digest);
    if (!f.url.isEmpty())
        s += QStringLiteral(" %1.").arg(f.url);
    s += QStringLiteral(" Accessed %1.\n").arg(f.accessed);
    return s;
}

} // namespace

QString cite(const Manifest& m, CitationFormat format, const CitationOptions& options) {
    if (!m.hasRun())
        return {};
    const Facts f = factsOf(m, options);
    switch (format) {
    case CitationFormat::BibTeX:
        return bibtex(f);
    case CitationFormat::Cff:
        return cff(f);
    case CitationFormat::Text:
        return text(f);
    }
    return {};
}

} // namespace kix
