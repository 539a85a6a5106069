// The one exit-status table (model/protocol/ExitStatus.h) against everything that repeats it: README.md's
// table, docs/trust.md's table for `kix verify`, docs/verdicts.md's for `kix diff --fail-if`, `kix --help`
// and every subcommand's --help. A status added, renumbered or reworded in one place and not the others
// fails here.
#include "CliRunner.h"
#include "Commands.h"
#include "ExitStatus.h"
#include "RunnerProtocol.h"
#include "TestMain.h"
#include "TestSupport.h"

#include <QFile>
#include <QRegularExpression>
#include <QTest>
#include <algorithm>

using kix::protocol::ExitStatusInfo;

namespace {

struct Row {
    int code = -1;
    QString name, meaning, commands;
};

// The table after the `<!-- exit-statuses` marker: its "| code | `name` | meaning |…" rows, up to the
// first line that is not a table line. `error` says what is wrong with the document instead.
QList<Row> markedTable(const QString& text, QString* error) {
    const qsizetype marker = text.indexOf(QStringLiteral("<!-- exit-statuses"));
    if (marker < 0) {
        *error = QStringLiteral("no <!-- exit-statuses marker");
        return {};
    }
    static const QRegularExpression row(
        QStringLiteral(R"(^\| (\d+) \| `([^`]+)` \| ([^|]+?) \|(?: ([^|]+?) \|)?$)"));
    QList<Row> rows;
    bool inTable = false;
    const QStringList lines = text.mid(text.indexOf(QLatin1Char('\n'), marker) + 1).split(QLatin1Char('\n'));
    for (const QString& line : lines) {
        if (!line.startsWith(QLatin1Char('|'))) {
            if (inTable || !line.trimmed().isEmpty())
                break;
            continue;
        }
        inTable = true;
        if (line.startsWith(QStringLiteral("| exit")) || line.startsWith(QStringLiteral("|---")))
            continue;
        const auto m = row.match(line);
        if (!m.hasMatch()) {
            *error = QStringLiteral("not a status row: %1").arg(line);
            return {};
        }
        rows.append({m.captured(1).toInt(), m.captured(2), m.captured(3), m.captured(4)});
    }
    return rows;
}

// The "  CODE  NAME  MEANING" lines of a --help text's "Exit status" block.
QList<Row> helpRows(const QString& help) {
    static const QRegularExpression line(QStringLiteral(R"(^\s+(\d+)  (\S+)\s+(.+)$)"),
                                         QRegularExpression::MultilineOption);
    const qsizetype block = help.indexOf(QStringLiteral("Exit status"));
    QList<Row> rows;
    if (block < 0)
        return rows;
    // The block ends at the first blank line.
    const qsizetype end = help.indexOf(QStringLiteral("\n\n"), block);
    for (auto it = line.globalMatch(help.mid(block, end < 0 ? -1 : end - block)); it.hasNext();) {
        const auto m = it.next();
        rows.append({m.captured(1).toInt(), m.captured(2), m.captured(3), {}});
    }
    return rows;
}

QString commandsCell(unsigned commands) {
    return commands == kix::protocol::UsedByAll
               ? QStringLiteral("all")
               : kix::protocol::exitCommandNames(commands).join(QStringLiteral(", "));
}

} // namespace

class TestExitStatuses : public QObject {
    Q_OBJECT

