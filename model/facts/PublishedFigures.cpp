#include "PublishedFigures.h"

#include "DataFileReading.h"
#include "JsonPath.h"
#include "JsonReader.h"

#include <QRegularExpression>
#include <QSet>
#include <algorithm>

namespace kix {

QString publishedFiguresNotice() {
    return QStringLiteral("Published figures, as their source states them: kix has not recomputed them, and "
                          "their digests cannot be verified from the figures alone.");
}

QList<PublishedEntry> PublishedFigures::cohortEntries(const QString& cohort) const {
    QList<PublishedEntry> out;
    for (const PublishedEntry& e : entries)
        if (e.cohort == cohort)
            out << e;
    std::stable_sort(out.begin(), out.end(), [](const PublishedEntry& a, const PublishedEntry& b) {
        return a.suiteLatencyNs < b.suiteLatencyNs;
    });
    return out;
}

namespace {

class FiguresReader {
public:
    FiguresReader(QString file, Problems& problems)
        : m_file(std::move(file))
        , m_problems(problems) {}

    std::optional<PublishedFigures> read(const Json& root) {
        if (!root.is_object()) {
            m_problems.append(Problem{
                Problem::Severity::Error, m_file, QString(),
                QStringLiteral("expected a JSON object at the top level, got %1").arg(jsonTypeName(root)),
                QString()});
            return std::nullopt;
        }
        if (!checkFormat(root, kPublishedFiguresFormat, m_file, m_problems))
            return std::nullopt;
        warnUnknownMembers(root, QString(), {"format", "problem", "summary", "sources", "cohorts", "entries"},
                           m_file, m_problems);
        PublishedFigures f;
        f.sources = readFactSources(root, m_file, m_problems);
        FieldReader r(&root, QString(), m_file, m_problems);
        f.problem = r.string("problem", FieldReader::Required).value_or(QString());
        f.summary = r.string("summary").value_or(QString());
        readCohorts(root, f);
        readEntries(r, f);
        checkRanks(f);
        if (hasErrors(m_problems))
            return std::nullopt;
        return f;
    }

private:
    void error(const char* code, const QString& path, const QString& message) {
        m_problems.append(dataProblem(code, m_file, path, message));
    }

    void readCohorts(const Json& root, PublishedFigures& f) {
        const auto it = root.find("cohorts");
        const QString path = QStringLiteral("cohorts");
        if (it == root.end()) {
            m_problems.append(Problem{
                Problem::Severity::Error, m_file, path,
                QStringLiteral("required field is missing (expected an object of cohorts)"), QString()});
            return;
        }
        if (!expectObject(*it, path, m_file, m_problems))
            return;
        for (auto c = it->begin(); c != it->end(); ++c) {
            PublishedCohort cohort;
            cohort.id = QString::fromStdString(c.key());
            const QString at = jsonPathKey(path, cohort.id);
            if (!expectObject(c.value(), at, m_file, m_problems))
                continue;
            warnUnknownMembers(c.value(), at,
                               {"title", "harness", "evaluationStack", "gpu", "architecture", "comparisonKey",
                                "comparisonKeyShown", "runsInSource", "source"},
                               m_file, m_problems);
            FieldReader r(&c.value(), at, m_file, m_problems);
            cohort.title = r.string("title", FieldReader::Required).value_or(QString());
            cohort.harness = r.string("harness", FieldReader::Required).value_or(QString());
            cohort.evaluationStack = r.string("evaluationStack", FieldReader::Required).value_or(QString());
            cohort.gpu = r.string("gpu", FieldReader::Required).value_or(QString());
            cohort.architecture = r.string("architecture").value_or(QString());
            cohort.comparisonKey = r.digest("comparisonKey").value_or(QString());
            if (const auto shown = r.string("comparisonKeyShown")) {
                static const QRegularExpression prefix(QStringLiteral("^sha256:[0-9a-f]{4,63}$"));
                if (!prefix.match(*shown).hasMatch())
                    error(codes::kDataOutOfRange, r.pathOf(QStringLiteral("comparisonKeyShown")),
                          QStringLiteral(
                              "expected the start of a key, sha256: and 4 to 63 lowercase hex digits, "
                              "got \"%1\"")
                              .arg(*shown));
                else if (!cohort.comparisonKey.isEmpty())
                    error(codes::kDataInconsistent, r.pathOf(QStringLiteral("comparisonKeyShown")),
                          QStringLiteral("give the full comparisonKey or the shown part of it, not both"));
                else
                    cohort.comparisonKeyShown = *shown;
            }
            if (const auto runs = r.count("runsInSource")) {
                if (*runs == 0)
                    error(codes::kDataOutOfRange, r.pathOf(QStringLiteral("runsInSource")),
                          QStringLiteral("expected a positive integer, got 0"));
                else
                    cohort.runsInSource = int(*runs);
            }
            cohort.source = readSourceRef(r, f.sources, m_file, m_problems).value_or(QString());
            f.cohorts.insert(cohort.id, cohort);
        }
    }

