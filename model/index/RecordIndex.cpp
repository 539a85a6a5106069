#include "RecordIndex.h"

#include "Digest.h"

#include <algorithm>

namespace kix {

using namespace codes;

namespace {

// A warning on `occurrence` when an earlier place that read the same run had a different protocol or
// environment beside it (the first such place only).
void noteBundleConflict(const QList<RunOccurrence>& earlierOnes, RunOccurrence& occurrence,
                        const QString& digest) {
    for (const auto& earlier : earlierOnes) {
        const bool protocolDiffers = !earlier.protocolDigest.isEmpty() &&
                                     !occurrence.protocolDigest.isEmpty() &&
                                     earlier.protocolDigest != occurrence.protocolDigest;
        const bool environmentDiffers = !earlier.environmentDigest.isEmpty() &&
                                        !occurrence.environmentDigest.isEmpty() &&
                                        earlier.environmentDigest != occurrence.environmentDigest;
        if (protocolDiffers || environmentDiffers) {
            occurrence.problems.append(makeProblem(
                Problem::Severity::Warning, resourceConflict, occurrence.origin.file, QString(),
                QStringLiteral("the same run (%1) is also in %2 with a different %3 beside it")
                    .arg(shortDigest(digest), earlier.origin.toString(),
                         protocolDiffers ? QStringLiteral("protocol") : QStringLiteral("environment")),
                occurrence.origin.line));
            return;
        }
    }
}

} // namespace

Problems RunEntry::problems() const {
    Problems out;
    for (const auto& o : occurrences)
        out += o.problems;
    return out;
}

bool RunEntry::hasErrors() const {
    return std::ranges::any_of(occurrences, [](const auto& o) { return kix::hasErrors(o.problems); });
}

const CatalogRunFacts* RunEntry::published() const {
    for (const auto& o : occurrences)
        if (o.published)
            return &*o.published;
    return nullptr;
}

SourceSummary& RecordIndex::summary(const QString& file) {
    auto it = m_sources.find(file);
    if (it == m_sources.end()) {
        it = m_sources.insert(file, SourceSummary{});
        it->file = file;
    }
    return *it;
}

void RecordIndex::addResource(const ResourcePtr& r, const std::optional<CatalogResourceFacts>& published) {
    auto it = m_resources.find(r->digest);
    if (it == m_resources.end()) {
        it = m_resources.insert(r->digest, ResourceEntry{r, {r->origin}, published});
        m_kindCounts[int(r->kind)] += 1;
        if (r->normalized())
            m_writtenDigests.insert(r->writtenDigest, r->digest);
    } else {
        it->origins.append(r->origin);
        if (published && !it->published)
            it->published = published;
    }
    if (published && !published->id.isEmpty())
        m_byCatalogId.insert(published->id, r->digest);
}

int RecordIndex::add(ParsedDocument doc) {
    m_lastMerged = -1;
    SourceSummary& s = summary(doc.origin.file);
    ++s.documents;
    if (!doc.table.isEmpty())
        ++s.tables[doc.table];
    for (const Problem& p : doc.problems)
        ++(p.isError() ? s.errors : s.warnings);
    for (int i = 0; i < doc.resources.size(); ++i) {
        addResource(doc.resources[i], i == 0 ? doc.publishedResource : std::nullopt);
        ++s.resources;
    }
    if (doc.measurement) {
        m_measurements[doc.measurement->runId].append(doc.measurement->measurement);
        ++s.measurements;
    }
    if (!doc.run)
        return doc.isProblemRow() ? addProblemRow(doc) : -1;
    ++s.runs;
    addResource(doc.run->resource, std::nullopt);
    RunOccurrence occurrence{doc.run->resource->origin, doc.bundleProtocolDigest, doc.bundleEnvironmentDigest,
                             doc.publishedRun, doc.problems};
    if (doc.publishedRun && !doc.publishedRun->supersedesId.isEmpty())
        m_superseded.insert(doc.publishedRun->supersedesId);
    const QString& digest = doc.run->digest();
    if (const auto it = m_runByDigest.constFind(digest); it != m_runByDigest.constEnd()) {
        RunEntry& entry = m_runs[*it];
        noteBundleConflict(entry.occurrences, occurrence, digest);
        if (occurrence.published && !occurrence.published->id.isEmpty())
            m_runByCatalogId.insert(occurrence.published->id, *it);
        entry.occurrences.append(std::move(occurrence));
        m_lastMerged = *it;
        return -1;
    }
    const int runIndex = int(m_runs.size());
    if (occurrence.published && !occurrence.published->id.isEmpty())
        m_runByCatalogId.insert(occurrence.published->id, runIndex);
    m_runs.append(RunEntry{doc.run, {std::move(occurrence)}});
    m_runByDigest.insert(digest, runIndex);
    m_rows.append(StoreRow{StoreRow::Kind::Run, runIndex});
    m_rowOfRun.append(int(m_rows.size()) - 1);
    return int(m_rows.size()) - 1;
}

int RecordIndex::addProblemRow(const ParsedDocument& doc) {
    // The same input read again with the same problems (a folder opened twice) stays one row.
    QString key = doc.origin.file + u'\n' + QString::number(doc.origin.line);
    for (const Problem& p : doc.problems)
        key += u'\n' + p.toString();
    if (m_problemKeys.contains(key))
        return -1;
    m_problemKeys.insert(key);
    m_problemRows.append(ProblemRow{doc.origin, doc.table, doc.problems});
    m_rows.append(StoreRow{StoreRow::Kind::Problem, int(m_problemRows.size()) - 1});
    return int(m_rows.size()) - 1;
}

int RecordIndex::addProblem(const Problem& problem) {
    ParsedDocument doc;
    doc.origin = Origin{problem.file, problem.line, QString()};
    doc.problems.append(problem);
    return add(std::move(doc));
}

int RecordIndex::rowOfFile(const QString& file) const {
    for (int r = 0; r < m_rows.size(); ++r) {
        const StoreRow& row = m_rows[r];
        if (row.kind == StoreRow::Kind::Run) {
            for (const auto& o : m_runs[row.index].occurrences)
                if (o.origin.file == file)
                    return r;
        } else if (m_problemRows[row.index].origin.file == file) {
            return r;
        }
    }
    return -1;
}

const ResourceEntry* RecordIndex::resource(const QString& digest) const {
    const auto it = m_resources.constFind(digest);
    return it == m_resources.constEnd() ? nullptr : &*it;
}

const ResourceEntry* RecordIndex::resourceWrittenAs(const QString& digest) const {
    const auto it = m_writtenDigests.constFind(digest);
    return it == m_writtenDigests.constEnd() ? nullptr : resource(*it);
}

const ResourceEntry* RecordIndex::resourceByCatalogId(const QString& id) const {
    const auto it = m_byCatalogId.constFind(id);
    return it == m_byCatalogId.constEnd() ? nullptr : resource(*it);
}

namespace {
const ResourceEntry* ofKind(const ResourceEntry* e, std::initializer_list<ResourceKind> kinds) {
    if (!e)
        return nullptr;
    for (ResourceKind k : kinds)
        if (e->resource->kind == k)
            return e;
    return nullptr;
}
} // namespace

const ResourceEntry* RecordIndex::protocolOf(const RunEntry& e) const {
    for (const auto& o : e.occurrences)
        if (!o.protocolDigest.isEmpty())
            return resource(o.protocolDigest);
    return ofKind(resource(e.run->spec.protocolDigest), {ResourceKind::BenchmarkProtocol});
}

const ResourceEntry* RecordIndex::environmentOf(const RunEntry& e) const {
    for (const auto& o : e.occurrences)
        if (!o.environmentDigest.isEmpty())
            return resource(o.environmentDigest);
    return ofKind(resource(e.run->spec.environmentDigest), {ResourceKind::ExecutionEnvironment});
}

const ResourceEntry* RecordIndex::workloadOf(const RunEntry& e) const {
    if (const auto* w = ofKind(resource(e.run->spec.workloadDigest),
                               {ResourceKind::WorkloadSuite, ResourceKind::WorkloadCase}))
        return w;
    if (const CatalogRunFacts* p = e.published())
        return ofKind(resourceByCatalogId(p->workloadId),
                      {ResourceKind::WorkloadSuite, ResourceKind::WorkloadCase});
    return nullptr;
}

const ResourceEntry* RecordIndex::implementationOf(const RunEntry& e) const {
    if (const auto* i =
            ofKind(resource(e.run->spec.implementationDigest), {ResourceKind::ImplementationRevision}))
        return i;
    if (const CatalogRunFacts* p = e.published())
        return ofKind(resourceByCatalogId(p->implementationId), {ResourceKind::ImplementationRevision});
    return nullptr;
}

const ResourceEntry* RecordIndex::operationOf(const RunEntry& e) const {
    const ResourceEntry* w = workloadOf(e);
    return w ? ofKind(resource(w->resource->workload.operationDigest), {ResourceKind::OperationSpec})
             : nullptr;
}

} // namespace kix
