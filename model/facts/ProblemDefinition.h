// A benchmark problem (not a Problem, which is a diagnostic) as kix states it in its own data files (format
// "kix.problem/v1", docs/problem-format.md): axes, named inputs and outputs with dtypes and shapes by axis,
// the workloads by their axes, the published speed-of-light and baseline times per GPU, and how
// KernelIndex catalogs the problem. Every fact names the public source it was read from. No reference code:
// the math lives in kernels/PROBLEM.md.
#pragma once

#include "FactSource.h"
#include "Problem.h"

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QString>
#include <optional>

namespace kix {

inline constexpr char kProblemFormat[] = "kix.problem/v1";
// The bundled problem file, compiled in with the resources (kixInitResources()).
inline constexpr char kBundledProblem013[] = ":/kix/problems/013-fused-residual-rms-norm-backward.json";

// Axes take integer values: a variable axis is set by each workload, a constant one has its value here.
struct ProblemAxis {
    QString name;
    bool constant = false;
    qint64 value = 0; // constant axes only
    QString source;
};

// One dimension of a tensor's shape: a named axis, or a fixed extent when `axis` is empty.
struct ShapeDim {
    QString axis;
    qint64 extent = 0;
};

struct ProblemTensor {
    QString name;
    QString dtype; // kix's (and KernelIndex's) spelling: bf16, fp16, fp32, fp64, int32, int64, …
    QList<ShapeDim> shape;
    bool readByReference = true; // false for an input the reference's math never reads
    QString source;
};

// Published per-workload times on one GPU: T_sol (speed of light) and T_b (the scoring baseline).
struct SpeedOfLightTimes {
    QString gpu; // the product name runs record, e.g. "NVIDIA B200"
    double solMs = 0;
    double baselineMs = 0;
    QString source;
};

// How KernelIndex catalogs one workload: the case's external id in the WorkloadSuite and the published
// digest of its WorkloadCase resource.
struct KernelIndexCase {
    QString externalId;
    QString digest;
    QString source;
};

// A workload as KernelIndex's export publishes it: its axes (and, under kernelIndex, its case's external id
// and WorkloadCase digest). The dataset's workload uuid and tolerance are not bundled facts (NVIDIA's
// evaluation licence allows no redistribution; DatasetCopy.h reads them from the user's own copy).
struct ProblemWorkload {
    QMap<QString, qint64> axes; // the variable axes only
    QString source;
    QList<SpeedOfLightTimes> speedOfLight;
    std::optional<KernelIndexCase> kernelIndex;
};

// The facts KernelIndex's OperationSpec, WorkloadCase and WorkloadSuite resources are made of, beyond the
// axes, tensors and workloads above (WorkloadSuiteBuilder.h builds them).
struct KernelIndexFacts {
    QString apiVersion;
    QString operationName;
    QString family;
    QString mutation;
    QString determinism;
    QString operationDigest; // published digest of the OperationSpec
    QString comparator;
    QString suiteDescription;
    QString suiteName;
    QString aggregationMetric;
    QString aggregationStatistic;
    QString suiteDigest; // published digest of the WorkloadSuite (what runs name as workloadDigest)
    QString source;
};

struct ProblemDefinition {
    QString id;   // the benchmark's own name, e.g. 013_fused_residual_rms_norm_backward
    QString slug; // lowercase, digits and '-'
    QString title;
    QString collection; // e.g. "SOL-ExecBench L1"
    QString summary;
    QString source; // of the identity above
    FactSources sources;
    QList<ProblemAxis> axes;
    QList<ProblemTensor> inputs;
    QList<ProblemTensor> outputs;
    QList<ProblemWorkload> workloads;
    std::optional<KernelIndexFacts> kernelIndex;

    const ProblemAxis* axis(const QString& name) const;
    const ProblemTensor* tensor(const QString& name) const; // an input or an output
    // The workload a run's case is of: the one whose KernelIndex external id is `caseId`, else the one whose
    // axes `axes` gives (every axis of the problem, constants at their values, and no other); -1 when none.
    // A case kix named by the dataset's uuid (the bundled reruns of 2026-12-04) is found by its axes.
    int workloadIndex(const QString& caseId, const QList<QPair<QString, double>>& axes = {}) const;
    int workloadIndexByAxes(const QMap<QString, qint64>& variableAxes) const; // -1 when none
    // The axis's value in a workload: the workload's own for a variable axis, the constant otherwise.
    std::optional<qint64> axisValue(const ProblemWorkload& workload, const QString& name) const;
    // The concrete shape of a tensor in a workload (every axis resolved).
    QList<qint64> shape(const ProblemTensor& tensor, const ProblemWorkload& workload) const;
    // The published times of workload `index` on `gpu`, or nullptr.
    const SpeedOfLightTimes* speedOfLight(int index, const QString& gpu) const;
    // The GPUs that have published times for every workload.
    QStringList speedOfLightGpus() const;
};

// "(batch_size=4, seq_len=1973)": a workload named by its variable axes, as messages show it.
QString workloadAxesText(const QMap<QString, qint64>& axes);

struct ProblemDefinitionRead {
    std::optional<ProblemDefinition> definition; // set when the file has no errors (warnings allowed)
    Problems problems;
};

ProblemDefinitionRead parseProblemDefinition(const QByteArray& bytes, const QString& file);
ProblemDefinitionRead readProblemDefinition(const QString& path);
// The same from a document already parsed (a file the loader opened and found to be a problem file).
ProblemDefinitionRead readProblemDefinition(const Json& root, const QString& file);

} // namespace kix