    // The marked table of a document (relative to the repository): every row as the one table says it;
    // its codes, sorted, in `codes`.
    static void checkDocumentedRows(const QString& document, QList<int>* codes) {
        const QString text = kixtest::readText(kixtest::repoPath(document));
        QVERIFY2(!text.isEmpty(), qPrintable(document + QStringLiteral(" could not be read")));
        QString error;
        const QList<Row> rows = markedTable(text, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        for (const Row& row : rows) {
            const ExitStatusInfo* want = kix::protocol::exitStatusInfo(row.code);
            QVERIFY2(want, qPrintable(QStringLiteral("%1 names status %2").arg(document).arg(row.code)));
            QCOMPARE(row.name, QString::fromLatin1(want->name));
            QCOMPARE(row.meaning, QString::fromUtf8(want->meaning));
            codes->append(row.code);
        }
        std::sort(codes->begin(), codes->end());
    }
private slots:
    void tableIsOrderedAndUnique() {
        int previous = -1;
        for (const ExitStatusInfo& row : kix::protocol::kExitStatuses) {
            QVERIFY2(kix::protocol::code(row.status) > previous, row.name);
            previous = kix::protocol::code(row.status);
            QVERIFY(kix::protocol::exitStatusInfo(previous) == &row);
            QVERIFY2(row.commands != 0, row.name);
        }
        QVERIFY(kix::protocol::exitStatusInfo(previous + 1) == nullptr);
    }

    // kix diff's --fail-if statuses: the last two rows, used by diff alone, named as scripts test them.
    void diffGateStatuses() {
        using namespace kix::protocol;
        QCOMPARE(code(ExitStatus::Slower), 12);
        QCOMPARE(code(ExitStatus::CantTell), 13);
        QCOMPARE(QString::fromLatin1(exitStatusInfo(12)->name), QStringLiteral("slower"));
        QCOMPARE(QString::fromLatin1(exitStatusInfo(13)->name), QStringLiteral("cant-tell"));
        QCOMPARE(exitStatusInfo(12)->commands, unsigned(UsedByDiff));
        QCOMPARE(exitStatusInfo(13)->commands, unsigned(UsedByDiff));
        QCOMPARE(int(kix::cli::ExitSlower), 12);
        QCOMPARE(int(kix::cli::ExitCantTell), 13);
    }

    // kix history --fail-on-regression's status: 15, used by history alone.
    void historyRegressionStatus() {
        using namespace kix::protocol;
        QCOMPARE(code(ExitStatus::Regression), 15);
        QCOMPARE(QString::fromLatin1(exitStatusInfo(15)->name), QStringLiteral("regression"));
        QCOMPARE(exitStatusInfo(15)->commands, unsigned(UsedByHistory));
        QCOMPARE(int(kix::cli::ExitRegression), 15);
        QCOMPARE(exitCommandNames(UsedByHistory), QStringList{QStringLiteral("history")});
    }

    // The explorer's words after a rerun come from the same rows; other codes are named by number.
    void exitMeaningReadsTheTable() {
        for (const ExitStatusInfo& row : kix::protocol::kExitStatuses) {
            const int code = kix::protocol::code(row.status);
            QCOMPARE(kix::protocol::exitMeaning(code),
                     row.afterRun ? QString::fromUtf8(row.afterRun)
                                  : QStringLiteral("the runner ended with status %1").arg(code));
            QCOMPARE(bool(row.afterRun), bool(row.commands & kix::protocol::UsedByRun));
        }
    }

    void markedTableParses_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("rows");
        QTest::addColumn<QString>("error");
        QTest::newRow("rows")
            << QStringLiteral(
                   "<!-- exit-statuses -->\n\n| exit | name | meaning |\n|---|---|---|\n"
                   "| 0 | `ok` | fine |\n| 3 | `input` | bad, file | all |\n\nafter\n| 9 | `x` | y |\n")
            << 2 << QString();
        QTest::newRow("no marker") << QStringLiteral("| 0 | `ok` | fine |\n") << 0
                                   << QStringLiteral("no <!-- exit-statuses marker");
        QTest::newRow("bad row") << QStringLiteral("<!-- exit-statuses -->\n| 0 | ok | fine |\n") << 0
                                 << QStringLiteral("not a status row: | 0 | ok | fine |");
    }
    void markedTableParses() {
        QFETCH(QString, text);
        QFETCH(int, rows);
        QFETCH(QString, error);
        QString got;
        QCOMPARE(markedTable(text, &got).size(), rows);
        QCOMPARE(got, error);
    }

