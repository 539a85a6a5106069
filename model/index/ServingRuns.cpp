#include "ServingRuns.h"

#include <QHash>
#include <QSet>
#include <algorithm>

namespace kix {

namespace {

// The title of a resource the run names, else the start of its digest.
QString namedLabel(const RecordIndex& index, const QString& digest) {
    if (const ResourceEntry* r = index.resource(digest))
        return r->resource->label();
    return digest.isEmpty() ? QStringLiteral("(not named)") : digest.left(19);
}

QString cohortLabel(const RecordIndex& index, const ServingRunFacts& f) {
    QStringList parts{namedLabel(index, f.workloadDigest), namedLabel(index, f.modelDigest)};
    QString hardware = f.accelerator.isEmpty() ? QStringLiteral("(accelerator unknown)") : f.accelerator;
    if (f.accelerators)
        hardware += QStringLiteral(" × %1").arg(*f.accelerators);
    parts << hardware << (f.primary ? f.primary->metric : QStringLiteral("no measurement"));
    return parts.join(QStringLiteral(" · "));
}

ServingRunEntry entryOf(const ResourceEntry& r, const QSet<QString>& superseded) {
    const ServingRunFacts& f = r.resource->serving;
    ServingRunEntry e;
    e.entry = &r;
    const CatalogResourceFacts* row = r.published ? &*r.published : nullptr;
    e.catalogId = row ? row->id : QString();
    if (f.status != QLatin1String("valid"))
        e.ineligible
            << QStringLiteral("status is %1").arg(f.status.isEmpty() ? QStringLiteral("missing") : f.status);
    if (row && !row->retractedAt.isEmpty())
        e.ineligible << QStringLiteral("retracted");
    if (!e.catalogId.isEmpty() && superseded.contains(e.catalogId))
        e.ineligible << QStringLiteral("superseded");
    if (!f.primary)
        e.ineligible << QStringLiteral("no measurement");
    return e;
}

} // namespace

QString ServingRunEntry::valueLabel() const {
    const ServingRunFacts& f = facts();
    if (!f.primary)
        return QStringLiteral("—");
    return QStringLiteral("%1 %2 (%3, %4)")
        .arg(QString::number(f.primary->value, 'g', 10), f.primary->unit, f.primary->metric,
             f.primary->statistic);
}

int ServingCohort::eligibleCount() const {
    return int(
        std::count_if(runs.begin(), runs.end(), [](const ServingRunEntry& r) { return r.eligible(); }));
}

QList<ServingCohort> servingCohorts(const RecordIndex& index) {
    QSet<QString> superseded;
    for (const ResourceEntry& r : index.resources())
        if (r.resource->kind == ResourceKind::ServingRun && r.published &&
            !r.published->supersedesId.isEmpty())
            superseded.insert(r.published->supersedesId);
    QHash<QString, qsizetype> byKey;
    QList<ServingCohort> out;
    for (const ResourceEntry& r : index.resources()) {
        if (r.resource->kind != ResourceKind::ServingRun)
            continue;
        const ServingRunFacts& f = r.resource->serving;
        const ServingRunEntry e = entryOf(r, superseded);
        const CatalogResourceFacts* row = r.published ? &*r.published : nullptr;
        const bool published = row && !row->cohortKey.isEmpty();
        const QString key = published ? row->cohortKey : QStringLiteral("kix:") + f.cohortFacts();
        auto it = byKey.constFind(key);
        if (it == byKey.constEnd()) {
            it = byKey.insert(key, out.size());
            out.append(ServingCohort{key, published, cohortLabel(index, f), {}});
        }
        out[*it].runs.append(e);
    }
    for (ServingCohort& c : out)
        std::sort(c.runs.begin(), c.runs.end(), [](const ServingRunEntry& a, const ServingRunEntry& b) {
            return std::pair(a.facts().observedAt, a.entry->resource->name) <
                   std::pair(b.facts().observedAt, b.entry->resource->name);
        });
    std::sort(out.begin(), out.end(), [](const ServingCohort& a, const ServingCohort& b) {
        return std::pair(a.label, a.key) < std::pair(b.label, b.key);
    });
    return out;
}

} // namespace kix