    void readEntries(FieldReader& root, PublishedFigures& f) {
        const Json* entries = readObjectArray(root, "entries", m_file, m_problems);
        if (!entries)
            return;
        QSet<QString> seen;
        for (std::size_t i = 0; i < entries->size(); ++i) {
            const Json& e = (*entries)[i];
            const QString path = jsonPathIndex(QStringLiteral("entries"), qsizetype(i));
            warnUnknownMembers(e, path,
                               {"submitter", "externalId", "runName", "cohort", "gpu", "architecture",
                                "evaluationStack", "status", "suiteLatencyNs", "statistic", "solScore",
                                "averageSpeedup", "casesFaster", "rank", "observedAt", "publishedAt",
                                "digests", "url", "source"},
                               m_file, m_problems);
            FieldReader r(&e, path, m_file, m_problems);
            PublishedEntry entry;
            entry.submitter = r.string("submitter", FieldReader::Required).value_or(QString());
            entry.externalId = r.string("externalId", FieldReader::Required).value_or(QString());
            entry.runName = r.string("runName").value_or(QString());
            entry.cohort = r.string("cohort", FieldReader::Required).value_or(QString());
            entry.gpu = r.string("gpu", FieldReader::Required).value_or(QString());
            entry.architecture = r.string("architecture").value_or(QString());
            entry.evaluationStack = r.string("evaluationStack", FieldReader::Required).value_or(QString());
            checkCohort(r, f, entry);
            const QString key = entry.cohort + u'\n' + entry.externalId;
            if (!entry.externalId.isEmpty() && seen.contains(key))
                error(codes::kDataDuplicate, r.pathOf(QStringLiteral("externalId")),
                      QStringLiteral("the submission \"%1\" is listed twice in the cohort \"%2\"")
                          .arg(entry.externalId, entry.cohort));
            seen.insert(key);
            entry.status = r.string("status", FieldReader::Required).value_or(QString());
            entry.suiteLatencyNs =
                positive(r, "suiteLatencyNs", "nanoseconds", FieldReader::Required).value_or(0);
            entry.statistic = r.string("statistic", FieldReader::Required).value_or(QString());
            entry.solScore = positive(r, "solScore", nullptr, FieldReader::Optional);
            entry.averageSpeedup = positive(r, "averageSpeedup", nullptr, FieldReader::Optional);
            readCasesFaster(r, e, entry);
            readRank(r, e, entry);
            entry.observedAt = readUtcInstant(r, "observedAt", FieldReader::Required, m_file, m_problems)
                                   .value_or(QString());
            entry.publishedAt = readUtcInstant(r, "publishedAt", FieldReader::Optional, m_file, m_problems)
                                    .value_or(QString());
            readDigests(r, e, entry);
            if (const auto url = r.string("url", FieldReader::Required)) {
                if (url->startsWith(QStringLiteral("https://")) && !url->contains(u' '))
                    entry.url = *url;
                else
                    error(codes::kDataOutOfRange, r.pathOf(QStringLiteral("url")),
                          QStringLiteral("expected a public https:// address, got \"%1\"").arg(*url));
            }
            entry.source = readSourceRef(r, f.sources, m_file, m_problems).value_or(QString());
            f.entries << entry;
        }
    }

