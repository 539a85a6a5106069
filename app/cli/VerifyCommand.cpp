#include "CommandSupport.h"
#include "Digest.h"

namespace kix::cli {

int verifyCommand(const QStringList& args, Io io) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Recompute every digest the given manifests allow. Files given together are one loaded set: a run's "
        "workload or implementation digest is verified against a WorkloadSuite or ImplementationRevision "
        "given "
        "beside it. Exit status 1 when any digest mismatches, 3 when a file is invalid."));
    parser.addPositionalArgument(QStringLiteral("files"),
                                 QStringLiteral("Manifests (and supporting resources)."),
                                 QStringLiteral("FILE..."));
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print JSON for scripts.")});
    int code = ExitOk;
    if (!parseSubcommand(parser, QStringLiteral("verify"), args, io, 1, -1, code))
        return code;
    const Loaded l = loadFiles(parser.positionalArguments(), io);
    bool mismatch = false;
    Json report = Json::array();
    for (const auto& m : l.manifests) {
        const QList<DigestCheck> checks = verifyRunDigests(*m, &l.resources);
        for (const auto& c : checks)
            mismatch = mismatch || c.state == DigestCheck::State::Mismatch;
        if (parser.isSet(QStringLiteral("json"))) {
            report.push_back({{"file", m->file.toStdString()},
                              {"digest", m->run ? Json(m->run->digest.toStdString()) : Json(nullptr)},
                              {"problems", problemsJson(m->problems)},
                              {"digests", checksJson(checks)}});
            continue;
        }
        if (m->hasErrors()) {
            io.out << m->file << ": invalid manifest (see the problems above)\n";
            continue;
        }
        if (!m->run) {
            for (const Resource* r : m->resources())
                io.out << m->file << ": " << kindName(r->kind) << " " << r->digest
                       << " (supporting resource)\n";
            continue;
        }
        io.out << m->file << ": run " << m->run->digest << "\n";
        for (const auto& c : checks) {
            io.out << "  " << c.field.leftJustified(22) << stateName(c.state) << "\n";
            io.out << "      expected " << c.expected << "\n";
            if (c.state == DigestCheck::State::Mismatch)
                io.out << "      computed " << c.computed << "\n";
            io.out << "      " << c.reason << "\n";
        }
    }
    if (parser.isSet(QStringLiteral("json")))
        writeJson(report, io);
    if (l.anyErrors)
        return ExitInput;
    return mismatch ? ExitMismatch : ExitOk;
}

} // namespace kix::cli
