#include "Verification.h"

#include "Digest.h"

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

void ResourceIndex::add(const Manifest& manifest) {
    for (const Resource* r : manifest.resources()) {
        if (!r->digest.isEmpty() && !m_byDigest.contains(r->digest))
            m_byDigest.insert(r->digest, Entry{r->kind, manifest.file, r->jsonPath, r->name});
    }
}

const ResourceIndex::Entry* ResourceIndex::find(const QString& digest) const {
    const auto it = m_byDigest.constFind(digest);
    return it == m_byDigest.constEnd() ? nullptr : &*it;
}

namespace {

QString where(const QString& file, const QString& jsonPath) {
    return jsonPath.isEmpty() ? file : QStringLiteral("%1 (%2)").arg(file, jsonPath);
}

DigestCheck check(const QString& field, const QString& expected, QList<ResourceKind> kinds,
                  const std::optional<Resource>& inFile, const ResourceIndex* loaded,
                  const QString& unpublishedReason) {
    DigestCheck c;
    c.field = field;
    c.kind = kindName(kinds.first());
    c.expected = expected;
    if (classifyDigest(expected) == DigestForm::OtherScheme) {
        c.reason = QStringLiteral("digest scheme \"%1\" is unknown to kix: only sha256 over the RFC 8785 "
                                  "form of {apiVersion, kind, spec} can be recomputed")
                       .arg(digestScheme(expected));
        return c;
    }
    if (inFile) {
        c.computed = inFile->digest;
        if (c.computed.isEmpty()) {
            c.reason = QStringLiteral("the %1 in this file could not be canonicalized").arg(c.kind);
            return c;
        }
        c.state = c.computed == expected ? DigestCheck::State::Verified : DigestCheck::State::Mismatch;
        c.reason = c.state == DigestCheck::State::Verified
                       ? QStringLiteral("recomputed from %1 in this file").arg(inFile->jsonPath)
                       : QStringLiteral("the %1 in this file (%2) hashes to a different digest")
                             .arg(c.kind, inFile->jsonPath);
        return c;
    }
    if (loaded) {
        if (const auto* entry = loaded->find(expected); entry && kinds.contains(entry->kind)) {
            c.computed = expected;
            c.kind = kindName(entry->kind);
            c.state = DigestCheck::State::Verified;
            c.reason = QStringLiteral("recomputed from the %1 in %2")
                           .arg(c.kind, where(entry->file, entry->jsonPath));
            return c;
        }
    }
    c.reason =
        unpublishedReason.isEmpty()
            ? QStringLiteral("the %1 it names is not in this file or among the loaded manifests").arg(c.kind)
            : unpublishedReason;
    return c;
}

} // namespace

QList<DigestCheck> verifyRunDigests(const Manifest& m, const ResourceIndex* loaded) {
    QList<DigestCheck> out;
    if (!m.run)
        return out;
    const RunSpec& s = m.runSpec;
    if (!s.protocolDigest.isEmpty())
        out << check(QStringLiteral("protocolDigest"), s.protocolDigest, {ResourceKind::BenchmarkProtocol},
                     m.protocol, loaded, {});
    if (!s.environmentDigest.isEmpty())
        out << check(QStringLiteral("environmentDigest"), s.environmentDigest,
                     {ResourceKind::ExecutionEnvironment}, m.environment, loaded, {});
    if (!s.workloadDigest.isEmpty())
        out << check(
            QStringLiteral("workloadDigest"), s.workloadDigest,
            {ResourceKind::WorkloadSuite, ResourceKind::WorkloadCase}, std::nullopt, loaded,
            QStringLiteral("content not published in this file: no loaded WorkloadSuite or WorkloadCase "
                           "has this digest (load its manifest beside the run to verify it)"));
    if (!s.implementationDigest.isEmpty())
        out << check(
            QStringLiteral("implementationDigest"), s.implementationDigest,
            {ResourceKind::ImplementationRevision}, std::nullopt, loaded,
            QStringLiteral("content not published in this file: no loaded ImplementationRevision has "
                           "this digest (load its manifest beside the run to verify it)"));
    return out;
}

DigestSummary summarize(const QList<DigestCheck>& checks) {
    DigestSummary s;
    for (const auto& c : checks) {
        switch (c.state) {
        case DigestCheck::State::Verified:
            ++s.verified;
            break;
        case DigestCheck::State::Mismatch:
            ++s.mismatch;
            break;
        case DigestCheck::State::NotVerifiable:
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
