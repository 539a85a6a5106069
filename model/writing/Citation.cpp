#include "Citation.h"

#include "CitationEscape.h"
#include "Format.h"
#include "ResourceKind.h"
#include "TextSanitizer.h"

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

// Every field but `accessed` comes from the manifest (or --url) and is untrusted.
struct Facts {
    QString title, author, year, observed, digest, url, accessed, summary, key;
};

bool isIsoDate(const QString& s) {
    static const QRegularExpression re(QStringLiteral("^[0-9]{4}-[0-9]{2}-[0-9]{2}$"));
    return re.match(s).hasMatch() && QDate::fromString(s, Qt::ISODate).isValid();
}

Facts factsOf(const Manifest& m, const CitationOptions& o) {
    Facts f;
    f.title = m.title().isEmpty() ? m.run->name : m.title();
    f.author = m.implementationLabel().isEmpty() ? QStringLiteral("unknown") : m.implementationLabel();
    // A date that is not one (a crafted observedAt) is left out rather than written as YAML or BibTeX.
    const QString observed = m.runSpec.observedAt.left(10);
    if (isIsoDate(observed)) {
        f.observed = observed;
        f.year = observed.left(4);
    }
    f.digest = m.run->digest;
    const QString url = o.url.isEmpty() ? manifestPermalink(m) : o.url;
    f.url = url.isEmpty() ? QString() : citationUrl(url);
    f.accessed = o.accessed.toString(Qt::ISODate);
    QStringList parts;
    if (!m.runSpec.benchmark.isEmpty())
        parts << m.runSpec.benchmark;
    if (!m.gpuLabel().isEmpty())
        parts << m.gpuLabel();
    if (const auto lat = m.runSpec.primaryLatencyNs())
        parts << QStringLiteral("%1 latency %2").arg(m.runSpec.primaryStatistic, formatLatency(lat));
    f.summary = parts.join(QStringLiteral(", "));
    // The key is an identifier: only [a-z0-9_] from the author and hex from the digest.
    QString slug = f.author.toLower();
    slug.replace(QRegularExpression(QStringLiteral("[^a-z0-9]+")), QStringLiteral("_"));
    slug = slug.left(24);
    QString digestPart = f.digest.mid(7, 8);
    digestPart.remove(QRegularExpression(QStringLiteral("[^0-9a-f]")));
    f.key = QStringLiteral("kix_%1_%2_%3").arg(slug, f.year, digestPart);
    return f;
}

QString bibtex(const Facts& f) {
    QStringList fields;
    fields << QStringLiteral("  title        = {%1}").arg(bibtexValue(f.title));
    fields << QStringLiteral("  author       = {{%1}}").arg(bibtexValue(f.author));
    if (!f.year.isEmpty())
        fields << QStringLiteral("  year         = {%1}").arg(f.year);
    if (!f.url.isEmpty()) {
        fields << QStringLiteral("  howpublished = {\\url{%1}}").arg(f.url);
        fields << QStringLiteral("  url          = {%1}").arg(f.url);
    } else {
        fields << QStringLiteral("  howpublished = {%1 run manifest}").arg(QLatin1String(kApiVersion));
    }
    fields << QStringLiteral("  note         = {%1. Run digest %2. Accessed %3}")
                  .arg(bibtexValue(f.summary), bibtexValue(f.digest), f.accessed);
    return QStringLiteral("@misc{%1,\n%2\n}\n").arg(f.key, fields.join(QStringLiteral(",\n")));
}

QString cff(const Facts& f) {
    QString s;
    s += QStringLiteral("cff-version: 1.2.0\n");
    s += QStringLiteral("message: \"If you use this benchmark result, please cite it as below.\"\n");
    s += QStringLiteral("type: dataset\n");
    s += QStringLiteral("title: %1\n").arg(yamlQuoted(f.title));
    s += QStringLiteral("authors:\n  - name: %1\n").arg(yamlQuoted(f.author));
    if (!f.observed.isEmpty())
        s += QStringLiteral("date-released: %1\n").arg(f.observed);
    if (!f.url.isEmpty())
        s += QStringLiteral("url: %1\n").arg(yamlQuoted(f.url));
    s += QStringLiteral("identifiers:\n  - type: other\n    value: %1\n    description: \"%2 run digest "
                        "(SHA-256 of the RFC 8785 form)\"\n")
             .arg(yamlQuoted(f.digest), QLatin1String(kApiVersion));
    s += QStringLiteral("abstract: %1\n")
             .arg(yamlQuoted(f.summary + QStringLiteral(". Accessed ") + f.accessed + u'.'));
    return s;
}

// Plain text goes to a terminal or a text box: untrusted fields are sanitized, none elided.
QString text(const Facts& f) {
    auto shown = [](const QString& s) { return sanitizeText(s, {TextShape::Line, kNoCap}); };
    QString s = QStringLiteral("%1. \"%2\"").arg(shown(f.author), shown(f.title));
    if (!f.summary.isEmpty())
        s += QStringLiteral(". %1").arg(shown(f.summary));
    if (!f.observed.isEmpty())
        s += QStringLiteral(", observed %1").arg(f.observed);
    s += QStringLiteral(". %1.").arg(shown(f.digest));
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
