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
#include <vector>

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 2) {
        std::fprintf(stderr, "usage: kix-line-source-bench FILE [--parse] [--check] [--repeat N]\n");
        return 2;
    }
    const bool parse = args.contains(QStringLiteral("--parse")) || args.contains(QStringLiteral("--check"));
    const bool check = args.contains(QStringLiteral("--check"));
    const qsizetype r = args.indexOf(QStringLiteral("--repeat"));
    const int repeat = r > 0 && r + 1 < args.size() ? args[r + 1].toInt() : 5;
    std::vector<double> seconds;
    qint64 lines = 0, bytes = 0, resources = 0, findings = 0;
    for (int i = 0; i < repeat; ++i) {
        kix::LineSource source(args[1]);
        if (auto p = source.open()) {
            std::fprintf(stderr, "%s\n", qPrintable(p->toString()));
            return 3;
        }
        lines = bytes = resources = findings = 0;
        QElapsedTimer timer;
        timer.start();
        kix::SourceLine line;
        while (source.next(line)) {
            ++lines;
            bytes += line.text.size() + 1;
            if (!parse || line.problem)
                continue;
            const auto json = kix::parseJson(line.text, args[1]);
            if (!check || !json.value)
                continue;
            const kix::Json& row = json.value->value("row", kix::Json::object());
            const auto manifest = row.find("manifest");
            if (manifest == row.end() || !manifest->is_object())
                continue;
            auto one = [&](const kix::Json& resource) {
                ++resources;
                const auto n = kix::normalizeResource(resource, args[1], QString());
                findings +=
                    kix::checkUpstreamAcceptance(resource, args[1], QString(), -1).size() + n.problems.size();
            };
            if (manifest->contains("run")) {
                for (const char* part : {"run", "protocol", "environment"})
                    if (manifest->contains(part))
                        one(manifest->at(part));
            } else {
                one(*manifest);
            }
        }
        seconds.push_back(double(timer.nsecsElapsed()) / 1e9);
        if (source.error()) {
            std::fprintf(stderr, "%s\n", qPrintable(source.error()->toString()));
            return 3;
        }
    }
    std::sort(seconds.begin(), seconds.end());
    const double median = seconds[seconds.size() / 2];
    std::printf(
        "%s: %lld lines, %lld bytes of text%s; median of %d: %.3f s (%.0f MB/s of text), best %.3f s\n",
        qPrintable(args[1]), lines, bytes,
        check ? qPrintable(QStringLiteral(", %1 resources checked, %2 findings").arg(resources).arg(findings))
              : "",
        repeat, median, bytes / 1e6 / median, seconds.front());
    return 0;
}
