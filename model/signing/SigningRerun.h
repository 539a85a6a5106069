// Signing what a local rerun wrote (issue 10): `kix run` (and so the explorer's Run locally…, which runs
// it) calls signRerun() once its files are in place. The rerun's facts for the predicate are read back
// from the files themselves (the manifest's environment: GPU, driver, clocks, kix version; the
// implementation's source digest), so that what is signed is what was written, and the step needs no GPU:
// tests sign the manifests of CPU-mode runs and of synthetic ones.
#pragma once

#include "InToto.h"
#include "KeyStore.h"
#include "Signing.h"

#include <QDateTime>
#include <QString>
#include <QStringList>

namespace kix {

struct RerunSignRequest {
    QString manifestFile;    // the run manifest just written; names the envelope
    QStringList otherFiles;  // the other resources written beside it (the ImplementationRevision)
    QStringList commandLine; // as the user typed it, program name first
    QDateTime startedAt, finishedAt;
    QString executable; // the kix that ran, hashed into kixExecutableDigest; may be empty
};

// The predicate's facts from the written files. `error` names the file and what is wrong with it.
std::optional<RerunFacts> rerunFactsFromFiles(const RerunSignRequest& request, QString& error);

struct RerunSignOutcome {
    QString envelopeFile; // set on success
    QString fingerprint;  // of the key that signed
    bool keyCreated = false;
    QString error; // set on failure (nothing written): a key refused for its permissions says so and how
                   // to fix it (KeyStore.h)
};
RerunSignOutcome signRerun(const RerunSignRequest& request, const KeyStore& store);

} // namespace kix
