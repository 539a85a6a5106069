#include "Verification.h"

#include "Digest.h"
#include "Policy.h"

#include <QStringList>

namespace kix {

QString stateName(DigestCheck::State state) {
    switch (state) {
    case DigestCheck::State::Verified:
        return QStringLiteral("verified");
    case DigestCheck::State::Mismatch:
        return QStringLiteral("mismatch");
    case DigestCheck::State::NotVerifiable:
        return QStringLiteral("not verifiable");
    }
    return {};
}

bool DigestCheck::published() const {
    return field.startsWith(QLatin1String("published "));
}

namespace {

using State = DigestCheck::State;

QString where(const Origin& o, const Origin& run) {
    if (o.sameDocument(run))
        return QStringLiteral("%1 in this %2")
            .arg(o.pointer.isEmpty() ? QStringLiteral("the resource") : o.pointer,
                 o.line > 0 ? QStringLiteral("line") : QStringLiteral("file"));
    return o.toString();
}

QString normalizationNote(const ResourceRecord& r) {
    return QStringLiteral(" after KernelIndex's normalization (%1)")
        .arg(r.normalization.join(QStringLiteral("; ")));
}

DigestCheck verified(DigestCheck c, const ResourceEntry& e, const Origin& run) {
    const ResourceRecord& r = *e.resource;
    c.state = State::Verified;
    c.computed = r.digest;
    c.kind = kindName(r.kind);
    c.afterNormalization = r.normalized();
    c.reason = QStringLiteral("recomputed from the %1 at %2").arg(c.kind, where(r.origin, run));
    if (c.afterNormalization)
        c.reason += normalizationNote(r);
    return c;
}

DigestCheck mismatch(DigestCheck c, const ResourceRecord& r, const Origin& run, const QString& why) {
    c.state = State::Mismatch;
    c.computed = r.digest;
    c.reason = QStringLiteral("the %1 at %2 %3").arg(kindName(r.kind), where(r.origin, run), why);
    return c;
}

bool kindOk(ResourceKind k, const QList<ResourceKind>& kinds) {
    return kinds.contains(k);
}

// A declared digest: the resource beside the run in its bundle decides; else any loaded resource with this
// digest; else one known to be the named resource by a catalog id; else one whose unnormalized form has it.
DigestCheck checkDeclared(const RecordIndex& index, const RunEntry& e, const QString& field,
                          const QString& expected, const QList<ResourceKind>& kinds,
                          const QString& bundleDigest, const QString& catalogId) {
    DigestCheck c;
    c.field = field;
    c.kind = kindName(kinds.first());
    if (kinds.size() > 1)
        c.kind += QStringLiteral(" or ") + kindName(kinds[1]);
    c.expected = expected;
    const Origin& runOrigin = e.run->resource->origin;
    if (classifyDigest(expected) == DigestForm::OtherScheme) {
        c.reason =
            QStringLiteral("digest scheme \"%1\" is unknown to kix: only sha256 over the RFC 8785 form of "
                           "{apiVersion, kind, spec} can be recomputed")
                .arg(digestScheme(expected));
        return c;
    }
    if (!bundleDigest.isEmpty()) {
        const ResourceEntry* member = index.resource(bundleDigest);
        if (member && bundleDigest == expected)
            return verified(c, *member, runOrigin);
        if (member) {
            const bool writtenMatches = member->resource->writtenDigest == expected;
            return mismatch(c, *member->resource, runOrigin,
                            writtenMatches
                                ? QStringLiteral("matches it only as written: KernelIndex hashes the "
                                                 "normalized form, which differs (%1)")
                                      .arg(member->resource->normalization.join(QStringLiteral("; ")))
                                : QStringLiteral("hashes to a different digest"));
        }
    }
    if (const ResourceEntry* found = index.resource(expected)) {
        if (kindOk(found->resource->kind, kinds))
            return verified(c, *found, runOrigin);
        return mismatch(c, *found->resource, runOrigin,
                        QStringLiteral("has this digest but is of kind %1, not %2")
                            .arg(kindName(found->resource->kind), c.kind));
    }
    if (const ResourceEntry* named = catalogId.isEmpty() ? nullptr : index.resourceByCatalogId(catalogId))
        return mismatch(
            c, *named->resource, runOrigin,
            QStringLiteral("(the row the catalog links to this run) hashes to a different digest"));
    if (const ResourceEntry* written = index.resourceWrittenAs(expected))
        return mismatch(
            c, *written->resource, runOrigin,
            QStringLiteral("matches it only as written: KernelIndex hashes the normalized form (%1)")
                .arg(written->resource->normalization.join(QStringLiteral("; "))));
    c.reason = QStringLiteral("no loaded %1 has this digest (load its manifest beside the run to verify it)")
                   .arg(c.kind);
    return c;
}

DigestCheck checkPublished(const QString& field, const QString& published, const QString& recomputed,
                           const QString& unknownWhy) {
    DigestCheck c;
    c.field = QStringLiteral("published ") + field;
    c.expected = published;
    c.computed = recomputed;
    if (recomputed.isEmpty()) {
        c.reason = unknownWhy;
        return c;
    }
    c.state = published == recomputed ? State::Verified : State::Mismatch;
    c.reason = c.state == State::Verified
                   ? QStringLiteral("recomputed by kix from the loaded records")
                   : QStringLiteral("kix recomputes a different value from the loaded records");
    return c;
}

QString firstOf(const RunEntry& e, QString RunOccurrence::*member) {
    for (const auto& o : e.occurrences)
        if (!(o.*member).isEmpty())
            return o.*member;
    return {};
}

} // namespace

QList<DigestCheck> verifyRun(const RecordIndex& index, const RunEntry& e) {
    QList<DigestCheck> out;
    const RunSpec& s = e.run->spec;
    const CatalogRunFacts* published = e.published();
    // A row may publish no value for a digest or key (null in the export): there is nothing to check
    // then, as for a resource without a published digest; comparing it would report a mismatch against
    // an empty value.
    const auto addPublished = [&out](const QString& field, const QString& value, const QString& recomputed,
                                     const QString& unknownWhy) {
        if (!value.isEmpty())
            out << checkPublished(field, value, recomputed, unknownWhy);
    };
    if (published)
        addPublished(QStringLiteral("runDigest"), published->runDigest, e.run->digest(), {});
    if (!s.protocolDigest.isEmpty())
        out << checkDeclared(index, e, QStringLiteral("protocolDigest"), s.protocolDigest,
                             {ResourceKind::BenchmarkProtocol}, firstOf(e, &RunOccurrence::protocolDigest),
                             {});
    if (!s.environmentDigest.isEmpty())
        out << checkDeclared(index, e, QStringLiteral("environmentDigest"), s.environmentDigest,
                             {ResourceKind::ExecutionEnvironment},
                             firstOf(e, &RunOccurrence::environmentDigest), {});
    if (!s.workloadDigest.isEmpty())
        out << checkDeclared(index, e, QStringLiteral("workloadDigest"), s.workloadDigest,
                             {ResourceKind::WorkloadSuite, ResourceKind::WorkloadCase}, {},
                             published ? published->workloadId : QString());
    if (!s.implementationDigest.isEmpty())
        out << checkDeclared(index, e, QStringLiteral("implementationDigest"), s.implementationDigest,
                             {ResourceKind::ImplementationRevision}, {},
                             published ? published->implementationId : QString());
    if (published) {
        const PolicyFacts policy = policyFacts(index, e);
        addPublished(QStringLiteral("protocolKey"), published->protocolKey, policy.protocol.value,
                     policy.protocol.missing);
        addPublished(QStringLiteral("environmentKey"), published->environmentKey, policy.environment.value,
                     policy.environment.missing);
        addPublished(QStringLiteral("correctnessKey"), published->correctnessKey, policy.correctness.value,
                     policy.correctness.missing);
        QStringList unknown;
        for (const KeyPart* part : {&policy.operation, &policy.workload, &policy.protocol,
                                    &policy.environment, &policy.correctness})
            if (!part->known())
                unknown << part->missing;
        addPublished(QStringLiteral("comparisonKey"), published->comparisonKey, policy.comparisonKey,
                     QStringLiteral("not every part of the key is known: ") +
                         unknown.join(QStringLiteral("; ")));
    }
    return out;
}

Problems publishedKeyProblems(const RecordIndex& index, const RunEntry& e) {
    Problems out;
    const PolicyFacts policy = policyFacts(index, e);
    for (const RunOccurrence& o : e.occurrences) {
        if (!o.published)
            continue;
        const std::pair<const char*, std::pair<QString, QString>> keys[] = {
            {"correctnessKey", {o.published->correctnessKey, policy.correctness.value}},
            {"comparisonKey", {o.published->comparisonKey, policy.comparisonKey}}};
        for (const auto& [field, values] : keys)
            if (!values.first.isEmpty() && !values.second.isEmpty() && values.first != values.second)
                out << makeProblem(
                    Problem::Severity::Error, codes::catalogKey, o.origin.file,
                    QStringLiteral("row.") + QString::fromLatin1(field),
                    QStringLiteral("published %1 %2 differs from the %3 kix recomputes from the loaded "
                                   "records")
                        .arg(QString::fromLatin1(field), values.first, values.second),
                    o.origin.line);
    }
    return out;
}

QList<DigestCheck> verifyResource(const RecordIndex& index, const ResourceEntry& entry) {
    QList<DigestCheck> out;
    const ResourceRecord& r = *entry.resource;
    if (entry.published && !entry.published->publishedDigest.isEmpty())
        out << checkPublished(entry.published->table == QLatin1String("operations")
                                  ? QStringLiteral("semanticDigest")
                                  : QStringLiteral("digest"),
                              entry.published->publishedDigest, r.digest, {});
    for (const Reference& ref : r.references.names) {
        DigestCheck c;
        c.field = ref.field;
        c.kind = kindName(ref.kind);
        c.expected = ref.digest;
        const ResourceEntry* named = index.resource(ref.digest);
        if (named && named->resource->kind == ref.kind) {
            c.state = State::Verified;
            c.computed = ref.digest;
            c.afterNormalization = named->resource->normalized();
            c.reason = QStringLiteral("recomputed from the %1 at %2")
                           .arg(c.kind, named->resource->origin.toString());
        } else if (named) {
            c.state = State::Mismatch;
            c.computed = ref.digest;
            c.reason = QStringLiteral("the resource with this digest at %1 is of kind %2, not %3")
                           .arg(named->resource->origin.toString(), kindName(named->resource->kind), c.kind);
        } else if (classifyDigest(ref.digest) == DigestForm::OtherScheme) {
            c.reason = QStringLiteral("digest scheme \"%1\" is unknown to kix").arg(digestScheme(ref.digest));
        } else {
            c.reason = QStringLiteral("no loaded %1 has this digest").arg(c.kind);
        }
        out << c;
    }
    return out;
}

DigestSummary summarize(const QList<DigestCheck>& checks) {
    DigestSummary s;
    for (const auto& c : checks) {
        switch (c.state) {
        case State::Verified:
            ++s.verified;
            break;
        case State::Mismatch:
            ++s.mismatch;
            break;
        case State::NotVerifiable:
            ++s.notVerifiable;
            break;
        }
    }
    return s;
}

QString DigestSummary::text() const {
    QStringList parts;
    if (mismatch)
        parts << QStringLiteral("%1 mismatch").arg(mismatch);
    if (verified)
        parts << QStringLiteral("%1 verified").arg(verified);
    if (notVerifiable)
        parts << QStringLiteral("%1 not verifiable").arg(notVerifiable);
    return parts.isEmpty() ? QStringLiteral("no digests") : parts.join(QStringLiteral(" · "));
}

} // namespace kix
