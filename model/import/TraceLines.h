// Reading SOL-ExecBench trace lines (TraceImport.h): each line checked into a compact TraceLine, the
// evaluated ones grouped by solution. What is wrong is reported as it is read; the build step
// (TraceBuild.h) sees only lines that passed.
#pragma once

#include "FieldReader.h"
#include "Problem.h"

#include <QHash>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>
#include <map>
#include <optional>
#include <string>

namespace kix::trace {

inline constexpr char kComparator[] = "sol_execbench_eval";

// What one evaluated trace line says, kept compact (no JSON tree per line).
// clang-tidy 14 reports a throw path in the implicit move of a struct with nlohmann::json members,
// whose own move constructor is noexcept: nothing can escape.
// NOLINTNEXTLINE(bugprone-exception-escape): implicit move of nlohmann::json members, see above
struct TraceLine {
    qint64 line = 0;
    QString definition, solution, uuid;
    QList<QPair<QString, qint64>> axes;
    QStringList inputs;
    Json workloadCorrectness; // the WorkloadCase's correctness, from workload.tolerance
    QString status;           // KernelIndex's
    QString timestampGiven, observedAt;
    bool naive = false;
    QString hardware;
    std::map<std::string, std::string> libs;
    std::optional<double> latencyMs, referenceMs, speedup;
    bool hasCorrectness = false;
    std::optional<double> maxAbs, maxRel;
    std::optional<bool> hasNan, hasInf;
    QString log;
};

struct Group {
    QList<TraceLine> lines;
    QHash<QString, qint64> lineOfUuid;
};

struct DefinitionFacts {
    QStringList axes, inputs;         // first-seen order
    qint64 firstLine = 0;             // the first evaluated line of the definition
    QHash<QString, qint64> inputLine; // the first line naming each input
    QHash<QString, qint64> axisLine;  // the first line naming each axis
};

// All the evaluated lines, by solution in name order: the set is the same whatever the line order.
struct TraceGroups {
    std::map<QString, Group> groups;
    std::map<QString, DefinitionFacts> definitions;
};

class TraceLineReader {
public:
    // `utcOffset` is the zone of naive timestamps (TraceImportOptions::utcOffset).
    TraceLineReader(QString file, QString utcOffset, Problems& problems);

    void readLine(const Json& parsed, qint64 line);
    // The counted warnings and the errors only the whole file shows (nothing evaluated, a
    // definition without inputs); call once, after the last line.
    void finish();

    const TraceGroups& groups() const { return read; }
    int traces() const { return evaluated; }
    int workloadOnlyLines() const { return workloadOnly; }

private:
    QString file, utcOffset;
    Problems& problems;
    TraceGroups read;
    int workloadOnly = 0;
    qint64 firstWorkloadOnly = 0;
    int catalogLines = 0; // {"table", "row"} lines: the file is a catalog export
    qint64 firstCatalogLine = 0;
    int naive = 0;
    qint64 firstNaive = 0;
    int evaluated = 0;

    void error(const char* code, qint64 line, const QString& path, const QString& message);
    void warning(const char* code, qint64 line, const QString& path, const QString& message);
    bool readWorkload(FieldReader& workload, TraceLine& t);
    bool readTolerance(FieldReader tolerance, TraceLine& t);
    bool readEvaluation(FieldReader& evaluation, TraceLine& t);
    void keep(TraceLine&& t);
};

} // namespace kix::trace
