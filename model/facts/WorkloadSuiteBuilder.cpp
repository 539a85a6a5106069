#include "WorkloadSuiteBuilder.h"

#include "Digest.h"
#include "JsonPath.h"
#include "ProblemCodes.h"

namespace kix {

namespace {

std::string str(const QString& s) {
    return s.toStdString();
}

Json tensorShape(const ProblemTensor& tensor) {
    Json shape = Json::array();
    for (const ShapeDim& dim : tensor.shape)
        shape.push_back(dim.axis.isEmpty() ? Json(dim.extent) : Json(str(dim.axis)));
    return shape;
}

Json tensorList(const QList<ProblemTensor>& tensors) {
    Json list = Json::array();
    for (const ProblemTensor& t : tensors)
        list.push_back(
            {{"name", str(t.name)}, {"tensor", {{"dtype", str(t.dtype)}, {"shape", tensorShape(t)}}}});
    return list;
}

// Every axis, constants included, with its value in the workload.
Json workloadAxes(const ProblemDefinition& d, const ProblemWorkload& w) {
    Json axes = Json::object();
    for (const ProblemAxis& a : d.axes)
        axes[str(a.name)] = d.axisValue(w, a.name).value_or(0);
    return axes;
}

// "hidden_size=2560, batch_size=4, seq_len=1973": constants first, as KernelIndex titles its cases.
QString axesTitle(const ProblemDefinition& d, const ProblemWorkload& w) {
    QStringList parts;
    for (bool constants : {true, false})
        for (const ProblemAxis& a : d.axes)
            if (a.constant == constants)
                parts << a.name + u'=' + QString::number(d.axisValue(w, a.name).value_or(0));
    return parts.join(QStringLiteral(", "));
}

} // namespace

Json buildOperationSpec(const ProblemDefinition& d) {
    if (!d.kernelIndex)
        return Json();
    const KernelIndexFacts& ki = *d.kernelIndex;
    Json axes = Json::object();
    for (const ProblemAxis& a : d.axes) {
        Json axis = {{"role", a.constant ? "constant" : "variable"}, {"type", "integer"}};
        if (a.constant)
            axis["value"] = a.value;
        axes[str(a.name)] = axis;
    }
    return {{"apiVersion", str(ki.apiVersion)},
            {"kind", "OperationSpec"},
            {"metadata", {{"name", str(ki.operationName)}, {"title", str(d.id)}}},
            {"spec",
             {{"axes", axes},
              {"family", str(ki.family)},
              {"inputs", tensorList(d.inputs)},
              {"outputs", tensorList(d.outputs)},
              {"semantics", {{"mutation", str(ki.mutation)}, {"determinism", str(ki.determinism)}}}}}};
}

Json buildWorkloadCase(const ProblemDefinition& d, int index, const QString& operationDigest) {
    if (!d.kernelIndex || index < 0 || index >= d.workloads.size() || !d.workloads[index].kernelIndex)
        return Json();
    const ProblemWorkload& w = d.workloads[index];
    return buildWorkloadCase(d, w, d.slug + u'-' + w.kernelIndex->externalId.left(8),
                             d.id + QStringLiteral(" · ") + axesTitle(d, w), operationDigest);
}

Json buildWorkloadCase(const ProblemDefinition& d, const ProblemWorkload& w, const QString& name,
                       const QString& title, const QString& operationDigest) {
    if (!d.kernelIndex)
        return Json();
    const KernelIndexFacts& ki = *d.kernelIndex;
    Json tensors = Json::object();
    for (const ProblemTensor& t : d.inputs) {
        Json shape = Json::array();
        for (qint64 extent : d.shape(t, w))
            shape.push_back(extent);
        tensors[str(t.name)] = {{"dtype", str(t.dtype)}, {"shape", shape}};
    }
    return {{"apiVersion", str(ki.apiVersion)},
            {"kind", "WorkloadCase"},
            {"metadata", {{"name", str(name)}, {"title", str(title)}}},
            {"spec",
             {{"axes", workloadAxes(d, w)},
              {"tensors", tensors},
              {"correctness", {{"comparator", str(ki.comparator)}}},
              {"operationSpecDigest", str(operationDigest)}}}};
}

Json buildWorkloadSuite(const ProblemDefinition& d, const QString& operationDigest) {
    if (!d.kernelIndex)
        return Json();
    const KernelIndexFacts& ki = *d.kernelIndex;
    Json cases = Json::array();
    for (const ProblemWorkload& w : d.workloads) {
        if (!w.kernelIndex)
            return Json();
        cases.push_back({{"axes", workloadAxes(d, w)}, {"externalId", str(w.kernelIndex->externalId)}});
    }
    return {
        {"apiVersion", str(ki.apiVersion)},
        {"kind", "WorkloadSuite"},
        {"metadata",
         {{"name", str(ki.suiteName)}, {"title", str(QStringLiteral("Workload suite: ") + d.id)}}},
        {"spec",
         {{"cases", cases},
          {"aggregation",
           {{"metric", str(ki.aggregationMetric)}, {"statistic", str(ki.aggregationStatistic)}}},
          {"correctness", {{"comparator", str(ki.comparator)}, {"description", str(ki.suiteDescription)}}},
          {"operationSpecDigest", str(operationDigest)}}}};
}

KernelIndexResources buildKernelIndexResources(const ProblemDefinition& d) {
    KernelIndexResources out;
    out.operationSpec = buildOperationSpec(d);
    if (out.operationSpec.is_null())
        return out;
    const QString operationDigest = resourceDigest(out.operationSpec);
    for (int i = 0; i < d.workloads.size(); ++i)
        out.cases << buildWorkloadCase(d, i, operationDigest);
    out.suite = buildWorkloadSuite(d, operationDigest);
    return out;
}

Problems checkKernelIndexDigests(const ProblemDefinition& d, const QString& file) {
    Problems problems;
    const KernelIndexResources built = buildKernelIndexResources(d);
    if (built.operationSpec.is_null())
        return problems;
    auto check = [&](const Json& resource, const QString& recorded, const QString& path,
                     const QString& what) {
        const QString digest = resourceDigest(resource);
        if (digest != recorded)
            problems << Problem{
                Problem::Severity::Error, file, path,
                QStringLiteral("the %1 built from this file's facts has the digest %2, not the "
                               "recorded %3: a fact it is built from differs from what the "
                               "source published")
                    .arg(what, digest, recorded),
                QString::fromLatin1(codes::kDataDigestMismatch)};
    };
    check(built.operationSpec, d.kernelIndex->operationDigest, QStringLiteral("kernelIndex.operation.digest"),
          QStringLiteral("OperationSpec"));
    for (int i = 0; i < d.workloads.size(); ++i)
        check(built.cases.value(i), d.workloads[i].kernelIndex->digest,
              jsonPathKey(
                  jsonPathKey(jsonPathIndex(QStringLiteral("workloads"), i), QStringLiteral("kernelIndex")),
                  QStringLiteral("digest")),
              QStringLiteral("WorkloadCase"));
    check(built.suite, d.kernelIndex->suiteDigest, QStringLiteral("kernelIndex.suite.digest"),
          QStringLiteral("WorkloadSuite"));
    return problems;
}

} // namespace kix
