#include "CommandSupport.h"
#include "Digest.h"
#include "Format.h"

namespace kix::cli {

namespace {

QString pad(const QString& label) {
    return label.leftJustified(16);
}

void printRun(const Manifest& m, const QList<DigestCheck>& checks, Io io) {
    const RunSpec& r = m.runSpec;
    io.out << m.title() << "\n";
    io.out << pad(QStringLiteral("file")) << m.file << "\n";
    io.out << pad(QStringLiteral("run")) << m.run->name << "  " << m.run->digest << "\n";
    io.out << pad(QStringLiteral("status")) << r.status << ", observed " << r.observedAt << "\n";
    io.out << pad(QStringLiteral("benchmark")) << r.benchmark << "\n";
    io.out << pad(QStringLiteral("implementation")) << m.implementationLabel() << "\n";
    if (m.environment)
        io.out << pad(QStringLiteral("GPU")) << m.environmentSpec.product
               << (m.environmentSpec.architecture.isEmpty()
                       ? QString()
                       : QStringLiteral(" (%1)").arg(m.environmentSpec.architecture))
               << "\n";
    io.out << pad(QStringLiteral("latency")) << formatLatency(r.primaryLatencyNs()) << " ("
           << r.primaryStatistic
           << (r.aggregation.isEmpty() ? QString() : QStringLiteral("; ") + r.aggregation) << ")\n";
    if (m.protocol)
        io.out << pad(QStringLiteral("protocol")) << m.protocolSpec.harnessName << " "
               << m.protocolSpec.harnessVersion << ", family " << m.protocolSpec.family << "\n";
    for (const auto& [name, value] : r.metrics)
        io.out << pad(QStringLiteral("metric")) << name << " = " << formatNumber(value, 6) << "\n";
    if (r.cases.isEmpty()) {
        io.out << pad(QStringLiteral("cases")) << "none published (suite value only)\n";
    } else {
        io.out << pad(QStringLiteral("cases")) << r.cases.size() << "\n";
        for (const auto& c : r.cases)
            io.out << "  " << c.axesLabel().leftJustified(36) << " "
                   << formatLatency(c.latencyNs.value(r.primaryStatistic)).rightJustified(10) << "  ref "
                   << formatLatency(c.referenceLatencyNs.mean).rightJustified(10) << "  "
                   << formatRatio(c.effectiveSpeedup()).rightJustified(7) << "  " << c.status << "\n";
    }
    io.out << "digests\n";
    for (const auto& c : checks)
        io.out << "  " << c.field.leftJustified(22) << stateName(c.state).leftJustified(16)
               << shortDigest(c.expected) << "  " << c.reason << "\n";
}

} // namespace

int showCommand(const QStringList& args, Io io) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Show one manifest: identity, protocol, environment, cases and digests."));
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("Manifest to show."));
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print JSON for scripts.")});
    int code = ExitOk;
    if (!parseSubcommand(parser, QStringLiteral("show"), args, io, 1, 1, code))
        return code;
    const Loaded l = loadFiles(parser.positionalArguments(), io);
    const Manifest& m = *l.manifests.first();
    const QList<DigestCheck> checks = verifyRunDigests(m, &l.resources);
    if (parser.isSet(QStringLiteral("json"))) {
        Json j = {{"file", m.file.toStdString()}, {"problems", problemsJson(m.problems)}};
        if (m.run) {
            j["title"] = m.title().toStdString();
            j["digest"] = m.run->digest.toStdString();
            j["status"] = m.runSpec.status.toStdString();
            j["benchmark"] = m.runSpec.benchmark.toStdString();
            j["implementation"] = m.implementationLabel().toStdString();
            j["gpu"] = m.gpuLabel().toStdString();
            if (const auto lat = m.runSpec.primaryLatencyNs())
                j["latencyNs"] = *lat;
            j["cases"] = m.runSpec.cases.size();
            j["digests"] = checksJson(checks);
        }
        writeJson(j, io);
    } else if (m.run && !m.hasErrors()) {
        printRun(m, checks, io);
    } else if (!m.hasErrors()) {
        for (const Resource* r : m.resources())
            io.out << kindName(r->kind) << " " << r->name << "  " << r->digest << "\n";
    }
    return m.hasErrors() ? ExitInput : ExitOk;
}

} // namespace kix::cli
