#include "Manifest.h"

#include "JsonPath.h"

#include <QStringList>
#include <algorithm>

namespace kix {

namespace {
// "/row/manifest/run" -> "row.manifest.run": Resource::jsonPath keeps the dotted form problems use.
QString dottedPath(const QString& pointer) {
    QString dotted;
    for (const QString& key : pointer.split(u'/', Qt::SkipEmptyParts))
        dotted = jsonPathKey(dotted, key);
    return dotted;
}
} // namespace

Resource resourceView(const ResourceRecord& r, const QList<Origin>& origins) {
    Resource v;
    v.kind = r.kind;
    v.jsonPath = dottedPath(r.origin.pointer);
    v.name = r.name;
    v.title = r.title;
    v.digest = r.digest;
    v.writtenDigest = r.writtenDigest;
    v.normalization = r.normalization;
    v.origin = r.origin;
    v.origins = origins.isEmpty() ? QList<Origin>{r.origin} : origins;
    v.json = r.json();
    v.problems = r.problems;
    return v;
}

namespace {

// KernelIndex titles read "implementation · benchmark · GPU": the part before the first " · ", looked
// for in the first 4,096 characters only. Views ask for this label per row and drawn point, and a
// 15 MiB title split whole each time froze them.
QString implementationOfTitle(const QString& title) {
    const QStringView head = QStringView(title).left(4096);
    const qsizetype dot = head.indexOf(QStringLiteral(" · "));
    return (dot < 0 ? head : head.left(dot)).trimmed().toString();
}

} // namespace

QString implementationLabel(const RunRecord& run) {
    if (!run.spec.implementationName.isEmpty())
        return run.spec.implementationName;
    if (!run.resource->title.isEmpty())
        return implementationOfTitle(run.resource->title);
    return run.resource->name;
}

bool Manifest::acceptedUpstream() const {
    return rejectedLinks.isEmpty() && std::none_of(problems.begin(), problems.end(), [](const Problem& p) {
               return p.isError() || isUpstreamFinding(p);
           });
}

QList<const Resource*> Manifest::resources() const {
    QList<const Resource*> out;
    for (const auto* r : {&run, &protocol, &environment})
        if (r->has_value())
            out << &**r;
    for (const auto& r : supporting)
        out << &r;
    return out;
}

QString Manifest::title() const {
    for (const auto* r : {&run, &protocol, &environment})
        if (r->has_value() && !(*r)->title.isEmpty())
            return (*r)->title;
    if (!supporting.isEmpty())
        return supporting.first().title.isEmpty() ? supporting.first().name : supporting.first().title;
    return run ? run->name : QString();
}

QString Manifest::implementationLabel() const {
    if (!runSpec.implementationName.isEmpty())
        return runSpec.implementationName;
    if (run && !run->title.isEmpty())
        return implementationOfTitle(run->title);
    return run ? run->name : QString();
}

QString Manifest::gpuLabel() const {
    return environmentSpec.product;
}

QString Manifest::benchmarkLabel() const {
    return runSpec.benchmark;
}

namespace {
void flattenInto(const Json& v, const QString& path, Pairs& out) {
    if (v.is_object() && !v.empty()) {
        for (const auto& [k, e] : v.items())
            flattenInto(e, jsonPathKey(path, QString::fromStdString(k)), out);
    } else if (v.is_string()) {
        out.append({path, QString::fromStdString(v.get<std::string>())});
    } else {
        out.append({path, QString::fromStdString(v.dump())});
    }
}
} // namespace

Pairs flattenedFields(const Json& value, const QString& path) {
    Pairs out;
    flattenInto(value, path, out);
    return out;
}

} // namespace kix