    // An entry's GPU and stack are its cohort's: a figure filed under the wrong cohort would be ranked
    // against runs it cannot be compared with.
    void checkCohort(FieldReader& r, const PublishedFigures& f, const PublishedEntry& e) {
        if (e.cohort.isEmpty())
            return;
        const auto it = f.cohorts.find(e.cohort);
        if (it == f.cohorts.end()) {
            error(codes::kDataInconsistent, r.pathOf(QStringLiteral("cohort")),
                  QStringLiteral("names the cohort \"%1\", which \"cohorts\" does not list").arg(e.cohort));
            return;
        }
        if (!e.gpu.isEmpty() && e.gpu != it->gpu)
            error(codes::kDataInconsistent, r.pathOf(QStringLiteral("gpu")),
                  QStringLiteral("\"%1\" differs from the GPU of its cohort \"%2\" (\"%3\")")
                      .arg(e.gpu, e.cohort, it->gpu));
        if (!e.evaluationStack.isEmpty() && e.evaluationStack != it->evaluationStack)
            error(codes::kDataInconsistent, r.pathOf(QStringLiteral("evaluationStack")),
                  QStringLiteral("\"%1\" differs from the evaluation stack of its cohort \"%2\" (\"%3\")")
                      .arg(e.evaluationStack, e.cohort, it->evaluationStack));
    }

    void readCasesFaster(FieldReader& r, const Json& e, PublishedEntry& entry) {
        FieldReader cases = r.object("casesFaster");
        if (!cases.valid())
            return;
        warnUnknownMembers(e.at("casesFaster"), cases.path(), {"count", "total"}, m_file, m_problems);
        const auto count = cases.count("count", FieldReader::Required);
        const auto total = cases.count("total", FieldReader::Required);
        if (total && *total == 0)
            error(codes::kDataOutOfRange, cases.pathOf(QStringLiteral("total")),
                  QStringLiteral("expected a positive integer, got 0"));
        else if (count && total && *count > *total)
            error(codes::kDataInconsistent, cases.pathOf(QStringLiteral("count")),
                  QStringLiteral("%1 cases faster out of %2 cases").arg(*count).arg(*total));
        else if (count && total) {
            entry.casesFaster = int(*count);
            entry.casesTotal = int(*total);
        }
    }

    void readRank(FieldReader& r, const Json& e, PublishedEntry& entry) {
        FieldReader rank = r.object("rank");
        if (!rank.valid())
            return;
        warnUnknownMembers(e.at("rank"), rank.path(), {"position", "of", "basis", "scope"}, m_file,
                           m_problems);
        PublishedRank out;
        const auto position = rank.count("position", FieldReader::Required);
        const auto of = rank.count("of");
        const auto basis = rank.string("basis", FieldReader::Required);
        out.scope = rank.string("scope", FieldReader::Required).value_or(QString());
        bool ok = position && basis && !out.scope.isEmpty();
        if (position && *position == 0) {
            error(codes::kDataOutOfRange, rank.pathOf(QStringLiteral("position")),
                  QStringLiteral("expected a positive integer (1 is the fastest), got 0"));
            ok = false;
        }
        if (position && of && *of < *position) {
            error(codes::kDataInconsistent, rank.pathOf(QStringLiteral("of")),
                  QStringLiteral("rank %1 of %2 is impossible").arg(*position).arg(*of));
            ok = false;
        }
        if (basis == QStringLiteral("published")) {
            out.basis = PublishedRank::Basis::Published;
        } else if (basis == QStringLiteral("derived")) {
            out.basis = PublishedRank::Basis::Derived;
        } else if (basis) {
            error(codes::kDataOutOfRange, rank.pathOf(QStringLiteral("basis")),
                  QStringLiteral("expected \"published\" or \"derived\", got \"%1\"").arg(*basis));
            ok = false;
        }
        if (!ok)
            return;
        out.position = int(*position);
        if (of)
            out.of = int(*of);
        entry.rank = out;
    }

