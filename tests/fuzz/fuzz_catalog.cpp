// libFuzzer target: the catalog reader as the load job drives it. The input is the text of a catalog
// export; its lines (split as LineSource splits them: '\n', a CR before it dropped, blank lines skipped,
// numbered from 1) go through parseCatalogLines, the loader's own function, and the documents are merged
// into a RecordIndex as RunStore merges them; then every run is verified, its policy facts and published
// key problems derived, every resource's published digest checked, and every row built as the views
// build it. Nothing may crash, hang or trip a sanitizer, and:
//   - every problem has a code and a message and is located at the file and line it was read from;
//   - a line that is not a catalog record yields one error and nothing else;
//   - the published facts match the table (run facts only for benchmark_runs, and so on), and what a row
//     holds is of its table's kind (a run only from benchmark_runs, one workload from workloads, …);
//   - every record read back has its invariants: its digest is sha256 of the canonical text it keeps,
//     that text is canonical JSON, it was read from this line under /row/manifest, a run is a BenchmarkRun;
//   - a published runDigest that differs from the run's is a catalog.digest_mismatch at row.runDigest, a
//     publishedAt or retractedAt that is not a timestamp is a field.timestamp at its column (and a valid
//     one is not), and reading a line twice gives the same problems and digests;
//   - the index counts what it was given, finds each run by its digest, and each digest check is
//     consistent with its state (verified: equal values; mismatch: two different values; else a reason).
#include "BundleView.h"
#include "Canonical.h"
#include "CatalogReader.h"
#include "Digest.h"
#include "JsonReader.h"
#include "LoadJob.h"
#include "Policy.h"
#include "RecordIndex.h"
#include "Timestamp.h"
#include "Verification.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace {

using namespace kix;

const QString kFile = QStringLiteral("fuzz.jsonl");

void check(bool ok) {
    if (!ok)
        __builtin_trap();
}

bool blank(const QByteArray& line) {
    return std::ranges::all_of(line, [](char c) { return c == ' ' || c == '\t'; });
}

QList<SourceLineText> splitLines(const QByteArray& text) {
    QList<SourceLineText> lines;
    qint64 number = 0;
    qsizetype start = 0;
    while (start < text.size()) {
        qsizetype end = text.indexOf('\n', start);
        if (end < 0)
            end = text.size();
        QByteArray line = text.mid(start, end - start);
        start = end + 1;
        ++number;
        if (line.endsWith('\r'))
            line.chop(1);
        if (!line.isEmpty() && !blank(line))
            lines.append(SourceLineText{line, number});
    }
    return lines;
}

bool hasProblem(const Problems& problems, const char* code, const QString& path) {
    return std::ranges::any_of(
        problems, [&](const Problem& p) { return p.code == QLatin1String(code) && p.path == path; });
}

bool isTimestamp(const QString& text) {
    return isRfc3339DateTime(text) || isKernelIndexInstant(text.toStdString());
}

// A record read back: its digest covers the canonical text it keeps, which is canonical JSON.
void checkResource(const ResourceRecord& r, const SourceLineText& line) {
    check(classifyDigest(r.digest) == DigestForm::Sha256);
    check(r.digest == textDigest(r.canonical));
    check(!r.writtenDigest.isEmpty() && (r.normalized() || r.writtenDigest == r.digest));
    check(r.origin.file == kFile && r.origin.line == line.number);
    check(r.origin.pointer.startsWith(QLatin1String("/row/manifest")));
    const JsonReadResult again = parseJson(QByteArray::fromStdString(r.canonical), QStringLiteral("again"));
    check(again.value.has_value());
    try {
        check(canonicalJson(*again.value) == r.canonical);
    } catch (const CanonicalError&) {
        check(false); // it was canonical once
    }
    for (const Problem& p : r.problems)
        check(!p.code.isEmpty() && p.file == kFile && p.line == line.number);
}

void checkTimestampColumn(const ParsedDocument& doc, const QString& value, const char* column) {
    const QString path = QStringLiteral("row.") + QLatin1String(column);
    if (!value.isEmpty())
        check(isTimestamp(value) != hasProblem(doc.problems, codes::fieldTimestamp, path));
}

// The published facts match the table, and what the row holds is of the table's kind.
void checkTableFacts(const ParsedDocument& doc) {
    const bool runs = doc.table == QLatin1String("benchmark_runs");
    const bool resources = doc.table == QLatin1String("workloads") ||
                           doc.table == QLatin1String("implementations") ||
                           doc.table == QLatin1String("operations") || doc.table == QLatin1String("projects");
    check(doc.publishedRun.has_value() == runs);
    check(doc.publishedResource.has_value() == resources);
    check(!doc.measurement || doc.table == QLatin1String("measurements"));
    check(runs || !doc.run);
    // A row holds its table's kind, or nothing: one resource for the resource tables.
    check(!resources || doc.resources.size() <= 1);
    check(!doc.publishedResource || doc.resources.isEmpty() ||
          (doc.table == QLatin1String("workloads")
               ? doc.resources.first()->kind == ResourceKind::WorkloadCase ||
                     doc.resources.first()->kind == ResourceKind::WorkloadSuite
               : doc.resources.first()->kind ==
                     (doc.table == QLatin1String("implementations") ? ResourceKind::ImplementationRevision
                      : doc.table == QLatin1String("operations")    ? ResourceKind::OperationSpec
                                                                    : ResourceKind::SoftwareProject)));
}

