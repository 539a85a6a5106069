// Every problem code is documented (issue 13: 25 codes had no entry in docs/problem-codes.md), every
// documented code exists, and each follows the "<area>.<what>" form. The header is read as text so that
// a code added there without its documentation fails here, whoever adds it.
#include "TestSupport.h"

#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

namespace {

// The string literals of `inline constexpr char name[] = "area.what";` declarations (clang-format may put
// the literal on the next line).
QSet<QString> headerCodes(const QString& text) {
    static const QRegularExpression declaration(
        QStringLiteral(R"(constexpr\s+char\s+\w+\[\]\s*=\s*"([^"]*)\")"));
    QSet<QString> codes;
    for (auto it = declaration.globalMatch(text); it.hasNext();)
        codes.insert(it.next().captured(1));
    return codes;
}

// The codes in the first column of the tables: lines starting "| `area.what` |".
QSet<QString> documentedCodes(const QString& text) {
    static const QRegularExpression row(QStringLiteral(R"(^\| `([^`]+)` \|)"),
                                        QRegularExpression::MultilineOption);
    QSet<QString> codes;
    for (auto it = row.globalMatch(text); it.hasNext();)
        codes.insert(it.next().captured(1));
    return codes;
}

QStringList sorted(const QSet<QString>& set) {
    QStringList list(set.begin(), set.end());
    list.sort();
    return list;
}

} // namespace

class TestProblemCodes : public QObject {
    Q_OBJECT
private slots:
    void parsesBothForms() {
        const QString header =
            QStringLiteral("inline constexpr char a[] = \"read.a\";\n"
                           "inline constexpr char longName[] =\n    \"field.long_name\"; // why\n");
        QCOMPARE(sorted(headerCodes(header)),
                 (QStringList{QStringLiteral("field.long_name"), QStringLiteral("read.a")}));
        const QString doc =
            QStringLiteral("| code | meaning |\n|---|---|\n| `read.a` | x |\nnot | `json.b` | a row\n");
        QCOMPARE(sorted(documentedCodes(doc)), QStringList{QStringLiteral("read.a")});
    }

    void everyCodeIsDocumented() {
        const QString header =
            kixtest::readText(kixtest::repoPath(QStringLiteral("model/base/ProblemCodes.h")));
        const QString doc = kixtest::readText(kixtest::repoPath(QStringLiteral("docs/problem-codes.md")));
        QVERIFY2(!header.isEmpty(), "model/base/ProblemCodes.h could not be read");
        QVERIFY2(!doc.isEmpty(), "docs/problem-codes.md could not be read");
        const QSet<QString> declared = headerCodes(header);
        const QSet<QString> documented = documentedCodes(doc);
        QVERIFY(declared.size() > 50);
        QCOMPARE(sorted(declared - documented), QStringList());
        QCOMPARE(sorted(documented - declared), QStringList());
    }

    void everyCodeHasTheAreaWhatForm() {
        static const QRegularExpression form(QStringLiteral(R"(^[a-z]+\.[a-z0-9_]+$)"));
        const QSet<QString> declared =
            headerCodes(kixtest::readText(kixtest::repoPath(QStringLiteral("model/base/ProblemCodes.h"))));
        for (const QString& code : declared)
            QVERIFY2(form.match(code).hasMatch(), qPrintable(code));
    }
};

QTEST_APPLESS_MAIN(TestProblemCodes)
#include "tst_problem_codes.moc"
