#include "PlotFixtures.h"

#include "LatencyPlot.h"
#include "ManifestParser.h"
#include "QCustomPlotInclude.h"
#include "TestSupport.h"

namespace kixtest {

kix::ManifestPtr runWithCases() {
    auto doc = seedJson();
    doc["run"]["spec"]["cases"] = nlohmann::json::parse(R"([
        {"id": "a", "axes": {"batch_size": 1, "seq_len": 128}, "latencyNs": {"mean": 10000, "stddev": 100, "samples": 50}, "referenceLatencyNs": {"mean": 70000}},
        {"id": "b", "axes": {"batch_size": 64, "seq_len": 8192}, "latencyNs": {"mean": 3500000, "stddev": 2000, "samples": 50}, "referenceLatencyNs": {"mean": 32000000}},
        {"id": "c", "axes": {"batch_size": 4, "seq_len": 1973}, "latencyNs": {"mean": 63000}}])");
    doc["run"]["spec"]["implementation"] = nlohmann::json{{"name", "kix fused"}};
    return kix::parseManifest(QByteArray::fromStdString(doc.dump()), QStringLiteral("cases.json"));
}

QList<double> keysOf(const QCPGraph* g) {
    QList<double> out;
    for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it)
        out << it->key;
    return out;
}

QList<double> valuesOf(const QCPGraph* g) {
    QList<double> out;
    for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it)
        out << it->value;
    return out;
}

const QCPGraph* graphNamed(const kix::ui::LatencyPlot& plot, const QString& name) {
    for (int g = 0; g < plot.graphCount(); ++g)
        if (plot.graph(g)->name() == name)
            return plot.graph(g);
    return nullptr;
}

} // namespace kixtest
