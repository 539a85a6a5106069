#include "RejectedLinks.h"

#include <QSet>

namespace kix {

QList<const ResourceRecord*> rejectedLinks(const RecordIndex& index, const QList<DigestCheck>& checks) {
    QList<const ResourceRecord*> out;
    QStringList todo;
    for (const DigestCheck& c : checks)
        if (c.state == DigestCheck::State::Verified)
            todo << (c.computed.isEmpty() ? c.expected : c.computed);
    QSet<QString> seen;
    for (qsizetype next = 0; next < todo.size(); ++next) { // breadth first: nearest links first
        const QString digest = todo[next];
        if (seen.contains(digest))
            continue;
        seen.insert(digest);
        const ResourceEntry* entry = index.resource(digest);
        if (!entry)
            continue;
        if (!entry->resource->acceptedUpstream())
            out << entry->resource.get();
        for (const Reference& ref : entry->resource->references.names)
            todo << ref.digest;
    }
    return out;
}

QStringList rejectedLinkNames(const QList<const ResourceRecord*>& rejected) {
    QStringList names;
    names.reserve(rejected.size());
    for (const ResourceRecord* r : rejected)
        names << kindName(r->kind) + u' ' + r->name;
    return names;
}

QString rejectedLinksPhrase(const QStringList& names, const std::function<QString(const QString&)>& name) {
    if (names.isEmpty())
        return {};
    return QStringLiteral("it links %1, which KernelIndex would reject%2")
        .arg(name(names.first()),
             names.size() > 1 ? QStringLiteral(", and %1 more").arg(names.size() - 1) : QString());
}

} // namespace kix
