#include "SourceExtensions.h"

#include "FileSuffixes.h"

#include <QStringList>
#include <cstring>

namespace kix {

namespace {

// Lowercased first rather than compared case-insensitively: Unicode case folding would make "ſ" an "s".
const SourceExtension* extensionOf(const QString& name) {
    const QString lower = name.toLower();
    const SourceExtension* best = nullptr;
    for (const SourceExtension& e : kSourceExtensions) {
        if (lower.endsWith(QLatin1String(e.suffix)) &&
            (!best || std::strlen(e.suffix) > std::strlen(best->suffix)))
            best = &e;
    }
    return best;
}

QString patterns(const char* label) {
    QStringList out;
    for (const SourceExtension& e : kSourceExtensions) {
        if (!label || std::strcmp(e.label, label) == 0)
            out << u'*' + QLatin1String(e.suffix);
    }
    return out.join(u' ');
}

} // namespace

SourceFormat formatOf(const QString& path) {
    const SourceExtension* e = extensionOf(path);
    return e ? e->format : SourceFormat::Json;
}

bool isSourceName(const QString& fileName) {
    if (fileName.toLower().endsWith(QLatin1String(kEnvelopeSuffix)))
        return false; // `kix verify` of a `kix run` folder read its own envelope as a bad catalog
    return extensionOf(fileName) != nullptr;
}

QString sourceNamePatterns() {
    return patterns(nullptr);
}

QString sourceFileFilter() {
    QStringList filters{QStringLiteral("Manifests and catalog exports (%1)").arg(sourceNamePatterns())};
    QStringList labels;
    for (const SourceExtension& e : kSourceExtensions) {
        const QString label = QLatin1String(e.label);
        if (labels.contains(label))
            continue;
        labels << label;
        filters << QStringLiteral("%1 (%2)").arg(label, patterns(e.label));
    }
    filters << QStringLiteral("All files (*)");
    return filters.join(QLatin1String(";;"));
}

} // namespace kix
