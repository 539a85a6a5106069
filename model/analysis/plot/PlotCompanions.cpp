#include "PlotCompanions.h"

#include <algorithm>
#include <utility>

namespace kix {

QList<int> plotCompanions(const RecordIndex& index, int run, int secondRun) {
    QList<int> out;
    if (run >= 0 && run < index.runCount()) {
        const QString& benchmark = index.run(run).run->spec.benchmark;
        QList<std::pair<double, int>> candidates;
        for (int i = 0; i < index.runCount(); ++i) {
            const RunEntry& e = index.run(i);
            if (i == run || e.hasErrors() || e.run->spec.benchmark != benchmark)
                continue;
            const ResourceEntry* protocol = index.protocolOf(e);
            if (!protocol || protocol->resource->protocol.family != QLatin1String(kLeaderboardFamily))
                continue;
            candidates.append({e.run->spec.primaryLatencyNs().value_or(1e300), i});
        }
        std::sort(candidates.begin(), candidates.end()); // ties: load order
        for (const auto& [latency, i] : candidates.mid(0, kMaxPlotLeaders))
            out << i;
    }
    if (secondRun >= 0 && secondRun < index.runCount() && secondRun != run && !out.contains(secondRun))
        out.prepend(secondRun);
    return out;
}

} // namespace kix
