// A SOL-ExecBench problem and a solution to it, as `kix run --solution` reads them: the definition
// (definition.json: axes const/var/expr, named inputs and outputs with dtypes and shapes, a PyTorch
// reference), its workloads (workload.jsonl: axis values, input descriptors, tolerances) and the solution
// (solution.json: languages, entry point, destination passing style, sources). The formats are
// SOL-ExecBench's docs/definition.md, workload.md and solution.md. Everything the runner would trip over
// later is refused here, located (file, line for JSON Lines, JSON path): a solution of another
// definition, an unknown language, an entry point that is not in the sources, a shape naming an unknown
// axis, a workload missing an axis.
#pragma once

#include "JsonReader.h"
#include "Problem.h"

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <optional>

namespace kix {

struct SolAxis {
    enum class Kind { Const, Var, Expr };
    QString name;
    Kind kind = Kind::Var;
    qint64 value = 0;   // Const
    QString expression; // Expr, as written ("attention_head_dim // 2")
};

struct SolTensor {
    QString name;
    QString dtype;         // SOL-ExecBench's spelling: bfloat16, float32, int64, …
    bool pyScalar = false; // "shape": null, a Python scalar
    QStringList shape;     // axis names, or digits for a fixed extent ("1")
};

struct SolDefinition {
    QString name, opType, description, reference, customInputs;
    QList<SolAxis> axes;
    QList<SolTensor> inputs, outputs;
    const SolAxis* axis(const QString& name) const;
};

struct SolTolerance {
    double atol = 1e-2, rtol = 1e-2, matchedRatio = 0.99;
    std::optional<double> errorCap;
};

// NOLINTNEXTLINE(bugprone-exception-escape): its implicit move is noexcept; the check misreads json's
struct SolWorkload {
    QString uuid;
    QMap<QString, qint64> axes; // the variable axes, as the workload gives them
    Json inputs;                // the input descriptors, as written
    SolTolerance tolerance;
    qint64 line = 0;
};

struct SolSolution {
    QString name, definition, author, description;
    QStringList languages;
    QString entryFile, entrySymbol;
    bool destinationPassing = true;
    QStringList dependencies;
    Json compileOptions = Json::object();
    QList<std::pair<QString, QString>> sources; // path, content
    bool cpp() const;                           // a C++ language (built with torch's extension loader)
};

struct SolutionProblem {
    SolDefinition definition;
    QList<SolWorkload> workloads;
    SolSolution solution;
    QString solutionFile, definitionFile, workloadsFile;
};

struct SolutionProblemRead {
    std::optional<SolutionProblem> problem; // set when there is no error
    Problems problems;
};

// SOL-ExecBench's languages (docs/solution.md) and which of them are C++.
const QStringList& solLanguages();
bool isSolCppLanguage(const QString& language);

SolutionProblemRead readSolutionProblem(const QString& solutionFile, const QString& definitionFile,
                                        const QString& workloadsFile);

} // namespace kix
