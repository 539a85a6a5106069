#include "TraceOnOpen.h"

#include "DocumentReader.h"
#include "InMemoryFiles.h"
#include "JsonReader.h"
#include "ProblemCodes.h"
#include "BundledProblem.h"
#include "TraceImport.h"
#include "TraceOpening.h"

#include <QDir>
#include <QFileInfo>

namespace kix {

namespace {

ParsedDocument problemsDocument(const QString& file, Problems problems) {
    ParsedDocument doc;
    doc.origin = Origin{file, 0, QString()};
    doc.problems = std::move(problems);
    return doc;
}

// What was done, as the first thing the suite run's problems say.
Problem importedNote(const QString& file, const TraceImportResult& r) {
    return makeProblem(
        Problem::Severity::Warning, codes::catalogLine, file, QString(),
        QStringLiteral("a SOL-ExecBench trace, imported on open in memory: %1 trace(s) of %2 "
                       "solution(s) into %3 document(s), nothing written (`kix import-trace %4 "
                       "-o DIR` writes them)")
            .arg(r.traces)
            .arg(r.solutions.size())
            .arg(r.files.size())
            .arg(QFileInfo(file).fileName()),
        1);
}

} // namespace

QList<ParsedDocument> traceDocumentsInMemory(const QString& file) {
    TraceImportOptions options;
    if (const ProblemDefinition* bundled = bundledProblemDefinition())
        options.definitions << bundled; // its dtypes and shapes, as kix import-trace uses them
    TraceImportResult result = importTraceFile(file, options);
    if (hasErrors(result.problems) || result.files.size() == 0)
        return {problemsDocument(file, std::move(result.problems))};
    const QString folder = QFileInfo(file).absolutePath();
    QHash<QString, QByteArray> inMemory;
    for (const SetFile& f : result.files.files())
        inMemory.insert(QDir::cleanPath(folder + u'/' + f.name), f.bytes);
    const InMemoryFiles scope(inMemory);
    QList<ParsedDocument> out;
    ParsedDocument* suite = nullptr;
    for (const SetFile& f : result.files.files()) {
        ParsedDocument doc;
        const QString name = QFileInfo(file).absoluteFilePath() + QStringLiteral(" ▸ ") + f.name;
        doc.origin = Origin{name, 0, QString()};
        JsonReadResult parsed = parseJson(f.bytes, name);
        if (!parsed.value) {
            doc.problems.append(parsed.error);
        } else {
            readManifestDocument(*parsed.value,
                                 DocumentContext{name, 0, QString(), QString(), f.bytes.size()}, doc);
        }
        if (!doc.run && doc.resources.isEmpty() && doc.problems.isEmpty())
            continue; // the raw-samples evidence: read through the runs that name it
        out.append(std::move(doc));
    }
    // The suite run (the one with the most per-case results) carries the import's warnings, so Details shows them.
    for (ParsedDocument& d : out)
        if (d.run && (!suite || d.run->spec.cases.size() > suite->run->spec.cases.size()))
            suite = &d;
    Problems notes{importedNote(file, result)};
    notes += result.problems;
    if (suite)
        suite->problems = notes + suite->problems;
    else
        out.prepend(problemsDocument(file, notes));
    return out;
}

void installTraceOpening() {
    setTraceReader(&traceDocumentsInMemory);
}

} // namespace kix
