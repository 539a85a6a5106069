#include "ProblemDefinitionDocument.h"

#include "JsonPath.h"
#include "ProblemDefinition.h"
#include "ResourceReader.h"
#include "WorkloadSuiteBuilder.h"

namespace kix {

bool isProblemDefinitionDocument(const Json& root) {
    if (!root.is_object())
        return false;
    const auto format = root.find("format");
    return format != root.end() && format->is_string() && format->get<std::string>() == kProblemFormat;
}

void readProblemDefinitionDocument(const Json& root, const DocumentContext& where, ParsedDocument& doc) {
    doc.bytes = where.bytes;
    ProblemDefinitionRead read = readProblemDefinition(root, where.file);
    doc.problems += read.problems;
    if (!read.definition || !read.definition->kernelIndex)
        return; // a problem file without KernelIndex's facts states no resource to build
    const ProblemDefinition& d = *read.definition;
    const Problems mismatches = checkKernelIndexDigests(d, where.file);
    doc.problems += mismatches;
    if (hasErrors(mismatches))
        return;
    const KernelIndexResources built = buildKernelIndexResources(d);
    auto add = [&](const Json& resource, const QString& pointer, const QString& path) {
        // Located at the facts the resource is built from; its size is its own, as KernelIndex would
        // receive it, not the problem file's.
        const ResourceContext at{where.file, where.line, pointer, path, qint64(resource.dump().size())};
        ReadResource r = readResource(resource, at, std::nullopt, doc.problems);
        if (r.resource)
            doc.resources.append(std::move(r.resource));
    };
    add(built.operationSpec, QStringLiteral("/kernelIndex/operation"),
        QStringLiteral("kernelIndex.operation"));
    for (int i = 0; i < built.cases.size(); ++i)
        add(built.cases[i], QStringLiteral("/workloads/%1").arg(i),
            jsonPathIndex(QStringLiteral("workloads"), i));
    add(built.suite, QStringLiteral("/kernelIndex/suite"), QStringLiteral("kernelIndex.suite"));
}

} // namespace kix
