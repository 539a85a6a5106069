#include "DocumentReader.h"

#include "FieldReader.h"
#include "JsonPath.h"
#include "ProblemDefinitionDocument.h"
#include "ProfileArtifact.h"
#include "RawSamples.h"
#include "ResourceReader.h"

namespace kix {

using namespace codes;

namespace {

ResourceContext memberContext(const DocumentContext& where, const char* member) {
    const QString name = QString::fromLatin1(member);
    return ResourceContext{where.file, where.line, where.pointer + u'/' + name, jsonPathKey(where.path, name),
                           where.bytes};
}

void keep(ReadResource&& r, ParsedDocument& doc) {
    if (!r.resource)
        return;
    if (r.run)
        doc.run = std::move(r.run);
    else
        doc.resources.append(std::move(r.resource));
}

void readBundle(const Json& root, const DocumentContext& where, ParsedDocument& doc) {
    for (const auto& item : root.items()) {
        const QString name = QString::fromStdString(item.key());
        if (name != QLatin1String("run") && name != QLatin1String("protocol") &&
            name != QLatin1String("environment"))
            doc.problems.append(makeProblem(
                Problem::Severity::Warning, resourceBundleMember, where.file, jsonPathKey(where.path, name),
                QStringLiteral("unknown member of a bundle; ignored"), where.line));
    }
    const auto runIt = root.find("run");
    if (runIt == root.end())
        doc.problems.append(makeProblem(
            Problem::Severity::Error, resourceNoRun, where.file,
            jsonPathKey(where.path, QStringLiteral("run")),
            QStringLiteral("required field is missing (expected a BenchmarkRun resource)"), where.line));
    else
        keep(readResource(*runIt, memberContext(where, "run"), ResourceKind::BenchmarkRun, doc.problems),
             doc);
    const std::pair<const char*, ResourceKind> members[] = {
        {"protocol", ResourceKind::BenchmarkProtocol}, {"environment", ResourceKind::ExecutionEnvironment}};
    for (const auto& [member, kind] : members) {
        const auto it = root.find(member);
        if (it == root.end())
            continue;
        ReadResource r = readResource(*it, memberContext(where, member), kind, doc.problems);
        if (r.resource) {
            (kind == ResourceKind::BenchmarkProtocol ? doc.bundleProtocolDigest
                                                     : doc.bundleEnvironmentDigest) = r.resource->digest;
            doc.resources.append(std::move(r.resource));
        }
    }
}

} // namespace

void readManifestDocument(const Json& root, const DocumentContext& where, ParsedDocument& doc) {
    doc.bytes = where.bytes;
    if (!root.is_object()) {
        doc.problems.append(makeProblem(
            Problem::Severity::Error, resourceNotObject, where.file, where.path,
            QStringLiteral("expected a JSON object at the top level, got %1").arg(jsonTypeName(root)),
            where.line));
    } else if (isRawSamplesDocument(root) || profile::isProfileDocument(root)) {
        // Evidence and a run's Nsight Compute profile (which has a "kind" of its own), read and verified
        // through the runs that name them (RawSamples.h, RunProfile.h): no record of their own.
    } else if (root.contains("kind")) {
        keep(readResource(root,
                          ResourceContext{where.file, where.line, where.pointer, where.path, where.bytes},
                          std::nullopt, doc.problems),
             doc);
    } else if (root.contains("run") || root.contains("protocol") || root.contains("environment")) {
        readBundle(root, where, doc);
    } else if (where.pointer.isEmpty() && isProblemDefinitionDocument(root)) {
        readProblemDefinitionDocument(root, where, doc); // a whole file of kix's own problem format
    } else {
        doc.problems.append(
            makeProblem(Problem::Severity::Error, resourceNotManifest, where.file, where.path,
                        QStringLiteral("not a kernelindex manifest: expected a bundle with \"run\", "
                                       "\"protocol\" and \"environment\", or a resource with \"kind\""),
                        where.line));
    }
}

} // namespace kix