    void readDigests(FieldReader& r, const Json& e, PublishedEntry& entry) {
        FieldReader d = r.object("digests");
        if (!d.valid())
            return;
        warnUnknownMembers(e.at("digests"), d.path(),
                           {"run", "workload", "implementation", "protocol", "environment"}, m_file,
                           m_problems);
        entry.digests.run = d.digest("run").value_or(QString());
        entry.digests.workload = d.digest("workload").value_or(QString());
        entry.digests.implementation = d.digest("implementation").value_or(QString());
        entry.digests.protocol = d.digest("protocol").value_or(QString());
        entry.digests.environment = d.digest("environment").value_or(QString());
    }

    // A derived rank is the entry's place by suite latency among its cohort's entries, so it must be
    // exactly that; "of" can never be below the number of entries the file itself lists for the cohort.
    void checkRanks(const PublishedFigures& f) {
        for (int i = 0; i < f.entries.size(); ++i) {
            const PublishedEntry& e = f.entries[i];
            if (!e.rank || !f.cohorts.contains(e.cohort))
                continue;
            const QString path =
                jsonPathKey(jsonPathIndex(QStringLiteral("entries"), i), QStringLiteral("rank"));
            int inCohort = 0;
            int faster = 0;
            for (const PublishedEntry& o : f.entries) {
                if (o.cohort != e.cohort)
                    continue;
                ++inCohort;
                faster += o.suiteLatencyNs < e.suiteLatencyNs ? 1 : 0;
            }
            if (e.rank->basis == PublishedRank::Basis::Derived && e.rank->position != faster + 1)
                error(
                    codes::kDataInconsistent, jsonPathKey(path, QStringLiteral("position")),
                    QStringLiteral("a derived rank is the place by suite latency: %1 of the cohort's entries "
                                   "are faster, so it is %2, not %3")
                        .arg(faster)
                        .arg(faster + 1)
                        .arg(e.rank->position));
            if (e.rank->of && *e.rank->of < inCohort)
                error(codes::kDataInconsistent, jsonPathKey(path, QStringLiteral("of")),
                      QStringLiteral("the file lists %1 entries of the cohort \"%2\", more than %3")
                          .arg(inCohort)
                          .arg(e.cohort)
                          .arg(*e.rank->of));
            const auto runs = f.cohorts.value(e.cohort).runsInSource;
            if (e.rank->of && runs && *e.rank->of != *runs)
                error(codes::kDataInconsistent, jsonPathKey(path, QStringLiteral("of")),
                      QStringLiteral("ranked among %1, but the cohort \"%2\" has %3 runs in its source")
                          .arg(*e.rank->of)
                          .arg(e.cohort)
                          .arg(*runs));
        }
    }

    std::optional<double> positive(FieldReader& r, const char* key, const char* unit,
                                   FieldReader::Need need) {
        const auto v = r.nonNegative(key, need, unit);
        if (v && *v == 0) {
            error(codes::kDataOutOfRange, r.pathOf(QString::fromLatin1(key)),
                  QStringLiteral("expected a positive number, got 0"));
            return std::nullopt;
        }
        return v;
    }

    QString m_file;
    Problems& m_problems;
};

} // namespace

PublishedFiguresRead parsePublishedFigures(const QByteArray& bytes, const QString& file) {
    PublishedFiguresRead out;
    JsonReadResult json = parseJson(bytes, file);
    if (!json.value) {
        out.problems << json.error;
        return out;
    }
    out.figures = FiguresReader(file, out.problems).read(*json.value);
    return out;
}

PublishedFiguresRead readPublishedFigures(const QString& path) {
    PublishedFiguresRead out;
    JsonReadResult json = readJsonFile(path);
    if (!json.value) {
        out.problems << json.error;
        return out;
    }
    out.figures = FiguresReader(path, out.problems).read(*json.value);
    return out;
}

} // namespace kix