void checkDocument(const ParsedDocument& doc, const SourceLineText& line) {
    check(doc.origin.file == kFile && doc.origin.line == line.number);
    check(doc.bytes == line.text.size());
    for (const Problem& p : doc.problems)
        check(!p.code.isEmpty() && !p.message.isEmpty() && p.file == kFile && p.line == line.number);
    if (doc.table.isEmpty()) {
        // Not a catalog record (one error), or a record of the table "" (unknown: one warning): nothing read.
        check(doc.problems.size() == 1);
        check(!doc.run && doc.resources.isEmpty() && !doc.publishedRun && !doc.publishedResource &&
              !doc.measurement);
        return;
    }
    checkTableFacts(doc);
    check(isCatalogTableRead(doc.table) ||
          (doc.problems.size() <= 1 && !hasErrors(doc.problems) && doc.resources.isEmpty() && !doc.run));
    check(doc.isProblemRow() == (!doc.run && hasErrors(doc.problems)));
    for (const ResourcePtr& r : doc.resources) {
        check(r != nullptr);
        checkResource(*r, line);
    }
    if (doc.run) {
        check(doc.run->resource && doc.run->resource->kind == ResourceKind::BenchmarkRun);
        checkResource(*doc.run->resource, line);
        check(doc.run->resource->origin.pointer == QLatin1String("/row/manifest/run"));
        const QString& published = doc.publishedRun->runDigest;
        if (!published.isEmpty() && published != doc.run->digest())
            check(hasProblem(doc.problems, codes::catalogDigest, QStringLiteral("row.runDigest")));
    }
    if (doc.publishedRun) {
        checkTimestampColumn(doc, doc.publishedRun->publishedAt, "publishedAt");
        checkTimestampColumn(doc, doc.publishedRun->retractedAt, "retractedAt");
    }
}

QStringList summary(const ParsedDocument& doc) {
    QStringList out{doc.table, doc.run ? doc.run->digest() : QString()};
    for (const ResourcePtr& r : doc.resources)
        out << r->digest;
    for (const Problem& p : doc.problems)
        out << p.toString() + u' ' + p.code;
    return out;
}

void checkDigestCheck(const DigestCheck& c) {
    switch (c.state) {
    case DigestCheck::State::Verified:
        check(!c.computed.isEmpty() && c.computed == c.expected);
        break;
    case DigestCheck::State::Mismatch:
        // Both values are known and differ: a value the row leaves null is never checked (verifyRun and
        // verifyResource skip it), so a mismatch never has an empty side.
        check(!c.computed.isEmpty() && !c.expected.isEmpty() && c.computed != c.expected);
        break;
    case DigestCheck::State::NotVerifiable:
        check(!c.reason.isEmpty());
        break;
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const JsonLimits limits = JsonLimits::defaults();
    const QByteArray text(reinterpret_cast<const char*>(data), qsizetype(size));
    const QList<SourceLineText> lines = splitLines(text);
    LoadBatch batch = parseCatalogLines(kFile, lines, limits);
    check(batch.documents.size() == lines.size());
    RecordIndex index;
    qsizetype withRun = 0;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const ParsedDocument& doc = batch.documents[i];
        checkDocument(doc, lines[i]);
        // The reader is a function of the line: the same line read again reads the same.
        check(summary(readCatalogLine(lines[i].text, kFile, lines[i].number, limits)) == summary(doc));
        withRun += doc.run ? 1 : 0;
    }
    for (ParsedDocument& doc : batch.documents)
        index.add(std::move(doc));

    check(index.sources().value(kFile).documents == lines.size());
    check(index.runCount() <= withRun);
    check(index.rowCount() == index.runCount() + index.problemRows().size());
    for (int i = 0; i < index.runCount(); ++i) {
        const RunEntry& e = index.run(i);
        check(e.run && !e.occurrences.isEmpty());
        check(index.runIndexOf(e.run->digest()) == i);
        check(index.row(index.rowOfRun(i)).kind == StoreRow::Kind::Run);
        for (const DigestCheck& c : verifyRun(index, e))
            checkDigestCheck(c);
        for (const Problem& p : publishedKeyProblems(index, e))
            check(p.code == QLatin1String(codes::catalogKey) && p.file == kFile && p.line > 0);
        const PolicyFacts facts = policyFacts(index, e);
        check(facts.comparisonKey.isEmpty() || classifyDigest(facts.comparisonKey) == DigestForm::Sha256);
        check(facts.ineligible.contains(QStringLiteral("INVALID_MANIFEST")) == e.hasErrors());
    }
    for (const ResourceEntry& entry : index.resources()) {
        check(entry.resource && !entry.origins.isEmpty());
        for (const DigestCheck& c : verifyResource(index, entry))
            checkDigestCheck(c);
    }
    for (int row = 0; row < index.rowCount(); ++row)
        check(bundleView(index, row) != nullptr);
    return 0;
}