    // README.md lists every status, in code order, with the table's name, meaning and commands.
    void readmeMatchesTheTable() {
        const QString text = kixtest::readText(kixtest::repoPath(QStringLiteral("README.md")));
        QVERIFY2(!text.isEmpty(), "README.md could not be read");
        QString error;
        const QList<Row> rows = markedTable(text, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(rows.size(), qsizetype(std::size(kix::protocol::kExitStatuses)));
        for (qsizetype i = 0; i < rows.size(); ++i) {
            const ExitStatusInfo& want = kix::protocol::kExitStatuses[i];
            QCOMPARE(rows[i].code, kix::protocol::code(want.status));
            QCOMPARE(rows[i].name, QString::fromLatin1(want.name));
            QCOMPARE(rows[i].meaning, QString::fromUtf8(want.meaning));
            QCOMPARE(rows[i].commands, commandsCell(want.commands));
        }
    }

    // docs/trust.md's table for `kix verify`: exactly the statuses verify uses, each as the table says it.
    void trustDocMatchesTheTable() {
        QList<int> documented;
        checkDocumentedRows(QStringLiteral("docs/trust.md"), &documented);
        if (QTest::currentTestFailed())
            return;
        QList<int> used;
        for (const ExitStatusInfo* row : kix::protocol::exitStatusesOf(kix::protocol::UsedByVerify))
            used.append(kix::protocol::code(row->status));
        QCOMPARE(documented, used);
    }

    // docs/verdicts.md's table for `kix diff --fail-if`: exactly the statuses only diff uses, as the table
    // says.
    void verdictsDocMatchesTheTable() {
        QList<int> documented;
        checkDocumentedRows(QStringLiteral("docs/verdicts.md"), &documented);
        if (QTest::currentTestFailed())
            return;
        QList<int> onlyDiff;
        for (const ExitStatusInfo* row : kix::protocol::exitStatusesOf(kix::protocol::UsedByDiff))
            if (row->commands == kix::protocol::UsedByDiff)
                onlyDiff.append(kix::protocol::code(row->status));
        QCOMPARE(documented, onlyDiff);
    }

    // Each --help lists exactly the statuses its command uses, in code order, with the table's words.
    void helpListsTheStatuses_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<uint>("commands");
        using namespace kix::protocol;
        const auto row = [](const char* name, const QStringList& args, unsigned commands) {
            QTest::newRow(name) << args << uint(commands);
        };
        row("kix", {QStringLiteral("--help")}, UsedByAll);
        row("show", {QStringLiteral("show"), QStringLiteral("--help")}, UsedByShow);
        row("verify", {QStringLiteral("verify"), QStringLiteral("--help")}, UsedByVerify);
        row("diff", {QStringLiteral("diff"), QStringLiteral("--help")}, UsedByDiff);
        row("cite", {QStringLiteral("cite"), QStringLiteral("--help")}, UsedByCite);
        row("import-trace", {QStringLiteral("import-trace"), QStringLiteral("--help")}, UsedByImportTrace);
        row("run", {QStringLiteral("run"), QStringLiteral("--help")}, UsedByRun);
        row("history", {QStringLiteral("history"), QStringLiteral("--help")}, UsedByHistory);
        row("serving", {QStringLiteral("serving"), QStringLiteral("--help")}, UsedByServing);
        row("fleet", {QStringLiteral("fleet"), QStringLiteral("--help")}, UsedByFleet);
        row("profile import", {QStringLiteral("profile"), QStringLiteral("import"), QStringLiteral("--help")},
            UsedByProfile);
        row("key", {QStringLiteral("key"), QStringLiteral("--help")}, UsedByKey | UsedByKeyVerify);
        row("key show", {QStringLiteral("key"), QStringLiteral("show"), QStringLiteral("--help")}, UsedByKey);
        row("key trust", {QStringLiteral("key"), QStringLiteral("trust"), QStringLiteral("--help")},
            UsedByKey);
        row("key list", {QStringLiteral("key"), QStringLiteral("list"), QStringLiteral("--help")}, UsedByKey);
        row("key verify", {QStringLiteral("key"), QStringLiteral("verify"), QStringLiteral("--help")},
            UsedByKeyVerify);
    }
    void helpListsTheStatuses() {
        QFETCH(QStringList, args);
        QFETCH(uint, commands);
        const kixtest::CliResult r = kixtest::runKix(args);
        QCOMPARE(r.code, 0);
        QCOMPARE(r.err, QString());
        const QList<Row> rows = helpRows(r.out);
        const QList<const ExitStatusInfo*> want = kix::protocol::exitStatusesOf(commands);
        QCOMPARE(rows.size(), want.size());
        for (qsizetype i = 0; i < rows.size(); ++i) {
            QCOMPARE(rows[i].code, kix::protocol::code(want[i]->status));
            QCOMPARE(rows[i].name, QString::fromLatin1(want[i]->name));
            QCOMPARE(rows[i].meaning, QString::fromUtf8(want[i]->meaning));
        }
    }
};

KIX_TEST_GUILESS_MAIN(TestExitStatuses)
#include "tst_exit_statuses.moc"
