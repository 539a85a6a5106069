#include "GpuBandwidth.h"

#include "FieldReader.h"
#include "JsonReader.h"

#include <QFile>
#include <QRegularExpression>
#include <cmath>

namespace kix {

namespace {

QString normalized(const QString& name) {
    static const QRegularExpression spaces(QStringLiteral("\\s+"));
    return name.trimmed().toCaseFolded().replace(spaces, QStringLiteral(" "));
}

QStringList strings(const Json* array, const QString& path, const QString& file, Problems& problems) {
    QStringList out;
    if (!array)
        return out;
    for (std::size_t i = 0; i < array->size(); ++i) {
        if ((*array)[i].is_string())
            out << QString::fromStdString((*array)[i].get<std::string>());
        else
            problems.append({Problem::Severity::Error, file, QStringLiteral("%1[%2]").arg(path).arg(i),
                             QStringLiteral("expected a string"), QString()});
    }
    return out;
}

} // namespace

GpuBandwidthTable GpuBandwidthTable::parse(const QByteArray& bytes, const QString& source,
                                           Problems& problems) {
    GpuBandwidthTable table;
    const JsonReadResult read = parseJson(bytes, source);
    if (!read.value) {
        problems.append(read.error);
        return table;
    }
    FieldReader root(&*read.value, QString(), source, problems);
    const Json* gpus = root.array("gpus", FieldReader::Required);
    if (!gpus)
        return table;
    for (std::size_t i = 0; i < gpus->size(); ++i) {
        const QString path = QStringLiteral("gpus[%1]").arg(i);
        const qsizetype before = problems.size();
        FieldReader entry(&(*gpus)[i], path, source, problems);
        if (!entry.valid()) {
            entry.error(path, QStringLiteral("expected an object"));
            continue;
        }
        GpuMemorySpec g;
        g.product = entry.string("product", FieldReader::Required).value_or(QString());
        g.vendor = entry.string("vendor").value_or(QString());
        g.memory = entry.string("memory").value_or(QString());
        g.note = entry.string("note").value_or(QString());
        g.aliases =
            strings(entry.array("aliases"), entry.pathOf(QStringLiteral("aliases")), source, problems);
        g.sources = strings(entry.array("sources", FieldReader::Required),
                            entry.pathOf(QStringLiteral("sources")), source, problems);
        const auto bw = entry.nonNegative("peakMemoryBandwidthGBps", FieldReader::Required, "GB/s");
        if (bw && *bw <= 0)
            entry.error(entry.pathOf(QStringLiteral("peakMemoryBandwidthGBps")),
                        QStringLiteral("must be above zero"));
        g.peakBandwidthGBps = bw.value_or(0);
        if (g.sources.isEmpty() && problems.size() == before)
            entry.error(entry.pathOf(QStringLiteral("sources")), QStringLiteral("name at least one source"));
        FieldReader cache = entry.object("lastLevelCache");
        if (cache.valid()) {
            g.cacheName = cache.string("name", FieldReader::Required).value_or(QString());
            g.cacheBytes = cache.nonNegative("bytes", FieldReader::Required, "bytes");
        }
        if (problems.size() == before && g.peakBandwidthGBps > 0)
            table.m_gpus.append(g);
    }
    return table;
}

const GpuBandwidthTable& GpuBandwidthTable::bundled(QString* error) {
    static const QString kPath = QStringLiteral(":/kix/data/gpu-memory-bandwidth.json");
    static QString loadError;
    static const GpuBandwidthTable table = [] {
        QFile f(kPath);
        if (!f.open(QIODevice::ReadOnly)) {
            loadError = QStringLiteral("%1: not found (the program must call kixInitResources())").arg(kPath);
            return GpuBandwidthTable();
        }
        Problems problems;
        GpuBandwidthTable t = parse(f.readAll(), kPath, problems);
        if (!problems.isEmpty())
            loadError = problems.first().toString();
        return t;
    }();
    if (error)
        *error = loadError;
    return table;
}

const GpuMemorySpec* GpuBandwidthTable::find(const QString& product) const {
    const QString wanted = normalized(product);
    if (wanted.isEmpty())
        return nullptr;
    for (const GpuMemorySpec& g : m_gpus) {
        if (normalized(g.product) == wanted)
            return &g;
        for (const QString& a : g.aliases)
            if (normalized(a) == wanted)
                return &g;
    }
    return nullptr;
}

std::optional<GpuMemorySpec> gpuFromEnvironment(const Json& environment, const GpuBandwidthTable& table,
                                                QString& why) {
    const Json* spec =
        environment.is_object() && environment.contains("spec") ? &environment["spec"] : &environment;
    const Json* hardware = spec->is_object() && spec->contains("hardware") && (*spec)["hardware"].is_object()
                               ? &(*spec)["hardware"]
                               : nullptr;
    if (!hardware || !hardware->contains("product") || !(*hardware)["product"].is_string()) {
        why = QStringLiteral("the environment names no GPU product (spec.hardware.product)");
        return std::nullopt;
    }
    const QString product = QString::fromStdString((*hardware)["product"].get<std::string>());
    const GpuMemorySpec* known = table.find(product);
    if (!known) {
        why = QStringLiteral(
                  "the GPU \"%1\" is not in kix's bandwidth table (resources/data/gpu-memory-bandwidth.json)")
                  .arg(product);
        return std::nullopt;
    }
    GpuMemorySpec g = *known;
    if (hardware->contains("l2CacheBytes") && (*hardware)["l2CacheBytes"].is_number()) {
        const double bytes = (*hardware)["l2CacheBytes"].get<double>();
        // Only for an L2 last-level cache: an AMD GPU's Infinity Cache is larger than the L2 it would record.
        if (std::isfinite(bytes) && bytes > 0 && (g.cacheName == QLatin1String("L2") || !g.cacheBytes)) {
            g.cacheBytes = bytes;
            g.cacheName = QStringLiteral("L2");
            g.cacheSource = QStringLiteral("the environment's l2CacheBytes");
        }
    }
    return g;
}

} // namespace kix
