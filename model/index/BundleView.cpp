#include "BundleView.h"

#include "RejectedLinks.h"

namespace kix {

ManifestPtr bundleView(const RecordIndex& index, int rowIndex) {
    if (rowIndex < 0 || rowIndex >= index.rowCount())
        return nullptr;
    auto m = std::make_shared<Manifest>();
    const StoreRow row = index.row(rowIndex);
    if (row.kind == StoreRow::Kind::Problem) {
        const ProblemRow& p = index.problemRows()[row.index];
        m->file = p.origin.file;
        m->origins = {p.origin};
        m->problems = p.problems;
        return m;
    }
    const RunEntry& e = index.run(row.index);
    const ResourceRecord& run = *e.run->resource;
    m->file = e.file();
    for (const auto& o : e.occurrences) {
        m->origins << o.origin;
        m->isBundle = m->isBundle || !o.protocolDigest.isEmpty() || !o.environmentDigest.isEmpty() ||
                      o.origin.pointer.endsWith(QLatin1String("/run"));
    }
    m->run = resourceView(run, m->origins);
    m->runSpec = e.run->spec;
    auto view = [](const ResourceEntry* entry) -> std::optional<Resource> {
        return entry ? std::optional<Resource>(resourceView(*entry->resource, entry->origins)) : std::nullopt;
    };
    const ResourceEntry* protocol = index.protocolOf(e);
    const ResourceEntry* environment = index.environmentOf(e);
    const ResourceEntry* workload = index.workloadOf(e);
    m->protocol = view(protocol);
    m->environment = view(environment);
    m->workload = view(workload);
    m->implementation = view(index.implementationOf(e));
    m->operation = view(index.operationOf(e));
    if (protocol)
        m->protocolSpec = protocol->resource->protocol;
    if (environment)
        m->environmentSpec = environment->resource->environment;
    if (workload)
        m->workloadFacts = workload->resource->workload;
    if (const CatalogRunFacts* p = e.published()) {
        m->published = *p;
        m->publishedMeasurements = index.catalogMeasurements(p->id);
    }
    m->policy = policyFacts(index, e);
    m->checks = verifyRun(index, e);
    m->rejectedLinks = rejectedLinkNames(rejectedLinks(index, m->checks));
    m->problems = e.problems() + publishedKeyProblems(index, e);
    Json bundle = Json::object();
    bundle["run"] = m->run->json;
    if (m->protocol)
        bundle["protocol"] = m->protocol->json;
    if (m->environment)
        bundle["environment"] = m->environment->json;
    m->rawText = QByteArray::fromStdString(bundle.dump(2, ' ', false, Json::error_handler_t::replace));
    return m;
}

} // namespace kix
