// Benchmark (not a test): how fast LineSource streams a JSON Lines file, plain or zstd, and what the
// per-line work of a catalog load costs on top: JSON parsing, then normalization and the upstream
// check of every manifest. Usage: kix-line-source-bench FILE [--parse] [--check] [--repeat N]
#include "JsonReader.h"
#include "LineSource.h"
#include "Normalize.h"
#include "UpstreamCheck.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QStringList>
#include <algorithm>
#include <cstdio>
#include <exception>
#include <optional>
#include <vector>

namespace {

struct Counts {
    qint64 lines = 0, bytes = 0, resources = 0, findings = 0;
};

// The per-line work of a catalog load past parsing: normalization and the upstream check of each resource
// of the row's manifest (its run, protocol and environment, or the one resource it is).
void checkRow(const kix::Json& row, const QString& file, Counts& counts) {
    const auto manifest = row.find("manifest");
    if (manifest == row.end() || !manifest->is_object())
        return;
    auto one = [&](const kix::Json& resource) {
        ++counts.resources;
        const auto n = kix::normalizeResource(resource, file, QString());
        counts.findings +=
            kix::checkUpstreamAcceptance(resource, file, QString(), -1).size() + n.problems.size();
    };
    if (manifest->contains("run")) {
        for (const char* part : {"run", "protocol", "environment"})
            if (manifest->contains(part))
                one(manifest->at(part));
    } else {
        one(*manifest);
    }
}

// One pass over the file: its seconds, or nullopt when it could not be read (the problem printed).
std::optional<double> onePass(const QString& file, bool parse, bool check, Counts& counts) {
    kix::LineSource source(file);
    if (auto p = source.open()) {
        std::fprintf(stderr, "%s\n", qPrintable(p->toString()));
        return std::nullopt;
    }
    counts = Counts();
    QElapsedTimer timer;
    timer.start();
    kix::SourceLine line;
    while (source.next(line)) {
        ++counts.lines;
        counts.bytes += line.text.size() + 1;
        if (!parse || line.problem)
            continue;
        const auto json = kix::parseJson(line.text, file);
        if (check && json.value)
            checkRow(json.value->value("row", kix::Json::object()), file, counts);
    }
    const double seconds = double(timer.nsecsElapsed()) / 1e9;
    if (source.error()) {
        std::fprintf(stderr, "%s\n", qPrintable(source.error()->toString()));
        return std::nullopt;
    }
    return seconds;
}

int run(int argc, char** argv) {
    const QCoreApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    if (args.size() < 2) {
        std::fprintf(stderr, "usage: kix-line-source-bench FILE [--parse] [--check] [--repeat N]\n");
        return 2;
    }
    const bool parse = args.contains(QStringLiteral("--parse")) || args.contains(QStringLiteral("--check"));
    const bool check = args.contains(QStringLiteral("--check"));
    const qsizetype r = args.indexOf(QStringLiteral("--repeat"));
    const int repeat = r > 0 && r + 1 < args.size() ? args[r + 1].toInt() : 5;
    std::vector<double> seconds;
    Counts counts;
    for (int i = 0; i < repeat; ++i) {
        const std::optional<double> pass = onePass(args[1], parse, check, counts);
        if (!pass)
            return 3;
        seconds.push_back(*pass);
    }
    std::sort(seconds.begin(), seconds.end());
    const double median = seconds[seconds.size() / 2];
    std::printf(
        "%s: %lld lines, %lld bytes of text%s; median of %d: %.3f s (%.0f MB/s of text), best %.3f s\n",
        qPrintable(args[1]), counts.lines, counts.bytes,
        check ? qPrintable(QStringLiteral(", %1 resources checked, %2 findings")
                               .arg(counts.resources)
                               .arg(counts.findings))
              : "",
        repeat, median, counts.bytes / 1e6 / median, seconds.front());
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    // JSON access (at()) and allocation can throw; a benchmark reports that and fails rather than aborts.
    try {
        return run(argc, argv);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "kix-line-source-bench: %s\n", e.what());
        return 1;
    }
}
