#include "ProblemSourceCheck.h"

#include "DatasetCopy.h"
#include "JsonPath.h"

#include <algorithm>

namespace kix {

namespace {

QString shown(const Json& v) {
    return v.is_null() ? QStringLiteral("nothing") : QString::fromStdString(v.dump());
}

// Appends "path: this file says A, WHERE says B" when the two differ.
void expectSame(QStringList& out, const QString& path, const Json& mine, const Json& theirs,
                const QString& where) {
    if (mine != theirs)
        out << QStringLiteral("%1: this file says %2, %3 says %4")
                   .arg(path, shown(mine), where, shown(theirs));
}

Json member(const Json& object, const char* key) {
    if (!object.is_object())
        return Json();
    const auto it = object.find(key);
    return it == object.end() ? Json() : *it;
}

Json at(const Json& v, std::initializer_list<const char*> keys) {
    Json cur = v;
    for (const char* k : keys)
        cur = member(cur, k);
    return cur;
}

std::string str(const QString& s) {
    return s.toStdString();
}

QString tensorListPath(bool inputs, int index) {
    return jsonPathIndex(inputs ? QStringLiteral("inputs") : QStringLiteral("outputs"), index);
}

// A problem's shape in SOL-ExecBench's spelling: axis names, and fixed extents as strings ("1").
Json solShape(const ProblemTensor& t) {
    Json shape = Json::array();
    for (const ShapeDim& d : t.shape)
        shape.push_back(d.axis.isEmpty() ? QString::number(d.extent).toStdString() : str(d.axis));
    return shape;
}

void compareTensors(QStringList& out, const QList<ProblemTensor>& mine, const Json& theirs, bool inputs) {
    const QString where = QStringLiteral("definition.json");
    const char* key = inputs ? "inputs" : "outputs";
    if (!theirs.is_object()) {
        out << QStringLiteral("%1: definition.json has no object \"%1\"").arg(QString::fromLatin1(key));
        return;
    }
    Json mineNames = Json::array(), theirNames = Json::array();
    for (const ProblemTensor& t : mine)
        mineNames.push_back(str(t.name));
    for (auto it = theirs.begin(); it != theirs.end(); ++it)
        theirNames.push_back(it.key());
    // A parsed JSON object keeps no member order, so the names are compared as sets; the order of the
    // inputs and outputs is covered by the OperationSpec's digest (WorkloadSuiteBuilder.h).
    std::sort(mineNames.begin(), mineNames.end());
    std::sort(theirNames.begin(), theirNames.end());
    expectSame(out, QString::fromLatin1(key) + QStringLiteral(" (names)"), mineNames, theirNames, where);
    for (int i = 0; i < mine.size(); ++i) {
        const ProblemTensor& t = mine[i];
        const Json other = member(theirs, t.name.toUtf8().constData());
        if (other.is_null())
            continue; // reported with the names
        const QString path = tensorListPath(inputs, i);
        const Json dtype = member(other, "dtype");
        expectSame(out, jsonPathKey(path, QStringLiteral("dtype")), str(t.dtype),
                   dtype.is_string()
                       ? Json(str(dtypeFromSolExecBench(QString::fromStdString(dtype.get<std::string>()))))
                       : dtype,
                   where);
        expectSame(out, jsonPathKey(path, QStringLiteral("shape")), solShape(t), member(other, "shape"),
                   where);
    }
}

} // namespace

QString dtypeFromSolExecBench(const QString& dtype) {
    const QString name = kernelIndexDtype(dtype);
    return name.isEmpty() ? dtype : name;
}

QStringList compareWithSolExecBenchDefinition(const ProblemDefinition& p, const Json& def) {
    QStringList out;
    const QString where = QStringLiteral("definition.json");
    expectSame(out, QStringLiteral("id"), str(p.id), member(def, "name"), where);
    const Json axes = member(def, "axes");
    Json theirNames = Json::array(), mineNames = Json::array();
    if (axes.is_object())
        for (auto it = axes.begin(); it != axes.end(); ++it)
            theirNames.push_back(it.key());
    for (const ProblemAxis& a : p.axes)
        mineNames.push_back(str(a.name));
    std::sort(theirNames.begin(), theirNames.end());
    std::sort(mineNames.begin(), mineNames.end());
    expectSame(out, QStringLiteral("axes (names)"), mineNames, theirNames, where);
    for (int i = 0; i < p.axes.size(); ++i) {
        const ProblemAxis& a = p.axes[i];
        const Json other = member(axes, a.name.toUtf8().constData());
        if (other.is_null())
            continue;
        const QString path = jsonPathIndex(QStringLiteral("axes"), i);
        expectSame(out, jsonPathKey(path, QStringLiteral("role")), a.constant ? "const" : "var",
                   member(other, "type"), where);
        if (a.constant)
            expectSame(out, jsonPathKey(path, QStringLiteral("value")), a.value, member(other, "value"),
                       where);
    }
    compareTensors(out, p.inputs, member(def, "inputs"), true);
    compareTensors(out, p.outputs, member(def, "outputs"), false);
    return out;
}

QStringList compareWithSolExecBenchWorkloads(const ProblemDefinition& p, const QList<Json>& lines) {
    QStringList out;
    if (lines.size() != p.workloads.size())
        out << QStringLiteral("workloads: this file lists %1, workload.jsonl has %2 lines")
                   .arg(p.workloads.size())
                   .arg(lines.size());
    for (int i = 0; i < std::min(lines.size(), p.workloads.size()); ++i) {
        const ProblemWorkload& w = p.workloads[i];
        const Json& line = lines[i];
        const QString where = QStringLiteral("workload.jsonl line %1").arg(i + 1);
        const QString path = jsonPathIndex(QStringLiteral("workloads"), i);
        Json axes = Json::object();
        for (auto it = w.axes.begin(); it != w.axes.end(); ++it)
            axes[str(it.key())] = it.value();
        expectSame(out, jsonPathKey(path, QStringLiteral("axes")), axes, member(line, "axes"), where);
    }
    return out;
}

QStringList compareWithSpeedOfLightTable(const ProblemDefinition& p, const Json& table, const QString& gpu) {
    QStringList out;
    const Json rows = at(table, {"kernel", "workloads"});
    if (!rows.is_array()) {
        out << QStringLiteral("speed-of-light table: no kernel.workloads array");
        return out;
    }
    if (int(rows.size()) != p.workloads.size())
        out << QStringLiteral("workloads: this file lists %1, the speed-of-light table has %2")
                   .arg(p.workloads.size())
                   .arg(rows.size());
    for (int i = 0; i < p.workloads.size(); ++i) {
        const ProblemWorkload& w = p.workloads[i];
        Json axes = Json::object();
        for (const ProblemAxis& a : p.axes)
            axes[str(a.name)] = p.axisValue(w, a.name).value_or(0);
        const auto row =
            std::find_if(rows.begin(), rows.end(), [&](const Json& r) { return member(r, "axes") == axes; });
        const QString path = jsonPathIndex(QStringLiteral("workloads"), i);
        const SpeedOfLightTimes* mine = p.speedOfLight(i, gpu);
        if (row == rows.end()) {
            out << QStringLiteral("%1: the speed-of-light table has no workload with the axes %2")
                       .arg(path, shown(axes));
            continue;
        }
        if (!mine) {
            out << QStringLiteral("%1.speedOfLight: this file has no times for \"%2\"").arg(path, gpu);
            continue;
        }
        const QString where = QStringLiteral("the speed-of-light table");
        const QString sol =
            jsonPathKey(path, QStringLiteral("speedOfLight")) + QStringLiteral("[gpu=%1]").arg(gpu);
        expectSame(out, jsonPathKey(sol, QStringLiteral("solMs")), mine->solMs, member(*row, "sol_ms"),
                   where);
        expectSame(out, jsonPathKey(sol, QStringLiteral("baselineMs")), mine->baselineMs,
                   member(*row, "baseline_latency_ms"), where);
    }
    return out;
}

QStringList compareWithKernelIndexRows(const ProblemDefinition& p, const QList<Json>& lines) {
    QStringList out;
    if (!p.kernelIndex) {
        out << QStringLiteral("kernelIndex: this file has none to compare");
        return out;
    }
    const KernelIndexFacts& ki = *p.kernelIndex;
    const QString where = QStringLiteral("the catalog");
    QMap<QString, Json> casesByDigest;
    Json operation, suite;
    for (const Json& line : lines) {
        const Json row = member(line, "row");
        const Json table = member(line, "table");
        if (table == "operations" && member(row, "name") == str(p.id))
            operation = row;
        const Json digest = member(row, "workloadDigest");
        if (table == "workloads" && at(row, {"manifest", "kind"}) == "WorkloadCase" && digest.is_string())
            casesByDigest.insert(QString::fromStdString(digest.get<std::string>()), row);
        if (table == "workloads" && at(row, {"manifest", "kind"}) == "WorkloadSuite" &&
            member(row, "workloadDigest") == str(ki.suiteDigest))
            suite = row;
    }
    if (operation.is_null()) {
        out << QStringLiteral("kernelIndex.operation: the catalog has no operations row named \"%1\"")
                   .arg(p.id);
    } else {
        expectSame(out, QStringLiteral("kernelIndex.operation.digest"), str(ki.operationDigest),
                   member(operation, "semanticDigest"), where);
        expectSame(out, QStringLiteral("kernelIndex.operation.name"), str(ki.operationName),
                   at(operation, {"manifest", "metadata", "name"}), where);
        expectSame(out, QStringLiteral("kernelIndex.operation.family"), str(ki.family),
                   at(operation, {"manifest", "spec", "family"}), where);
        expectSame(out, QStringLiteral("kernelIndex.apiVersion"), str(ki.apiVersion),
                   at(operation, {"manifest", "apiVersion"}), where);
    }
    for (int i = 0; i < p.workloads.size(); ++i) {
        const ProblemWorkload& w = p.workloads[i];
        const QString path =
            jsonPathKey(jsonPathIndex(QStringLiteral("workloads"), i), QStringLiteral("kernelIndex"));
        if (!w.kernelIndex)
            continue;
        const auto row = casesByDigest.constFind(w.kernelIndex->digest);
        if (row == casesByDigest.constEnd()) {
            out << QStringLiteral("%1.digest: the catalog has no WorkloadCase %2")
                       .arg(path, w.kernelIndex->digest);
            continue;
        }
        for (auto it = w.axes.begin(); it != w.axes.end(); ++it)
            expectSame(out,
                       jsonPathKey(
                           jsonPathKey(jsonPathIndex(QStringLiteral("workloads"), i), QStringLiteral("axes")),
                           it.key()),
                       it.value(), at(*row, {"manifest", "spec", "axes", it.key().toUtf8().constData()}),
                       where);
    }
    if (suite.is_null()) {
        out << QStringLiteral("kernelIndex.suite.digest: the catalog has no WorkloadSuite %1")
                   .arg(ki.suiteDigest);
        return out;
    }
    expectSame(out, QStringLiteral("kernelIndex.suite.name"), str(ki.suiteName),
               at(suite, {"manifest", "metadata", "name"}), where);
    const Json cases = at(suite, {"manifest", "spec", "cases"});
    Json mineIds = Json::array(), theirIds = Json::array();
    for (const ProblemWorkload& w : p.workloads)
        mineIds.push_back(w.kernelIndex ? str(w.kernelIndex->externalId) : std::string());
    if (cases.is_array())
        for (const Json& c : cases)
            theirIds.push_back(member(c, "externalId"));
    expectSame(out, QStringLiteral("workloads[*].kernelIndex.externalId (in order)"), mineIds, theirIds,
               where);
    return out;
}

} // namespace kix
