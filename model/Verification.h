// Digest verification: each digest a run declares is recomputed from content kix actually has
// (the same file, or a resource loaded beside it) or reported as not verifiable with the reason.
// A digest is never called verified unless it was recomputed here and found equal.
#pragma once

#include "Manifest.h"

#include <QHash>
#include <QList>
#include <QString>

namespace kix {

struct DigestCheck {
    enum class State { Verified, Mismatch, NotVerifiable };
    QString field;    // protocolDigest, environmentDigest, workloadDigest, implementationDigest
    QString kind;     // the kind of resource it names
    QString expected; // as declared by the run
    QString computed; // as recomputed by kix (empty when not verifiable)
    State state = State::NotVerifiable;
    QString reason; // where the content came from, or why it could not be checked
};

QString stateName(DigestCheck::State state); // "verified", "mismatch", "not verifiable"

// Resources loaded from any file, by their recomputed digest.
class ResourceIndex {
public:
    struct Entry {
        ResourceKind kind;
        QString file;
        QString jsonPath;
        QString name;
    };
    void add(const Manifest& manifest);
    void clear() { m_byDigest.clear(); }
    const Entry* find(const QString& digest) const;
    int size() const { return int(m_byDigest.size()); }

private:
    QHash<QString, Entry> m_byDigest;
};

QList<DigestCheck> verifyRunDigests(const Manifest& manifest, const ResourceIndex* loaded = nullptr);

struct DigestSummary {
    int verified = 0, mismatch = 0, notVerifiable = 0;
    QString text() const; // "2 verified · 2 not verifiable", "1 mismatch · …"
};
DigestSummary summarize(const QList<DigestCheck>& checks);

} // namespace kix
